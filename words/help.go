package words

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// What "help" tells: what the player can do now in a game, then every
// command (package bot/account decides).

// CommandsCaption heads the list of commands in "help".
const CommandsCaption = "Commands (several in one message: one per line, or separated by ';'):"

// GamesHelpHint ends the title of the list of a player's games in "help".
const GamesHelpHint = ` (send "game ID; help" for what you can do in one)`

// TakebackRule is the rule on taking moves back, stated in help and the
// README.
const TakebackRule = "Moves can be taken back (\"undo\" your last move, \"takeback\" after a dispute) only while a game is in progress, with the opponent's agreement; once a game is over its result stands, except that a move \"im\" rules illegal is taken back at once, even the one that ended the game."

// HelpEnd closes "help": how moves are written, and the takeback rule.
type HelpEnd struct{}

// Words says how moves are written.
func (HelpEnd) Words(Reader) string {
	return "Moves: Tak by Mail \"ps b4\", \"pw c2\", \"pc d1\", \"ms b2 p3 2 1\" (A1 is the north-west corner, rows count south), or PTN \"c3\", \"Sc3\", \"3c3>12\" (a1 is the south-west corner). Lines that are neither a command nor a move are skipped as prose.\n" +
		TakebackRule
}

// GameHelp says what the reader can do now in one of their games.
type GameHelp struct {
	Game       Game
	Me         tak.Color // the reader's colour
	Status     string    // "challenge", "active", "over", ...
	Challenger bool      // the reader sent the challenge
	// Proposal is the opponent's proposal waiting for the reader, if any.
	Proposal *Proposal
	Turn     int       // the turn to play, from 1
	ToMove   tak.Color // who is to move
	Examples []string  // legal moves in the reader's notation
	Opening  bool      // the swap opening: a flat of the opponent's colour
	Disputed int       // the turn of the move the reader disputed, 0 for none (or while a proposal waits)
	Result   *Result   // how the game ended
}

// answerHint tells how to answer an offer, unless buttons come with it.
func answerHint(r Reader, lead string) string {
	if r.Buttons {
		return ""
	}
	return lead + ` "accept" or "decline"`
}

// Words says what the reader can do, one thing a line.
func (o GameHelp) Words(r Reader) string {
	g, opp := o.Game, o.Game.Names[o.Me.Opponent()]
	var l []string
	switch o.Status {
	case "challenge":
		if o.Challenger {
			l = append(l, fmt.Sprintf("Game %s: waiting for %s to accept your challenge; you can \"cancel\" it.", g.ID, opp))
		} else {
			l = append(l, fmt.Sprintf("Game %s: %s challenges you%s.", g.ID, opp, answerHint(r, "; send")))
		}
	case "active":
		if o.Proposal != nil {
			l = append(l, fmt.Sprintf("Game %s: %s proposes to %s%s.", g.ID, opp, o.Proposal.Text(g, r), answerHint(r, "; send")))
		}
		if o.ToMove == o.Me {
			var ex []string
			for _, e := range o.Examples {
				ex = append(ex, `"`+e+`"`)
			}
			l = append(l, fmt.Sprintf("Game %s, %s: your move. Send a move, e.g. %s; add \" t\" to call Tak and \" #%d\" to guard the turn number.", g.ID, TurnName(o.Turn), strings.Join(ex, " or "), o.Turn))
			if o.Opening {
				l = append(l, "Swap opening: place a flat of your opponent's colour.")
			}
		} else {
			l = append(l, fmt.Sprintf("Game %s, %s: %s is to move.", g.ID, TurnName(o.Turn), g.who(o.ToMove)))
		}
		if o.Disputed > 0 {
			l = append(l, fmt.Sprintf("You disputed the move of turn %d: send \"takeback\" to ask %s to take it back.", o.Disputed, opp))
		}
	case "over":
		res := ""
		if o.Result != nil {
			res = o.Result.Words(g, r)
		}
		l = append(l, fmt.Sprintf("Game %s is over: %s You can see it with \"board\", \"history\" or \"link\".", g.ID, res))
		if o.Proposal != nil {
			l = append(l, fmt.Sprintf("%s proposes to %s%s.", opp, o.Proposal.Text(g, r), answerHint(r, ": send")))
		}
	default:
		l = append(l, fmt.Sprintf("Game %s was %s.", g.ID, o.Status))
	}
	return strings.Join(l, "\n")
}
