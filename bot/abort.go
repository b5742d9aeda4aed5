package bot

import (
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// "abort", and the abort of a game ended before each player had moved
// twice. ("stats" and "leaderboard" are package ranking's.)

// abortPlies is how many moves a game has when each player has moved
// twice: from then on it can no longer be aborted.
const abortPlies = record.AbortPlies

func (s *session) cmdAbort(c *Command) error {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active {
		return s.refusal(g, words.Refusal{Reason: words.CannotAbort, Status: string(g.Status), Chosen: s.chosen(g)})
	}
	if n := len(g.Moves); n >= abortPlies {
		return s.refusal(g, words.Refusal{Reason: words.TooLateToAbort, Turn: n})
	}
	s.abortGame(gs, words.AbortAsked)
	return nil
}

// abortGame ends a game in progress with no result (Aborted) and tells
// both players and the spectators (words.Aborted).
func (s *session) abortGame(gs *gameState, how words.AbortHow) {
	g := gs.rec
	g.Status = Aborted
	g.Proposal = nil
	g.Deadline, g.TurnStart = time.Time{}, time.Time{}
	gs.dirty = true
	me, _ := g.ColorOf(s.sender.Key)
	s.announceBoth(g, words.Aborted{Game: wordsGame(g), By: s.sender.Name, Not: me.Opponent(), How: how})
	s.tellWatchersEnd(gs)
}

// abortEarly aborts a game resigned (words.ResignedEarly) or drawn by
// agreement (words.DrawnEarly) before each player had moved twice, and
// reports whether it did. Such a game between two players would otherwise
// be the cheapest way to farm a rating (a sock puppet resigning at once),
// so it is neither rated nor reviewed; a loss on time stands, unrated and
// unreviewed. A game against takbot is never rated, and its review is
// what its player asked for: it ends as before.
func (s *session) abortEarly(gs *gameState, how words.AbortHow) bool {
	if gs.rec.PlayedEnough() || gs.rec.AgainstEngine() {
		return false
	}
	s.abortGame(gs, how)
	return true
}
