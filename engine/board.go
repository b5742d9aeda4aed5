package engine

import (
	"math/bits"

	"github.com/takbymail/takbot/tak"
)

// geom holds the bitboard masks of one board size (bit i = tak.Square i).
type geom struct {
	size                     int
	board                    uint64
	notWest, notEast         uint64
	north, south, west, east uint64
	rows, cols               [tak.MaxSize]uint64
	squares                  []tak.Square
	centre                   [64]int8 // distance to the nearest edge
}

var geoms [tak.MaxSize + 1]geom

func init() {
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		g := &geoms[size]
		g.size = size
		for r := 0; r < size; r++ {
			for f := 0; f < size; f++ {
				sq := tak.SquareAt(f, r)
				b := uint64(1) << sq
				g.board |= b
				g.rows[r] |= b
				g.cols[f] |= b
				g.squares = append(g.squares, sq)
				g.centre[sq] = int8(min(f, r, size-1-f, size-1-r))
			}
		}
		g.south, g.north = g.rows[0], g.rows[size-1]
		g.west, g.east = g.cols[0], g.cols[size-1]
		g.notWest = g.board &^ g.west
		g.notEast = g.board &^ g.east
	}
}

// grow returns bb with its orthogonal neighbours, within the board.
func (g *geom) grow(bb uint64) uint64 {
	return (bb | bb<<8 | bb>>8 | (bb&g.notEast)<<1 | (bb&g.notWest)>>1) & g.board
}

// flood returns the squares of bb connected to seed (seed ⊆ bb).
func (g *geom) flood(seed, bb uint64) uint64 {
	cur := seed & bb
	for {
		next := g.grow(cur) & bb
		if next == cur {
			return cur
		}
		cur = next
	}
}

// board is the engine's view of a position, read through tak's exported API.
type board struct {
	g        *geom
	own      [2]uint64 // squares whose top piece is of that colour
	walls    uint64
	caps     uint64
	height   [64]uint8
	under    [64][2]uint8 // pieces of each colour below the top
	stones   [2]int
	capsLeft [2]int
	komi     tak.Komi
}

func (b *board) load(p *tak.Position) {
	b.g = &geoms[p.Size()]
	b.own = [2]uint64{}
	b.walls, b.caps = 0, 0
	for c := tak.White; c <= tak.Black; c++ {
		b.stones[c], b.capsLeft[c] = p.Reserves(c)
	}
	b.komi = p.Config().Komi
	for _, sq := range b.g.squares {
		h := p.Height(sq)
		b.height[sq] = uint8(min(h, 255))
		b.under[sq] = [2]uint8{}
		if h == 0 {
			continue
		}
		top, _ := p.Top(sq)
		bit := uint64(1) << sq
		b.own[top.Color()] |= bit
		switch top.Kind() {
		case tak.Wall:
			b.walls |= bit
		case tak.Cap:
			b.caps |= bit
		}
		if h > 1 {
			st := p.Stack(sq)
			var u [2]int
			for _, pc := range st[:h-1] {
				u[pc.Color()]++
			}
			b.under[sq] = [2]uint8{uint8(min(u[0], 255)), uint8(min(u[1], 255))}
		}
	}
}

func (b *board) empty() uint64 { return b.g.board &^ (b.own[0] | b.own[1]) }

func (b *board) road(c tak.Color) uint64 { return b.own[c] &^ b.walls }

// placeWins returns the empty squares where a flat of colour c would
// complete a road.
func (b *board) placeWins(c tak.Color) uint64 { return b.gapSquares(c, b.empty()) }

// gapSquares returns the squares of among that would complete a road for
// c if they held a road piece of c's.
func (b *board) gapSquares(c tak.Color, among uint64) uint64 {
	g := b.g
	rb := b.road(c)
	empty := among
	n := g.flood(g.north&rb, rb)
	s := g.flood(g.south&rb, rb)
	w := g.flood(g.west&rb, rb)
	e := g.flood(g.east&rb, rb)
	ns := (g.grow(n) | g.north) & (g.grow(s) | g.south)
	we := (g.grow(w) | g.west) & (g.grow(e) | g.east)
	return (ns | we) & empty
}

// canPlace reports whether c, to move, has a stone or capstone to place.
func (b *board) canPlace(c tak.Color) bool { return b.stones[c]+b.capsLeft[c] > 0 }

// groupSpan returns the largest extent (in rows or columns) of a connected
// group of road squares of colour c, and the number of groups.
func (b *board) groupSpan(c tak.Color) (best, groups int) {
	g := b.g
	rest := b.road(c)
	for rest != 0 {
		seed := rest & -rest
		grp := g.flood(seed, rest)
		rest &^= grp
		groups++
		span := max(spanOf(grp, g, true), spanOf(grp, g, false))
		best = max(best, span)
	}
	return best, groups
}

func spanOf(grp uint64, g *geom, rows bool) int {
	n := 0
	for i := 0; i < g.size; i++ {
		m := g.cols[i]
		if rows {
			m = g.rows[i]
		}
		if grp&m != 0 {
			n++
		}
	}
	return n
}

func popcount(x uint64) int { return bits.OnesCount64(x) }
