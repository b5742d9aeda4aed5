package bot

import (
	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/watching"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// What spectators are told as a game goes on: package watching decides
// and package words words it.

// tellWatchers tells each spectator of a game the move just played
// ([watching.Moved]).
func (s *session) tellWatchers(gs *gameState, turn int, mover tak.Color, m tak.Move, before *tak.Position) {
	if len(gs.rec.Watchers) > 0 {
		watching.Moved(s, gs.rec, turn, mover, words.NamesOf(m, before), PublicName)
		s.reviewWatchers(gs)
	}
}

// tellWatchersEnd tells a game's spectators how it ended without a move
// ending it ([watching.Ended]).
func (s *session) tellWatchersEnd(gs *gameState) {
	watching.Ended(s, gs.rec, PublicName)
	s.reviewWatchers(gs)
}

// reviewWatchers adds the players' review of a game that ended in this
// message to what its spectators are told of its end (bot/analysis).
func (s *session) reviewWatchers(gs *gameState) {
	g := gs.rec
	if !gs.ended || g.Status != Over || len(g.Watchers) == 0 {
		return
	}
	ptn, err := s.finalPTN(gs)
	if err != nil {
		return
	}
	for _, w := range g.Watchers {
		analysis.AddReview(s, g, w, ptn) // the players' review, for the spectators too
	}
}
