package words

import (
	"time"

	"github.com/takbymail/takbot/tak"
)

// Where a game stands, said under its board after every change.

// Stage is where a game stands.
type Stage uint8

// The stages a status line speaks of; any other says nothing.
const (
	Other      Stage = iota // declined, cancelled, expired, aborted: no line
	Waiting                 // challenged, not yet accepted
	InProgress              // being played
	Finished                // over, with a result
)

// Standing is where a game stands, for the line under its board.
type Standing struct {
	Game  Game
	Stage Stage
	// Turn is the turn to play, from 1, ToMove who plays it and Deadline
	// by when (zero: no clock) (InProgress).
	Turn     int
	ToMove   tak.Color
	Deadline time.Time
	Result   Result    // Finished
	By       tak.Color // the challenger (Waiting)
}

// Words says it to a player: "Turn 7 (PTN move 4, white): your move, by
// 2026-11-28 12:00 UTC.", "Game over: you (white) win by road (R-0).",
// "Waiting for bob to accept the challenge."
func (o Standing) Words(r Reader) string {
	switch o.Stage {
	case Finished:
		return "Game over: " + o.Result.Words(o.Game, r)
	case InProgress:
		by := ""
		if !o.Deadline.IsZero() {
			by = ", by " + r.Time(o.Deadline)
		}
		if o.ToMove == r.Color {
			return TurnTitle(o.Turn) + ": your move" + by + "."
		}
		return TurnTitle(o.Turn) + ": " + o.Game.who(o.ToMove) + " to move" + by + "."
	case Waiting:
		if r.Color == o.By {
			return "Waiting for " + o.Game.Names[o.By.Opponent()] + " to accept the challenge."
		}
		return "The challenge waits for your answer."
	}
	return ""
}

// GameFile hands a finished game's player the whole game as a PTN file.
type GameFile struct {
	Name string // the file's name
	Link string // the game on PTN Ninja
}

// Words says what is attached.
func (o GameFile) Words(Reader) string {
	return "The whole game is attached as " + o.Name + ". Replay it on PTN Ninja: " + o.Link
}
