package notation

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/tak"
)

// fuzzSize maps any byte to a board size from 3 to 8.
func fuzzSize(b uint8) int { return tak.MinSize + int(b)%(tak.MaxSize-tak.MinSize+1) }

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "C3", " h8 ", "b9", "", "z1", "a", "é1"} {
		f.Add(s, uint8(2), false)
		f.Add(s, uint8(5), true)
	}
	f.Fuzz(func(t *testing.T, s string, sizeByte uint8, mail bool) {
		size, o := fuzzSize(sizeByte), PTN
		if mail {
			o = Mail
		}
		sq, err := ParseSquare(s, size, o)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		if !sq.OnBoard(size) {
			t.Fatalf("ParseSquare(%q, %d) = %v, off the board", s, size, sq)
		}
		name := SquareName(sq, size, o)
		if back, err := ParseSquare(name, size, o); err != nil || back != sq {
			t.Fatalf("ParseSquare(%q) = %v, %v; want %v", name, back, err, sq)
		}
	})
}

var moveSeeds = []string{
	"c3", "Sc3", "Cc3", "Fc3", "a1+", "3c3>12", "3c3+", "4a4→112", "a1↑", "c3↓", "c3←",
	"3b4>111*", "c3'", "c3''!?", "c3’", "c3”??", "c3″", "6a1+", "e3>", "3c3>22", "b9", "",
	"ps b4", "pw a1", "pc c3", "ms b2 p3 2 1", "mn a5 p1 1", "ms b2 g3 2 1 t", "MS B2", "mx b2",
	"ms b2 p3 21", "ms b2 p", "p", "m", "8a1>1111112",
}

// fuzzMoveParser checks a move parser: no panic, a move on the board, and
// its written form reads back to the same value.
func fuzzMoveParser(f *testing.F, parse func(string, int) (ParsedMove, error), format func(ParsedMove, int) string) {
	for _, s := range moveSeeds {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, s string, sizeByte uint8) {
		size := fuzzSize(sizeByte)
		pm, err := parse(s, size)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		checkMoveShape(t, s, pm.Move, size)
		out := format(pm, size)
		if back, err := parse(out, size); err != nil || back != pm {
			t.Fatalf("%q reads as %+v; its form %q reads back as %+v, %v", s, pm, out, back, err)
		}
	})
}

// formatEither writes a parsed move in the notation it was read in.
func formatEither(pm ParsedMove, size int) string {
	if pm.Notation == Mail {
		return formatParsedMail(pm, size)
	}
	return formatParsedPTN(pm, nil)
}

func FuzzParsePTNMove(f *testing.F)  { fuzzMoveParser(f, ParsePTNMove, formatEither) }
func FuzzParseMailMove(f *testing.F) { fuzzMoveParser(f, ParseMailMove, formatEither) }
func FuzzParseMove(f *testing.F)     { fuzzMoveParser(f, ParseMove, formatEither) }

// checkMoveShape checks that a parsed move lies on the board and respects
// the carry limit.
func checkMoveShape(t *testing.T, in string, m tak.Move, size int) {
	t.Helper()
	if !m.Square.OnBoard(size) {
		t.Fatalf("%q: square %v is off the %dx%d board", in, m.Square, size, size)
	}
	if m.Type == tak.Spread && (m.Carry() < 1 || m.Carry() > size || len(m.Path(size)) != m.Distance()) {
		t.Fatalf("%q: bad stack move %+v on %dx%d", in, m, size, size)
	}
}

func FuzzParseTPS(f *testing.F) {
	for _, s := range []string{
		"x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", "x,x,x/x3/x3 1 1", "[TPS \"x3/x3/x3 2 5\"]",
		"x5/x5/x2,121212C,x2/1,x4/1,x4 2 7", "x3/x3/1C,x2 1 2", "x5/x5 1 1", "x4/x4/x4/x4 1 0",
		"2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseTPS(s, tak.Config{})
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		out := FormatTPS(p)
		q, err := ParseTPS(out, tak.Config{})
		if err != nil || FormatTPS(q) != out || !q.SameBoard(p) || q.ToMove() != p.ToMove() || q.Ply() != p.Ply() {
			t.Fatalf("ParseTPS(%q) wrote %q, which reads back as %v", s, out, err)
		}
	})
}

// syncSamples reads the sync boards of testdata/syncboards.txt: blocks
// separated by lines of ---, after a header of # lines.
func syncSamples(tb testing.TB) []string {
	tb.Helper()
	data, err := os.ReadFile("testdata/syncboards.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for i, block := range strings.Split(string(data), "---\n") {
		if i > 0 {
			out = append(out, block)
		}
	}
	if len(out) < 10 {
		tb.Fatalf("testdata/syncboards.txt has %d boards", len(out))
	}
	return out
}

// syncSeeds are hand-made boards that are wrong or unusual.
var syncSeeds = []string{
	"\n 0  0 0 \n\n0 0 0\r\n0 0 0\n\n", "0 0 0\n0 sW 0\n0 0 0", "0 0\n0 0", "s s s s\nS S S S\nw W c C\n0 0 0 0",
	"0 0 0\n0 é 0\n0 0 0", "0 0 0 / 0 0 / 0 0 0", "0 0 0\n0 0 0\n0 0 s#########################",
}

// checkSyntaxError checks an error from a parser: a *SyntaxError has a
// kind, and no message is long, whatever the input.
func checkSyntaxError(t *testing.T, in string, err error) {
	t.Helper()
	var se *SyntaxError
	if errors.As(err, &se) && se.Kind == KindUnknown {
		t.Fatalf("%q: syntax error without a kind: %v", in, err)
	}
	if len(err.Error()) > 300 {
		t.Fatalf("%q: error of %d bytes: %v", in, len(err.Error()), err)
	}
}

func FuzzParseSyncBoard(f *testing.F) {
	for _, s := range append(syncSamples(f), syncSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		size, stacks, err := ParseSyncBoard(s)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		out := formatSyncStacks(size, stacks)
		size2, stacks2, err := ParseSyncBoard(out)
		if err != nil || size2 != size || formatSyncStacks(size2, stacks2) != out {
			t.Fatalf("ParseSyncBoard(%q) wrote %q, which reads back as %d, %v", s, out, size2, err)
		}
		for sq, st := range stacks {
			if !sq.OnBoard(size) || len(st) == 0 || !equalStacks(st, stacks2[sq]) {
				t.Fatalf("ParseSyncBoard(%q): stack %v on %v", s, st, sq)
			}
		}
	})
}

// FuzzParseSyncBoardSize checks the reader of a board of known size: it
// agrees with ParseSyncBoard on every board of that size, refuses every
// other, and its errors have a kind and stay short.
func FuzzParseSyncBoardSize(f *testing.F) {
	for _, s := range append(syncSamples(f), syncSeeds...) {
		f.Add(s, uint8(0))
		f.Add(s, uint8(2))
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, sizeByte uint8) {
		size := fuzzSize(sizeByte)
		stacks, err := ParseSyncBoardSize(s, size)
		n, want, werr := ParseSyncBoard(s)
		if err != nil {
			checkSyntaxError(t, s, err)
			if werr == nil && n == size {
				t.Fatalf("ParseSyncBoardSize(%q, %d): %v; ParseSyncBoard reads it", s, size, err)
			}
			return
		}
		if werr != nil || n != size {
			t.Fatalf("ParseSyncBoardSize(%q, %d) reads it; ParseSyncBoard gives %d, %v", s, size, n, werr)
		}
		if formatSyncStacks(size, stacks) != formatSyncStacks(size, want) {
			t.Fatalf("ParseSyncBoardSize(%q, %d) = %v; ParseSyncBoard %v", s, size, stacks, want)
		}
	})
}

func FuzzReadPTN(f *testing.F) {
	for _, s := range []string{
		"[Size \"5\"]\n\n1. a1 e5\n2. b1 {c} e4 R-0\n",
		"[Size \"5\"]\n[TPS \"x5/x5/x,1C,2S,x2/x5/x5 2 3\"]\n3. -- a1\n4. b3>* a2’ 0-1",
		"[Size \"6\"]\n1.a6 f1 2.f5 2...f4 {multi\nline} 3. f5- 1/2-1/2\n[Size \"6\"] 1. a1 zz9",
		"{only a comment}", "[A \"x\\\"y\\\\\"]", "1-0 0-1 F-0", "[Size \"3\"] 1. a1 c3 2. 6a1+",
		"[Size \"5\"\n", "1. a1 {open",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := ReadPTN(bytes.NewReader(data))
		if err != nil {
			checkSyntaxError(t, string(data), err)
			return
		}
		var buf bytes.Buffer
		for _, g := range games {
			if err := WritePTN(&buf, g); err != nil {
				t.Fatal(err)
			}
			buf.WriteByte('\n')
			if _, err := g.Replay(); err != nil {
				checkSyntaxError(t, string(data), err)
			}
		}
		out := buf.String()
		again, err := ReadPTN(strings.NewReader(out))
		if err != nil {
			t.Fatalf("ReadPTN(%q) wrote %q, which does not read back: %v", data, out, err)
		}
		if msg := sameGames(games, again); msg != "" {
			t.Fatalf("ReadPTN(%q) wrote %q, which reads back differently: %s", data, out, msg)
		}
	})
}

// formatParsedMail writes a parsed move as a mail command, with "t" when it
// calls Tak.
func formatParsedMail(pm ParsedMove, size int) string {
	s := FormatMail(pm.Move, size)
	if pm.TakCall {
		s += " t"
	}
	return s
}
