package engine

import "github.com/takbymail/takbot/tak"

// searchFirst searches the hash move and the killers that are legal here,
// before the moves are generated, noting them in n.tried. It reports
// whether the search stopped.
func (s *searcher) searchFirst(n *node) (stopped bool) {
	var cand [3]tak.Move
	nc := 0
	if n.hasTT {
		cand[nc] = n.ttMove
		nc++
	}
	ply := n.ply
	for k := 0; k < 2; k++ {
		if s.hasKiller[ply][k] && !(n.hasTT && s.killers[ply][k] == n.ttMove) {
			cand[nc] = s.killers[ply][k]
			nc++
		}
	}
	for _, m := range cand[:nc] {
		if n.alpha >= n.beta {
			break
		}
		if n.p.Check(m) != nil {
			continue
		}
		isTT := n.hasTT && m == n.ttMove
		sc := s.child(n.p, n.key, m, n.depth, ply, n.alpha, n.beta, n.extended, n.searched, false)
		if s.stopped {
			return true
		}
		n.tried[n.nTried] = m
		n.nTried++
		n.searched++
		if sc > n.best {
			n.best, n.bestMove = sc, m
			if sc > n.alpha {
				n.alpha = sc
				s.setPV(ply, m)
			}
		}
		if n.alpha >= n.beta && !isTT {
			s.rewardCutoff(ply, n.mover, m, n.depth)
		}
	}
	return false
}

// searchMoves searches the node's moves in order (the first few picked
// one by one, the rest sorted at once), skipping those searchFirst tried,
// until one cuts off. It reports whether the search stopped.
func (s *searcher) searchMoves(n *node) (stopped bool) {
	moves, order := s.orderMoves(n)
	ply := n.ply
	tried, nTried := &n.tried, n.nTried
	for i := range moves {
		if i < selectFirst {
			// selection: bring the best remaining move to i
			bi := i
			for j := i + 1; j < len(moves); j++ {
				if order[j] > order[bi] {
					bi = j
				}
			}
			moves[i], moves[bi] = moves[bi], moves[i]
			order[i], order[bi] = order[bi], order[i]
		} else if i == selectFirst {
			sortMoves(moves[i:], order[i:])
		}
		m := moves[i]
		if nTried > 0 && (m == tried[0] || nTried > 1 && (m == tried[1] || nTried > 2 && m == tried[2])) {
			continue
		}
		sc := s.child(n.p, n.key, m, n.depth, ply, n.alpha, n.beta, n.extended, n.searched, order[i] < 1<<19)
		if s.stopped {
			return true
		}
		n.searched++
		if ply == 0 {
			s.rootDone++
		}
		if sc > n.best {
			n.best, n.bestMove = sc, m
			if ply == 0 {
				s.rootScore = sc
			}
			if sc > n.alpha {
				n.alpha = sc
				s.setPV(ply, m)
			}
		}
		if n.alpha >= n.beta {
			if order[i] < 1<<20 {
				s.rewardCutoff(ply, n.mover, m, n.depth)
			}
			break
		}
	}
	return false
}

// setPV makes m followed by the principal variation of the next ply the
// principal variation of ply.
func (s *searcher) setPV(ply int, m tak.Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// child plays m in place, searches the position after it and takes it
// back, returning its score for the side to move at ply. index is the
// number of moves searched before m at this node: the first is searched
// with the full window, the others with a null window first, and those
// that may be reduced (reducible: not a block, the hash move or a killer)
// late in the list one or two plies shallower first.
func (s *searcher) child(p *tak.Position, key uint64, m tak.Move, depth, ply, alpha, beta int, extended bool, index int, reducible bool) int {
	u := &s.undos[ply]
	ck, sqs := playHashed(p, key, m, u)
	s.sv.update(p, sqs)
	var sc int
	if index == 0 {
		sc = -s.negamax(p, ck, depth-1, ply+1, -beta, -alpha, extended)
	} else {
		red := 0
		if depth >= 3 && index >= 3 && reducible {
			red = 1
			if depth >= 5 && index >= 12 {
				red = 2
			}
		}
		sc = -s.negamax(p, ck, depth-1-red, ply+1, -alpha-1, -alpha, extended)
		if sc > alpha && red > 0 {
			sc = -s.negamax(p, ck, depth-1, ply+1, -alpha-1, -alpha, extended)
		}
		if sc > alpha && sc < beta {
			sc = -s.negamax(p, ck, depth-1, ply+1, -beta, -alpha, extended)
		}
	}
	p.Unplay(u)
	s.sv.update(p, sqs)
	return sc
}

// nullSafe reports whether a null move may be tried in b: both sides
// have more than a few pieces in hand and the board more than a few
// empty squares, so that passing is no worse than moving (no flat race
// near its end).
func nullSafe(b *board) bool {
	return b.stones[0]+b.capsLeft[0] > 4 && b.stones[1]+b.capsLeft[1] > 4 && popcount(b.empty()) > 4
}

// raceEnds is how many placements from the end of the game b is: the
// empty squares or the smaller reserve, whichever is fewer.
func raceEnds(b *board) int {
	return min(popcount(b.empty()), b.stones[0]+b.capsLeft[0], b.stones[1]+b.capsLeft[1])
}
