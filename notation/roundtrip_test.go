package notation

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/takbymail/takbot/tak"
)

const corpusFile = "testdata/playtak-6x6-games.ptn"

var corpus struct {
	once  sync.Once
	games []*PTNGame
	err   error
}

// corpusGames reads the real-game corpus once for all tests.
func corpusGames(t testing.TB) []*PTNGame {
	t.Helper()
	corpus.once.Do(func() {
		f, err := os.Open(corpusFile)
		if err != nil {
			corpus.err = err
			return
		}
		defer f.Close()
		corpus.games, corpus.err = ReadPTN(f)
	})
	if corpus.err != nil {
		t.Fatal(corpus.err)
	}
	return corpus.games
}

// TestCorpusRoundTrips writes every legal move of positions along real games
// in PTN and as a mail command and reads it back, and round-trips the
// positions through TPS and the sync board.
func TestCorpusRoundTrips(t *testing.T) {
	games := corpusGames(t)
	if len(games) != 1597 {
		t.Fatalf("corpus has %d games, want 1597", len(games))
	}
	positions, moves := 0, 0
	var buf []tak.Move
	for gi, g := range games[:150] {
		game, err := g.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", gi+1, err)
		}
		for ply := 0; ply <= game.Len(); ply += 5 {
			p := game.PositionAfter(ply)
			positions++
			checkPositionRoundTrips(t, p)
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				moves++
				ptn, mail := FormatPTN(m, p), FormatMail(m, 6)
				if pm, err := ParsePTNMove(ptn, 6); err != nil || pm.Move != m || pm.Crush != p.IsCrush(m) {
					t.Fatalf("%s: ParsePTNMove(%q) = %+v, %v; want %+v", FormatTPS(p), ptn, pm, err, m)
				}
				if pm, err := ParseMailMove(mail, 6); err != nil || pm.Move != m {
					t.Fatalf("%s: ParseMailMove(%q) = %+v, %v; want %+v", FormatTPS(p), mail, pm, err, m)
				}
				if a, err := ParseMove(ptn, 6); err != nil || a.Move != m || a.Notation != PTN {
					t.Fatalf("ParseMove(%q) = %+v, %v", ptn, a, err)
				}
				if b, err := ParseMove(mail, 6); err != nil || b.Move != m || b.Notation != Mail {
					t.Fatalf("ParseMove(%q) = %+v, %v", mail, b, err)
				}
			}
		}
	}
	t.Logf("%d positions, %d moves", positions, moves)
	if positions < 1000 || moves < 100000 {
		t.Errorf("only %d positions and %d moves checked", positions, moves)
	}
}

func checkPositionRoundTrips(t *testing.T, p *tak.Position) {
	t.Helper()
	tps := FormatTPS(p)
	q, err := ParseTPS(tps, p.Config())
	if err != nil {
		t.Fatalf("ParseTPS(%q): %v", tps, err)
	}
	if FormatTPS(q) != tps || !q.SameBoard(p) || q.ToMove() != p.ToMove() || q.MoveNumber() != p.MoveNumber() || q.Over() != p.Over() {
		t.Fatalf("TPS round trip of %q gave %q", tps, FormatTPS(q))
	}
	for c := tak.White; c <= tak.Black; c++ {
		s1, c1 := p.Reserves(c)
		s2, c2 := q.Reserves(c)
		if s1 != s2 || c1 != c2 {
			t.Fatalf("%q: %s reserves %d/%d, read back %d/%d", tps, c, s1, c1, s2, c2)
		}
	}
	board := FormatSyncBoard(p)
	size, stacks, err := ParseSyncBoard(board)
	if err != nil || size != p.Size() {
		t.Fatalf("ParseSyncBoard(%q) = %d, %v", board, size, err)
	}
	if diff := p.DiffStacks(stacks); len(diff) != 0 {
		t.Fatalf("sync board round trip of %q differs on %v", tps, diff)
	}
}

// TestEveryMoveShape round-trips every placement and every stack move that
// fits on the board, on every board size, in both notations.
func TestEveryMoveShape(t *testing.T) {
	n := 0
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for r := 0; r < size; r++ {
			for f := 0; f < size; f++ {
				s := tak.SquareAt(f, r)
				var ms []tak.Move
				for k := tak.Flat; k <= tak.Cap; k++ {
					ms = append(ms, tak.PlaceMove(s, k))
				}
				for d := tak.North; d <= tak.West; d++ {
					run := 0
					for cur, ok := s.Step(d, size); ok; cur, ok = cur.Step(d, size) {
						run++
					}
					var rec func(prefix []int, left int)
					rec = func(prefix []int, left int) {
						if len(prefix) > 0 {
							ms = append(ms, tak.SpreadMove(s, d, prefix...))
						}
						if len(prefix) == run {
							return
						}
						for x := 1; x <= left; x++ {
							rec(append(prefix, x), left-x)
						}
					}
					rec(nil, size)
				}
				for _, m := range ms {
					n++
					ptn, mail := FormatPTN(m, nil), FormatMail(m, size)
					if pm, err := ParsePTNMove(ptn, size); err != nil || pm.Move != m {
						t.Fatalf("size %d: ParsePTNMove(%q) = %+v, %v; want %+v", size, ptn, pm, err, m)
					}
					if pm, err := ParseMailMove(mail, size); err != nil || pm.Move != m {
						t.Fatalf("size %d: ParseMailMove(%q) = %+v, %v; want %+v", size, mail, pm, err, m)
					}
				}
			}
		}
	}
	t.Logf("%d moves", n)
}

// TestCorpusPTNRoundTrip writes the whole corpus with WritePTN and reads it back.
func TestCorpusPTNRoundTrip(t *testing.T) {
	games := corpusGames(t)
	var buf bytes.Buffer
	for _, g := range games {
		if err := WritePTN(&buf, g); err != nil {
			t.Fatal(err)
		}
		buf.WriteByte('\n')
	}
	again, err := ReadPTN(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if msg := sameGames(games, again); msg != "" {
		t.Fatal(msg)
	}
}
