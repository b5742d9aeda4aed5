package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/takbymail/takbot/tak"
)

// setup builds a 5x5 position from stacks given as square names to pieces
// bottom first ("w" white flat, "b" black flat, "W"/"B" walls, "C"/"D"
// capstones of White and Black).
func setup(t *testing.T, toMove tak.Color, stacks map[string]string) *tak.Position {
	t.Helper()
	return setupSize(t, 5, toMove, stacks)
}

// setupSize is setup on a board of the given size.
func setupSize(t *testing.T, size int, toMove tak.Color, stacks map[string]string) *tak.Position {
	t.Helper()
	kinds := map[rune]tak.Piece{
		'w': tak.MakePiece(tak.White, tak.Flat), 'b': tak.MakePiece(tak.Black, tak.Flat),
		'W': tak.MakePiece(tak.White, tak.Wall), 'B': tak.MakePiece(tak.Black, tak.Wall),
		'C': tak.MakePiece(tak.White, tak.Cap), 'D': tak.MakePiece(tak.Black, tak.Cap),
	}
	m := map[tak.Square]tak.Stack{}
	for name, pieces := range stacks {
		sq := tak.SquareAt(int(name[0]-'a'), int(name[1]-'1'))
		for _, r := range pieces {
			m[sq] = append(m[sq], kinds[r])
		}
	}
	p, err := tak.Setup(tak.DefaultConfig(size), m, toMove, 10)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func searchDepth(t *testing.T, p *tak.Position, depth int) Result {
	t.Helper()
	res, err := New(Options{HashMB: 1}).Search(context.Background(), p, Limits{Depth: depth})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestTactics: the search completes a road by placement and by a stack
// move, blocks the opponent's road in one, and knows a lost position.
func TestTactics(t *testing.T) {
	t.Run("place to win", func(t *testing.T) {
		p := setup(t, tak.White, map[string]string{"a1": "w", "b1": "w", "c1": "w", "d1": "w", "a5": "b", "b5": "b", "c4": "b"})
		res := searchDepth(t, p, 3)
		next, err := p.Play(res.Move)
		if err != nil || !next.HasRoad(tak.White) || res.Score <= winBound {
			t.Fatalf("move %v score %d", res.Move, res.Score)
		}
	})
	t.Run("stack move completes the road", func(t *testing.T) {
		// a2-e2 is White's but for c2, which Black holds; White's stack on
		// c3 (black under white) moves one piece down onto c2.
		p := setup(t, tak.White, map[string]string{"a2": "w", "b2": "w", "c2": "b", "d2": "w", "e2": "w", "c3": "bw",
			"a5": "b", "b5": "b", "e5": "b", "c1": "B", "b3": "B", "d3": "B"})
		res := searchDepth(t, p, 1)
		next, err := p.Play(res.Move)
		if err != nil || !next.HasRoad(tak.White) || res.Move.Type != tak.Spread {
			t.Fatalf("move %v score %d", res.Move, res.Score)
		}
	})
	t.Run("block", func(t *testing.T) {
		// White threatens e1; Black to move must block it (a wall or a
		// flat on e1) or lose.
		p := setup(t, tak.Black, map[string]string{"a1": "w", "b1": "w", "c1": "w", "d1": "w", "a5": "b", "b5": "b", "c5": "b"})
		res := searchDepth(t, p, 3)
		if res.Move.Type != tak.Place || res.Move.Square != tak.SquareAt(4, 0) {
			t.Fatalf("move %v score %d, want a placement on e1", res.Move, res.Score)
		}
	})
	t.Run("lost", func(t *testing.T) {
		// White threatens a road on both e1 and a2..e2 rows: two squares no
		// single black move blocks.
		p := setup(t, tak.Black, map[string]string{"a1": "w", "b1": "w", "c1": "w", "d1": "w",
			"a3": "w", "b3": "w", "c3": "w", "e3": "w", "a5": "b", "b5": "b"})
		res := searchDepth(t, p, 3)
		if res.Score >= -winBound {
			t.Fatalf("move %v score %d, want a forced loss", res.Move, res.Score)
		}
	})
}

// TestStackWin: every stack-move road the bitboard test finds is one
// (the move is legal and completes the road), and it finds a road
// wherever some stack move wins and no placement does, for both colours, on positions of random games of every size.
func TestStackWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	exist, found, gapWins := 0, 0, 0
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for game := 0; game < 15; game++ {
			p, _ := tak.NewPosition(tak.DefaultConfig(size))
			for !p.Over() && p.Ply() < 300 {
				for _, c := range []tak.Color{p.ToMove(), p.ToMove().Opponent()} {
					q := p
					if c != p.ToMove() {
						cp := *p
						cp.PassInPlace()
						q = &cp
					}
					if q.InOpening() {
						continue
					}
					var b board
					b.load(q)
					covers := b.own[c.Opponent()] &^ b.caps
					if b.own[c]&b.caps == 0 {
						covers &^= b.walls
					}
					covers |= b.own[c] & b.walls
					gaps := b.gapSquares(c, covers)
					if b.canPlace(c) && b.placeWins(c) != 0 {
						continue // placement wins are found first
					}
					want, wantGap := false, false
					for _, m := range q.LegalMoves(nil) {
						if m.Type != tak.Spread {
							continue
						}
						if n, _ := q.Play(m); n.HasRoad(c) {
							want = true
							if moveSquares(m, size)&gaps != 0 {
								wantGap = true
							}
						}
					}
					m, got := b.stackWin(c)
					if got {
						n, err := q.Play(m)
						if err != nil || !n.HasRoad(c) {
							t.Fatalf("%dx%d ply %d, %v: %v does not win: %v", size, size, q.Ply(), c, m, err)
						}
						found++
					} else if want {
						t.Fatalf("%dx%d ply %d, %v: a stack move wins, the test finds none", size, size, q.Ply(), c)
					}
					if want {
						exist++
					}
					if wantGap {
						gapWins++
					}
				}
				moves := p.LegalMoves(nil)
				p, _ = p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("found %d of %d positions with stack-move roads (%d through a gap)", found, exist, gapWins)
	if exist == 0 || found != exist {
		t.Fatalf("found %d of %d stack-move roads", found, exist)
	}
}
