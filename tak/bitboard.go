package tak

import "math/bits"

// u128 holds the colours of a stack, one bit per piece from the bottom.
type u128 struct{ lo, hi uint64 }

func (x u128) bit(i int) Color {
	if i < 64 {
		return Color(x.lo >> i & 1)
	}
	return Color(x.hi >> (i - 64) & 1)
}

func (x u128) setBit(i int) u128 {
	if i < 64 {
		x.lo |= 1 << i
	} else {
		x.hi |= 1 << (i - 64)
	}
	return x
}

// extract returns the n (at most 8) bits starting at bit i.
func (x u128) extract(i, n int) uint64 {
	var v uint64
	switch {
	case i >= 64:
		v = x.hi >> (i - 64)
	case i == 0:
		v = x.lo
	default:
		v = x.lo>>i | x.hi<<(64-i)
	}
	return v & (1<<n - 1)
}

// truncate keeps the lowest n bits.
func (x u128) truncate(n int) u128 {
	switch {
	case n >= 128:
	case n >= 64:
		x.hi &= 1<<(n-64) - 1
	default:
		x.lo &= 1<<n - 1
		x.hi = 0
	}
	return x
}

// insert ors the n low bits of v in at bit i (bits at i and above are zero).
func (x u128) insert(i int, v uint64, n int) u128 {
	_ = n
	switch {
	case i >= 64:
		x.hi |= v << (i - 64)
	case i == 0:
		x.lo |= v
	default:
		x.lo |= v << i
		x.hi |= v >> (64 - i)
	}
	return x
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
	// A road from south to north has a square on every rank, one from west
	// to east a square on every file: two cheap tests that spare most
	// flood fills.
	t := bb | bb>>1
	t |= t >> 2
	t |= t >> 4 // bit 8r: rank r holds a square of bb
	if t&g.rankFirsts == g.rankFirsts && g.connects(bb, g.north, g.south) {
		return true
	}
	f := bb | bb>>32
	f |= f >> 16
	f |= f >> 8 // bit f: file f holds a square of bb
	return f&g.fileBits == g.fileBits && g.connects(bb, g.west, g.east)
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

// gainedRoad reports whether colour c has a road now that the move recorded
// in u is played. The position before had none, so a new road runs through
// a square that counts for c's roads now and did not before: when c gained
// no such square, there is nothing to look for.
func (p *Position) gainedRoad(c Color, u *Undo) bool {
	bb := p.roadBits(c)
	if bb&^(u.own[c]&^u.walls) == 0 {
		return false
	}
	return p.hasRoad(c)
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
