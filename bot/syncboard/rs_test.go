package syncboard

import (
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

func TestWhereAHistoryStarts(t *testing.T) {
	const tps = "x5/x5/x5/x5/x5 1 3"
	for _, c := range []struct {
		start, setup  string
		name, restart string
	}{
		{"", "", "the empty board", "the empty board"},
		{tps, tps, "the set-up position", "the set-up position"},
		{tps, "", "the adopted board", "the empty board"},
	} {
		g := &record.Game{Start: c.start, Setup: c.setup}
		if got := StartName(g); got != c.name {
			t.Errorf("StartName(%q, %q) = %q, want %q", c.start, c.setup, got, c.name)
		}
		if got := SetupName(g); got != c.restart {
			t.Errorf("SetupName(%q, %q) = %q, want %q", c.start, c.setup, got, c.restart)
		}
	}
}

func TestDiffersOffersTheWaysOut(t *testing.T) {
	g := &record.Game{ID: "g1", Names: [2]string{"ann", "bob"}, Players: [2]string{"a", "b"}}
	g.Config = tak.DefaultConfig(5)
	g.Config.Opening = tak.SwapOpening
	tg, err := g.History()
	if err != nil {
		t.Fatal(err)
	}
	// The board of the start, as a sync board: the history (no move yet)
	// has no turn after which it matched, and it can be adopted.
	board := notation.FormatSyncBoard(tg.Position())
	o := Differs(g, tg, tak.White, board, tg.Position().Stacks(), nil)
	if o.Match != -1 || o.AdoptedAt != 0 || o.Setup != "the empty board" || o.AdoptErr != nil {
		t.Errorf("Differs = %+v", o)
	}
	pos, err := Position(g, tg.Position(), board)
	if err != nil {
		t.Fatal(err)
	}
	if c := Consequence(g, pos); AdoptedConfig(g.Config).Opening != tak.NoSwapOpening || c.Turn != 1 || !c.SwapEnds {
		t.Errorf("an adopted board is played without the swap opening: %+v", c)
	}
	ways := o.Ways()
	if len(ways) != 2 || ways[0].Command != "adopt" || ways[1].Label != "Propose restarting from the empty board" {
		t.Errorf("ways without a matching turn: %+v", ways)
	}
	p := Proposed(g, tg.Position(), pos, tak.White, "a")
	if p.Title() != "The board you propose" || len(p.Squares) != 0 || p.Caption() != p.Title() || p.Words(words.Reader{}) != "It is the same as the position now." {
		t.Errorf("Proposed = %+v", p)
	}
	if p := Proposed(g, tg.Position(), pos, tak.White, "b"); p.Title() != "The board ann proposes" {
		t.Errorf("Proposed to bob: %q", p.Title())
	}
}
