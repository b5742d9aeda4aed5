package tak

import (
	"math/rand/v2"
	"testing"
)

// TestViews: along random games of every size, Tops and StackColors say
// what Top, Height and Stack say square by square, and a pass and its
// taking back change only the side to move, then nothing.
func TestViews(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for size := MinSize; size <= MaxSize; size++ {
		p, _ := NewPosition(DefaultConfig(size))
		for !p.Over() && p.Ply() < 300 {
			own, walls, caps := p.Tops()
			for _, sq := range p.Squares() {
				b := uint64(1) << sq
				top, ok := p.Top(sq)
				var wantOwn [2]uint64
				var wantWall, wantCap uint64
				if ok {
					wantOwn[top.Color()] = b
					switch top.Kind() {
					case Wall:
						wantWall = b
					case Cap:
						wantCap = b
					}
				}
				if own[0]&b != wantOwn[0] || own[1]&b != wantOwn[1] || walls&b != wantWall || caps&b != wantCap {
					t.Fatalf("%dx%d ply %d %v: Tops disagrees with Top %v", size, size, p.Ply(), sq, top)
				}
				var colours uint64
				for i, pc := range p.Stack(sq) {
					if i < 64 && pc.Color() == Black {
						colours |= 1 << i
					}
				}
				if got := p.StackColors(sq); got != colours {
					t.Fatalf("%dx%d ply %d %v: StackColors %b, Stack says %b", size, size, p.Ply(), sq, got, colours)
				}
			}
			if !p.InOpening() {
				before := *p
				p.PassInPlace()
				if p.ToMove() != before.ToMove().Opponent() || p.Ply() != before.Ply() {
					t.Fatalf("%dx%d ply %d: after a pass %v to move at ply %d", size, size, p.Ply(), p.ToMove(), p.Ply())
				}
				p.UnpassInPlace()
				if !samePosition(p, &before) {
					t.Fatalf("%dx%d ply %d: a pass taken back changed the position", size, size, p.Ply())
				}
			}
			moves := p.LegalMoves(nil)
			next, err := p.Play(moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			p = next
		}
	}
}
