package engine

import "github.com/takbymail/takbot/tak"

// reach returns the squares a stack move of colour c's stack on sq toward
// d could cover: up to the carry limit and the stack's height, stopped by
// walls and capstones (a capstone may end on a wall).
func (b *board) reach(sq tak.Square, d tak.Direction) uint64 {
	g := b.g
	bit := uint64(1) << sq
	n := min(b.height(sq), g.size)
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

// spreadWin returns a stack move with which the side to move in p
// completes a road for itself at once by covering one square that an
// opponent's flat (or a wall its capstone can flatten) keeps from being a
// road square, if there is one. Roads whose gap is empty are placement
// wins (placeWins); a move that fills two gaps at once is not looked for.
// Every move it tries counts as a node.
func (s *searcher) spreadWin(p *tak.Position, b *board) (tak.Move, bool) {
	mover := p.ToMove()
	// squares a stack move may turn into road squares: the opponent's
	// flats, walls (a capstone flattens them; an own wall uncovers what it
	// stands on as it leaves)
	covers := b.own[mover.Opponent()] &^ b.caps
	if b.own[mover]&b.caps == 0 {
		covers &^= b.walls
	}
	covers |= b.own[mover] & b.walls
	gaps := b.gapSquares(mover, covers)
	if gaps == 0 {
		return tak.Move{}, false
	}
	for x := b.own[mover]; x != 0; x &= x - 1 {
		sq := tak.Square(bitIndex(x))
		for d := tak.North; d <= tak.West; d++ {
			r := b.reach(sq, d)
			if (r|1<<sq)&gaps == 0 {
				continue
			}
			run := popcount(r)
			carry := min(b.height(sq), b.g.size)
			for n := 1; n <= carry; n++ {
				for k := 1; k <= min(n, run); k++ {
					for _, drops := range compositions(n, k) {
						m := tak.Move{Type: tak.Spread, Square: sq, Dir: d, Drops: drops}
						s.nodes++
						if s.nodes&255 == 0 {
							s.checkStop()
							if s.stopped {
								return tak.Move{}, false
							}
						}
						var u tak.Undo
						if p.PlayInPlace(m, &u) != nil {
							continue
						}
						won := p.Over() && p.HasRoad(mover)
						p.Unplay(&u)
						if won {
							return m, true
						}
					}
				}
			}
		}
	}
	return tak.Move{}, false
}

// compositionTable[n][k] lists the ways to drop n pieces on k squares, each
// getting at least one, nearest first.
var compositionTable [tak.MaxSize + 1][tak.MaxSize + 1][][tak.MaxSize - 1]uint8

func init() {
	var rec func(n, k int, prefix []uint8)
	rec = func(n, k int, prefix []uint8) {
		if k == 1 {
			var d [tak.MaxSize - 1]uint8
			copy(d[:], prefix)
			d[len(prefix)] = uint8(n)
			total, parts := 0, len(prefix)+1
			for _, x := range d[:parts] {
				total += int(x)
			}
			compositionTable[total][parts] = append(compositionTable[total][parts], d)
			return
		}
		for first := 1; first <= n-k+1; first++ {
			rec(n-first, k-1, append(prefix, uint8(first)))
		}
	}
	for n := 1; n <= tak.MaxSize; n++ {
		for k := 1; k <= n && k < tak.MaxSize; k++ {
			rec(n, k, nil)
		}
	}
}

func compositions(n, k int) [][tak.MaxSize - 1]uint8 { return compositionTable[n][k] }
