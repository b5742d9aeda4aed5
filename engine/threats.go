package engine

import "github.com/takbymail/takbot/tak"

// reach returns the squares a stack move of colour c's stack on sq toward
// d could cover: up to the carry limit and the stack's height, stopped by
// walls and capstones (a capstone may end on a wall).
func (b *board) reach(sq tak.Square, d tak.Direction) uint64 {
	g := b.g
	bit := uint64(1) << sq
	n := min(int(b.height[sq]), g.size)
	isCap := b.caps&bit != 0
	var out uint64
	cur := sq
	for i := 0; i < n; i++ {
		next, ok := cur.Step(d, g.size)
		if !ok {
			break
		}
		nb := uint64(1) << next
		if b.caps&nb != 0 {
			break
		}
		if b.walls&nb != 0 {
			if isCap {
				out |= nb
			}
			break
		}
		out |= nb
		cur = next
	}
	return out
}

// hasRoadBits reports whether the squares in bb link two opposite edges.
func (g *geom) hasRoadBits(bb uint64) bool {
	if n := g.flood(g.north&bb, bb); n&g.south != 0 {
		return true
	}
	w := g.flood(g.west&bb, bb)
	return w&g.east != 0
}

// spreadRoadCandidates returns the squares of c's stacks whose move in some
// direction might complete a road for c (a necessary condition: the road
// pieces plus every square the move could cover link two edges).
func (b *board) spreadRoadCandidates(c tak.Color) uint64 {
	g := b.g
	road := b.road(c)
	movers := b.own[c] // a wall may uncover a flat of c's as it leaves
	union := movers
	for x := movers; x != 0; x &= x - 1 {
		sq := tak.Square(bitIndex(x))
		for d := tak.North; d <= tak.West; d++ {
			union |= b.reach(sq, d)
		}
	}
	if !g.hasRoadBits(road | union) {
		return 0
	}
	var out uint64
	for x := movers; x != 0; x &= x - 1 {
		sq := tak.Square(bitIndex(x))
		for d := tak.North; d <= tak.West; d++ {
			if r := b.reach(sq, d); r != 0 && g.hasRoadBits(road|r|1<<sq) {
				out |= 1 << sq
				break
			}
		}
	}
	return out
}

// spreadWin returns a stack move with which the side to move in p
// completes a road for itself at once, if there is one.
func (s *searcher) spreadWin(p *tak.Position, b *board, ply int) (tak.Move, bool) {
	mover := p.ToMove()
	from := b.spreadRoadCandidates(mover)
	if from == 0 {
		return tak.Move{}, false
	}
	moves := p.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	for _, m := range moves {
		if m.Type != tak.Spread || from&(1<<m.Square) == 0 {
			continue
		}
		child, err := p.Play(m)
		if err == nil && child.Over() && child.HasRoad(mover) {
			return m, true
		}
	}
	return tak.Move{}, false
}
