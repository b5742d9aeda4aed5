package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/tak"
)

func TestTPS(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", "x5/x2,2S,x2/x2,121,x2/x5/x5 1 4"},
		{"x,x,x/x3/x,x2 1 1", "x3/x3/x3 1 1"},
		{"  [TPS \"x3/x3/x3 2 5\"] ", "x3/x3/x3 2 5"},
		{"x5/x5/x2,121212C,x2/1,x4/1,x4 2 7", "x5/x5/x2,121212C,x2/1,x4/1,x4 2 7"},
		{"2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42",
			"2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42"},
		{"x8/x8/x8/x8/x8/x8/x8/x7,1 2 1", "x8/x8/x8/x8/x8/x8/x8/x7,1 2 1"},
	} {
		p, err := ParseTPS(tc.in, tak.Config{})
		if err != nil {
			t.Errorf("ParseTPS(%q): %v", tc.in, err)
			continue
		}
		if got := FormatTPS(p); got != tc.want {
			t.Errorf("FormatTPS(ParseTPS(%q)) = %q, want %q", tc.in, got, tc.want)
		}
	}
	p, err := ParseTPS("x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ws, wc := p.Reserves(tak.White)
	bs, bc := p.Reserves(tak.Black)
	top, _ := p.Top(sq("c4"))
	if ws != 19 || wc != 1 || bs != 19 || bc != 1 || p.ToMove() != tak.White || p.MoveNumber() != 4 ||
		top != tak.MakePiece(tak.Black, tak.Wall) || p.Height(sq("c3")) != 3 {
		t.Errorf("reserves %d/%d %d/%d, to move %v, move %d, c4 %v, c3 height %d", ws, wc, bs, bc, p.ToMove(), p.MoveNumber(), top, p.Height(sq("c3")))
	}
	// a configuration with komi and other reserves
	cfg := tak.DefaultConfig(5)
	cfg.Komi, cfg.Stones = 4, [2]int{25, 25}
	p, err = ParseTPS("x5/x5/x5/x5/x4,1 2 1", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Reserves(tak.White); s != 24 || p.Config().Komi != 4 {
		t.Errorf("white stones %d, komi %v", s, p.Config().Komi)
	}
}

func TestTPSErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		size   int
		msg    string
		syntax bool
	}{
		{"", 0, "TPS needs three fields", true},
		{"x5/x5/x5/x5/x5 1", 0, "TPS needs three fields", true},
		{"x5/x5 1 1", 0, "TPS has 2 rows: the board size must be between 3 and 8", true},
		{"x5/x5/x5/x5/x5 3 1", 0, `side to move "3" must be 1 or 2`, true},
		{"x5/x5/x5/x5/x5 1 0", 0, `move number "0" must be a whole number from 1`, true},
		{"x5/x4/x5/x5/x5 1 1", 0, "TPS row 2 (rank 4) has 4 squares, expected 5", true},
		{"x5/x5,1/x5/x5/x5 1 1", 0, "TPS row 2 (rank 4) has 6 squares, expected 5", true},
		{"x5/x3,,x/x5/x5/x5 1 1", 0, "has an empty square entry", true},
		{"x5/1S2,x4/x5/x5/x5 1 1", 0, `"1S2": S may only follow the top piece`, true},
		{"x5/S,x4/x5/x5/x5 1 1", 0, `"S": S may only follow the top piece`, true},
		{"x5/13,x4/x5/x5/x5 1 1", 0, `unexpected "3" in TPS stack "13"`, true},
		{"x5/xx,x4/x5/x5/x5 1 1", 0, `"xx" in TPS row 2 is not a run of empty squares`, true},
		{"x5/x5/x5/x5/x5 1 1", 6, "the TPS board is 5x5 but the game is 6x6", true},
		{"x3/x3/1C,x2 1 2", 0, "more capstone on the board than the game gives", false},
		{"[TPS x3/x3/x3 1 1]", 0, "is not a TPS tag", true},
	} {
		cfg := tak.Config{}
		if tc.size != 0 {
			cfg = tak.DefaultConfig(tc.size)
		}
		_, err := ParseTPS(tc.in, cfg)
		var se *SyntaxError
		if err == nil || !strings.Contains(err.Error(), tc.msg) || errors.As(err, &se) != tc.syntax {
			t.Errorf("ParseTPS(%q) error %v, want %q (syntax error: %v)", tc.in, err, tc.msg, tc.syntax)
		}
	}
}

func TestSyncBoard(t *testing.T) {
	// The example of the Tak by Mail rules.
	size, stacks, err := ParseSyncBoard("cSS 0 sSSs\nS SssSS w\nWsss 0 0\n")
	if err != nil || size != 3 {
		t.Fatalf("ParseSyncBoard = %d, %v", size, err)
	}
	w, b := tak.White, tak.Black
	f := func(c tak.Color) tak.Piece { return tak.MakePiece(c, tak.Flat) }
	want := map[string]tak.Stack{
		"a3": {f(b), f(b), tak.MakePiece(w, tak.Cap)},
		"c3": {f(w), f(b), f(b), f(w)},
		"a2": {f(b)},
		"b2": {f(b), f(b), f(w), f(w), f(b)},
		"c2": {tak.MakePiece(w, tak.Wall)},
		"a1": {f(w), f(w), f(w), tak.MakePiece(b, tak.Wall)},
	}
	if len(stacks) != len(want) {
		t.Errorf("got %d stacks, want %d: %v", len(stacks), len(want), stacks)
	}
	for name, st := range want {
		if got := stacks[sq(name)]; !equalStacks(got, st) {
			t.Errorf("%s: got %v, want %v", name, got, st)
		}
	}
	// whitespace and blank lines are tolerated
	size, stacks, err = ParseSyncBoard("\n\n   0   0 0\n\n0\t0  0   \r\n0 0 0\n\n")
	if err != nil || size != 3 || len(stacks) != 0 {
		t.Errorf("empty board: %d, %v, %v", size, stacks, err)
	}
	for _, tc := range []struct{ in, msg string }{
		{"", "the board has 0 rows: it must have between 3 and 8"},
		{"0 0\n0 0", "the board has 2 rows"},
		{"0 0 0\n0 0\n0 0 0", "row 2 has 2 squares, but the board has 3 rows: a 3x3 board needs 3 squares in every row"},
		{"0 0 0 0\n0 0 0\n0 0 0", "row 1 has 4 squares"},
		{"0 0 0\n0 sW 0\n0 0 0", `B2 (row 2, square 2): "sW" has a wall below the top; a wall or capstone can only be the first (top) letter`},
		{"0 0 0\n0 0 0\nsc 0 0", `A3 (row 3, square 1): "sc" has a capstone below the top`},
		{"0 0 0\n0 0 0\n0 0 sx", `C3 (row 3, square 3): unexpected "x" in "sx"`},
		{"0 0 0\n0 0 00\n0 0 0", `unexpected "0" in "00"`},
	} {
		_, _, err := ParseSyncBoard(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseSyncBoard(%q) error %v, want %q", tc.in, err, tc.msg)
		}
	}
	p, err := ParseTPS("x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := FormatSyncBoard(p), "0 0 0 0 0\n0 0 W 0 0\n0 0 sSs 0 0\n0 0 0 0 0\n0 0 0 0 0\n"; got != want {
		t.Errorf("FormatSyncBoard = %q, want %q", got, want)
	}
}

func equalStacks(a, b tak.Stack) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSyncBoardOneLine(t *testing.T) {
	size, stacks, err := ParseSyncBoard("cSS 0 sSSs / S SssSS w / Wsss 0 0")
	if err != nil || size != 3 || len(stacks) != 6 {
		t.Fatalf("ParseSyncBoard one line = %d, %d stacks, %v", size, len(stacks), err)
	}
	if got := formatSyncStacks(size, stacks); got != "cSS 0 sSSs\nS SssSS w\nWsss 0 0\n" {
		t.Errorf("written back as %q", got)
	}
}

func TestSyncBoardSize(t *testing.T) {
	// The example of the Tak by Mail rules, read as a 3x3 game's board.
	stacks, err := ParseSyncBoardSize("cSS 0 sSSs\nS SssSS w\nWsss 0 0\n", 3)
	if err != nil || formatSyncStacks(3, stacks) != "cSS 0 sSSs\nS SssSS w\nWsss 0 0\n" {
		t.Fatalf("ParseSyncBoardSize = %v, %v", stacks, err)
	}
	long := strings.Repeat("#", 5000)
	row5 := "0 0 0 0 0\n"
	for _, tc := range []struct {
		name string
		in   string
		size int
		msg  string
		kind SyntaxKind
	}{
		{"short row", row5 + "0\n" + row5 + row5 + row5, 5, "row 2 has 1 square; a 5x5 board needs 5 squares in every row", KindSyncBoard},
		{"long row", row5 + row5 + row5 + "0 0 0 0 0 0\n" + row5, 5, "row 4 has 6 squares; a 5x5 board needs 5 squares in every row", KindSyncBoard},
		{"too few rows", row5 + row5 + row5 + row5, 5, "the board has 4 rows; a 5x5 board has 5 (north row first)", KindSyncBoard},
		{"too many rows", strings.Repeat(row5, 6), 5, "the board has 6 rows; a 5x5 board has 5 (north row first)", KindSyncBoard},
		{"one row", "0 0 0", 4, "the board has 1 row; a 4x4 board has 4 (north row first)", KindSyncBoard},
		{"empty", "", 3, "the board has 0 rows; a 3x3 board has 3 (north row first)", KindSyncBoard},
		{"a 3x3 board for a 5x5 game", "0 0 0\n0 0 0\n0 0 0", 5, "the board has 3 rows; a 5x5 board has 5", KindSyncBoard},
		{"bad letter", row5 + row5 + "0 0 0 sx 0\n" + row5 + row5, 5, `D3 (row 3, square 4): unexpected "x" in "sx"`, KindSyncBoard},
		{"bad letter north-west", "X 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0", 4, `A1 (row 1, square 1): unexpected "X" in "X"`, KindSyncBoard},
		{"wall below", "0 0 0\n0 0 0\n0 0 sW", 3, `C3 (row 3, square 3): "sW" has a wall below the top`, KindSyncBoard},
		{"non-ASCII letter", "0 0 0\n0 é 0\n0 0 0", 3, `B2 (row 2, square 2): unexpected "é" in "é"`, KindSyncBoard},
		{"garbage square", "0 0 0\n0 0 0\n0 0 s" + long, 3, `C3 (row 3, square 3): unexpected "#" in "s##################…"`, KindSyncBoard},
		{"garbage row", long + "\n0 0 0\n0 0 0", 3, `row 1 has 1 square; a 3x3 board needs 3 squares in every row`, KindSyncBoard},
		{"tall stack", "0 0 0\n0 0 0\n0 0 " + strings.Repeat("s", 200), 3, `C3 (row 3, square 3): "sssssssssssssssssss…" is a stack of more than 128 pieces, more than any game has`, KindSyncBoard},
		{"bad size", "0 0", 2, "board size 2 is not between 3 and 8", KindBoardSize},
	} {
		_, err := ParseSyncBoardSize(tc.in, tc.size)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) || se.Kind != tc.kind {
			t.Errorf("%s: error %v, want %v with %q", tc.name, err, tc.kind, tc.msg)
		}
		if err != nil && len(err.Error()) > 160 {
			t.Errorf("%s: error of %d bytes: %.200s", tc.name, len(err.Error()), err)
		}
	}
	// The size-free reader follows the same rules.
	for _, tc := range []struct{ in, msg string }{
		{long, "the board has 1 row: it must have between 3 and 8, one line per row (north row first)"},
		{"0 0 0\n0 0 0\n0 0 s" + long, `C3 (row 3, square 3): unexpected "#" in "s##################…"`},
		{"0 0 0 0\n0 0 0\n0 0 0", "row 1 has 4 squares, but the board has 3 rows: a 3x3 board needs 3 squares in every row"},
	} {
		_, _, err := ParseSyncBoard(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.msg) || len(err.Error()) > 160 {
			t.Errorf("ParseSyncBoard(%.30q) error %v, want %q", tc.in, err, tc.msg)
		}
	}
}
