package words

import (
	"errors"
	"fmt"

	"github.com/takbymail/takbot/tak"
)

// What a player's plans (planned answers to the opponent's next moves) do
// when the opponent moves.

// PlansStale is plans cleared because the position changed under them.
type PlansStale struct{ Game Game }

// Words tells the planner.
func (o PlansStale) Words(Reader) string {
	return "Your plans in game " + o.Game.ID + " were made for another position (moves were taken back or the board changed since); they are cleared."
}

// PlansUnexpected is plans cleared because the opponent played a move
// they did not expect.
type PlansUnexpected struct {
	Game Game
	Move MoveNames // the opponent's move
}

// Words tells the planner.
func (o PlansUnexpected) Words(r Reader) string {
	return "Your plans in game " + o.Game.ID + " did not expect " + o.Move.Names(r.Notation) + "; they are cleared."
}

// PlanUnplayable is a planned answer that cannot be played now: the
// plans are dropped and the planner is to move.
type PlanUnplayable struct {
	Game   Game
	Move   MoveNames // the opponent's move
	Answer string    // the planned answer as stored, shortened
	Err    error     // why it cannot be played (a *tak.MoveError), or cannot be read
	Size   int
}

// Words tells the planner.
func (o PlanUnplayable) Words(r Reader) string {
	why := "it cannot be read"
	var me *tak.MoveError
	if errors.As(o.Err, &me) {
		why = MoveError(me, o.Size, r.Notation)
	}
	return fmt.Sprintf("Your plan answered %s with %s, but that move cannot be played now: %s. The plan is dropped, with your other plans in game %s; it is your move.",
		o.Move.Names(r.Notation), o.Answer, why, o.Game.ID)
}

// PlanAnswered is a planned answer played for the planner.
type PlanAnswered struct {
	Game   Game
	Mover  tak.Color // the opponent, whose move it answers
	Move   MoveNames // the opponent's move
	Answer MoveNames
	Left   int // the plans left
}

// Words tells the planner: "Your plan answered bob's c3 (mail ps c3)
// with d3 (mail ps d3)."
func (o PlanAnswered) Words(r Reader) string {
	left := ""
	if o.Left > 0 {
		left = fmt.Sprintf(" You have %s left in this game (\"plan\" shows them).", Plural(o.Left, "plan", "plans"))
	}
	return fmt.Sprintf("Your plan answered %s's %s with %s.%s", o.Game.Names[o.Mover], o.Move.Names(r.Notation), o.Answer.Names(r.Notation), left)
}
