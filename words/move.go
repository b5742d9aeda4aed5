package words

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// MovePlayed is a move played in a game, told to both players.
type MovePlayed struct {
	Game    Game
	Turn    int       // the turn the move was played at, from 1
	By      tak.Color // who played it
	Move    MoveNames
	TakCall bool // the player called Tak with it
	// Threats are, in a courtly game that goes on, the moves with which
	// each colour could finish a road next (at most the first four), and
	// ThreatCount how many there are in all.
	Threats     [2][]MoveNames
	ThreatCount [2]int
	// Road holds the squares of the road the move finished, on a board of
	// Size squares a side; none when it finished no road.
	Road []tak.Square
	Size int
}

// Words says the move to a reader: "Turn 7 (PTN move 4, white) of game
// g1: alice (white) played ps c3 (PTN c3).", the Tak call, the threats of
// a courtly game and the road that ended it.
func (o MovePlayed) Words(r Reader) string {
	g := o.Game
	lines := []string{o.Line(r)}
	if o.TakCall {
		if r.Color != o.By {
			lines = append(lines, g.Names[o.By]+" calls Tak: they say they can win with their next move.")
		} else {
			lines = append(lines, "You called Tak; "+g.Names[o.By.Opponent()]+" is told.")
		}
	}
	for _, col := range []tak.Color{o.By, o.By.Opponent()} {
		threats := o.Threats[col]
		if len(threats) == 0 {
			continue
		}
		var ms []string
		for _, t := range threats {
			ms = append(ms, t.Names(r.Notation))
		}
		if more := o.ThreatCount[col] - len(threats); more > 0 {
			ms = append(ms, fmt.Sprintf("and %d more", more))
		}
		lines = append(lines, fmt.Sprintf("Tak! %s %s a road: %s.", Sentence(g.whoFor(col, r)), verb(col, r, "threaten", "threatens"), strings.Join(ms, ", ")))
	}
	if len(o.Road) > 0 {
		lines = append(lines, "The road: "+squareList(o.Road, o.Size, r.Notation)+".")
	}
	return strings.Join(lines, "\n")
}

// Line is the first line of Words, the one that tells the move: "Turn 7
// (PTN move 4, white) of game g1: alice (white) played ps c3 (PTN c3)."
func (o MovePlayed) Line(r Reader) string {
	return TurnTitle(o.Turn) + " of game " + o.Game.ID + ": " + o.Game.whoFor(o.By, r) + " played " + o.Move.Names(r.Notation) + "."
}

// MoveTooLate is a move that reached the referee after its deadline: the
// game is lost on time.
type MoveTooLate struct {
	Text               string // the move as written, shortened
	Received, Deadline time.Time
}

// Words tells the player who sent the move.
func (o MoveTooLate) Words(Reader) string {
	return fmt.Sprintf("Your move %s reached the referee at %s, after the deadline of %s.", o.Text, UTC(o.Received), UTC(o.Deadline))
}

// AmbiguousSquare asks a player who writes in Tak by Mail notation what
// a bare square means, when its PTN and mail readings are different
// squares. Nothing was played.
type AmbiguousSquare struct {
	Bare      string // the square as written, in lower case: "b4"
	MailAsPTN string // the PTN name of Bare read as Tak by Mail
	PTNAsMail string // the Tak by Mail name of Bare read as PTN
	Tail      string // what followed the square: " t", " #7"
}

// Words asks the question.
func (o AmbiguousSquare) Words(Reader) string {
	asMail, asPTN := o.commands()
	return fmt.Sprintf("Did you mean %q (Tak by Mail %s, which is PTN %s) or PTN %s (Tak by Mail %s: send %q)? Your notation is Tak by Mail, where A1 is the north-west corner, so a bare square could be either. Nothing was played. Send \"notation ptn\" to have bare squares read as PTN.",
		asMail, strings.ToUpper(o.Bare), o.MailAsPTN, o.Bare, strings.ToUpper(o.PTNAsMail), asPTN)
}

// Choices are the commands that answer the question.
func (o AmbiguousSquare) Choices() []Choice {
	asMail, asPTN := o.commands()
	return []Choice{
		{Label: fmt.Sprintf("Place a flat on Tak by Mail %s (PTN %s)", strings.ToUpper(o.Bare), o.MailAsPTN), Command: asMail},
		{Label: fmt.Sprintf("Place a flat on PTN %s (Tak by Mail %s)", o.Bare, strings.ToUpper(o.PTNAsMail)), Command: asPTN},
		{Label: "Read bare squares as PTN from now on", Command: "notation ptn"},
	}
}

func (o AmbiguousSquare) commands() (asMail, asPTN string) {
	return "ps " + o.Bare + o.Tail, "ps " + o.PTNAsMail + o.Tail
}

// MoveEndsProposal is a move played while a proposal was open: the move
// withdraws the mover's own proposal, or declines the opponent's.
type MoveEndsProposal struct {
	Game     Game
	Mover    tak.Color
	Proposal Proposal
}

// Words tells a player of the game.
func (o MoveEndsProposal) Words(r Reader) string {
	g, me, text := o.Game, o.Mover, o.Proposal.Text(o.Game, r)
	switch {
	case o.Proposal.By == me && r.Color == me:
		return "Your move withdraws your proposal to " + text + "."
	case o.Proposal.By == me:
		return g.Names[me] + "'s move withdraws the proposal to " + text + "."
	case r.Color == me:
		return "Your move declines " + g.Names[o.Proposal.By] + "'s proposal to " + text + "."
	}
	return g.Names[me] + "'s move declines your proposal to " + text + "."
}

// moveSyntax words a move that cannot be read.
func moveSyntax(err error) string {
	var se *notation.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	switch se.Kind {
	case notation.KindCarryLimit, notation.KindOffBoard, notation.KindSquare:
		return se.Msg
	}
	return se.Msg + ". Write a move like \"ps b4\", \"ms b2 p3 2 1\" (Tak by Mail) or \"c3\", \"3c3>12\" (PTN)"
}

// MoveError words an engine refusal of a move with squares in notation o.
func MoveError(err error, size int, o notation.Orientation) string {
	var me *tak.MoveError
	if errors.As(err, &me) {
		return me.Describe(func(sq tak.Square) string { return notation.SquareName(sq, size, o) })
	}
	return err.Error()
}
