package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/tak"
)

func sq(name string) tak.Square { return tak.SquareAt(int(name[0]-'a'), int(name[1]-'1')) }

func TestSquareNames(t *testing.T) {
	for _, tc := range []struct {
		sq        string // PTN name
		size      int
		ptn, mail string
	}{
		{"a1", 5, "a1", "a5"},
		{"b4", 5, "b4", "b2"},
		{"e5", 5, "e5", "e1"},
		{"c3", 5, "c3", "c3"},
		{"a8", 8, "a8", "a1"},
		{"h1", 8, "h1", "h8"},
		{"c1", 3, "c1", "c3"},
	} {
		s := sq(tc.sq)
		if got := SquareName(s, tc.size, PTN); got != tc.ptn {
			t.Errorf("SquareName(%s, %d, PTN) = %q, want %q", tc.sq, tc.size, got, tc.ptn)
		}
		if got := SquareName(s, tc.size, Mail); got != tc.mail {
			t.Errorf("SquareName(%s, %d, Mail) = %q, want %q", tc.sq, tc.size, got, tc.mail)
		}
		for _, in := range []string{tc.mail, strings.ToUpper(tc.mail), " " + tc.mail + " "} {
			if got, err := ParseSquare(in, tc.size, Mail); err != nil || got != s {
				t.Errorf("ParseSquare(%q, %d, Mail) = %v, %v; want %s", in, tc.size, got, err, tc.sq)
			}
		}
		if got, err := ParseSquare(strings.ToUpper(tc.ptn), tc.size, PTN); err != nil || got != s {
			t.Errorf("ParseSquare(%q, %d, PTN) = %v, %v", tc.ptn, tc.size, got, err)
		}
	}
	for _, tc := range []struct {
		in   string
		size int
		msg  string
	}{
		{"b9", 5, "b9 is not on a 5x5 board"},
		{"F1", 5, "f1 is not on a 5x5 board"},
		{"a0", 5, "a0 is not on a 5x5 board"},
		{"c", 5, `"c" is not a square`},
		{"c33", 5, `"c33" is not a square`},
		{"3c", 5, `"3c" is not a square`},
		{"c3", 9, "board size 9 is not between 3 and 8"},
	} {
		_, err := ParseSquare(tc.in, tc.size, PTN)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseSquare(%q, %d) error %v, want a SyntaxError with %q", tc.in, tc.size, err, tc.msg)
		}
	}
}

func TestParsePTNMove(t *testing.T) {
	c3, a1, b4, a4 := sq("c3"), sq("a1"), sq("b4"), sq("a4")
	for _, tc := range []struct {
		in   string
		size int
		want ParsedMove
	}{
		{"c3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat)}},
		{"Fc3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat)}},
		{"Sc3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Wall)}},
		{"sc3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Wall)}},
		{"Cc3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Cap)}},
		{"C3", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat)}},
		{"  c3\t", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat)}},
		{"a1+", 5, ParsedMove{Move: tak.SpreadMove(a1, tak.North, 1)}},
		{"1a1+1", 5, ParsedMove{Move: tak.SpreadMove(a1, tak.North, 1)}},
		{"a1↑", 5, ParsedMove{Move: tak.SpreadMove(a1, tak.North, 1)}},
		{"c3-", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.South, 1)}},
		{"c3↓", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.South, 1)}},
		{"c3<", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.West, 1)}},
		{"c3←", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.West, 1)}},
		{"c3→", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.East, 1)}},
		{"3c3+", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.North, 3)}},
		{"3c3>12", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.East, 1, 2)}},
		{"c3>12", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.East, 1, 2)}},
		{"4a4→112", 6, ParsedMove{Move: tak.SpreadMove(a4, tak.East, 1, 1, 2)}},
		{"3b4>111*", 5, ParsedMove{Move: tak.SpreadMove(b4, tak.East, 1, 1, 1), Crush: true}},
		{"8a1>1111112", 8, ParsedMove{Move: tak.SpreadMove(a1, tak.East, 1, 1, 1, 1, 1, 1, 2)}},
		{"c3'", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true}},
		{"c3''", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true, Tinue: true}},
		{"c3’", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true}},
		{"c3‘", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true}},
		{"c3”", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true, Tinue: true}},
		{"c3“", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true, Tinue: true}},
		{"c3″", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true, Tinue: true}},
		{"c3!", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), Annotation: "!"}},
		{"c3??", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), Annotation: "??"}},
		{"c3'!?", 5, ParsedMove{Move: tak.PlaceMove(c3, tak.Flat), TakCall: true, Annotation: "!?"}},
		{"3c3>12*''?!", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.East, 1, 2), Crush: true, TakCall: true, Tinue: true, Annotation: "?!"}},
		{"c3+!!", 5, ParsedMove{Move: tak.SpreadMove(c3, tak.North, 1), Annotation: "!!"}},
	} {
		got, err := ParsePTNMove(tc.in, tc.size)
		if err != nil || got != tc.want {
			t.Errorf("ParsePTNMove(%q, %d) = %+v, %v; want %+v", tc.in, tc.size, got, err, tc.want)
		}
	}
}

func TestParsePTNMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		size int
		msg  string
	}{
		{"", 5, "empty move"},
		{"   ", 5, "empty move"},
		{"3c3>22", 5, "picks up 3 but drops 4 (2+2)"},
		{"2c3>111", 5, "picks up 2 but drops 3 (1+1+1)"},
		{"6a1+", 5, "carry limit is 5 on 5x5: cannot pick up 6"},
		{"a1>6", 5, "carry limit is 5 on 5x5"},
		{"e3>", 5, "moving east from e3 over 1 square leaves the 5x5 board"},
		{"3c3>111", 5, "moving east from c3 over 3 squares leaves the 5x5 board"},
		{"a1-", 5, "moving south from a1"},
		{"b9", 5, "b9 is not on a 5x5 board"},
		{"f1+", 5, "f1 is not on a 5x5 board"},
		{"Sf1", 5, "f1 is not on a 5x5 board"},
		{"c3x", 5, `unknown direction "x"`},
		{"Xc3", 5, `unknown piece "X"`},
		{"Sc3x", 5, "not a placement"},
		{"3c3", 5, "has a count but no direction"},
		{"c3>1a", 5, `unexpected "a"`},
		{"0c3>", 5, "cannot pick up 0 pieces"},
		{"c3>10", 5, "a drop of 0"},
		{"Sc3*", 5, "a placement cannot flatten a wall"},
		{"c3!!!", 5, `unknown annotation "!!!"`},
		{"'", 5, "is not a move"},
		{"33", 5, "expected a square"},
		{"c3", 2, "board size 2 is not between 3 and 8"},
	} {
		_, err := ParsePTNMove(tc.in, tc.size)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParsePTNMove(%q, %d) error %v, want a SyntaxError with %q", tc.in, tc.size, err, tc.msg)
		}
	}
}

func TestFormatPTN(t *testing.T) {
	for _, tc := range []struct {
		m    tak.Move
		want string
	}{
		{tak.PlaceMove(sq("c3"), tak.Flat), "c3"},
		{tak.PlaceMove(sq("c3"), tak.Wall), "Sc3"},
		{tak.PlaceMove(sq("c3"), tak.Cap), "Cc3"},
		{tak.SpreadMove(sq("a1"), tak.North, 1), "a1+"},
		{tak.SpreadMove(sq("c3"), tak.East, 1, 2), "3c3>12"},
		{tak.SpreadMove(sq("c3"), tak.North, 3), "3c3+"},
		{tak.SpreadMove(sq("c3"), tak.South, 1, 1), "2c3-11"},
		{tak.SpreadMove(sq("c3"), tak.West, 2), "2c3<"},
	} {
		if got := FormatPTN(tc.m, nil); got != tc.want {
			t.Errorf("FormatPTN(%+v) = %q, want %q", tc.m, got, tc.want)
		}
	}
	// b3 holds a white capstone, c3 a black wall.
	p, err := ParseTPS("x5/x5/x,1C,2S,x2/x5/x5 1 3", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	crush := tak.SpreadMove(sq("b3"), tak.East, 1)
	if got := FormatPTN(crush, p); got != "b3>*" {
		t.Errorf("FormatPTN(crush, p) = %q, want b3>*", got)
	}
	if got := FormatPTN(crush, nil); got != "b3>" {
		t.Errorf("FormatPTN(crush, nil) = %q, want b3>", got)
	}
	if got := FormatPTN(tak.SpreadMove(sq("b3"), tak.North, 1), p); got != "b3+" {
		t.Errorf("FormatPTN(b3+, p) = %q, want b3+", got)
	}
}

// The corpus README lists the ten wall-flattening moves of its 228-move position.
func TestFormatPTNCrushes(t *testing.T) {
	p, err := ParseTPS("1,1,2212S,x3/x2,1,x,1,x/2,211212C,11112,2,1S,22112S/221,x,221C,1,x,2/2,2,1,1,1,2/2,x,1,x2,2 2 35", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves(nil)
	var crushes []string
	for _, m := range moves {
		if s := FormatPTN(m, p); strings.HasSuffix(s, "*") {
			crushes = append(crushes, s)
		}
	}
	want := "3b4>111* 4b4>121* 4b4>211* 5b4>131* 5b4>221* 5b4>311* 6b4>141* 6b4>231* 6b4>321* 6b4>411*"
	if len(moves) != 228 || strings.Join(crushes, " ") != want {
		t.Errorf("%d moves, crushes %q; want 228 and %q", len(moves), crushes, want)
	}
}

func TestMailMoves(t *testing.T) {
	for _, tc := range []struct {
		in, ptn, mail string
		takCall       bool
	}{
		{"ps b4", "b2", "ps b4", false},
		{"PW A1", "Sa5", "pw a1", false},
		{"pc c3", "Cc3", "pc c3", false},
		{"ms b2 p3 2 1", "3b4-21", "ms b2 p3 2 1", false},
		{"ms b2 g3 2 1", "3b4-21", "ms b2 p3 2 1", false},
		{"  Ms\tB2   P3  2   1  ", "3b4-21", "ms b2 p3 2 1", false},
		{"ms b2 p3 21", "3b4-21", "ms b2 p3 2 1", false},
		{"ms b2", "b4-", "ms b2 p1 1", false},
		{"ms b2 p3", "3b4-", "ms b2 p3 3", false},
		{"ms b2 2 1", "3b4-21", "ms b2 p3 2 1", false},
		{"mn a5 p1 1", "a1+", "mn a5 p1 1", false},
		{"me a1 p2 1 1", "2a5>11", "me a1 p2 1 1", false},
		{"mw e1", "e5<", "mw e1 p1 1", false},
		{"ps b4 t", "b2", "ps b4", true},
		{"ms b2 p3 2 1 T", "3b4-21", "ms b2 p3 2 1", true},
	} {
		pm, err := ParseMailMove(tc.in, 5)
		if err != nil {
			t.Errorf("ParseMailMove(%q): %v", tc.in, err)
			continue
		}
		if got := FormatPTN(pm.Move, nil); got != tc.ptn {
			t.Errorf("ParseMailMove(%q) = PTN %q, want %q", tc.in, got, tc.ptn)
		}
		if got := FormatMail(pm.Move, 5); got != tc.mail {
			t.Errorf("FormatMail(ParseMailMove(%q)) = %q, want %q", tc.in, got, tc.mail)
		}
		if pm.TakCall != tc.takCall || pm.Notation != Mail {
			t.Errorf("ParseMailMove(%q) = %+v", tc.in, pm)
		}
		if pm2, err := ParseMove(tc.in, 5); err != nil || pm2 != pm {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", tc.in, pm2, err, pm)
		}
	}
	for _, tc := range []struct{ in, msg string }{
		{"mx b2", "unknown direction 'x': use n, s, e or w"},
		{"px b2", "unknown piece 'x': use s (stone), w (wall) or c (capstone)"},
		{"zz b2", `unknown command "zz"`},
		{"ps", `"ps" needs a square`},
		{"", "empty command"},
		{"ps b9", "b9 is not on a 5x5 board"},
		{"ms b2 p3 2 2", "picks up 3 but drops 4 (2+2)"},
		{"ms b2 p6", "carry limit is 5 on 5x5: cannot pick up 6"},
		{"mn b1", "moving north from b1 over 1 square leaves the 5x5 board"},
		{"ms b4 p2 1 1", "moving south from b4 over 2 squares leaves the 5x5 board"},
		{"ms b2 p3 x", `"x" is not a drop count`},
		{"ms b2 pz", `"pz" is not a pick-up`},
		{"ms b2 p0", "cannot pick up 0 pieces"},
		{"ps b4 c3", "a placement takes only a square"},
		{"ms b2 1 1 1 1 1 1 1 1 1", "a move crosses at most 7 squares"},
	} {
		_, err := ParseMailMove(tc.in, 5)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseMailMove(%q) error %v, want a SyntaxError with %q", tc.in, err, tc.msg)
		}
	}
}

// TestSingleDropMismatchMessage: a single drop is not spelled out as a sum.
func TestSingleDropMismatchMessage(t *testing.T) {
	for _, in := range []string{"ms c3 p1 2", "1c3>2"} {
		_, err := ParseMove(in, 5)
		if err == nil || err.Error() != "picks up 1 but drops 2" {
			t.Errorf("ParseMove(%q) error %v, want exactly \"picks up 1 but drops 2\"", in, err)
		}
	}
}

func TestParseMoveDetects(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ptn  string
		not  Orientation
		emsg string
	}{
		{"c3", "c3", PTN, ""},
		{"Sc3", "Sc3", PTN, ""},
		{"3b4-21", "3b4-21", PTN, ""},
		{"ps b4", "b2", Mail, ""},
		{"ms\tb2", "b4-", Mail, ""},
		{"mx b2", "", Mail, "unknown direction 'x'"},
		{"p", "", Mail, `unknown command "p"`},
		{"ms", "", Mail, `"ms" needs a square`},
		{"msb2", "", Mail, `unknown command "msb2"`},
		{"c3x", "", PTN, `unknown direction "x"`},
	} {
		pm, err := ParseMove(tc.in, 5)
		switch {
		case tc.emsg != "":
			if err == nil || !strings.Contains(err.Error(), tc.emsg) {
				t.Errorf("ParseMove(%q) error %v, want %q", tc.in, err, tc.emsg)
			}
		case err != nil || FormatPTN(pm.Move, nil) != tc.ptn || pm.Notation != tc.not:
			t.Errorf("ParseMove(%q) = %+v, %v; want %s in notation %d", tc.in, pm, err, tc.ptn, tc.not)
		}
	}
}
