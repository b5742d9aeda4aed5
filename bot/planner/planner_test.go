package planner

import (
	"testing"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// planned is a game of ann (white) and bob (black) where bob plans to
// answer white's a1 with e5 and then b1 with d5, and white's a1 is played.
func planned(t *testing.T) (g *record.Game, m tak.Move, before, after *tak.Position) {
	t.Helper()
	before, err := tak.NewPosition(tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	var moves []tak.Move
	for _, s := range []string{"a1", "e5", "b1", "d5"} {
		pm, err := notation.ParsePTNMove(s, 5)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, pm.Move)
	}
	pairs, err := plan.Pairs(moves)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := plan.Tree(nil).Add(pairs)
	if err != nil {
		t.Fatal(err)
	}
	g = &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"ann", "bob"}, Names: [2]string{"ann", "bob"}, Config: tak.DefaultConfig(5)}
	g.Plans[tak.Black] = &record.Plans{At: notation.FormatTPS(before), Tree: tree}
	if after, err = before.Play(moves[0]); err != nil {
		t.Fatal(err)
	}
	return g, moves[0], before, after
}

// TestAnswerPlays: the planned answer is returned, with the plans left.
func TestAnswerPlays(t *testing.T) {
	g, m, before, after := planned(t)
	am, o := Answer(g, tak.White, m, before, after)
	if am == nil || am.String() != "e5" {
		t.Fatalf("answer %v, %#v", am, o)
	}
	if pa, ok := o.(words.PlanAnswered); !ok || pa.Left != 1 {
		t.Errorf("outcome %#v", o)
	}
	if ps := g.Plans[tak.Black]; ps == nil || len(ps.Tree.Lines()) != 1 {
		t.Errorf("plans left: %+v", ps)
	}
}

// TestAnswerDrops: plans made for another position, or not expecting the
// move, are dropped and the planner told; a game over drops them silently.
func TestAnswerDrops(t *testing.T) {
	g, m, before, after := planned(t)
	g.Plans[tak.Black].At = "x"
	if am, o := Answer(g, tak.White, m, before, after); am != nil || o != (words.PlansStale{Game: words.Game{ID: "g1", Names: g.Names}}) || g.Plans[tak.Black] != nil {
		t.Errorf("stale: %v, %#v", am, o)
	}
	g, _, before, _ = planned(t)
	other, _ := notation.ParsePTNMove("c3", 5)
	after, _ = before.Play(other.Move)
	if am, o := Answer(g, tak.White, other.Move, before, after); am != nil || g.Plans[tak.Black] != nil {
		t.Errorf("unexpected: %v, %#v", am, o)
	} else if _, ok := o.(words.PlansUnexpected); !ok {
		t.Errorf("unexpected: %#v", o)
	}
	g, m, before, after = planned(t)
	g.Status = record.Over
	if am, o := Answer(g, tak.White, m, before, after); am != nil || o != nil || g.Plans[tak.Black] != nil {
		t.Errorf("over: %v, %#v", am, o)
	}
}
