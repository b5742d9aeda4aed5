package bot

import (
	"github.com/takbymail/takbot/bot/planner"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Plans (conditional moves): the command and the decisions are package
// bot/planner's (the tree, package bot/plan); here the referee lands the
// planned answer when the opponent's move lands, in the same transaction
// as that move.

// answerPlans lets the plans of the mover's opponent answer the move m
// that has just been played (pos is the position after it): the planned
// answer is played like any move, in the same transaction; a diverging
// move clears the plans, and so does a planned answer that has become
// illegal, and the planner is told.
func (s *session) answerPlans(gs *gameState, mover tak.Color, m tak.Move, pos *tak.Position) error {
	g := gs.rec
	if g.Plans[mover.Opponent()] == nil {
		return nil
	}
	gs.dirty = true
	key := g.Players[mover.Opponent()]
	am, o := planner.Answer(g, mover, m, gs.tg.PositionAfter(gs.tg.Len()-1), pos)
	if am == nil {
		if o != nil {
			s.announce(g, key, o)
		}
		return nil
	}
	// The replies written so far tell the position before the answer:
	// what can be done now is offered with the answer's.
	for _, d := range s.drafts {
		if d.game == g.ID && d.stage == s.stage {
			d.offers = nil
		}
	}
	s.stage++
	s.announce(g, key, o)
	return s.landMove(gs, mover.Opponent(), notation.ParsedMove{Move: *am, Notation: s.orient(key)}, pos.Ply()+1, pos)
}
