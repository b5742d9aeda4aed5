package record_test

import (
	"testing"

	"github.com/takbymail/takbot/record"
)

// TestPTNFileName: a game's PTN file is named by its id and its players'
// names in letters, digits, '-' and '_' only (spaces inside a name become
// '_', each name at most 24 of them), or by its id alone when a name has
// none of them.
func TestPTNFileName(t *testing.T) {
	for _, tc := range []struct {
		names [2]string
		want  string
	}{
		{[2]string{"Alice", "Bob"}, "g3-Alice-vs-Bob.ptn"},
		{[2]string{"Anne Marie", " takbot"}, "g3-Anne_Marie-vs-takbot.ptn"},
		{[2]string{"Zoë <z@x.org>", "b-o_b!"}, "g3-Zo_zxorg-vs-b-o_b.ptn"},
		{[2]string{"Ωμέγα", "Bob"}, "g3.ptn"},
		{[2]string{"abcdefghijklmnopqrstuvwxyz", "Bob"}, "g3-abcdefghijklmnopqrstuvwx-vs-Bob.ptn"},
	} {
		g := &record.Game{ID: "g3", Names: tc.names}
		if got := g.PTNFileName(); got != tc.want {
			t.Errorf("names %q: %q, want %q", tc.names, got, tc.want)
		}
	}
}
