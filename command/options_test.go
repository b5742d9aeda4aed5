package command_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/command"
)

// TestReadNewOptions: options are read in order, checked against their
// rows (bounds, choices, aliases, a tps over several words), and the first
// wrong one is refused with its reason and words for the sender.
func TestReadNewOptions(t *testing.T) {
	for _, tc := range []struct {
		args   string
		want   string // "name=value" of each option read
		reason command.OptionReason
		msg    string // part of the error's words
	}{
		{args: "size=6 komi=2.5 colour=white", want: "size=6 komi=2.5 color=white"},
		{args: "opening=noswap flats=21 capstones=1", want: "opening=no-swap stones=21 caps=1"},
		{args: "tps=x5/x5/x2,1,x2/x5/x5 2 1 days=4", want: "tps=x5/x5/x2,1,x2/x5/x5 2 1 days=4"},
		{args: "TPS=\"X5/x5/x5/x5/x5 1 1\"", want: "tps=X5/x5/x5/x5/x5 1 1"},
		{args: "size=9", reason: command.OptionOutOfRange, msg: "size must be a whole number from 3 to 8, not \"9\""},
		{args: "size=six", reason: command.OptionOutOfRange, msg: "not \"six\""},
		{args: "color=green", reason: command.OptionNotAChoice, msg: "color must be white, black or random, not \"green\""},
		{args: "size=6 size=5", want: "size=6", reason: command.OptionTwice, msg: "option size is given twice"},
		{args: "bogus=1", reason: command.OptionUnknown, msg: "unknown option \"bogus\": the options are size, komi, color"},
		{args: "size=6 big", want: "size=6", reason: command.OptionNotKeyValue, msg: "option \"big\" should be written key=value"},
	} {
		var got []string
		err := command.ReadNewOptions(strings.Fields(tc.args), func(o command.Option) error {
			got = append(got, o.Param.Name+"="+o.Value)
			return nil
		})
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: read %q, want %q", tc.args, got, tc.want)
		}
		var oe *command.OptionError
		switch {
		case tc.reason == 0 && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.reason != 0 && (!errors.As(err, &oe) || oe.Reason != tc.reason || !strings.Contains(oe.Error(), tc.msg)):
			t.Errorf("%q: error %v, want reason %d saying %q", tc.args, err, tc.reason, tc.msg)
		}
	}
	// The user's own error stops the reading at its option.
	stop := errors.New("stop")
	n := 0
	err := command.ReadNewOptions([]string{"size=6", "komi=x", "bogus"}, func(o command.Option) error {
		n++
		if o.Param.Name == "komi" {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 2 {
		t.Errorf("after the user's error: %v, %d options read", err, n)
	}
}
