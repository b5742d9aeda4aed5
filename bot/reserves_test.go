package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestChallengeReserves: "new" sets the stones and capstones of both
// players, which also chooses between the Adem game's 22 and 24 flats.
func TestChallengeReserves(t *testing.T) {
	for _, tc := range []struct {
		opts         string
		stones, caps int
		refusal      string
	}{
		{"", 21, 1, ""},
		{"rules=adem", 22, 0, ""},
		{"rules=adem stones=24", 24, 0, ""},
		{"rules=adem flats=23", 0, 0, "the adem game uses 22 or 24 flats, not 23"},
		{"rules=adem caps=1", 0, 0, "the adem game is played without capstones"},
		{"size=6 stones=25 caps=2", 25, 2, ""},
		{"size=4 caps=1", 15, 1, ""},
		{"rules=modegan caps=2", 0, 0, "modegan tak is played with one capstone each"},
		{"stones=0", 0, 0, "stones must be a whole number from 1 to 60"},
		{"caps=5", 0, 0, "caps must be a whole number from 0 to 4"},
		{"size=8 stones=60 caps=4", 60, 4, ""},
	} {
		g := challengeOptions(t, tc.opts, tc.refusal)
		if g == nil {
			continue
		}
		if g.Config.Stones != [2]int{tc.stones, tc.stones} || g.Config.Caps != [2]int{tc.caps, tc.caps} {
			t.Errorf("%q: stones %v caps %v, want %d and %d each", tc.opts, g.Config.Stones, g.Config.Caps, tc.stones, tc.caps)
		}
	}
}

// challengeOptions sends ann's challenge to bob with the options opts
// (on a new harness) and returns the game it made; with a refusal, it
// checks that the one reply says it and returns nil.
func challengeOptions(t *testing.T, opts, refusal string) *bot.GameRecord {
	t.Helper()
	h := newHarness(t)
	rs := h.send("ann", "new bob color=white "+opts)
	if refusal != "" {
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), refusal) {
			t.Errorf("%q: replies %q, want a refusal saying %q", opts, allText(rs), refusal)
		}
		return nil
	}
	if len(rs) == 0 || rs[0].Game == "" {
		t.Fatalf("%q: no challenge: %s", opts, allText(rs))
	}
	return h.game(rs[0].Game)
}
