package opponent_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
)

// The case against takbot, which accepts a takeback at once:
// after c2 was taken back and play went on, the "take back your last
// move" drawn for c2 (as an old Discord post's button sends it back) is
// refused, and takbot takes nothing back.
func TestStaleUndoAgainstTakbot(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	w.script(t, "ann: new takbot size=3 color=white level=1 opening=no-swap\nann: notation ptn\n")
	ann := record.Identity{Transport: "console", Address: "ann"}
	out, err := w.ref.Handle(t.Context(), bot.Message{ID: "c2", From: ann, Name: "ann", Text: "c2", Game: "g1"})
	if err != nil || out.Refused {
		t.Fatalf("c2: %+v, %v", out, err)
	}
	var undo record.Action
	for _, r := range out.Replies {
		for _, p := range r.Parts {
			for _, a := range p.Actions {
				if a.Command == "undo" && r.To == ann {
					undo = a
				}
			}
		}
	}
	if undo.Moment == "" {
		t.Fatalf("ann's reply to c2 offers no undo with a moment: %+v", out.Replies)
	}
	// takbot answers c2; ann takes c2 back (takbot agrees at once) and
	// plays b2 instead; takbot answers again: the same turn, other moves.
	w.script(t, "ann: undo\nann: b2\n")
	g, err := w.ref.Game(t.Context(), "g1")
	if err != nil || len(g.Moves) != 2 || g.Moves[0].PTN != "b2" {
		t.Fatalf("g1 after the takeback: %+v, %v", g, err)
	}
	out, err = w.ref.Handle(t.Context(), bot.Message{ID: "old-undo", From: ann, Name: "ann", Text: undo.Command, Game: undo.Game, Moment: undo.Moment})
	if err != nil || !out.Refused || len(out.Replies) != 1 || !strings.Contains(out.Replies[0].Text(), "earlier moment") {
		t.Fatalf("the old undo: %+v, %v", out, err)
	}
	w.script(t, "ann: board\n") // lets takbot answer anything it was sent
	after, err := w.ref.Game(t.Context(), "g1")
	if err != nil || after.Version != g.Version || len(after.Moves) != 2 || after.Proposal != nil {
		t.Errorf("the old undo changed g1: %+v, %v", after, err)
	}
}
