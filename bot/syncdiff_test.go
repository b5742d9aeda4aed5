package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestSyncShowsDifference: an rs board that diverges is answered with
// every differing square, in the reader's notation and reading order,
// with both stacks as the sync board writes them and in words.
func TestSyncShowsDifference(t *testing.T) {
	board := "rs\n0 0 0 0 0\n0 wS 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 s"
	for _, tc := range []struct {
		name, notation string
		want           []string
	}{
		{"mail", "", []string{
			"on 2 squares (stacks top first, as on the sync board):\n" +
				"  a1: yours 0 (empty), the referee's S (a black flat);\n" +
				"  b2: yours wS (a white wall on a black flat), the referee's 0 (empty).\n",
			"bob (black) reports that their board of game g1 differs from the true board on a1, b2"}},
		{"ptn", "notation ptn", []string{
			"on 2 squares (stacks top first, as on the sync board):\n" +
				"  b4: yours wS (a white wall on a black flat), the referee's 0 (empty);\n" +
				"  a5: yours 0 (empty), the referee's S (a black flat).\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.start("ann", "bob", "")
			if tc.notation != "" {
				h.send("bob", tc.notation)
			}
			h.send("ann", "ps a1")
			h.send("bob", "ps e5")
			rs := h.send("bob", board)
			got := allText(rs)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("rs answered\n%s\nwant it to contain\n%s", got, w)
				}
			}
			// the picture of the true board marks the two squares
			var marked []*bot.Picture
			for _, r := range rs {
				for _, p := range r.Parts {
					if p.Kind == bot.Image && r.To.Address == "bob" && len(p.Picture.Marks) > 0 {
						marked = append(marked, p.Picture)
					}
				}
			}
			if len(marked) != 1 || len(marked[0].Marks) != 2 || !strings.Contains(marked[0].Caption, "marked squares differ") {
				t.Errorf("rs pictures with marks: %+v; want one marking the 2 squares that differ", marked)
			}
		})
	}
}

// TestSyncDifferenceIsBounded: a board that differs everywhere lists the
// first squares one by one and names the rest.
func TestSyncDifferenceIsBounded(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	h.send("ann", "ps a1")
	h.send("bob", "ps e5")
	row := "s s s s s"
	got := textTo(h.send("bob", "rs\n"+strings.Repeat(row+"\n", 5)), "bob")
	if !strings.Contains(got, "on 24 squares") || !strings.Contains(got, "  and 8 more squares: b4, c4, d4, e4, a5, b5, c5, d5.") {
		t.Errorf("a board differing everywhere answered\n%s", got)
	}
	if n := strings.Count(got, ": yours "); n != 16 {
		t.Errorf("%d squares listed one by one, want 16", n)
	}
}

// TestAdoptShowsTheBoard: an adopt proposal shows both players the board
// it would make the position, as a picture and a sync board, and where it
// differs from the position now.
func TestAdoptShowsTheBoard(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	h.send("ann", "ps a1")
	h.send("bob", "ps e5")
	h.send("bob", "rs\n0 0 0 0 0\n0 wS 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 s")
	rs := h.send("bob", "adopt")
	for _, tc := range []struct{ to, title string }{{"bob", "The board you propose"}, {"ann", "The board bob proposes"}} {
		got := textTo(rs, tc.to)
		for _, w := range []string{
			tc.title + ":\n",
			"0 0 0 0 0\n0 wS 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 s",
			"It differs from the position now on 2 squares (stacks top first, as on the sync board):\n" +
				"  a1: proposed 0 (empty), now S (a black flat);\n" +
				"  b2: proposed wS (a white wall on a black flat), now 0 (empty).",
		} {
			if !strings.Contains(got, w) {
				t.Errorf("%s was told\n%s\nwant it to contain\n%s", tc.to, got, w)
			}
		}
		var pics []*bot.Picture
		for _, r := range rs {
			if r.To.Address != tc.to {
				continue
			}
			for _, p := range r.Parts {
				if p.Kind == bot.Image {
					pics = append(pics, p.Picture)
				}
			}
		}
		if len(pics) != 1 || !strings.HasPrefix(pics[0].Caption, tc.title) || pics[0].TPS != "x5/x,21S,x3/x5/x5/x4,1 1 2" || len(pics[0].Marks) == 0 {
			t.Errorf("%s got pictures %+v (first %+v), want one of the proposed board captioned %q, its differing squares marked", tc.to, pics, *pics[0], tc.title)
		}
	}
}
