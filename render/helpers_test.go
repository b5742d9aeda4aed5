package render

import (
	"os"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// replay reads game k of testdata/games.ptn and returns the position after
// ply plies (-1: the end) with its frame.
func replay(tb testing.TB, k, ply int) (*tak.Position, Frame) {
	tb.Helper()
	f, err := os.Open("testdata/games.ptn")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, err := notation.ReadPTN(f)
	if err != nil {
		tb.Fatal(err)
	}
	rec := recs[k]
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	if ply < 0 {
		ply = g.Len()
	}
	p := g.PositionAfter(ply)
	fr := Frame{Players: [2]string{rec.Tag("Player1"), rec.Tag("Player2")}, Result: p.Result()}
	if ply > 0 {
		m := g.Moves()[ply-1]
		fr.Last = &m
		fr.Before = g.PositionAfter(ply - 1)
	}
	return p, fr
}

// midGame is a 6x6 position after 40 plies of a real game, with stacks.
func midGame(tb testing.TB) (*tak.Position, Frame) {
	return replay(tb, 0, 40)
}
