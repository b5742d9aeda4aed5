package engine

import "github.com/takbymail/takbot/tak"

// Zobrist keys: one per square and top piece, one per square and number of
// pieces below the top (mixed with their colours), one per square, height
// above the 64th (folded at zDepth) and colour for the pieces of the
// tallest stacks, and one for the side to move. Reserves follow from the board, so
// the key of the board and the side to move identifies a position.
const zDepth = 64

var (
	zTop    [64][6]uint64
	zHeight [64][65]uint64
	zUnder  [64][zDepth][2]uint64
	zBlack  uint64
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
		for h := range zHeight[sq] {
			zHeight[sq][h] = next()
		}
		for d := range zUnder[sq] {
			zUnder[sq][d] = [2]uint64{next(), next()}
		}
	}
	zBlack = next()
}

// squareKey returns the Zobrist key of the stack on sq: its top piece's
// key, and for the pieces below the top (up to the 64th, whose colours tak
// keeps in one word) a mix of their colours and their number.
func squareKey(p *tak.Position, sq tak.Square) uint64 {
	h := p.Height(sq)
	if h == 0 {
		return 0
	}
	top, _ := p.Top(sq)
	k := zTop[sq][top]
	if h > 1 {
		n := min(h-1, 64)
		below := p.StackColors(sq)
		if n < 64 {
			below &= 1<<n - 1
		}
		k ^= mix64(below ^ zHeight[sq][n])
		if h-1 > 64 {
			for i, pc := range p.Stack(sq)[64 : h-1] {
				k ^= zUnder[sq][i%zDepth][pc.Color()]
			}
		}
	}
	return k
}

// mix64 is splitmix64's finaliser: a bijection of 64-bit words that spreads
// every input bit over the output.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
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

// moveSquares returns the squares m changes: its square and, for a stack
// move, the squares it drops on.
func moveSquares(m tak.Move, size int) uint64 {
	sq := m.Square
	bb := uint64(1) << sq
	if m.Type == tak.Spread {
		for i := m.Distance(); i > 0; i-- {
			sq, _ = sq.Step(m.Dir, size)
			bb |= 1 << sq
		}
	}
	return bb
}

// playHashed plays the legal move m on p in place (recording it in u) and
// returns the key of the new position, given key, the key of p before,
// and the squares m changed: only they are hashed again.
func playHashed(p *tak.Position, key uint64, m tak.Move, u *tak.Undo) (uint64, uint64) {
	key ^= zBlack
	sqs := moveSquares(m, p.Size())
	for x := sqs; x != 0; x &= x - 1 {
		key ^= squareKey(p, tak.Square(bitIndex(x)))
	}
	p.PlayLegal(m, u)
	for x := sqs; x != 0; x &= x - 1 {
		key ^= squareKey(p, tak.Square(bitIndex(x)))
	}
	return key, sqs
}
