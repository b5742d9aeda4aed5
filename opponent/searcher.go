package opponent

import (
	"context"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Limits bound one search; zero means no limit of that kind (the shape of
// engine.Limits).
type Limits struct {
	MoveTime time.Duration
	Depth    int
	Nodes    int64
	// Fresh asks for a search from a cleared table and history, so that
	// its result depends only on the position and the limits (reviews).
	Fresh bool
}

// Result is a search's answer (the shape of engine.Result): the best
// move, its score in centiflats for the side to move, the depth reached,
// the nodes searched and the principal variation.
type Result struct {
	Move  tak.Move
	Score int
	Depth int
	Nodes int64
	PV    []tak.Move
}

// Searcher finds the best move of a position. It must be safe for
// concurrent use and honour ctx and the limits.
type Searcher interface {
	Search(ctx context.Context, pos *tak.Position, lim Limits) (Result, error)
}

// WinScore is the score of a won position (centiflats), as Greedy gives it.
const WinScore = 10000

// Greedy is a stand-in searcher: it looks one move ahead, plays a winning
// move if it has one and otherwise the move that leaves it the most flats
// on top (the first such in move generation order). It ignores the limits.
type Greedy struct{}

// Search picks Greedy's move.
func (Greedy) Search(ctx context.Context, pos *tak.Position, _ Limits) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	me := pos.ToMove()
	best, bestScore := moves[0], -2*WinScore
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		s := StaticScore(next, me)
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return Result{Move: best, Score: bestScore, Depth: 1, Nodes: int64(len(moves)), PV: []tak.Move{best}}, nil
}

// StaticScore scores a position for colour c without search: a win or a
// loss, or the flats on top (komi counted for Black), in centiflats.
func StaticScore(p *tak.Position, c tak.Color) int {
	if r := p.Result(); r.Over() {
		switch {
		case r.Draw:
			return 0
		case r.Winner == c:
			return WinScore
		}
		return -WinScore
	}
	f := p.FlatCounts()
	s := (f[tak.White] - f[tak.Black]) * 100
	s -= int(p.Config().Komi) * 50 // komi is in half flats
	if c == tak.Black {
		s = -s
	}
	return s
}
