package notation

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/takbymail/takbot/tak"
)

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"", 5, ""},
		{"short", 5, "short"},
		{"longer", 5, "long…"},
		{"ééééééé", 3, "éé…"},
		{"abc", 0, "…"},
		{"abc", -2, "…"},
		{"ab", 1, "…"},
		{"a", 1, "a"},
		{"a\xffbcdef", 3, "a\xff…"},
	} {
		if got := Excerpt(tc.in, tc.n); got != tc.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
	long := strings.Repeat("x", 5000)
	if got := Excerpt(long, 20); utf8.RuneCountInString(got) != 20 || !strings.HasSuffix(got, "…") {
		t.Errorf("Excerpt of 5000 runes = %q", got)
	}
}

// Each of these reads text with one parser and returns its error.
func moveErr(size int) func(string) error {
	return func(s string) error { _, err := ParseMove(s, size); return err }
}

func squareErr(size int) func(string) error {
	return func(s string) error { _, err := ParseSquare(s, size, Mail); return err }
}

func syncSizeErr(size int) func(string) error {
	return func(s string) error { _, err := ParseSyncBoardSize(s, size); return err }
}

func tpsErr(s string) error     { _, err := ParseTPS(s, tak.Config{}); return err }
func syncErr(s string) error    { _, _, err := ParseSyncBoard(s); return err }
func ptnFileErr(s string) error { _, err := ReadPTN(strings.NewReader(s)); return err }

// TestSyntaxKinds runs each parser on a bad input and checks the error's kind.
func TestSyntaxKinds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parse func(string) error
		in    string
		want  SyntaxKind
	}{
		{"carry limit PTN", moveErr(5), "6c3>", KindCarryLimit},
		{"carry limit mail", moveErr(5), "ms b2 p6 3 3", KindCarryLimit},
		{"carry limit from drops", moveErr(3), "a1>22", KindCarryLimit},
		{"off board PTN", moveErr(5), "b9", KindOffBoard},
		{"off board mail", moveErr(5), "ps z1", KindOffBoard},
		{"off board file", moveErr(5), "f1", KindOffBoard},
		{"path off board", moveErr(5), "3e1>12", KindOffBoard},
		{"path off board mail", moveErr(5), "me e5 p2 1 1", KindOffBoard},
		{"square off board", squareErr(5), "a6", KindOffBoard},
		{"malformed square", squareErr(5), "c33", KindSquare},
		{"malformed square in mail", moveErr(5), "ps 3c", KindSquare},
		{"bad size", moveErr(9), "c3", KindBoardSize},
		{"bad size square", squareErr(2), "a1", KindBoardSize},
		{"empty move", moveErr(5), "  ", KindMove},
		{"not a move", moveErr(5), "#3", KindMove},
		{"letters", moveErr(5), "hello", KindPiece},
		{"bad annotation", moveErr(5), "c3!!!", KindMove},
		{"no direction", moveErr(5), "3c3", KindMove},
		{"bad direction", moveErr(5), "3c3x", KindMove},
		{"stray after drops", moveErr(5), "3c3>1a", KindMove},
		{"unknown mail command", moveErr(5), "mx b2", KindMove},
		{"mail without square", moveErr(5), "ps", KindMove},
		{"mail placement extra", moveErr(5), "ps b2 p1", KindMove},
		{"crush on placement", moveErr(5), "c3*", KindMove},
		{"unknown piece PTN", moveErr(5), "Xc3", KindPiece},
		{"malformed placement", moveErr(5), "Sc3x", KindMove},
		{"drops mismatch", moveErr(5), "3c3>22", KindCount},
		{"drop of zero", moveErr(5), "2c3>20", KindCount},
		{"pick up zero", moveErr(5), "0c3>", KindCount},
		{"mail drops mismatch", moveErr(5), "ms b2 p3 1 1", KindCount},
		{"mail bad pick-up", moveErr(5), "ms b2 px 1", KindCount},
		{"mail bad drop", moveErr(5), "ms b2 p2 1x", KindCount},
		{"too many drops", moveErr(8), "8a1>111111111", KindCount},
		{"TPS fields", tpsErr, "x3/x3/x3 1", KindTPS},
		{"TPS stack", tpsErr, "x3/x,13,x/x3 1 1", KindTPS},
		{"TPS rows", tpsErr, "x3/x3 1 1", KindTPS},
		{"sync rows", syncErr, "0 0\n0 0", KindSyncBoard},
		{"sync letter", syncErr, "0 0 0\n0 x 0\n0 0 0", KindSyncBoard},
		{"sync sized rows", syncSizeErr(5), "0 0 0\n0 0 0\n0 0 0", KindSyncBoard},
		{"sync sized row", syncSizeErr(5), "0 0 0 0 0\n0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0", KindSyncBoard},
		{"sync bad size", syncSizeErr(12), "0", KindBoardSize},
		{"PTN tag", ptnFileErr, "[Size 5]", KindPTNFile},
		{"PTN comment", ptnFileErr, "1. a1 {open", KindPTNFile},
	} {
		err := tc.parse(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: %q gives %v, want a SyntaxError", tc.name, tc.in, err)
			continue
		}
		if se.Kind != tc.want {
			t.Errorf("%s: %q gives kind %v (%v), want %v", tc.name, tc.in, se.Kind, err, tc.want)
		}
	}
	for k := KindBoardSize; k <= KindPTNFile; k++ {
		if s := k.String(); s == "" || strings.Contains(s, "(") {
			t.Errorf("kind %d has no name: %q", k, s)
		}
	}
}

// TestErrorsQuoteExcerpts checks that no parser quotes a long input whole.
func TestErrorsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("q", 5000)
	digits := strings.Repeat("1", 5000)
	for _, tc := range []struct {
		name  string
		parse func(string) error
		in    string
	}{
		{"PTN word", moveErr(5), long},
		{"PTN annotation", moveErr(5), "c3" + strings.Repeat("!", 5000)},
		{"PTN count", moveErr(5), digits + "c3"},
		{"PTN drops", moveErr(5), "5c3>" + digits},
		{"PTN after direction", moveErr(5), "5c3>1" + long},
		{"PTN placement", moveErr(5), "Sc" + long},
		{"PTN piece", moveErr(5), "Q" + long},
		{"mail command", moveErr(5), "ms" + long + " b2"},
		{"mail extra", moveErr(5), "ps b2 " + long},
		{"mail pick-up", moveErr(5), "ms b2 p" + long},
		{"mail drop", moveErr(5), "ms b2 p1 1" + long},
		{"mail drops", moveErr(5), "ms b2 p1 " + digits},
		{"square", squareErr(5), long},
		{"TPS tag", tpsErr, "[" + long},
		{"TPS side", tpsErr, "x3/x3/x3 " + long + " 1"},
		{"TPS number", tpsErr, "x3/x3/x3 1 " + long},
		{"TPS run", tpsErr, "x3/x3/x" + long + " 1 1"},
		{"TPS stack", tpsErr, "x3/x3/1" + long + " 1 1"},
		{"TPS wall", tpsErr, "x3/x3/" + digits + "S1,x2 1 1"},
		{"sync row", syncErr, long},
		{"sync square", syncErr, "0 0 0\n0 0 0\n0 0 s" + long},
		{"sync wall", syncErr, "0 0 0\n0 0 0\n0 0 " + strings.Repeat("s", 5000) + "w"},
		{"sync tall", syncErr, "0 0 0\n0 0 0\n0 0 " + strings.Repeat("s", 5000)},
		{"sized row", syncSizeErr(5), long + "\n0\n0\n0\n0"},
		{"sized square", syncSizeErr(5), strings.Repeat("0 0 0 0 0\n", 4) + "0 0 0 0 " + long},
		{"PTN tag name", ptnFileErr, "[" + long + " 5]"},
	} {
		err := tc.parse(tc.in)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if msg := err.Error(); len(msg) > 250 || strings.Contains(msg, strings.Repeat("q", 30)) || strings.Contains(msg, strings.Repeat("1", 30)) {
			t.Errorf("%s: error of %d bytes: %.300s", tc.name, len(msg), msg)
		}
	}
	// A replay error quotes only an excerpt of the move as written.
	rec, err := ReadPTN(strings.NewReader("[Size \"5\"]\n1. " + long))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec[0].Replay(); err == nil || len(err.Error()) > 250 {
		t.Errorf("replay error %.300v", err)
	}
	// So do the configuration errors of a game's tags.
	for _, tag := range []string{"Size", "Flats", "Rules", "Opening"} {
		text := "[Size \"5\"]\n[" + tag + " \"" + long + "\"]\n1. a1"
		if tag == "Size" {
			text = "[Size \"" + long + "\"]\n1. a1"
		}
		rec, err := ReadPTN(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec[0].Config(); err == nil || len(err.Error()) > 250 {
			t.Errorf("tag %s: config error %.300v", tag, err)
		}
	}
}
