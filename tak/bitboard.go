package tak

import "math/bits"

// A stack's colours are kept one bit a piece, from the bottom, 1 for black:
// the lowest 64 pieces in Position.stack, the pieces above them in
// Position.deep. Only boards of 7x7 and 8x8 hold more than 64 pieces, so
// deep is nil in almost every game. Copies of a Position share deep: it is
// never changed in place, but copied first (ownDeep).

// pieceColor returns the colour of the i-th piece from the bottom of sq.
func (p *Position) pieceColor(sq Square, i int) Color {
	if i < 64 {
		return Color(p.stack[sq] >> i & 1)
	}
	return Color(p.deepAt(sq) >> (i - 64) & 1)
}

// deepAt returns the colours of the pieces of sq above the 64th.
func (p *Position) deepAt(sq Square) uint64 {
	if p.deep == nil {
		return 0
	}
	return p.deep[sq]
}

// ownDeep gives p its own copy of deep, which it may then change without
// changing the positions it shared deep with.
func (p *Position) ownDeep() *[64]uint64 {
	d := new([64]uint64)
	if p.deep != nil {
		*d = *p.deep
	}
	p.deep = d
	return d
}

// extract returns the colours of the n (at most 8) pieces of sq from the
// i-th up.
func (p *Position) extract(sq Square, i, n int) uint64 {
	mask := uint64(1)<<n - 1
	if i+n <= 64 {
		return p.stack[sq] >> i & mask
	}
	hi := p.deepAt(sq)
	if i >= 64 {
		return hi >> (i - 64) & mask
	}
	return (p.stack[sq]>>i | hi<<(64-i)) & mask
}

// truncate clears the colours of the pieces of sq from the n-th up.
func (p *Position) truncate(sq Square, n int) {
	if n < 64 {
		p.stack[sq] &= 1<<n - 1
	}
	if p.deep == nil {
		return
	}
	keep := max(n-64, 0)
	if p.deep[sq]>>keep != 0 {
		d := p.ownDeep()
		d[sq] &= 1<<keep - 1
	}
}

// insert ors the colours v of n pieces in at the i-th piece of sq, where
// every bit from i up is zero.
func (p *Position) insert(sq Square, i int, v uint64, n int) {
	if i < 64 {
		p.stack[sq] |= v << i
		if i+n <= 64 {
			return
		}
	}
	var hi uint64
	if i >= 64 {
		hi = v << (i - 64)
	} else {
		hi = v >> (64 - i)
	}
	if hi != 0 {
		d := p.ownDeep()
		d[sq] |= hi
	}
}

// geometry holds the bitboard masks of one board size.
type geometry struct {
	board      uint64
	notWest    uint64 // squares that have a west neighbour
	notEast    uint64
	south      uint64 // rank 0
	north      uint64 // top rank
	west       uint64 // file 0
	east       uint64 // last file
	rankFirsts uint64 // the first square of every rank (file 0)
	fileBits   uint64 // one bit per file, file f at bit f
	rankMasks  [MaxSize]uint64
	fileMasks  [MaxSize]uint64
	squareList []Square
}

var geometries [MaxSize + 1]geometry

func init() {
	for size := MinSize; size <= MaxSize; size++ {
		g := &geometries[size]
		for r := 0; r < size; r++ {
			for f := 0; f < size; f++ {
				b := uint64(1) << SquareAt(f, r)
				g.board |= b
				g.rankMasks[r] |= b
				g.fileMasks[f] |= b
				g.squareList = append(g.squareList, SquareAt(f, r))
			}
		}
		g.rankFirsts = g.board & g.fileMasks[0]
		g.fileBits = 1<<size - 1
		g.south = g.rankMasks[0]
		g.north = g.rankMasks[size-1]
		g.west = g.fileMasks[0]
		g.east = g.fileMasks[size-1]
		g.notWest = g.board &^ g.west
		g.notEast = g.board &^ g.east
	}
}

// grow returns bb with every orthogonal neighbour added, within the board.
func (g *geometry) grow(bb uint64) uint64 {
	return (bb | bb<<8 | bb>>8 | (bb&g.notEast)<<1 | (bb&g.notWest)>>1) & g.board
}

// connects reports whether road squares in bb link edge a to edge b.
func (g *geometry) connects(bb, a, b uint64) bool {
	if bb&a == 0 || bb&b == 0 {
		return false
	}
	cur := bb & a
	for {
		next := g.grow(cur) & bb
		if next&b != 0 {
			return true
		}
		if next == cur {
			return false
		}
		cur = next
	}
}

func (g *geometry) hasRoad(bb uint64) bool {
	return g.spans(bb) && (g.connects(bb, g.north, g.south) || g.connects(bb, g.west, g.east))
}

// spans reports whether bb holds a square on every rank or on every file,
// as a road from south to north or from west to east does: a cheap test
// that spares most flood fills.
func (g *geometry) spans(bb uint64) bool {
	t := bb | bb>>1
	t |= t >> 2
	t |= t >> 4 // bit 8r: rank r holds a square of bb
	if t&g.rankFirsts == g.rankFirsts {
		return true
	}
	f := bb | bb>>32
	f |= f >> 16
	f |= f >> 8 // bit f: file f holds a square of bb
	return f&g.fileBits == g.fileBits
}

// roadThrough reports whether the squares of bb connected to a square of
// from link two opposite edges. Each group is grown from one of its squares
// until it stops growing, which answers for both directions at once.
func (g *geometry) roadThrough(bb, from uint64) bool {
	from &= bb
	for from != 0 {
		start := from & -from
		group := start
		for {
			next := g.grow(group) & bb
			if next == group {
				break
			}
			group = next
		}
		if group&g.north != 0 && group&g.south != 0 || group&g.west != 0 && group&g.east != 0 {
			return true
		}
		from &^= group | start // start is not in group when off the board
	}
	return false
}

// roadBits returns the squares that count for colour c's roads.
func (p *Position) roadBits(c Color) uint64 { return p.own[c] &^ p.walls }

func (p *Position) hasRoad(c Color) bool {
	bb := p.roadBits(c)
	if bits.OnesCount64(bb) < p.size {
		return false
	}
	return geometries[p.size].hasRoad(bb)
}

// newRoad reports whether colour c has a road in this position, where the
// squares of gained count for c's roads and did not in the position before,
// which had no road: a new road runs through one of them.
func (p *Position) newRoad(c Color, gained uint64) bool {
	if gained == 0 {
		return false
	}
	bb := p.roadBits(c)
	if bits.OnesCount64(bb) < p.size {
		return false
	}
	g := &geometries[p.size]
	return g.spans(bb) && g.roadThrough(bb, gained)
}

// gainedRoad reports whether colour c has a road now that the stack move
// recorded in u is played.
func (p *Position) gainedRoad(c Color, u *Undo) bool {
	return p.newRoad(c, p.roadBits(c)&^(u.own[c]&^u.walls))
}

// shortestRoad returns a shortest path of squares in bb linking edge a to
// edge b, or nil.
func (g *geometry) shortestRoad(bb, a, b uint64) []Square {
	if !g.connects(bb, a, b) {
		return nil
	}
	var prev [64]int8
	for i := range prev {
		prev[i] = -1
	}
	var queue []Square
	seen := uint64(0)
	for _, s := range g.squareList {
		if bb&a&(1<<s) != 0 {
			queue = append(queue, s)
			seen |= 1 << s
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if b&(1<<s) != 0 {
			var path []Square
			for x := int8(s); x >= 0; x = prev[x] {
				path = append(path, Square(x))
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path
		}
		nb := g.grow(1<<s) & bb &^ seen
		for nb != 0 {
			t := Square(bits.TrailingZeros64(nb))
			nb &= nb - 1
			seen |= 1 << t
			prev[t] = int8(s)
			queue = append(queue, t)
		}
	}
	return nil
}
