package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/takbymail/takbot/tak"
)

// randomPosition plays up to plies random legal moves from the start of a
// game of the given size, stopping before the game ends.
func randomPosition(t testing.TB, rng *rand.Rand, size, plies int) *tak.Position {
	t.Helper()
	cfg := tak.DefaultConfig(size)
	cfg.Komi = tak.Komi(rng.IntN(5))
	p, err := tak.NewPosition(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < plies; i++ {
		moves := p.LegalMoves(nil)
		next, err := p.Play(moves[rng.IntN(len(moves))])
		if err != nil {
			t.Fatal(err)
		}
		if next.Over() {
			break
		}
		p = next
	}
	return p
}

// TestHashAfter: the incremental (playHashed) Zobrist key equals the key computed from
// scratch along random games of every size.
func TestHashAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for game := 0; game < 20; game++ {
			p, _ := tak.NewPosition(tak.DefaultConfig(size))
			key := hashPosition(p)
			for !p.Over() && p.Ply() < 200 {
				moves := p.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				next, err := p.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				q := *p
				var u tak.Undo
				key, _ = playHashed(&q, key, m, &u)
				if want := hashPosition(next); key != want {
					t.Fatalf("%dx%d ply %d after %v: incremental key %x, from scratch %x", size, size, p.Ply(), m, key, want)
				}
				p = next
			}
		}
	}
}

// TestSearchLegal: on random positions of every size, the move the search
// returns (and every move of its principal variation) is legal.
func TestSearchLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		e := New(Options{HashMB: 1})
		for i := 0; i < 25; i++ {
			p := randomPosition(t, rng, size, rng.IntN(size*size*3))
			lim := Limits{Depth: 1 + rng.IntN(3), Nodes: 3000}
			res, err := e.Search(context.Background(), p, lim)
			if err != nil {
				t.Fatalf("%dx%d: %v", size, size, err)
			}
			q := p
			for j, m := range res.PV {
				next, err := q.Play(m)
				if err != nil {
					t.Fatalf("%dx%d ply %d: PV move %d %v is illegal: %v", size, size, p.Ply(), j, m, err)
				}
				q = next
			}
			if err := p.Check(res.Move); err != nil {
				t.Fatalf("%dx%d ply %d: best move %v is illegal: %v", size, size, p.Ply(), res.Move, err)
			}
		}
	}
}

// FuzzSearchLegal: the search's move is legal in any position a seed and
// a number of random plies reach.
func FuzzSearchLegal(f *testing.F) {
	for i := uint64(0); i < 6; i++ {
		f.Add(i, uint8(3+i), uint8(10*i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, size, plies uint8) {
		sz := tak.MinSize + int(size)%(tak.MaxSize-tak.MinSize+1)
		rng := rand.New(rand.NewPCG(seed, 7))
		p := randomPosition(t, rng, sz, int(plies))
		e := New(Options{HashMB: 1})
		res, err := e.Search(context.Background(), p, Limits{Depth: 3, Nodes: 3000})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(res.Move); err != nil {
			t.Fatalf("best move %v is illegal: %v", res.Move, err)
		}
		checkRestored(t, e, p)
	})
}

// checkRestored fails t unless the search's own position, played on in
// place, is back to p, and its stack view is that of p.
func checkRestored(t *testing.T, e *Engine, p *tak.Position) {
	t.Helper()
	q := &e.s.pos
	if !q.SameBoard(p) || q.ToMove() != p.ToMove() || q.Ply() != p.Ply() || q.Over() != p.Over() {
		t.Fatalf("after the search its position is %v to move at ply %d (board differs at %v), not the root", q.ToMove(), q.Ply(), q.DiffSquares(p))
	}
	for c := tak.White; c <= tak.Black; c++ {
		s1, c1 := q.Reserves(c)
		s2, c2 := p.Reserves(c)
		if s1 != s2 || c1 != c2 {
			t.Fatalf("after the search %v's reserves are %d+%d, not %d+%d", c, s1, c1, s2, c2)
		}
	}
	var fresh stackView
	fresh.load(p)
	if fresh != e.s.sv {
		t.Fatalf("after the search the stack view is not the root's")
	}
}

// TestSearchRestores: on random positions of every size, searched to
// depths and node budgets that stop some searches in the middle, the
// position the search plays on in place is the root again afterwards,
// and the search never changes the caller's position.
func TestSearchRestores(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		e := New(Options{HashMB: 1})
		for i := 0; i < 20; i++ {
			p := randomPosition(t, rng, size, rng.IntN(size*size*4))
			before := *p
			stacks := p.Stacks()
			lim := Limits{Depth: 1 + rng.IntN(5), Nodes: int64(500 + rng.IntN(5000))}
			if _, err := e.Search(context.Background(), p, lim); err != nil {
				t.Fatal(err)
			}
			if *p != before || len(p.DiffStacks(stacks)) > 0 {
				t.Fatalf("%dx%d: the search changed the caller's position", size, size)
			}
			checkRestored(t, e, p)
		}
	}
}

// TestSearchDeterministic: two fresh engines searching the same positions
// to a fixed depth return the same move, score, node count and line.
func TestSearchDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{4, 5, 6, 7} {
		p := randomPosition(t, rng, size, 12)
		var got [2]Result
		for i := range got {
			e := New(Options{HashMB: 2})
			for d := 1; d <= 3; d++ { // several searches, so history and table carry over
				res, err := e.Search(context.Background(), p, Limits{Depth: d})
				if err != nil {
					t.Fatal(err)
				}
				got[i] = res
			}
		}
		a, b := got[0], got[1]
		if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || len(a.PV) != len(b.PV) || a.Depth != b.Depth || a.Depth < 1 {
			t.Fatalf("%dx%d: two searches differ: %+v and %+v", size, size, a, b)
		}
	}
}

// fakeClock advances by step at every reading, so the time a search takes
// is counted in clock readings, whatever the machine's load.
type fakeClock struct {
	now  time.Time
	step time.Duration
}

func (c *fakeClock) read() time.Time {
	c.now = c.now.Add(c.step)
	return c.now
}

// TestSearchDeadline: with an injected clock, the search answers no later
// than 50 ms past its move time, measured on that clock, on positions of
// every size; and it completes at least one iteration.
func TestSearchDeadline(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for _, mt := range []time.Duration{30 * time.Millisecond, 200 * time.Millisecond} {
			p := randomPosition(t, rng, size, size*size)
			clk := &fakeClock{now: time.Unix(1e9, 0), step: time.Millisecond}
			e := New(Options{HashMB: 1, Clock: clk.read})
			start := clk.now
			res, err := e.Search(context.Background(), p, Limits{MoveTime: mt})
			if err != nil {
				t.Fatal(err)
			}
			if took := clk.now.Sub(start); took > mt+50*time.Millisecond {
				t.Errorf("%dx%d, move time %v: the search took %v on the injected clock", size, size, mt, took)
			}
			if res.Depth < 1 || p.Check(res.Move) != nil {
				t.Errorf("%dx%d: depth %d, move %v", size, size, res.Depth, res.Move)
			}
		}
	}
}

// TestSearchUseAll: with UseAll the search goes on to its deadline (and
// no more than 50 ms past it), answering with a legal move; a search of
// a 6x6 midgame does not run out of iterations within 200 clock readings.
func TestSearchUseAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, mt := range []time.Duration{30 * time.Millisecond, 200 * time.Millisecond} {
		p := randomPosition(t, rng, 6, 30)
		clk := &fakeClock{now: time.Unix(1e9, 0), step: time.Millisecond}
		e := New(Options{HashMB: 1, Clock: clk.read})
		start := clk.now
		res, err := e.Search(context.Background(), p, Limits{MoveTime: mt, UseAll: true})
		if err != nil {
			t.Fatal(err)
		}
		if took := clk.now.Sub(start); took < mt || took > mt+50*time.Millisecond {
			t.Errorf("move time %v: the search took %v on the injected clock, want the whole move time", mt, took)
		}
		if p.Check(res.Move) != nil {
			t.Errorf("move time %v: illegal move %v", mt, res.Move)
		}
	}
}

// TestSearchCancel: a cancelled context ends the search at once with a legal move.
func TestSearchCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := tak.NewPosition(tak.DefaultConfig(6))
	res, err := New(Options{}).Search(ctx, p, Limits{})
	if err != nil || p.Check(res.Move) != nil {
		t.Fatalf("move %v, err %v", res.Move, err)
	}
}

// TestSearchOver: a finished game has no move.
func TestSearchOver(t *testing.T) {
	p := randomPosition(t, rand.New(rand.NewPCG(9, 9)), 3, 0)
	for !p.Over() {
		p, _ = p.Play(p.LegalMoves(nil)[0])
	}
	if _, err := New(Options{}).Search(context.Background(), p, Limits{Depth: 1}); err != ErrNoMove {
		t.Fatalf("err = %v, want ErrNoMove", err)
	}
}

// TestRaceFeatures: near the end of a flat race the race features count
// the flat lead and who places last; far from it they are zero.
func TestRaceFeatures(t *testing.T) {
	cfg := tak.DefaultConfig(3)
	p, _ := tak.NewPosition(cfg)
	var f [nFeatures]float64
	var b board
	b.load(p)
	features(&b, p.ToMove(), &f)
	if f[fRaceFlats] != 0 || f[fRaceLast] != 0 {
		t.Fatalf("start: race features %v %v", f[fRaceFlats], f[fRaceLast])
	}
	// 3x3, White to move with 4 empty squares: White places at plies 1
	// and 3, Black at 2 and 4: Black fills the board.
	p = setupSize(t, 3, tak.White, map[string]string{"a1": "w", "b1": "w", "c1": "b", "a2": "b", "b2": "w"})
	b.load(p)
	features(&b, tak.White, &f)
	if f[fRaceLast] >= 0 || f[fRaceFlats] <= 0 {
		t.Fatalf("White to move, 4 empty: race_last %v (want < 0), race_flats %v (want > 0: 3 flats to 2)", f[fRaceLast], f[fRaceFlats])
	}
	// with Black to move instead, Black (behind by a flat) places first
	// and White last again
	features(&b, tak.Black, &f)
	if f[fRaceLast] >= 0 || f[fRaceFlats] >= 0 {
		t.Fatalf("Black's view: race_last %v, race_flats %v (both want < 0)", f[fRaceLast], f[fRaceFlats])
	}
	// 3 empty squares, White to move: White places last
	p = setupSize(t, 3, tak.White, map[string]string{"a1": "w", "b1": "w", "c1": "b", "a2": "b", "b2": "w", "c2": "b"})
	b.load(p)
	features(&b, tak.White, &f)
	if f[fRaceLast] <= 0 {
		t.Fatalf("White to move, 3 empty: race_last %v, want > 0", f[fRaceLast])
	}
}

// TestKomiFeature: komi counts for Black in its own feature, not in the
// flats, and in the flat race's lead.
func TestKomiFeature(t *testing.T) {
	cfg := tak.DefaultConfig(3)
	cfg.Komi = 4
	p, _ := tak.NewPosition(cfg)
	var f [nFeatures]float64
	var b board
	b.load(p)
	features(&b, tak.White, &f)
	if f[fKomi] != -2 || f[fFlats] != 0 {
		t.Fatalf("White's view: komi %v flats %v, want -2 and 0", f[fKomi], f[fFlats])
	}
	features(&b, tak.Black, &f)
	if f[fKomi] != 2 {
		t.Fatalf("Black's view: komi %v, want 2", f[fKomi])
	}
	// 3x3 near the end, White 3 flats to 2 but komi 2: White's lead is -1
	w, bl := tak.MakePiece(tak.White, tak.Flat), tak.MakePiece(tak.Black, tak.Flat)
	q, err := tak.Setup(cfg, map[tak.Square]tak.Stack{
		tak.SquareAt(0, 0): {w}, tak.SquareAt(1, 0): {w}, tak.SquareAt(2, 0): {bl},
		tak.SquareAt(0, 1): {bl}, tak.SquareAt(1, 1): {w}}, tak.White, 10)
	if err != nil {
		t.Fatal(err)
	}
	b.load(q)
	features(&b, tak.White, &f)
	if f[fFlats] != 1 || f[fRaceFlats] >= 0 {
		t.Fatalf("White to move, 3 to 2 with komi 2: flats %v race_flats %v (want 1 and < 0)", f[fFlats], f[fRaceFlats])
	}
}

// TestRaceEnds: the race's distance from the end is the empty squares or
// the smaller reserve, whichever is fewer; the search extends a line once
// when it is 2 or less.
func TestRaceEnds(t *testing.T) {
	var b board
	// 3x3 (10 stones each): 4 empty squares, reserves 7 and 8
	b.load(setupSize(t, 3, tak.White, map[string]string{"a1": "w", "b1": "w", "c1": "b", "a2": "b", "b2": "w"}))
	if got := raceEnds(&b); got != 4 {
		t.Fatalf("4 empty squares: raceEnds %d, want 4", got)
	}
	// 6x6 (30 stones and a capstone each): Black has 2 pieces in hand
	stacks := map[string]string{"a1": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "f6": "w"}
	b.load(setupSize(t, 6, tak.White, stacks))
	if got := raceEnds(&b); got != 2 {
		t.Fatalf("Black with 2 in hand: raceEnds %d, want 2", got)
	}
}
