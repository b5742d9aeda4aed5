package tak

import (
	"math/bits"
	"slices"
)

// compositions[n][k] lists the ways to drop n pieces over k squares, each
// square getting at least one, packed as Drops arrays.
var compositions [MaxSize + 1][MaxSize][][MaxSize - 1]uint8

// stackDrops[carry][run][crush] lists the drops of every stack move that
// picks up at most carry pieces and moves them over at most run free
// squares, with, when crush is 1, the moves whose capstone alone flattens
// the wall just past them; in the order LegalMoves lists them.
var stackDrops [MaxSize + 1][MaxSize][2][][MaxSize - 1]uint8

func init() {
	var rec func(n, k int, prefix []uint8)
	for n := 1; n <= MaxSize; n++ {
		for k := 1; k <= n && k < MaxSize; k++ {
			nn, kk := n, k
			rec = func(left, parts int, prefix []uint8) {
				if parts == 1 {
					var d [MaxSize - 1]uint8
					copy(d[:], prefix)
					d[len(prefix)] = uint8(left)
					compositions[nn][kk] = append(compositions[nn][kk], d)
					return
				}
				for first := 1; first <= left-parts+1; first++ {
					rec(left-first, parts-1, append(prefix, uint8(first)))
				}
			}
			rec(n, k, nil)
		}
	}
	for carry := 1; carry <= MaxSize; carry++ {
		for run := 0; run < MaxSize; run++ {
			for crush := 0; crush < 2; crush++ {
				var list [][MaxSize - 1]uint8
				for n := 1; n <= carry; n++ {
					for k := 1; k <= run && k <= n; k++ {
						list = append(list, compositions[n][k]...)
					}
					// A wall lies inside the board: at most MaxSize-1 squares away.
					if crush == 1 && run+1 <= n && run+1 < MaxSize {
						if n == 1 {
							list = append(list, [MaxSize - 1]uint8{1})
							continue
						}
						for _, drops := range compositions[n-1][run] {
							drops[run] = 1
							list = append(list, drops)
						}
					}
				}
				stackDrops[carry][run][crush] = list
			}
		}
	}
}

// LegalMoves appends every legal move to buf and returns it. A finished game
// has none.
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.Over() {
		return buf
	}
	g := &geometries[p.size]
	empty := g.board &^ (p.own[0] | p.own[1])
	nEmpty := bits.OnesCount64(empty)
	if p.InOpening() {
		out := grow(&buf, nEmpty)
		for i := range out {
			out[i] = Move{Type: Place, Piece: Flat, Square: Square(bits.TrailingZeros64(empty))}
			empty &= empty - 1
		}
		return buf
	}
	c := p.toMove & 1
	if p.stones[c] > 0 {
		out := grow(&buf, 2*nEmpty)
		for i := 0; i+1 < len(out); i += 2 {
			s := Square(bits.TrailingZeros64(empty))
			empty &= empty - 1
			out[i] = Move{Type: Place, Piece: Flat, Square: s}
			out[i+1] = Move{Type: Place, Piece: Wall, Square: s}
		}
		empty = g.board &^ (p.own[0] | p.own[1])
	}
	if p.caps[c] > 0 {
		out := grow(&buf, nEmpty)
		for i := range out {
			out[i] = Move{Type: Place, Piece: Cap, Square: Square(bits.TrailingZeros64(empty))}
			empty &= empty - 1
		}
	}
	for mine := p.own[c]; mine != 0; mine &= mine - 1 {
		s := Square(bits.TrailingZeros64(mine))
		carry := min(int(p.height[s]), p.size)
		isCap := p.capBB&(1<<s) != 0
		for d := North; d <= West; d++ {
			run, crush := p.run(s, d, isCap)
			list := stackDrops[carry][run][b2i(crush)]
			out := grow(&buf, len(list))
			for i := range out {
				out[i] = Move{Type: Spread, Square: s, Dir: d, Drops: list[i]}
			}
		}
	}
	return buf
}

// grow lengthens *buf by n moves and returns them, to be filled in.
func grow(buf *[]Move, n int) []Move {
	b := slices.Grow(*buf, n)
	l := len(b)
	*buf = b[:l+n]
	return b[l : l+n : l+n]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// run returns the number of free squares from s in direction d before the
// edge, a wall or a capstone, and whether a capstone on s could flatten a
// wall just past them.
func (p *Position) run(s Square, d Direction, isCap bool) (int, bool) {
	blockers := p.walls | p.capBB
	step := stepDelta(d)
	f, r := s.File(), s.Rank()
	var limit int
	switch d {
	case North:
		limit = p.size - 1 - r
	case South:
		limit = r
	case East:
		limit = p.size - 1 - f
	default:
		limit = f
	}
	cur := int(s)
	for i := 0; i < limit; i++ {
		cur += step
		if blockers&(1<<cur) != 0 {
			return i, isCap && p.walls&(1<<cur) != 0
		}
	}
	return limit, false
}

// CountMoves returns the number of legal moves without listing them.
func (p *Position) CountMoves() int {
	if p.Over() {
		return 0
	}
	g := &geometries[p.size]
	nEmpty := bits.OnesCount64(g.board &^ (p.own[0] | p.own[1]))
	if p.InOpening() {
		return nEmpty
	}
	c := p.toMove
	total := 0
	if p.stones[c] > 0 {
		total += 2 * nEmpty
	}
	if p.caps[c] > 0 {
		total += nEmpty
	}
	for mine := p.own[c]; mine != 0; mine &= mine - 1 {
		s := Square(bits.TrailingZeros64(mine))
		maxCarry := int(p.height[s])
		if maxCarry > p.size {
			maxCarry = p.size
		}
		isCap := p.capBB&(1<<s) != 0
		for d := North; d <= West; d++ {
			run, crush := p.run(s, d, isCap)
			total += len(stackDrops[maxCarry][run][b2i(crush)])
		}
	}
	return total
}

// Perft counts the leaf positions of the legal-move tree to the given depth.
// A finished game counts 0 at any depth above 0. The last ply is counted
// without playing its moves; PerftFull plays every one.
func (p *Position) Perft(depth int) uint64 { return p.perftRoot(depth, false) }

// PerftFull returns the same count as Perft, but plays every move of the
// tree, the last ply's too, checks each position for a road or flat end and
// takes the move back: it measures what a search does a node, where Perft
// only counts the last ply.
func (p *Position) PerftFull(depth int) uint64 { return p.perftRoot(depth, true) }

func (p *Position) perftRoot(depth int, full bool) uint64 {
	if depth == 0 {
		return 1
	}
	if p.Over() {
		return 0
	}
	q := *p
	return perft(&q, depth, make([][]Move, depth), full)
}

// perft plays and takes back the moves of the tree on p in place.
func perft(p *Position, depth int, bufs [][]Move, full bool) uint64 {
	if depth == 1 && !full {
		return uint64(p.CountMoves())
	}
	moves := p.LegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	var u Undo
	var total uint64
	if depth == 1 {
		for i := range moves {
			p.PlayLegal(moves[i], &u)
			total++
			p.Unplay(&u)
		}
		return total
	}
	for i := range moves {
		p.PlayLegal(moves[i], &u)
		if !p.Over() {
			total += perft(p, depth-1, bufs, full)
		}
		p.Unplay(&u)
	}
	return total
}

// RoadInOne returns the moves with which colour c would complete a road for
// itself at once, as if it were c's turn in this position (outside the
// opening). An empty result means c threatens no road.
func (p *Position) RoadInOne(c Color) []Move {
	if p.Over() {
		return nil
	}
	q := *p
	q.toMove = c
	if q.InOpening() {
		return nil
	}
	var out []Move
	var u Undo
	for _, m := range q.LegalMoves(nil) {
		q.PlayLegal(m, &u)
		if q.end.reason == RoadEnd && q.end.winner == c {
			out = append(out, m)
		}
		q.Unplay(&u)
	}
	return out
}
