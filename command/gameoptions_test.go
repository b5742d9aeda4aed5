package command

import (
	"errors"
	"testing"

	"github.com/takbymail/takbot/tak"
)

func TestParseRatingRange(t *testing.T) {
	for _, c := range []struct {
		in      string
		low, hi int
		bad     bool
	}{
		{"1400-1700", 1400, 1700, false},
		{" 0 - 4000 ", 0, 4000, false},
		{"1500-1500", 1500, 1500, false},
		{"1700-1400", 0, 0, true},
		{"0-0", 0, 0, true},
		{"1400", 0, 0, true},
		{"-5-100", 0, 0, true},
		{"100-5000", 0, 0, true},
		{"a-b", 0, 0, true},
	} {
		lo, hi, err := ParseRatingRange(c.in)
		var oe *OptionError
		if c.bad != errors.As(err, &oe) || lo != c.low || hi != c.hi || c.bad && oe.Reason != OptionBadValue {
			t.Errorf("ParseRatingRange(%q) = %d, %d, %v", c.in, lo, hi, err)
		}
	}
}

func TestParseGameOptions(t *testing.T) {
	o, err := ParseGameOptions([]string{"size=6", "komi=2,5", "color=black", "rating=1400-1700", "private=yes", "stones1=20"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if o.Size != 6 || o.Komi != tak.Komi(5) || o.Color != "black" || o.RatingLow != 1400 || o.RatingHigh != 1700 || !o.Unrated || o.Days != 3 || o.StonesOf != [2]int{20, -1} {
		t.Errorf("ParseGameOptions = %+v", o)
	}
	cfg, err := o.Config()
	if err != nil || cfg.Size != 6 || cfg.Stones[0] != 20 || cfg.Komi != 5 {
		t.Errorf("Config = %+v, %v", cfg, err)
	}
	for _, c := range []struct {
		args   []string
		reason OptionReason
	}{
		{[]string{"private=yes", "rated=yes"}, OptionConflict},
		{[]string{"komi=11"}, OptionBadValue},
		{[]string{"scoring=nonsense"}, OptionBadValue},
		{[]string{"tps=x5/x5/x5/x5/x5 1 1", "size=6"}, OptionConflict},
		{[]string{"size=7"}, 0}, // a 7x7 game
	} {
		_, err := ParseGameOptions(c.args, 3)
		var oe *OptionError
		if c.reason == 0 {
			if err != nil {
				t.Errorf("%v: %v", c.args, err)
			}
			continue
		}
		if !errors.As(err, &oe) || oe.Reason != c.reason {
			t.Errorf("%v: %v, want reason %d", c.args, err, c.reason)
		}
	}
	o, _ = ParseGameOptions([]string{"rules=adem", "size=6"}, 3)
	var oe *OptionError
	if _, err := o.Config(); !errors.As(err, &oe) || oe.Reason != OptionConflict {
		t.Errorf("adem on 6x6: %v", err)
	}
}
