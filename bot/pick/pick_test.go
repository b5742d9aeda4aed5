package pick

import (
	"slices"
	"testing"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

func game(id string, st record.Status) *record.Game {
	return &record.Game{ID: id, Status: st, Players: [2]string{"a", "b"}, Names: [2]string{"ann", "bob"}}
}

func TestStartPlyAndToMove(t *testing.T) {
	for _, c := range []struct {
		start string
		moves int
		ply   int
		tm    tak.Color
	}{
		{"", 0, 0, tak.White},
		{"", 3, 0, tak.Black},
		{"x5/x5/x5/x5/x5 2 4", 0, 7, tak.Black},
		{"x5/x5/x5/x5/x5 1 4", 1, 6, tak.Black},
		{"x5/x5/x5/x5/x5 3 4", 0, 0, tak.White}, // no side 3
		{"garbage", 0, 0, tak.White},
	} {
		g := game("g1", record.Active)
		g.Start, g.Moves = c.start, make(record.MoveList, c.moves)
		if got := StartPly(g); got != c.ply {
			t.Errorf("StartPly(%q) = %d, want %d", c.start, got, c.ply)
		}
		if got := ToMove(g); got != c.tm {
			t.Errorf("ToMove(%q, %d moves) = %v, want %v", c.start, c.moves, got, c.tm)
		}
		if got := Turn(g); got != c.ply+c.moves+1 {
			t.Errorf("Turn = %d, want %d", got, c.ply+c.moves+1)
		}
	}
}

func TestFits(t *testing.T) {
	ch := game("g1", record.Challenged)
	ch.Challenger = tak.Black
	if !Fits(ch, "a", Answer) || Fits(ch, "b", Answer) || !Fits(ch, "b", Cancel) || !Fits(ch, "a", Show) {
		t.Error("a challenge by b is answered by a and withdrawn by b, and shown")
	}
	act := game("g2", record.Active)
	if !Fits(act, "a", Move) || Fits(act, "b", Move) || !Fits(act, "b", Playing) || Fits(act, "a", Analyse) {
		t.Error("an active game at ply 0 is white's to move")
	}
	if !CalledOff(game("g3", record.Declined)) || CalledOff(act) {
		t.Error("CalledOff")
	}
}

func TestNoneAndWhich(t *testing.T) {
	ch := game("g1", record.Challenged)
	ch.Challenger = tak.Black
	act := game("g2", record.Active)
	act.Moves = make(record.MoveList, 1)
	o := None(Move, "a", []*record.Game{ch, act})
	if want := "it is not your turn in any of your games: g2 (bob to move)"; o.Words(words.Reader{}) != want || o.Question() {
		t.Errorf("None(Move) = %q, want %q", o.Words(words.Reader{}), want)
	}
	o = None(Show, "a", []*record.Game{game("g4", record.Over), game("g5", record.Over)})
	if want := "You have no game in progress, and several finished ones: say which, e.g. \"game g4\" or \"game g5\". Send \"games\" to list them."; o.Words(words.Reader{}) != want || !o.Question() {
		t.Errorf("None(Show) = %q, want %q", o.Words(words.Reader{}), want)
	}
	w := Which(&command.Command{Name: command.Move, Text: "ps a1", Guard: 3}, Move, "a", []*record.Game{act, ch}, nil)
	want := "It is your turn in several games: g2 (against bob, turn 2) and g1 (a challenge from bob). Which one is \"ps a1 #3\" for? Send \"game g2; ps a1 #3\" or \"game g1; ps a1 #3\" (or \"game g2\" alone to send your commands to g2 until you choose another). Nothing was changed."
	if got := w.Words(words.Reader{}); got != want {
		t.Errorf("Which =\n%s\nwant\n%s", got, want)
	}
}

// can is a Moves with fixed answers.
type can struct{ undo, takeback bool }

func (c can) CanUndo() bool     { return c.undo }
func (c can) CanTakeback() bool { return c.takeback }

func TestOffers(t *testing.T) {
	act := game("g1", record.Active)
	offers, attention := Offers(act, tak.White, can{undo: true}, nil)
	var labels []string
	for _, a := range offers {
		labels = append(labels, a.Label)
	}
	if want := []string{"Ask to take back your last move", "Offer a draw", "Resign"}; attention || !slices.Equal(labels, want) || offers[2].Confirm != "Resign game g1 against bob?" {
		t.Errorf("Offers = %+v, %v", offers, attention)
	}
	act.Proposal = &record.Proposal{Kind: record.ProposeDraw, By: tak.Black}
	offers, attention = Offers(act, tak.White, can{}, func() string { return "draw" })
	if len(offers) != 2 || offers[0].Label != "Accept: draw" || offers[1].Command != "decline" || !attention {
		t.Errorf("a proposal to answer: %+v, %v", offers, attention)
	}
}
