package tak

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// sq names a square in PTN for tests: sq("c3").
func sq(name string) Square { return SquareAt(int(name[0]-'a'), int(name[1]-'1')) }

// cell reads a stack written bottom first as in TPS ("12S", "2C", "1").
func cell(s string) Stack {
	var st Stack
	for _, ch := range s {
		switch ch {
		case '1', '2':
			st = append(st, MakePiece(Color(ch-'1'), Flat))
		case 'S':
			st[len(st)-1] = MakePiece(st[len(st)-1].Color(), Wall)
		case 'C':
			st[len(st)-1] = MakePiece(st[len(st)-1].Color(), Cap)
		}
	}
	return st
}

// setup builds a position of the given config from "square=stack" pairs.
func setup(t testing.TB, cfg Config, toMove Color, moveNumber int, cells ...string) *Position {
	t.Helper()
	stacks := map[Square]Stack{}
	for _, c := range cells {
		name, st, _ := strings.Cut(c, "=")
		stacks[sq(name)] = cell(st)
	}
	p, err := Setup(cfg, stacks, toMove, moveNumber)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	return p
}

func noSwap(size int) Config {
	c := DefaultConfig(size)
	c.Opening = NoSwapOpening
	return c
}

func TestRefusedMoves(t *testing.T) {
	cfg5 := DefaultConfig(5)
	mid := setup(t, cfg5, White, 5,
		"a1=1", "b1=2", "c3=1212121", "d3=2S", "e3=1", "c4=2C", "c2=1S", "b3=1C", "a3=2", "e5=1S")
	tests := []struct {
		name string
		pos  *Position
		move Move
		rule Rule
		msg  string
	}{
		{"occupied", mid, PlaceMove(sq("c3"), Flat), RuleOccupied, "c3 is occupied"},
		{"opening wall", mustNew(t, cfg5), PlaceMove(sq("a1"), Wall), RuleOpeningFlat, "first placement"},
		{"opening cap", mustNew(t, cfg5), PlaceMove(sq("a1"), Cap), RuleOpeningFlat, "first placement"},
		{"opening move", setup(t, cfg5, Black, 1, "a1=2"), SpreadMove(sq("a1"), North, 1), RuleOpeningMove, "opening"},
		{"carry limit", mid, SpreadMove(sq("c3"), West, 6), RuleCarryLimit, "carry limit is 5 on 5x5"},
		{"stack too small", mid, SpreadMove(sq("a1"), North, 2), RuleStackTooSmall, "has 1 piece, cannot pick up 2"},
		{"not your stack", mid, SpreadMove(sq("b1"), North, 1), RuleNotYourStack, "the stack on b1 is not yours"},
		{"empty square", mid, SpreadMove(sq("d1"), North, 1), RuleEmptySquare, "no stack on d1"},
		{"off board", mid, SpreadMove(sq("a1"), West, 1), RuleOffBoard, "leaves the board"},
		{"wall on path", mid, SpreadMove(sq("c3"), East, 1, 1), RuleWallBlocks, "d3 holds a wall, which cannot be covered"},
		{"capstone blocks", mid, SpreadMove(sq("c3"), North, 1), RuleCapstoneBlocks, "c4 holds a capstone"},
		{"wall blocks flat", mid, SpreadMove(sq("e3"), West, 1), RuleWallBlocks, "only a capstone can flatten"},
		{"cap not alone", setup(t, cfg5, White, 5, "a1=21C", "b1=2S", "e5=1"), SpreadMove(sq("a1"), East, 2), RuleWallBlocks, "alone, but 2 pieces"},
		{"zero drop", mid, Move{Type: Spread, Square: sq("c3"), Dir: South, Drops: [7]uint8{1, 0, 1}}, RuleBadDrops, "at least one piece"},
		{"no drops", mid, Move{Type: Spread, Square: sq("c3"), Dir: South}, RuleBadDrops, "at least one piece"},
		{"no caps in game", setup(t, DefaultConfig(4), White, 2, "a1=1", "b1=2"), PlaceMove(sq("c3"), Cap), RuleNoCapstones, "no capstones in this game"},
		{"cap used", mid, PlaceMove(sq("d1"), Cap), RuleNoCapstones, "white has no capstone left"},
		{"off board square", mid, PlaceMove(SquareAt(5, 0), Flat), RuleOffBoard, "not on the 5x5 board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.pos.Play(tt.move)
			if err == nil {
				t.Fatalf("%v accepted, want refusal", tt.move)
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %T is not a *MoveError", err)
			}
			if me.Rule != tt.rule {
				t.Errorf("rule = %d, want %d (%v)", me.Rule, tt.rule, err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
			if !IsRule(err, tt.rule) {
				t.Errorf("IsRule false")
			}
		})
	}
}

func mustNew(t testing.TB, cfg Config) *Position {
	t.Helper()
	p, err := NewPosition(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDescribeNamesSquaresInReaderNotation(t *testing.T) {
	p := setup(t, DefaultConfig(5), White, 3, "b4=1", "a1=2")
	_, err := p.Play(PlaceMove(sq("b4"), Flat))
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatal(err)
	}
	got := me.Describe(func(s Square) string {
		return strings.ToUpper(string(rune('a'+s.File()))) + string(rune('0'+5-s.Rank()))
	})
	if got != "B2 is occupied" {
		t.Errorf("Describe = %q", got)
	}
}

func TestSwapOpening(t *testing.T) {
	p := mustNew(t, DefaultConfig(5))
	p1, err := p.Play(PlaceMove(sq("a1"), Flat))
	if err != nil {
		t.Fatal(err)
	}
	if top, _ := p1.Top(sq("a1")); top != MakePiece(Black, Flat) {
		t.Errorf("white's first placement put %v, want a black flat", top)
	}
	if st, _ := p1.Reserves(Black); st != 20 {
		t.Errorf("black stones = %d, want 20 (the swap uses the opponent's stone)", st)
	}
	p2, err := p1.Play(PlaceMove(sq("e5"), Flat))
	if err != nil {
		t.Fatal(err)
	}
	if top, _ := p2.Top(sq("e5")); top != MakePiece(White, Flat) {
		t.Errorf("black's first placement put %v", top)
	}
	// third ply: white may now place walls and capstones of its own colour
	p3, err := p2.Play(PlaceMove(sq("c3"), Cap))
	if err != nil {
		t.Fatal(err)
	}
	if top, _ := p3.Top(sq("c3")); top != MakePiece(White, Cap) {
		t.Errorf("got %v", top)
	}
	if p3.MoveNumber() != 2 || p3.ToMove() != Black || p3.Ply() != 3 {
		t.Errorf("move %d ply %d to move %v", p3.MoveNumber(), p3.Ply(), p3.ToMove())
	}
}

func TestNoSwapOpening(t *testing.T) {
	p := mustNew(t, noSwap(5))
	p1, err := p.Play(PlaceMove(sq("a1"), Wall))
	if err != nil {
		t.Fatal(err)
	}
	if top, _ := p1.Top(sq("a1")); top != MakePiece(White, Wall) {
		t.Errorf("got %v", top)
	}
	if len(p.LegalMoves(nil)) != 25*3 {
		t.Errorf("no-swap first ply has %d moves, want 75", len(p.LegalMoves(nil)))
	}
}

func TestCrushFlattensWallOfEitherColour(t *testing.T) {
	for _, wall := range []string{"1S", "2S"} {
		p := setup(t, DefaultConfig(5), White, 5, "a1=2211C", "c1="+wall, "e5=2")
		m := SpreadMove(sq("a1"), East, 2, 1)
		if !p.IsCrush(m) {
			t.Errorf("IsCrush false for %v", m)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %v", wall, err)
		}
		got := q.Stack(sq("c1"))
		if len(got) != 2 || got[0].Kind() != Flat || got[1] != MakePiece(White, Cap) {
			t.Errorf("c1 = %v, want flattened wall under the white capstone", got)
		}
		if st := q.Stack(sq("b1")); len(st) != 2 || st[0] != MakePiece(Black, Flat) || st[1] != MakePiece(White, Flat) {
			t.Errorf("b1 = %v", st)
		}
		if st := q.Stack(sq("a1")); len(st) != 1 || st[0] != MakePiece(Black, Flat) {
			t.Errorf("a1 = %v", st)
		}
	}
}

func TestTallStacksBeyond64(t *testing.T) {
	cfg := DefaultConfig(8)
	cfg.Stones = [2]int{80, 40}
	cfg.Caps = [2]int{1, 1}
	var b strings.Builder
	for i := 0; i < 99; i++ {
		b.WriteByte("12"[i%3%2])
	}
	b.WriteString("1C")
	p := setup(t, cfg, White, 60, "a1="+b.String(), "h8=2")
	want := p.Stack(sq("a1"))
	if len(want) != 100 {
		t.Fatalf("height %d", len(want))
	}
	q, err := p.Play(SpreadMove(sq("a1"), North, 1, 2, 3, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if q.Height(sq("a1")) != 92 {
		t.Errorf("a1 height %d", q.Height(sq("a1")))
	}
	rest := q.Stack(sq("a1"))
	for i := range rest {
		if rest[i].Color() != want[i].Color() {
			t.Fatalf("piece %d changed colour", i)
		}
	}
	carried := want[92:]
	drops := []int{1, 2, 3, 1, 1}
	k := 0
	for i, d := range drops {
		st := q.Stack(SquareAt(0, i+1))
		if len(st) != d {
			t.Fatalf("a%d height %d want %d", i+2, len(st), d)
		}
		for j := range st {
			if st[j].Color() != carried[k].Color() {
				t.Errorf("a%d piece %d colour mismatch", i+2, j)
			}
			k++
		}
	}
	if top, _ := q.Top(sq("a6")); top != MakePiece(White, Cap) {
		t.Errorf("cap did not arrive on a6: %v", top)
	}
}

func TestRoadWins(t *testing.T) {
	cfg := DefaultConfig(5)
	// White completes the a-file road.
	p := setup(t, cfg, White, 10, "a1=1", "a2=1", "a3=1", "a4=1", "c3=2", "c4=2", "d4=2")
	q, err := p.Play(PlaceMove(sq("a5"), Flat))
	if err != nil {
		t.Fatal(err)
	}
	r := q.Result()
	if r.Reason != RoadEnd || r.Winner != White || r.PTN() != "R-0" {
		t.Fatalf("result %+v", r)
	}
	if len(r.Road) != 5 || r.Road[0] != sq("a1") || r.Road[4] != sq("a5") {
		t.Errorf("road %v", r.Road)
	}
	if _, err := q.Play(PlaceMove(sq("e1"), Flat)); !IsRule(err, RuleGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if q.LegalMoves(nil) != nil || q.CountMoves() != 0 || q.Perft(1) != 0 {
		t.Error("finished game still has moves")
	}
	// A wall does not count, a capstone does.
	p = setup(t, cfg, White, 10, "a1=1", "a2=1S", "a3=1", "a4=1", "c3=2", "c4=2", "d4=2")
	if q, _ = p.Play(PlaceMove(sq("a5"), Flat)); q.Over() {
		t.Error("road through a wall")
	}
	p = setup(t, cfg, White, 10, "a1=1", "a2=1C", "a3=1", "a4=1", "c3=2", "c4=2", "d4=2")
	if q, _ = p.Play(PlaceMove(sq("a5"), Flat)); !q.Over() {
		t.Error("capstone not counted in road")
	}
	// Diagonals do not connect.
	p = setup(t, cfg, White, 10, "a1=1", "b2=1", "c3=1", "d4=1", "c5=2", "d5=2", "b4=2")
	if q, _ = p.Play(PlaceMove(sq("e5"), Flat)); q.Over() {
		t.Error("diagonal road")
	}
}

func TestDoubleRoadGoesToMover(t *testing.T) {
	// Black moves the white-topped... rather: white spreads a stack so that it
	// completes its own row-1 road and uncovers a black road on row 2.
	cfg := DefaultConfig(5)
	p := setup(t, cfg, White, 20,
		"a1=1", "b1=1", "c1=1", "d1=1",
		"a2=2", "b2=2", "c2=2", "d2=2", "e2=21",
		"c4=1", "c5=2")
	q, err := p.Play(SpreadMove(sq("e2"), South, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !q.HasRoad(White) || !q.HasRoad(Black) {
		t.Fatalf("want both roads: white %v black %v", q.HasRoad(White), q.HasRoad(Black))
	}
	if r := q.Result(); r.Winner != White || r.Reason != RoadEnd {
		t.Errorf("double road won by %v, want the mover", r.Winner)
	}
	// Uncovering only the opponent's road loses.
	p = setup(t, cfg, White, 20, "a2=2", "b2=2", "c2=2", "d2=2", "e2=21", "a5=1")
	q, err = p.Play(SpreadMove(sq("e2"), North, 1))
	if err != nil {
		t.Fatal(err)
	}
	if r := q.Result(); r.Winner != Black || r.Reason != RoadEnd || r.PTN() != "0-R" {
		t.Errorf("result %+v", r)
	}
}

func TestFlatEnds(t *testing.T) {
	// 3x3 filled on the last placement.
	cfg := noSwap(3)
	cells := []string{"a1=1", "b1=2", "c1=1", "a2=2", "b2=1S", "c2=2", "a3=2", "b3=1"}
	p := setup(t, cfg, White, 5, cells...)
	q, err := p.Play(PlaceMove(sq("c3"), Wall))
	if err != nil {
		t.Fatal(err)
	}
	r := q.Result()
	// flats: white a1 c1 b3 = 3; black b1 a2 c2 a3 = 4
	if r.Reason != FlatsEnd || r.Winner != Black || r.Flats != [2]int{3, 4} || r.PTN() != "0-F" {
		t.Errorf("result %+v", r)
	}

	// komi: 3 flats against 2 + 1.5 komi: black wins; against 2 + 1: draw.
	for _, tc := range []struct {
		komi Komi
		want string
	}{{0, "F-0"}, {2, "1/2-1/2"}, {3, "0-F"}, {1, "F-0"}} {
		c := noSwap(3)
		c.Komi = tc.komi
		p := setup(t, c, White, 5, "a1=1", "b1=2", "c1=1", "a2=2", "b2=1S", "c2=2S", "a3=2S", "b3=1")
		q, err := p.Play(PlaceMove(sq("c3"), Wall))
		if err != nil {
			t.Fatal(err)
		}
		if got := q.Result().PTN(); got != tc.want {
			t.Errorf("komi %v: %s, want %s (%v)", tc.komi, got, tc.want, q.Result())
		}
	}

	// Modegan: a draw goes to Black.
	// White places its last stone: 2 flats each, a draw on the count.
	mc, _ := ModeganConfig(4)
	mc.Stones = [2]int{2, 5}
	mc.Caps = [2]int{0, 1}
	p = setup(t, mc, White, 3, "a1=1", "b1=2", "c1=2")
	q, err = p.Play(PlaceMove(sq("d4"), Flat))
	if err != nil {
		t.Fatal(err)
	}
	r = q.Result()
	if r.Reason != FlatsEnd || r.Winner != Black || !r.DrawAwarded || r.PTN() != "0-F" {
		t.Errorf("modegan draw: %+v", r)
	}

	// Running out of pieces ends the game even with empty squares.
	c := DefaultConfig(5)
	c.Stones = [2]int{3, 3}
	c.Caps = [2]int{0, 0}
	p = setup(t, c, White, 3, "a1=1", "b1=1", "c1=2", "d1=2")
	q, _ = p.Play(PlaceMove(sq("e5"), Flat))
	if r := q.Result(); r.Reason != FlatsEnd || r.Winner != White || r.Reserves[White].Total() != 0 {
		t.Errorf("reserve end: %+v", r)
	}
}

func TestRoadInOne(t *testing.T) {
	p := setup(t, DefaultConfig(5), Black, 8, "a1=1", "a2=1", "a3=1", "a4=1", "c3=2", "c4=2", "e1=2")
	threats := p.RoadInOne(White)
	want := map[Move]bool{PlaceMove(sq("a5"), Flat): true, PlaceMove(sq("a5"), Cap): true, SpreadMove(sq("a4"), North, 1): false}
	found := map[Move]bool{}
	for _, m := range threats {
		found[m] = true
	}
	for m, in := range want {
		if found[m] != in {
			t.Errorf("%v in road-in-one = %v, want %v", m, found[m], in)
		}
	}
	if len(p.RoadInOne(Black)) != 0 {
		t.Error("black has no threat")
	}
}

func TestScoring(t *testing.T) {
	cfg := DefaultConfig(5)
	// straight low road on file a, capstone unplayed: white has 21-5=16 stones + 1 cap.
	p := setup(t, cfg, White, 10, "a1=1", "a2=1", "a3=1", "a4=1", "c3=2", "c4=2", "d4=2")
	q, _ := p.Play(PlaceMove(sq("a5"), Flat))
	r := q.Result()
	cases := []struct {
		rules string
		want  int
	}{
		{"standard", 25 + 17},
		{"tenboard", 10 + 17},
		{"downings", 25 + 34},
		{"tarway", 25 + 34},
		{"middletown", 25 + 34},
		{"bigmiddle", 50 + 34},
		{"downings+tarway+tenboard", 10 + 17*4},
	}
	for _, c := range cases {
		rules, err := ParseScoringRules(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if got := Score(q, r, rules); got != c.want {
			t.Errorf("%s: %d, want %d (%+v)", c.rules, got, c.want, ScoreDetails(q, r, rules))
		}
		if rules.String() != c.rules {
			t.Errorf("String = %q, want %q", rules.String(), c.rules)
		}
	}
	if _, err := ParseScoringRules("vegas"); err == nil {
		t.Error("unknown rule accepted")
	}
	if Score(q, q.AgreedDraw(), 0) != 0 {
		t.Error("a draw scores")
	}
}

func TestTarwayHighRoad(t *testing.T) {
	cfg := DefaultConfig(4)
	cfg.Opening = NoSwapOpening
	// The road a1-a4 has stacks of 2, 2, 2 and 1: neither low nor high.
	p := setup(t, cfg, White, 10, "a1=21", "a2=21", "a3=21", "b4=21", "d1=2")
	q, err := p.Play(SpreadMove(sq("b4"), West, 1))
	if err != nil {
		t.Fatal(err)
	}
	r := q.Result()
	if r.Winner != White || r.Reason != RoadEnd {
		t.Fatalf("%+v", r)
	}
	d := ScoreDetails(q, r, Tarway)
	if d.PieceFactor != 1 {
		t.Errorf("mixed road got factor %d", d.PieceFactor)
	}
	// Now a4 holds a black flat first: every stack of the straight road is two high.
	p = setup(t, cfg, White, 10, "a1=21", "a2=21", "a3=21", "a4=2", "b4=21", "d1=2")
	q, err = p.Play(SpreadMove(sq("b4"), West, 1))
	if err != nil {
		t.Fatal(err)
	}
	if d := ScoreDetails(q, q.Result(), Tarway|Downings); d.PieceFactor != 6 {
		t.Errorf("straight high road factor %d, want 6 (%v)", d.PieceFactor, d.Notes)
	}
}

func TestConfigs(t *testing.T) {
	for size := MinSize; size <= MaxSize; size++ {
		if err := DefaultConfig(size).Validate(); err != nil {
			t.Errorf("size %d: %v", size, err)
		}
	}
	bad := []Config{DefaultConfig(2), DefaultConfig(9), {Size: 5, Stones: [2]int{70, 70}}, {Size: 5, Stones: [2]int{-1, 5}}}
	for _, c := range bad {
		if err := c.Validate(); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if _, err := ModeganConfig(7); err == nil {
		t.Error("modegan 7x7 accepted")
	}
	m, _ := ModeganConfig(4)
	if m.Caps != [2]int{1, 1} || m.Opening != NoSwapOpening {
		t.Errorf("modegan %+v", m)
	}
	if _, err := AdemConfig(21); err == nil {
		t.Error("adem 21 accepted")
	}
	a, _ := AdemConfig(24)
	if a.Caps != [2]int{} || a.Stones != [2]int{24, 24} || a.Size != 5 {
		t.Errorf("adem %+v", a)
	}
	// per-player overrides
	c := DefaultConfig(6)
	c.Stones[Black] = 31
	c.Caps[White] = 2
	p := mustNew(t, c)
	if st, cp := p.Reserves(White); st != 30 || cp != 2 {
		t.Errorf("white reserves %d/%d", st, cp)
	}
	if st, _ := p.Reserves(Black); st != 31 {
		t.Errorf("black stones %d", st)
	}
	for _, k := range []struct {
		in   string
		want Komi
		out  string
	}{{"0", 0, "0"}, {"2", 4, "2"}, {"2.5", 5, "2.5"}, {"-0.5", -1, "-0.5"}} {
		got, err := ParseKomi(k.in)
		if err != nil || got != k.want || got.String() != k.out {
			t.Errorf("komi %q = %v (%v) %q", k.in, got, err, got.String())
		}
	}
	if _, err := ParseKomi("2.3"); err == nil {
		t.Error("komi 2.3 accepted")
	}
}

// TestGeneratorAgreesWithChecker plays random games on every size and, at
// every position, checks that the generated moves are exactly the moves the
// checker accepts among every syntactically possible move, and that the
// count without generation agrees.
func TestGeneratorAgreesWithChecker(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 2
	if testing.Short() {
		games = 1
	}
	for size := MinSize; size <= MaxSize; size++ {
		for g := 0; g < games; g++ {
			p := mustNew(t, DefaultConfig(size))
			for ply := 0; ply < 120 && !p.Over(); ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) != p.CountMoves() {
					t.Fatalf("count %d != %d moves", p.CountMoves(), len(legal))
				}
				set := map[Move]bool{}
				for _, m := range legal {
					if set[m] {
						t.Fatalf("duplicate move %v", m)
					}
					set[m] = true
				}
				for _, m := range allCandidates(size) {
					if ply%5 != 0 {
						break
					}
					if m.Type == Spread && p.Height(m.Square) == 0 {
						continue
					}
					if err := p.Check(m); (err == nil) != set[m] {
						t.Fatalf("size %d ply %d: %v: check %v, generated %v", size, ply, m, err, set[m])
					}
				}
				if len(legal) == 0 {
					break
				}
				next, err := p.Play(legal[rng.Intn(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				p = next
			}
		}
	}
}

var candidateCache = map[int][]Move{}

// allCandidates lists every placement and every stack move shape that fits
// on an empty board of the given size.
func allCandidates(size int) []Move {
	if c, ok := candidateCache[size]; ok {
		return c
	}
	var out []Move
	for _, s := range geometries[size].squareList {
		for k := Flat; k <= Cap; k++ {
			out = append(out, PlaceMove(s, k))
		}
		for d := North; d <= West; d++ {
			for n := 1; n <= size+1; n++ {
				for k := 1; k <= n && k < MaxSize; k++ {
					if n > MaxSize {
						continue
					}
					for _, drops := range compositions[n][k] {
						out = append(out, Move{Type: Spread, Square: s, Dir: d, Drops: drops})
					}
				}
			}
		}
	}
	candidateCache[size] = out
	return out
}
