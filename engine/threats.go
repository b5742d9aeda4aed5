package engine

import (
	"math/bits"

	"github.com/takbymail/takbot/tak"
)

// reach returns the squares a stack move of colour c's stack on sq toward
// d could cover: up to the carry limit and the stack's height, stopped by
// walls and capstones (a capstone may end on a wall).
func (b *board) reach(sq tak.Square, d tak.Direction) uint64 {
	g := b.g
	n := min(b.height(sq), g.size)
	r := g.rays[sq][d][n]
	blk := r & (b.caps | b.walls)
	if blk == 0 {
		return r
	}
	var first uint64
	if d == tak.North || d == tak.East { // squares of higher index
		first = blk & -blk
		r &= first - 1
	} else {
		first = uint64(1) << (63 - bits.LeadingZeros64(blk))
		r &^= first<<1 - 1
	}
	if b.walls&first != 0 && b.caps&(1<<sq) != 0 {
		r |= first
	}
	return r
}

// stackWin returns a stack move with which colour c, were it to move,
// would complete a road for itself at once. It works on bitboards: for
// every stack of c's whose square or reach holds a gap (a square that
// alone keeps c from a road: an opponent's flat, a wall its capstone can
// flatten, or its own wall that leaves what it stands on), and every
// taller stack whose reach could make a road if it all became c's, every
// way to carry and drop its pieces gives the road squares after the
// move, tested for a road, without playing the move. Stacks above the
// 64th piece are not looked at.
func (b *board) stackWin(c tak.Color) (tak.Move, bool) { return b.stackWinOf(c, true) }

// stackThreat is stackWin that only looks at stacks that can cover a gap
// (cheaper: the leaves' test of the opponent's threats).
func (b *board) stackThreat(c tak.Color) bool {
	_, ok := b.stackWinOf(c, false)
	return ok
}

// stackWinOf is stackWin, looking at the taller stacks without a gap in
// reach only when tall is set.
func (b *board) stackWinOf(c tak.Color, tall bool) (tak.Move, bool) {
	covers := b.own[c.Opponent()] &^ b.caps
	if b.own[c]&b.caps == 0 {
		covers &^= b.walls
	}
	covers |= b.own[c] & b.walls
	gaps := b.gapSquares(c, covers)
	var talls uint64
	if tall {
		talls = b.own[c] & b.sv.tall
	}
	if gaps == 0 && talls == 0 {
		return tak.Move{}, false
	}
	rb := b.road(c)
	stacks := b.own[c]
	if gaps == 0 {
		stacks = talls
	}
	for x := stacks; x != 0; x &= x - 1 {
		sq := tak.Square(bitIndex(x))
		bit := uint64(1) << sq
		h := b.height(sq)
		if h > 64 {
			continue
		}
		var reaches [4]uint64
		for d := tak.North; d <= tak.West; d++ {
			reaches[d] = b.reach(sq, d)
		}
		if (reaches[0]|reaches[1]|reaches[2]|reaches[3]|bit)&gaps == 0 &&
			(!tall || h < 2 || !b.g.hasRoad(rb|bit|reaches[0]|reaches[1]|reaches[2]|reaches[3])) {
			continue // no gap in reach, and no road even if all it reaches were c's
		}
		st := spreadStack{c: c, sq: sq, bit: bit, h: h, cols: b.p.StackColors(sq), wall: b.walls&bit != 0, rb: rb, gaps: gaps, tall: tall}
		for d := tak.North; d <= tak.West; d++ {
			if m, ok := b.spreadWin(&st, d, reaches[d]); ok {
				return m, true
			}
		}
	}
	return tak.Move{}, false
}

// spreadStack is one of colour c's stacks that stackWinOf tries to move.
type spreadStack struct {
	c    tak.Color
	sq   tak.Square
	bit  uint64 // the square's bit
	h    int    // its height
	cols uint64 // the colours of its pieces (tak.Position.StackColors)
	wall bool   // its top is a wall
	rb   uint64 // c's road squares
	gaps uint64 // the squares that alone keep c from a road
	tall bool   // stackWinOf's tall
}

// spreadWin returns a move of st toward d, whose squares in reach are r,
// that completes a road for st.c: every way to carry and drop its pieces
// gives the road squares after the move, tested for a road.
func (b *board) spreadWin(st *spreadStack, d tak.Direction, r uint64) (tak.Move, bool) {
	g := b.g
	c, sq, bit, h, cols, rb := st.c, st.sq, st.bit, st.h, st.cols, st.rb
	if (r|bit)&st.gaps == 0 && (!st.tall || h < 2 || !g.hasRoad(rb|r|bit)) {
		// neither one gap covered nor, for a taller stack, a road
		// if every square it reaches became a road square
		return tak.Move{}, false
	}
	var path [tak.MaxSize]tak.Square
	run := 0
	for cur, ok := sq, true; run < popcount(r); run++ {
		cur, ok = cur.Step(d, g.size)
		if !ok {
			break
		}
		path[run] = cur
	}
	if run == 0 {
		return tak.Move{}, false
	}
	flatten := b.walls&(1<<path[run-1]) != 0 // only a capstone reaches a wall
	carry := min(h, g.size)
	for n := 1; n <= carry; n++ {
		// the square left behind: the piece below the carried ones
		rest := rb &^ bit
		if n < h && Color(cols>>(h-n-1)&1) == c {
			rest |= bit
		}
		for k := 1; k <= min(n, run); k++ {
			for _, drops := range compositions(n, k) {
				if flatten && k == run && drops[k-1] != 1 {
					continue // the capstone flattens a wall alone
				}
				nb := rest
				idx := h - n // the stack index of the next piece to drop
				for j := 0; j < k; j++ {
					idx += int(drops[j])
					tb := uint64(1) << path[j]
					nb &^= tb
					if j == k-1 {
						if !st.wall { // the carried top: c's flat or capstone
							nb |= tb
						}
					} else if Color(cols>>(idx-1)&1) == c {
						nb |= tb
					}
				}
				if g.hasRoad(nb) {
					return tak.Move{Type: tak.Spread, Square: sq, Dir: d, Drops: drops}, true
				}
			}
		}
	}
	return tak.Move{}, false
}

// Color is tak.Color, short for the bit tests above.
type Color = tak.Color

// hasRoad reports whether the road squares bb link two opposite edges.
func (g *geom) hasRoad(bb uint64) bool {
	if spanOf(bb, g, true) == g.size && g.flood(g.south&bb, bb)&g.north != 0 {
		return true
	}
	return spanOf(bb, g, false) == g.size && g.flood(g.west&bb, bb)&g.east != 0
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
