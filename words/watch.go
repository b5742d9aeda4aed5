package words

import (
	"strings"
	"time"

	"github.com/takbymail/takbot/tak"
)

// What a game's spectators are told. Their Game carries the players'
// public names (never an address).

// MoveWatched is a move played, told to a spectator.
type MoveWatched struct {
	Game Game
	Turn int
	By   tak.Color
	Move MoveNames
}

// Words tells a spectator: "Turn 7 (PTN move 4, white) of game g1 (alice
// vs bob): alice (white) played c3 (mail ps c3)."
func (o MoveWatched) Words(r Reader) string {
	g := o.Game
	return TurnTitle(o.Turn) + " of game " + g.ID + " (" + g.Names[0] + " vs " + g.Names[1] + "): " + g.who(o.By) + " played " + o.Move.Names(r.Notation) + "."
}

// EndWatched is a game that ended without a move ending it (a
// resignation, an agreed draw, a loss on time, an abort), told to a
// spectator: who resigned, lost on time or agreed, and who won.
type EndWatched struct {
	Game    Game
	Aborted bool
	Result  Result
	Reason  string // how it ended: "resignation", "time", "agreement"
}

// Words tells a spectator, the players named as the reader reads them:
// "Game g1 (alice with white, bob with black) is over: bob resigned, and
// alice wins (R-0)."
func (o EndWatched) Words(r Reader) string {
	g := o.Game
	head := "Game " + g.ID + " (" + g.Names[0] + " with white, " + g.Names[1] + " with black)"
	if o.Aborted {
		return head + " was aborted before each player had moved twice: it ends with no result."
	}
	res, w := o.Result, o.Result.Winner
	ptn := ""
	if res.PTN != "" {
		ptn = " (" + res.PTN + ")"
	}
	switch {
	case res.Draw && o.Reason == "agreement":
		return head + " is over: " + g.nameFor(tak.White, r) + " and " + g.nameFor(tak.Black, r) + " agreed to a draw" + ptn + "."
	case res.Draw:
		return head + " is over: a draw" + ptn + "."
	case o.Reason == "resignation":
		return head + " is over: " + g.nameFor(w.Opponent(), r) + " resigned, and " + g.nameFor(w, r) + " " + verb(w, r, "win", "wins") + ptn + "."
	case o.Reason == "time":
		return head + " is over: " + g.nameFor(w.Opponent(), r) + " lost on time, and " + g.nameFor(w, r) + " " + verb(w, r, "win", "wins") + ptn + "."
	case res.PTN != "":
		return head + " is over: " + g.nameFor(w, r) + " " + verb(w, r, "win", "wins") + ptn + "."
	}
	return head + " is over."
}

// StandingWatched is where a game stands, under its board, for a
// spectator: the result in the engine's words, or who is to move by when
// (in UTC), or whose answer the challenge waits for.
type StandingWatched struct {
	Game     Game
	Stage    Stage
	Turn     int
	ToMove   tak.Color
	Deadline time.Time
	Result   string    // the engine's words (Finished)
	End      Result    // how it ended (Finished), for a reply's gist
	By       tak.Color // the challenger (Waiting)
}

// Words tells a spectator.
func (o StandingWatched) Words(Reader) string {
	switch o.Stage {
	case Finished:
		return "Game over: " + strings.TrimSuffix(o.Result, ".") + "."
	case InProgress:
		by := ""
		if !o.Deadline.IsZero() {
			by = ", by " + UTC(o.Deadline)
		}
		return TurnTitle(o.Turn) + ": " + o.Game.who(o.ToMove) + " to move" + by + "."
	case Waiting:
		return "The game starts when " + o.Game.Names[o.By.Opponent()] + " accepts the challenge."
	}
	return ""
}

// Watching is a spectator's "watch" or "unwatch" done: they now watch
// the game (or did already), or no longer do (Stopped).
type Watching struct {
	Game             Game // with the players' public names
	Already, Stopped bool
}

// Words tells the spectator.
func (o Watching) Words(Reader) string {
	g := o.Game
	switch {
	case o.Stopped:
		return "You no longer watch game " + g.ID + "; its moves will not come to you."
	case o.Already:
		return "You already watch game " + g.ID + ", " + g.Names[0] + " vs " + g.Names[1] + "."
	}
	return "You are watching game " + g.ID + ", " + g.Names[0] + " vs " + g.Names[1] + ": each move comes to you as it is played, in your notation, until the game ends. You cannot play in it."
}

// StopWatching is a spectator's one choice in a game: "unwatch ID".
func StopWatching(id string) Choice {
	return Choice{Label: "Stop watching", Command: "unwatch " + id}
}

// WebLink is the line that links a game's web page, under a reply about
// the game.
func WebLink(url string) string { return "This game on the web: " + url }
