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
	lines                    []uint64  // the rows, then the columns
	centre                   [64]int8  // distance to the nearest edge
	centreAtLeast            [4]uint64 // squares at least k (1..3) from the edge
	// zones are the squares of each kind the piece-square features count
	// (zoneCorner...zoneInner); the edges but their corners are the
	// reference, counted by no zone
	zones [nZones]uint64
	// rays[sq][d][n] are the first n squares from sq toward d, on the board
	rays [64][4][tak.MaxSize + 1]uint64
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
				if z := zoneOf(f, r, size); z >= 0 {
					g.zones[z] |= b
				}
				for k := 1; k <= int(g.centre[sq]) && k < len(g.centreAtLeast); k++ {
					g.centreAtLeast[k] |= b
				}
			}
		}
		for _, sq := range g.squares {
			for d := tak.North; d <= tak.West; d++ {
				cur, ray := sq, uint64(0)
				for n := 1; n <= tak.MaxSize; n++ {
					if next, ok := cur.Step(d, size); ok {
						cur, ray = next, ray|1<<next
					}
					g.rays[sq][d][n] = ray
				}
			}
		}
		g.lines = append(append([]uint64(nil), g.rows[:size]...), g.cols[:size]...)
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

// board is the engine's view of a position: the top bitboards and reserves
// copied from tak's Position (Tops, Reserves: a few words, kept up to date
// by tak's in-place PlayLegal and Unplay), and what the evaluation needs
// of the stacks (stackView), which the search keeps up to date move by
// move.
type board struct {
	g        *geom
	own      [2]uint64 // squares whose top piece is of that colour
	walls    uint64
	caps     uint64
	stones   [2]int
	capsLeft [2]int
	komi     tak.Komi
	p        *tak.Position
	sv       *stackView
	rc       *roadCache // nil: no cache
	mine     stackView  // the stack view of a board loaded on its own
	// wins[c] is placeWins(c) once known (winsKnown[c]): the search
	// computes it for its road tests, and the evaluation reuses it.
	wins      [2]uint64
	winsKnown [2]bool
}

// stackView is what the evaluation reads of the stacks: which squares hold
// more than one piece, and how many pieces of each colour lie below each
// top.
type stackView struct {
	tall  uint64
	under [64][2]uint8
}

// load fills b from p, computing its stack view from scratch.
func (b *board) load(p *tak.Position) {
	b.mine.load(p)
	b.loadWith(p, &b.mine, nil)
}

// loadWith fills b from p with sv, a stack view of p kept up to date by
// the caller.
func (b *board) loadWith(p *tak.Position, sv *stackView, rc *roadCache) {
	b.g = &geoms[p.Size()]
	b.p, b.sv, b.rc = p, sv, rc
	b.own, b.walls, b.caps = p.Tops()
	b.stones[0], b.capsLeft[0] = p.Reserves(tak.White)
	b.stones[1], b.capsLeft[1] = p.Reserves(tak.Black)
	b.komi = p.Config().Komi
	b.winsKnown = [2]bool{}
}

// height returns the number of pieces on sq.
func (b *board) height(sq tak.Square) int { return b.p.Height(sq) }

// load computes v from scratch.
func (v *stackView) load(p *tak.Position) {
	v.tall = 0
	v.update(p, geoms[p.Size()].board)
}

// update recomputes the squares sqs of v, the only squares whose stacks
// changed since v was last up to date with p.
func (v *stackView) update(p *tak.Position, sqs uint64) {
	for x := sqs; x != 0; x &= x - 1 {
		sq := tak.Square(bitIndex(x))
		h := p.Height(sq)
		if h <= 1 {
			v.tall &^= 1 << sq
			v.under[sq] = [2]uint8{}
			continue
		}
		v.tall |= 1 << sq
		var u [2]int
		if h <= 64 {
			black := popcount(p.StackColors(sq) & (1<<(h-1) - 1))
			u = [2]int{h - 1 - black, black}
		} else {
			for _, pc := range p.Stack(sq)[:h-1] {
				u[pc.Color()]++
			}
		}
		v.under[sq] = [2]uint8{uint8(min(u[0], 255)), uint8(min(u[1], 255))}
	}
}

func (b *board) empty() uint64 { return b.g.board &^ (b.own[0] | b.own[1]) }

func (b *board) road(c tak.Color) uint64 { return b.own[c] &^ b.walls }

// placeWins returns the empty squares where a flat of colour c would
// complete a road.
func (b *board) placeWins(c tak.Color) uint64 {
	if !b.winsKnown[c] {
		b.wins[c], b.winsKnown[c] = b.gapSquares(c, b.empty()), true
	}
	return b.wins[c]
}

// gapSquares returns the squares of among that would complete a road for
// c if they held a road piece of c's.
func (b *board) gapSquares(c tak.Color, among uint64) uint64 {
	return b.roadInfo(c).gaps & among
}

// roadInfo is what the engine reads of one colour's road squares: where one
// more road square would complete a road, the largest span of a group and
// the number of groups.
type roadInfo struct {
	bb     uint64 // the road squares
	gaps   uint64 // the squares that would complete a road if they were road squares
	span   int8
	groups int8
	size   int8 // the board's
	ok     bool
}

// roadCacheSize is the number of entries of a roadCache (a power of two).
const roadCacheSize = 1 << roadCacheBits

// roadCacheBits is log2 of roadCacheSize.
const roadCacheBits = 12

// roadCache remembers roadInfo by road squares: a colour's road squares
// stay the same while the other colour moves, so most of the positions of
// a search share them with their siblings.
type roadCache [roadCacheSize]roadInfo

// roadInfo returns the road information of colour c, from b's cache when
// it has one that holds it.
func (b *board) roadInfo(c tak.Color) roadInfo {
	rb := b.road(c)
	if b.rc == nil {
		return b.g.roadInfo(rb)
	}
	en := &b.rc[(rb^uint64(b.g.size))*0x9e3779b97f4a7c15>>(64-roadCacheBits)]
	if !en.ok || en.bb != rb || int(en.size) != b.g.size {
		*en = b.g.roadInfo(rb)
	}
	return *en
}

// roadInfo computes the road information of the road squares rb.
func (g *geom) roadInfo(rb uint64) roadInfo {
	span, groups := g.groupSpan(rb)
	return roadInfo{bb: rb, gaps: g.gaps(rb), span: int8(span), groups: int8(groups), size: int8(g.size), ok: true}
}

// gaps returns the squares not in rb that would complete a road if they
// were road squares of rb's colour.
func (g *geom) gaps(rb uint64) uint64 {
	// a road with one more square runs through every row (or column)
	// but at most one that rb misses
	var ns, we uint64
	if spanOf(rb, g, true) >= g.size-1 {
		n := g.flood(g.north&rb, rb)
		s := g.flood(g.south&rb, rb)
		ns = (g.grow(n) | g.north) & (g.grow(s) | g.south)
	}
	if spanOf(rb, g, false) >= g.size-1 {
		w := g.flood(g.west&rb, rb)
		e := g.flood(g.east&rb, rb)
		we = (g.grow(w) | g.west) & (g.grow(e) | g.east)
	}
	return (ns | we) &^ rb
}

// canPlace reports whether c, to move, has a stone or capstone to place.
func (b *board) canPlace(c tak.Color) bool { return b.stones[c]+b.capsLeft[c] > 0 }

// groupSpan returns the largest extent (in rows or columns) of a connected
// group of road squares of colour c, and the number of groups.
func (b *board) groupSpan(c tak.Color) (best, groups int) {
	ri := b.roadInfo(c)
	return int(ri.span), int(ri.groups)
}

// groupSpan returns the largest extent (in rows or columns) of a connected
// group of the squares rb, and the number of groups.
func (g *geom) groupSpan(rb uint64) (best, groups int) {
	rest := rb
	for rest != 0 {
		seed := rest & -rest
		grp := g.flood(seed, rest)
		rest &^= grp
		groups++
		if popcount(grp) > best { // else it spans at most best rows or columns
			best = max(best, spanOf(grp, g, true), spanOf(grp, g, false))
		}
	}
	return best, groups
}

func spanOf(grp uint64, g *geom, rows bool) int {
	if rows {
		t := grp | grp>>1
		t |= t >> 2
		t |= t >> 4 // bit 8r: row r holds a square of grp
		return popcount(t & g.cols[0])
	}
	f := grp | grp>>32
	f |= f >> 16
	f |= f >> 8 // bit f: column f holds a square of grp
	return popcount(f & 0xff)
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

// The zones of the piece-square features: the board's corners, the
// corners of the second ring (b2 and its images), the rest of the second
// ring, and the squares further in.
const (
	zoneCorner = iota
	zoneRingCorner
	zoneRing
	zoneInner
	nZones
)

// zoneOf returns the zone of the square at file f, rank r on a board of
// size size, or -1 for an edge square that is not a corner.
func zoneOf(f, r, size int) int {
	df, dr := min(f, size-1-f), min(r, size-1-r)
	d := min(df, dr)
	switch {
	case d >= 2:
		return zoneInner
	case d == 0 && df == dr:
		return zoneCorner
	case d == 0:
		return -1
	case df == dr:
		return zoneRingCorner
	default:
		return zoneRing
	}
}

// centreSum returns the sum over the squares of bb of their distance to
// the nearest edge.
func (g *geom) centreSum(bb uint64) int {
	return popcount(bb&g.centreAtLeast[1]) + popcount(bb&g.centreAtLeast[2]) + popcount(bb&g.centreAtLeast[3])
}
