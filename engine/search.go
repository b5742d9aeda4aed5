package engine

import (
	"context"
	"time"

	"github.com/takbymail/takbot/tak"
)

const (
	// aspiration is the half width of the first aspiration window.
	aspiration = 40
	maxPly     = 128
	infinity   = 2 * WinScore
	// winBound: scores beyond it are forced wins or losses.
	winBound = WinScore - 1000
	histSize = 192 + 256*8
)

// searcher is the state of one search: limits, counters and the tables
// that live from one search to the next (killers, history).
type searcher struct {
	e         *Engine
	ctx       context.Context
	deadline  time.Time
	timed     bool
	nodeLimit int64
	nodes     int64
	stopped   bool
	killers   [maxPly][2]tak.Move
	hasKiller [maxPly][2]bool
	history   [2][histSize]int32
	moves     [maxPly][]tak.Move
	order     [maxPly][]int32
	boards    [maxPly]board
	undos     [maxPly]tak.Undo
	nulled    [maxPly]bool // a null move from this ply is being searched
	pos       tak.Position // the search's own copy of the root, played on in place
	sv        stackView    // the stacks of pos, kept up to date move by move
	pv        [maxPly][maxPly]tak.Move
	pvLen     [maxPly]int
	rootDone  int      // root moves searched in full in the current iteration
	rootScore int      // the best of their scores
	rootFirst tak.Move // the move the root searches first: the last iteration's best
}

func (e *Engine) search(ctx context.Context, pos *tak.Position, lim Limits) Result {
	s := &e.s
	s.e, s.ctx = e, ctx
	s.nodes, s.stopped = 0, false
	s.timed = lim.MoveTime > 0
	start := e.clock()
	s.deadline = start.Add(lim.MoveTime)
	s.nodeLimit = lim.Nodes
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	for c := range s.history {
		for i := range s.history[c] {
			s.history[c][i] /= 8
		}
	}
	key := hashPosition(pos)
	res := Result{Move: s.fallback(pos, key)}
	s.pos = *pos
	p := &s.pos
	s.sv.load(p)
	e.gen++
	for d := 1; d <= maxDepth; d++ {
		s.rootFirst = res.Move
		// aspiration window: from the fourth iteration, a window around
		// the last score, widened (both ways, doubling) when the score
		// falls outside it
		alpha, beta, delta := -infinity, infinity, aspiration
		if d >= 4 && res.Score < winBound && res.Score > -winBound {
			alpha, beta = res.Score-delta, res.Score+delta
		}
		var score int
		for {
			s.rootDone = 0
			score = s.negamax(p, key, d, 0, alpha, beta, false)
			if s.stopped {
				break
			}
			if score <= alpha && alpha > -infinity {
				delta *= 2
				alpha = max(score-delta, -infinity)
				continue
			}
			if score >= beta && beta < infinity {
				delta *= 2
				beta = min(score+delta, infinity)
				if s.pvLen[0] > 0 {
					s.rootFirst = s.pv[0][0]
				}
				continue
			}
			break
		}
		if s.stopped && s.rootDone > 0 && s.pvLen[0] > 0 {
			// an unfinished iteration: its best move so far was searched
			// deeper than the last iteration's (searched first), so take it
			res.Move, res.Score = s.pv[0][0], s.rootScore
			res.PV = append([]tak.Move(nil), s.pv[0][:s.pvLen[0]]...)
		}
		if s.stopped || s.pvLen[0] == 0 {
			break
		}
		res = Result{Move: s.pv[0][0], Score: score, Depth: d, Nodes: s.nodes,
			PV: append([]tak.Move(nil), s.pv[0][:s.pvLen[0]]...)}
		if e.opts.Info != nil {
			e.opts.Info(res)
		}
		if score > winBound || score < -winBound {
			break
		}
		if s.timed && !lim.UseAll && e.clock().Sub(start) > lim.MoveTime/2 {
			break
		}
		if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// fallback is the move played if not even the first iteration completes:
// the hash move, or else the first legal move in search order.
func (s *searcher) fallback(pos *tak.Position, key uint64) tak.Move {
	if en := s.e.ttProbe(key); en != nil && en.hasMove && pos.Check(en.move) == nil {
		return en.move
	}
	moves := pos.LegalMoves(nil)
	var b board
	b.load(pos)
	best, bestScore := moves[0], int32(-1<<31)
	for _, m := range moves {
		if sc := s.staticOrder(&b, pos, m, 0); sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best
}

func (s *searcher) checkStop() {
	if s.ctx.Err() != nil {
		s.stopped = true
		return
	}
	if s.timed && !s.e.clock().Before(s.deadline) {
		s.stopped = true
		return
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
}

// terminalScore scores a finished game for the side to move, ply plies
// from the root.
func terminalScore(p *tak.Position, ply int) int {
	mover := p.ToMove()
	last := mover.Opponent()
	switch {
	case p.HasRoad(last):
		return -(WinScore - ply)
	case p.HasRoad(mover):
		return WinScore - ply
	}
	fc := p.FlatCounts()
	cfg := p.Config()
	w, b := 2*fc[tak.White], 2*fc[tak.Black]+int(cfg.Komi)
	var winner tak.Color
	switch {
	case w > b:
		winner = tak.White
	case b > w:
		winner = tak.Black
	case cfg.Rules == tak.Modegan:
		winner = tak.Black
	default:
		return 0
	}
	if winner == mover {
		return WinScore - ply
	}
	return -(WinScore - ply)
}
