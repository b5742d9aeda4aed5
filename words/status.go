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
	return "The whole game is attached as " + o.Name + ". " + o.LinkLine()
}

// LinkLine is the sentence of Words that gives the link.
func (o GameFile) LinkLine() string { return "Replay it on PTN Ninja: " + o.Link }

// Offered is a command a player can send now in a game, offered under the
// game's status (as a button where the medium draws them).
type Offered uint8

// The commands offered about a game.
const (
	OfferAcceptProposal Offered = iota // reads the proposal, short
	OfferDeclineProposal
	OfferWithdrawProposal
	OfferAcceptChallenge
	OfferDeclineChallenge
	OfferWithdrawChallenge
	OfferUndo
	OfferTakeback
	OfferDraw
	OfferResign
)

// Label words an offered command; proposal is the opponent's proposal,
// short, for OfferAcceptProposal.
func (o Offered) Label(proposal string) string {
	switch o {
	case OfferAcceptProposal:
		return "Accept: " + proposal
	case OfferDeclineProposal:
		return "Decline the proposal"
	case OfferWithdrawProposal:
		return "Withdraw your proposal"
	case OfferAcceptChallenge:
		return "Accept the challenge"
	case OfferDeclineChallenge:
		return "Decline the challenge"
	case OfferWithdrawChallenge:
		return "Withdraw your challenge"
	case OfferUndo:
		return "Ask to take back your last move"
	case OfferTakeback:
		return "Ask to take back the disputed move"
	case OfferDraw:
		return "Offer a draw"
	}
	return "Resign"
}

// ConfirmResign is the question a resignation's button asks first.
func ConfirmResign(id, opponent string) string {
	return "Resign game " + id + " against " + opponent + "?"
}
