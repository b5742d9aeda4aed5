package words

import (
	"fmt"
	"strings"
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

// ChatLogLine is one line of a game's kept chat.
type ChatLogLine struct {
	At   time.Time
	Name string // the player who said it, as the reader may see them
	Text string
}

// ChatLog is a game's kept chat, as "history" shows it to the game's
// players and the game's page to everyone when both consented.
type ChatLog struct {
	Game  string
	Lines []ChatLogLine
}

// Block is the chat as a caption and a monospace block, one line a
// thing said: "2026-11-28 09:30 UTC alice: good luck".
func (o ChatLog) Block() (caption, text string) {
	lines := make([]string, len(o.Lines))
	for i, l := range o.Lines {
		lines[i] = UTC(l.At) + " " + l.Name + ": " + l.Text
	}
	return fmt.Sprintf("What was said in game %s (%d):", o.Game, len(o.Lines)), strings.Join(lines, "\n")
}

// ChatShownSet confirms "set chat public" and "set chat private".
type ChatShownSet struct{ Public bool }

// Words confirms whether the chat of the player's public games may be
// shown on their web pages.
func (o ChatShownSet) Words(Reader) string {
	if o.Public {
		return "The chat of your public games may now be shown on their web pages, once your opponent agrees too (\"set chat public\"); private games never show it. \"set chat private\" takes it back."
	}
	return "The chat of your games is no longer shown on their web pages; the players still see it in \"history\". \"set chat public\" shows it again."
}
