package submit

import (
	"errors"
	"testing"

	"github.com/emersion/go-smtp"
)

func TestWrapAndPermanent(t *testing.T) {
	refused := errors.New("connection refused")
	for _, tc := range []struct {
		stage     Stage
		err       error
		code      int
		enhanced  string
		permanent bool
	}{
		{StageRcpt, &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}, 550, "5.1.1", true},
		{StageData, &smtp.SMTPError{Code: 554, EnhancedCode: smtp.NoEnhancedCode, Message: "spam"}, 554, "", true},
		{StageRcpt, &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: "greylisted"}, 451, "4.7.1", false},
		{StageMail, &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "sender refused"}, 550, "5.7.1", false},
		{StageConnect, refused, 0, "", false},
	} {
		se := Wrap(tc.stage, tc.err)
		if se.Stage != tc.stage || se.Code != tc.code || se.Enhanced != tc.enhanced || se.Permanent() != tc.permanent {
			t.Errorf("Wrap(%s, %v) = %+v, Permanent %v; want code %d, enhanced %q, permanent %v", tc.stage, tc.err, se, se.Permanent(), tc.code, tc.enhanced, tc.permanent)
		}
		if !errors.Is(se, tc.err) {
			t.Errorf("Wrap(%s, %v) does not wrap its cause", tc.stage, tc.err)
		}
	}
}
