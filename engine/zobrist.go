package engine

import "github.com/takbymail/takbot/tak"

// Zobrist keys: one per square, piece height (from the bottom, folded at
// zDepth) and colour for the pieces below the top, one per square and top
// piece, and one for the side to move. Reserves follow from the board, so
// the key of the board and the side to move identifies a position.
const zDepth = 64

var (
	zTop   [64][6]uint64
	zUnder [64][zDepth][2]uint64
	zBlack uint64
)

func init() {
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64: fixed seed, so keys are the same in every run
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for sq := range zTop {
		for p := range zTop[sq] {
			zTop[sq][p] = next()
		}
		for d := range zUnder[sq] {
			zUnder[sq][d] = [2]uint64{next(), next()}
		}
	}
	zBlack = next()
}

// squareKey returns the Zobrist key of the stack on sq.
func squareKey(p *tak.Position, sq tak.Square) uint64 {
	h := p.Height(sq)
	if h == 0 {
		return 0
	}
	top, _ := p.Top(sq)
	k := zTop[sq][top]
	if h > 1 {
		for i, pc := range p.Stack(sq)[:h-1] {
			k ^= zUnder[sq][i%zDepth][pc.Color()]
		}
	}
	return k
}

// hashPosition returns the Zobrist key of p.
func hashPosition(p *tak.Position) uint64 {
	var k uint64
	for _, sq := range geoms[p.Size()].squares {
		k ^= squareKey(p, sq)
	}
	if p.ToMove() == tak.Black {
		k ^= zBlack
	}
	return k
}

// hashAfter returns the key of child, the position after m in parent whose
// key is key, recomputing only the squares m changes.
func hashAfter(key uint64, parent, child *tak.Position, m tak.Move) uint64 {
	key ^= zBlack
	key ^= squareKey(parent, m.Square) ^ squareKey(child, m.Square)
	if m.Type == tak.Spread {
		sq, size := m.Square, parent.Size()
		for i := m.Distance(); i > 0; i-- {
			sq, _ = sq.Step(m.Dir, size)
			key ^= squareKey(parent, sq) ^ squareKey(child, sq)
		}
	}
	return key
}
