package tak

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// checkEveryMove plays every legal move of p in place and checks that the
// result is the position Play builds, and that Unplay restores p exactly.
func checkEveryMove(t *testing.T, p *Position, where string) {
	t.Helper()
	before := *p
	stacks := p.Stacks() // a deep copy, which shares nothing with p
	var u Undo
	for _, m := range p.LegalMoves(nil) {
		want, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: Play(%v) of a listed move: %v", where, m, err)
		}
		if d := p.DiffStacks(stacks); len(d) > 0 {
			t.Fatalf("%s: Play(%v) changed the position it was called on at %v", where, m, d)
		}
		p.PlayLegal(m, &u)
		if !samePosition(p, want) {
			t.Fatalf("%s: PlayLegal(%v) differs from Play", where, m)
		}
		if u.Move() != m {
			t.Fatalf("%s: Undo.Move() = %v, want %v", where, u.Move(), m)
		}
		p.Unplay(&u)
		if !samePosition(p, &before) || len(p.DiffStacks(stacks)) > 0 {
			t.Fatalf("%s: Unplay(%v) did not restore the position", where, m)
		}
	}
}

// samePosition reports whether a and b are the same position, whether or
// not they share the colours of the pieces above the 64th of a stack.
func samePosition(a, b *Position) bool {
	x, y := *a, *b
	for sq := Square(0); sq < 64; sq++ {
		if x.deepAt(sq) != y.deepAt(sq) {
			return false
		}
	}
	x.deep, y.deep = nil, nil
	return x == y
}

// TestPlayInPlace walks random games of every size and rule set and checks
// every legal move of every position on the way.
func TestPlayInPlace(t *testing.T) {
	modegan, _ := ModeganConfig(5)
	adem, _ := AdemConfig(22)
	noSwap := DefaultConfig(6)
	noSwap.Opening = NoSwapOpening
	komi := DefaultConfig(6)
	komi.Komi = 5
	few := DefaultConfig(4)
	few.Stones = [2]int{4, 3} // reserves run out: flat ends
	cfgs := []Config{DefaultConfig(3), DefaultConfig(4), DefaultConfig(5), DefaultConfig(6),
		DefaultConfig(7), DefaultConfig(8), modegan, adem, noSwap, komi, few}
	rng := rand.New(rand.NewPCG(18, 1))
	for _, cfg := range cfgs {
		for game := 0; game < 6; game++ {
			p, err := NewPosition(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var u Undo
			for ply := 0; !p.Over() && ply < 120; ply++ {
				checkEveryMove(t, p, fmt.Sprintf("%+v, game %d, ply %d", cfg, game, ply))
				moves := p.LegalMoves(nil)
				// Favour stack moves, so that stacks grow tall.
				m := moves[rng.IntN(len(moves))]
				if last := moves[len(moves)-1]; last.Type == Spread && rng.IntN(2) == 0 {
					m = last
				}
				if err := p.PlayInPlace(m, &u); err != nil {
					t.Fatalf("PlayInPlace(%v): %v", m, err)
				}
			}
		}
	}
}

// TestPlayInPlaceTallStacks moves stacks across the 64th piece, where a
// stack's colours pass from one word to the next.
func TestPlayInPlaceTallStacks(t *testing.T) {
	cfg := DefaultConfig(8)
	var tall, mid Stack
	for i := 0; i < 70; i++ {
		tall = append(tall, MakePiece(Color(i%2), Flat))
	}
	for i := 0; i < 20; i++ {
		mid = append(mid, MakePiece(Color(i%2), Flat))
	}
	mid = append(mid, MakePiece(White, Cap))
	stacks := map[Square]Stack{
		SquareAt(3, 3): tall, // 70 high, top black
		SquareAt(3, 4): mid,  // 21 high with White's capstone
		SquareAt(4, 3): {MakePiece(Black, Wall)},
		SquareAt(2, 3): {MakePiece(Black, Flat), MakePiece(White, Flat)},
	}
	for _, toMove := range []Color{White, Black} {
		p, err := Setup(cfg, stacks, toMove, 30)
		if err != nil {
			t.Fatal(err)
		}
		checkEveryMove(t, p, "tall stacks")
		// Move onto the tall stack and off it again, in place.
		var u1, u2 Undo
		for _, m := range p.LegalMoves(nil) {
			if m.Type != Spread || m.Square != SquareAt(3, 4) || m.Dir != South {
				continue
			}
			before := *p
			p.PlayLegal(m, &u1)
			if p.Height(SquareAt(3, 3)) <= 70 {
				t.Fatalf("%v did not land on the tall stack", m)
			}
			checkEveryMove(t, p, "tall stacks after "+m.String())
			for _, r := range p.LegalMoves(nil) {
				p.PlayLegal(r, &u2)
				p.Unplay(&u2)
			}
			p.Unplay(&u1)
			if !samePosition(p, &before) {
				t.Fatalf("taking back %v did not restore the position", m)
			}
		}
	}
}

// TestPlayLegalIllegalMoves passes malformed and illegal moves to
// PlayLegal and Unplay, which promise an unspecified position but no panic.
func TestPlayLegalIllegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2))
	for size := MinSize; size <= MaxSize; size++ {
		p, err := NewPosition(DefaultConfig(size))
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40 && !p.Over(); ply++ {
			moves := p.LegalMoves(nil)
			p, _ = p.Play(moves[rng.IntN(len(moves))])
		}
		for i := 0; i < 2000; i++ {
			m := Move{Type: MoveType(rng.IntN(3)), Piece: Kind(rng.IntN(4)),
				Square: Square(rng.IntN(256)), Dir: Direction(rng.IntN(6))}
			for j := range m.Drops {
				m.Drops[j] = uint8(rng.IntN(10))
			}
			q := *p
			var u Undo
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%dx%d: PlayLegal(%+v) panicked: %v", size, size, m, r)
					}
				}()
				q.PlayLegal(m, &u)
				q.Unplay(&u)
			}()
		}
	}
}
