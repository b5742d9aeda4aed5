package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TestSetupOptions: the set-up options of "new" that takBot has (a start
// position, each player's reserve, komi in halves, negative too), each
// refused with the limit it breaks.
func TestSetupOptions(t *testing.T) {
	for _, tc := range []struct {
		opts    string
		check   func(t *testing.T, cfg tak.Config, start string)
		refusal string
	}{
		{opts: "komi=-1.5", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Komi != -3 {
				t.Errorf("komi %s, want -1.5", cfg.Komi)
			}
		}},
		{opts: "komi=2½", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Komi != 5 {
				t.Errorf("komi %s, want 2.5", cfg.Komi)
			}
		}},
		{opts: "komi=+0,5", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Komi != 1 {
				t.Errorf("komi %s, want 0.5", cfg.Komi)
			}
		}},
		{opts: "komi=10", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Komi != 20 {
				t.Errorf("komi %s, want 10", cfg.Komi)
			}
		}},
		{opts: "komi=10.5", refusal: "komi must be a whole or half number of flats from -10 to 10, such as 2, 2.5 or -0.5, not \"10.5\""},
		{opts: "komi=-11", refusal: "from -10 to 10"},
		{opts: "komi=1.25", refusal: "from -10 to 10"},
		{opts: "komi=lots", refusal: "not \"lots\""},
		{opts: "stones1=18 caps2=0", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Stones != [2]int{18, 21} || cfg.Caps != [2]int{1, 0} {
				t.Errorf("stones %v caps %v, want [18 21] and [1 0]", cfg.Stones, cfg.Caps)
			}
		}},
		{opts: "stones=20 stones2=22 caps=2 caps1=1", check: func(t *testing.T, cfg tak.Config, _ string) {
			if cfg.Stones != [2]int{20, 22} || cfg.Caps != [2]int{1, 2} {
				t.Errorf("stones %v caps %v, want [20 22] and [1 2]", cfg.Stones, cfg.Caps)
			}
		}},
		{opts: "stones1=61", refusal: "stones1 must be a whole number from 0 to 60, not \"61\""},
		{opts: "caps2=5", refusal: "caps2 must be a whole number from 0 to 4"},
		{opts: "stones1=0 caps1=0", refusal: "white has no pieces"},
		{opts: "rules=modegan caps2=2", refusal: "modegan tak is played with one capstone each"},
		{opts: "rules=adem caps1=1", refusal: "the adem game is 5x5 without capstones"},
		{opts: "tps=x4/x4/x2,1,x/x4 2 1", check: func(t *testing.T, cfg tak.Config, start string) {
			if cfg.Size != 4 || cfg.Opening != tak.NoSwapOpening || start != "x4/x4/x2,1,x/x4 2 1" {
				t.Errorf("size %d, opening %s, start %q; want 4x4, no swap, the position", cfg.Size, cfg.Opening, start)
			}
		}},
		{opts: "TPS=\"x6/x6/x2,2S,1C,x2/x6/x6/x6 1 7\" caps=2", check: func(t *testing.T, cfg tak.Config, start string) {
			if cfg.Size != 6 || start != "x6/x6/x2,2S,1C,x2/x6/x6/x6 1 7" {
				t.Errorf("size %d, start %q; want 6x6 and the position (case kept)", cfg.Size, start)
			}
		}},
		{opts: "tps=x5/x5/x5/x5/x5 1 1 size=5", check: func(t *testing.T, cfg tak.Config, start string) {
			if cfg.Size != 5 || start != "x5/x5/x5/x5/x5 1 1" {
				t.Errorf("size %d, start %q", cfg.Size, start)
			}
		}},
		{opts: "tps=x5/x5/x5/x5/x5 1 1 size=6", refusal: "the TPS board is 5x5 but you asked for size=6; leave size out, the position gives it"},
		{opts: "tps=x5/x5/x5/x5/x5 1 1 opening=swap", refusal: "a game from a position (tps=) has no swap opening"},
		{opts: "tps=x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1", refusal: "the TPS board has 9 rows, but boards are 3x3 to 8x8"},
		{opts: "tps=x5/x5/x5/x5/x5", refusal: "TPS needs three fields"},
		{opts: "tps=x5/x5/x5/x5/x5 3 1", refusal: "side to move \"3\" must be 1 or 2"},
		{opts: "tps=x5/x5/x5/x5/x4,2C 1 4 caps2=0", refusal: "black has 1 more capstone on the board than the game gives (0)"},
		{opts: "tps=x5/x5/x5/x5/x5,1 1 1", refusal: "the game cannot start from tps="},
		{opts: "tps=1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 6", refusal: "that position is already decided (white wins by road)"},
		{opts: "tps=", refusal: "tps= needs a position"},
	} {
		g := challengeOptions(t, tc.opts, tc.refusal)
		if g == nil {
			continue
		}
		t.Run(tc.opts, func(t *testing.T) { tc.check(t, g.Config, g.Start) })
	}
}

// TestGameFromPosition plays a game set up with tps= and uneven
// reserves: the turns continue the position's move number, the board, tps,
// history and link commands show the position, the PTN carries the TPS
// and reserve tags (so PTN Ninja shows the same game), and a restart goes
// back to the set-up position, not the empty board.
func TestGameFromPosition(t *testing.T) {
	h := newHarness(t)
	const tps = "x5/x5/x2,2,x2/x5/x,1,x3 1 3"
	rs := h.send("ann", "new bob color=white stones2=20 komi=-0.5 tps="+tps)
	if want := "from the position " + tps; !strings.Contains(textTo(rs, "bob"), want) {
		t.Fatalf("the challenge does not say %q:\n%s", want, textTo(rs, "bob"))
	}
	if want := "white 21 stones and 1 capstone, black 20 stones and 1 capstone"; !strings.Contains(textTo(rs, "bob"), want) {
		t.Errorf("the challenge does not say %q:\n%s", want, textTo(rs, "bob"))
	}
	id := rs[0].Game
	rs = h.send("bob", "game "+id+"; accept")
	if !strings.Contains(textTo(rs, "ann"), "Turn 5 (PTN move 3, white)") {
		t.Errorf("the start does not name turn 5 (move 3, white):\n%s", textTo(rs, "ann"))
	}
	h.send("ann", "notation ptn; a5")
	rs = h.send("bob", "notation ptn; e5")
	if txt := textTo(rs, "ann"); !strings.Contains(txt, "Turn 7 (PTN move 4, white)") {
		t.Errorf("after two moves from move 3 it is not turn 7:\n%s", txt)
	}
	rs = h.send("ann", "tps")
	if want := "1,x3,2/x5/x2,2,x2/x5/x,1,x3 1 4"; !strings.Contains(allText(rs), want) {
		t.Errorf("tps: %s, want %s", allText(rs), want)
	}
	rs = h.send("ann", "history")
	ptn := allText(rs)
	for _, want := range []string{`[TPS "` + tps + `"]`, `[Flats2 "20"]`, `[Komi "-0.5"]`, "3. a5 e5"} {
		if !strings.Contains(ptn, want) {
			t.Errorf("history lacks %s:\n%s", want, ptn)
		}
	}
	g := h.game(id)
	text, err := bot.PTN(g)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := notation.ReadPTN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("the PTN does not read back: %v\n%s", err, text)
	}
	start, err := pg[0].StartPosition()
	if err != nil || notation.FormatTPS(start) != tps {
		t.Errorf("the PTN's start position is %v (%v), want %s", start, err, tps)
	}
	if rs := h.send("ann", "link"); !strings.Contains(allText(rs), "ptn.ninja") {
		t.Errorf("link: %s", allText(rs))
	}
	rs = h.send("ann", "rs\n0 0 0 0 0\n0 0 0 0 0\n0 0 S 0 0\n0 0 0 0 0\n0 s 0 0 0") // the set-up board
	for _, want := range []string{"Your board matches the position after turn 4; the boards diverged at turn 5 (PTN move 3, white), when you played a5",
		"\"restart\": start the game again from the set-up position."} {
		if !strings.Contains(textTo(rs, "ann"), want) {
			t.Errorf("rs with the set-up board does not say %q:\n%s", want, textTo(rs, "ann"))
		}
	}
	h.send("ann", "restart")
	rs = h.send("bob", "accept")
	if !strings.Contains(allText(rs), "restart the game from the set-up position") {
		t.Errorf("the restart does not name the set-up position:\n%s", allText(rs))
	}
	if g := h.game(id); g.Start != tps || len(g.Moves) != 0 {
		t.Errorf("after the restart: start %q, %d moves; want the set-up position and none", g.Start, len(g.Moves))
	}
}
