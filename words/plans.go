package words

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
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

// PlansCleared answers "plan clear": N lines of plans were cleared.
type PlansCleared struct {
	Game string
	N    int
}

// Words tells the planner.
func (o PlansCleared) Words(Reader) string {
	if o.N == 0 {
		return "You had no plans in game " + o.Game + "; there is nothing to clear."
	}
	return fmt.Sprintf("Your plans in game %s are cleared (%s).", o.Game, Plural(o.N, "line", "lines"))
}

// PlanLine is a line of plans: the opponent's moves, each followed by
// the planner's answer, named from the position they are played in.
type PlanLine []MoveNames

// text words a line for a reader: "if alice plays c3 (mail C3), you
// answer d3 (mail D3); then if …".
func (l PlanLine) text(opp string, r Reader) string {
	var parts []string
	for i := 0; i+1 < len(l); i += 2 {
		if i == 0 {
			parts = append(parts, fmt.Sprintf("if %s plays %s, you answer %s", opp, l[i].Names(r.Notation), l[i+1].Names(r.Notation)))
		} else {
			parts = append(parts, fmt.Sprintf("then if %s, %s", l[i].Names(r.Notation), l[i+1].Names(r.Notation)))
		}
	}
	return strings.Join(parts, "; ")
}

// PlansShown lists a player's plans in a game ("plan"), after the line
// just made when there is one.
type PlansShown struct {
	Game  Game
	Me    tak.Color
	Made  PlanLine // the line just made, if any
	Lines []PlanLine
}

// Words lists the lines, one a line.
func (o PlansShown) Words(r Reader) string {
	opp := o.Game.Names[o.Me.Opponent()]
	var l []string
	if o.Made != nil {
		l = append(l, fmt.Sprintf("Plan made in game %s: %s. %s never sees your plans.", o.Game.ID, o.Made.text(opp, r), opp))
	}
	if len(o.Lines) == 0 {
		l = append(l, fmt.Sprintf("You have no plans in game %s. \"plan X Y\" answers %s's move X with your move Y as soon as it is played, e.g. \"plan c3 d3\"; add more pairs for the moves after.", o.Game.ID, opp))
		return strings.Join(l, "\n")
	}
	l = append(l, fmt.Sprintf("Your plans in game %s (%s never sees them; \"plan clear\" removes them):", o.Game.ID, opp))
	for i, line := range o.Lines {
		l = append(l, fmt.Sprintf("%d. %s", i+1, Capitalize(line.text(opp, r))))
	}
	return strings.Join(l, "\n")
}

// PlanRefused is a plan not made: Kind says why.
type PlanRefused struct {
	Kind PlanProblem
	Game Game
	Me   tak.Color
	// Status and Hint: the game's status and why the command went to it
	// (PlanNotInProgress, PlanOnTurn).
	Status, Hint string
	N            int  // the plan's moves (PlanOddLine); the bound (PlanTooLong, PlanTooMany)
	Index        int  // the move at fault, from 1
	Opponents    bool // the move at fault is the opponent's
	If, Had      MoveNames
	Move         MoveNames // the move at fault, when it could be named
	Text         string    // the move at fault as written, shortened
	Err          error
	Size         int
}

// PlanProblem is why a plan is not made.
type PlanProblem uint8

// The problems of a plan.
const (
	PlanNotInProgress PlanProblem = iota + 1
	PlanOnTurn                    // the planner is to move
	PlanConflict                  // another answer to the same move (reads If, Had; none: unnamed)
	PlanOddLine
	PlanTooLong
	PlanTooMany
	PlanEmpty
	PlanGameEnds     // reads Index, Opponents
	PlanIllegal      // reads Index, Opponents, Move or Text, Err (a *tak.MoveError), Size
	PlanUnreadable   // reads Index, Opponents, Err (a *notation.SyntaxError)
	PlanMoveUnusable // reads Index, Opponents, Err
)

// Words says why the plan was not made.
func (o PlanRefused) Words(r Reader) string {
	opp := o.Game.Names[o.Me.Opponent()]
	whose := "your answer"
	if o.Opponents {
		whose = opp + "'s move"
	}
	switch o.Kind {
	case PlanNotInProgress:
		return fmt.Sprintf("game %s is not in progress (%s): plans are for a game in progress%s", o.Game.ID, o.Status, o.Hint)
	case PlanOnTurn:
		return fmt.Sprintf("it is your turn in game %s: plans answer your opponent's next move, so play yours first, then send the plan%s", o.Game.ID, o.Hint)
	case PlanConflict:
		if o.If == (MoveNames{}) {
			return "this plan answers a move differently from a plan you already made; send \"plan\" to see yours, \"plan clear\" to start again"
		}
		return fmt.Sprintf("you already answer %s's %s with %s there; a plan gives one answer to each move (send \"plan clear\" to start again, \"plan\" to see yours)",
			opp, o.If.Names(r.Notation), o.Had.Names(r.Notation))
	case PlanOddLine:
		return fmt.Sprintf("a plan pairs each move of %s with your answer: \"plan X Y\" means if %s plays X, you answer Y; your plan has %d moves, an odd number", opp, opp, o.N)
	case PlanTooLong:
		return fmt.Sprintf("a plan holds at most %d moves of %s, each with your answer", o.N, opp)
	case PlanTooMany:
		return fmt.Sprintf("your plans in game %s would hold more than %d answers; send \"plan clear\" first, or fewer", o.Game.ID, o.N)
	case PlanEmpty:
		return fmt.Sprintf("say the moves: \"plan X Y\" means if %s plays X, you answer Y, e.g. \"plan c3 d3\" or \"plan ps b2, ps c2\"", opp)
	case PlanGameEnds:
		return fmt.Sprintf("move %d of your plan (%s) comes after the game would be over", o.Index, whose)
	case PlanIllegal:
		name := o.Text
		if o.Move != (MoveNames{}) {
			name = o.Move.Names(r.Notation)
		}
		return fmt.Sprintf("move %d of your plan, %s %s, cannot be played then: %s", o.Index, whose, name, MoveError(o.Err, o.Size, r.Notation))
	case PlanUnreadable:
		var se *notation.SyntaxError
		errors.As(o.Err, &se)
		return fmt.Sprintf("move %d of your plan (%s) cannot be read: %s. Write moves as for playing them, e.g. \"plan c3 d3\" (PTN) or \"plan ps b2, ps c2\" (Tak by Mail); commas may separate them", o.Index, whose, se.Msg)
	}
	return fmt.Sprintf("move %d of your plan (%s) cannot be used: %v", o.Index, whose, o.Err)
}
