package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestHelpStatesConfiguredLimits: "help" states the limits the operator
// configured (limits.events_per_organiser, days_per_move), and the
// defaults when none is set.
func TestHelpStatesConfiguredLimits(t *testing.T) {
	for _, tc := range []struct {
		name        string
		events      int // Options.EventsPerOrganiser
		days        int // Options.DefaultDays
		want, never []string
	}{
		{"defaults", 0, 0,
			[]string{"; at most 2 of yours at a time", " [days=3] "}, nil},
		{"events_per_organiser=5", 5, 0,
			[]string{"; at most 5 of yours at a time", " [days=3] "}, []string{"at most 2 of yours"}},
		{"days_per_move=7", 0, 7,
			[]string{"; at most 2 of yours at a time", " [days=7] "}, []string{"[days=3]"}},
		{"both", 1, 14,
			[]string{"; at most 1 of yours at a time", " [days=14] "}, []string{"at most 2 of yours", "[days=3]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, func(o *bot.Options, _ *harness) { o.EventsPerOrganiser, o.DefaultDays = tc.events, tc.days })
			got := textTo(h.send("ann", "help"), "ann")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("help does not say %q:\n%s", w, got)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(got, n) {
					t.Errorf("help says %q:\n%s", n, got)
				}
			}
			if strings.ContainsAny(got, "{}") {
				t.Errorf("a placeholder left in help:\n%s", got)
			}
		})
	}
}
