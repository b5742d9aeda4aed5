package engine

import "github.com/takbymail/takbot/tak"

// Move ordering: the hash move, killers and history, and a static order
// of placements by square.

// selectFirst is the number of moves picked one by one before the rest
// of a node's moves are sorted at once.
const selectFirst = 6

// sortMoves sorts moves by descending order score, keeping the generation
// order among equal scores (insertion sort: stable, and fast on the few
// distinct scores of the later moves).
func sortMoves(moves []tak.Move, order []int32) {
	for i := 1; i < len(moves); i++ {
		m, o := moves[i], order[i]
		j := i
		for j > 0 && order[j-1] < o {
			moves[j], order[j] = moves[j-1], order[j-1]
			j--
		}
		moves[j], order[j] = m, o
	}
}

func moveKey(m tak.Move) int {
	if m.Type == tak.Place {
		return int(m.Square)*3 + int(m.Piece)
	}
	d := &m.Drops // zero after the last drop
	carry := int(d[0]) + int(d[1]) + int(d[2]) + int(d[3]) + int(d[4]) + int(d[5]) + int(d[6])
	return 192 + (int(m.Square)*4+int(m.Dir))*8 + min(carry, 8) - 1
}

// staticOrder is a move's ordering score without hash move and killers.
func (s *searcher) staticOrder(b *board, p *tak.Position, m tak.Move, blocks uint64) int32 {
	sc := s.history[p.ToMove()][moveKey(m)]
	if m.Type == tak.Place {
		if blocks&(1<<m.Square) != 0 {
			sc += 1 << 19
		}
		switch m.Piece {
		case tak.Flat:
			sc += 200 + 20*int32(b.g.centre[m.Square])
		case tak.Cap:
			sc += 100 + 20*int32(b.g.centre[m.Square])
		default:
			sc += 50
		}
	}
	return sc
}

// orderMoves generates the node's moves and their ordering scores: the
// root's first move, the hash move, the killers, then the static order.
func (s *searcher) orderMoves(n *node) ([]tak.Move, []int32) {
	ply := n.ply
	moves := n.p.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	order := s.order[ply][:0]
	for _, m := range moves {
		var sc int32
		switch {
		case ply == 0 && m == s.rootFirst:
			sc = 1<<30 + 1
		case n.hasTT && m == n.ttMove:
			sc = 1 << 30
		case s.hasKiller[ply][0] && m == s.killers[ply][0]:
			sc = 1<<20 + 1
		case s.hasKiller[ply][1] && m == s.killers[ply][1]:
			sc = 1 << 20
		default:
			sc = s.staticOrder(n.b, n.p, m, n.blocks)
		}
		order = append(order, sc)
	}
	s.order[ply] = order
	return moves, order
}

// rewardCutoff records that m, a quiet move (not the hash move), cut off
// at ply: it becomes the first killer and its history grows.
func (s *searcher) rewardCutoff(ply int, mover tak.Color, m tak.Move, depth int) {
	if !(s.hasKiller[ply][0] && s.killers[ply][0] == m) {
		s.killers[ply][1], s.hasKiller[ply][1] = s.killers[ply][0], s.hasKiller[ply][0]
		s.killers[ply][0], s.hasKiller[ply][0] = m, true
	}
	h := &s.history[mover][moveKey(m)]
	*h += int32(depth * depth)
	if *h > 1<<18 {
		*h = 1 << 18
	}
}
