package words

import (
	"fmt"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Said is a player's words passed on to their opponent with "say".
type Said struct {
	Game Game
	By   tak.Color
	Text string // the words, cleaned
}

// Words tells the opponent: "alice says: “good luck”".
func (o Said) Words(Reader) string { return o.Game.Names[o.By] + " says: “" + o.Text + "”" }

// PassedOn tells the sender that their words were passed on.
type PassedOn struct {
	Game Game
	To   tak.Color
	Text string
}

// Words tells the sender: "Passed on to bob in game g1: “good luck”".
func (o PassedOn) Words(Reader) string {
	return "Passed on to " + o.Game.Names[o.To] + " in game " + o.Game.ID + ": “" + o.Text + "”"
}

// ChatRefused is a "say" not passed on: Kind says why.
type ChatRefused struct {
	Kind   ChatProblem
	Game   Game
	Status string    // the game's status (ChatNotStarted)
	Hint   string    // why the command went to the game (ChosenHint), or ""
	Other  tak.Color // the opponent (ChatOff, SaidEnough)
	N      int       // the things said in the last hour (SaidEnough)
	Until  time.Time // when more may be said (SaidEnough)
}

// ChatProblem is why a "say" is not passed on.
type ChatProblem uint8

// The problems of a "say".
const (
	ChatNotStarted ChatProblem = iota + 1
	NothingSaid
	SaidTooLong // over 300 characters
	SaidLink
	ChatOff
	SaidEnough
)

// Words says why nothing was passed on.
func (o ChatRefused) Words(Reader) string {
	switch o.Kind {
	case ChatNotStarted:
		return fmt.Sprintf("game %s has not started (%s): you can talk to your opponent once it is under way%s", o.Game.ID, o.Status, o.Hint)
	case NothingSaid:
		return "say what to tell your opponent, e.g. \"say good luck!\""
	case SaidTooLong:
		return "that is too long to pass on: say it in at most 300 characters"
	case SaidLink:
		return "the referee passes on no addresses or links, and your words hold one (something like a web or mail address or a domain name); nothing was sent"
	case ChatOff:
		return o.Game.Names[o.Other] + " has turned chat off, so your words were not passed on"
	case SaidEnough:
		return fmt.Sprintf("you have said %d things to %s in the last hour, the most the referee passes on in an hour; you can say more after %s",
			o.N, o.Game.Names[o.Other], UTC(o.Until))
	}
	return "your words were not passed on"
}
