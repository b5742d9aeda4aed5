package plan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func ptns(ms []tak.Move) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return strings.Join(out, " ")
}

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		text string
		o    notation.Orientation
		want string // PTN moves, or "error"
	}{
		{"c3 d3", notation.PTN, "c3 d3"},
		{"c3 d3", notation.Mail, "c3 d3"}, // bare squares in mail notation: C3 is PTN c3 on 5x5
		{"a1 e5", notation.Mail, "a5 e1"}, // A1 is the north-west corner in Tak by Mail
		{"a1 e5", notation.PTN, "a1 e5"},
		{"ps a1 ps e5", notation.PTN, "a5 e1"},
		{"ps a1, Sc3", notation.Mail, "a5 Sc3"},
		{"ms b2 p3 2 1 3b4-21", notation.PTN, "3b4-21 3b4-21"},
		{"ms b2 ps a1", notation.PTN, "b4- a5"},
		{"Cc3 1c3+", notation.PTN, "Cc3 c3+"},
		{"ps a1 t c2", notation.PTN, "a5 c2"},
		{"zz9", notation.PTN, "error"},
		{"c3 f9", notation.PTN, "error"},
		{"", notation.PTN, "error"},
		{", ,", notation.PTN, "error"},
	} {
		got, err := plan.ParseLine(tc.text, 5, tc.o)
		s := ptns(got)
		if err != nil {
			s = "error"
		}
		if s != tc.want {
			t.Errorf("ParseLine(%q, %v) = %q (%v), want %q", tc.text, tc.o, s, err, tc.want)
		}
	}
}

func TestParseLineErrorNamesTheMove(t *testing.T) {
	_, err := plan.ParseLine("c3 d3 f9 a1", 5, notation.PTN)
	var me *plan.MoveError
	if !errors.As(err, &me) || me.Index != 2 || me.Text != "f9" {
		t.Fatalf("err = %v, want a MoveError for the third move f9", err)
	}
}

func line(t *testing.T, text string) []plan.Pair {
	t.Helper()
	ms, err := plan.ParseLine(text, 5, notation.PTN)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := plan.Pairs(ms)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func show(t plan.Tree) string {
	var out []string
	for _, l := range t.Lines() {
		var ws []string
		for _, n := range l {
			ws = append(ws, n.If+">"+n.Then)
		}
		out = append(out, strings.Join(ws, " "))
	}
	return strings.Join(out, " | ")
}

func TestTreeAddAndRespond(t *testing.T) {
	var tr plan.Tree
	steps := []struct {
		add  string
		want string
		err  bool
	}{
		{"c3 d3", "c3>d3", false},
		{"c3 d3 c4 d4", "c3>d3 c4>d4", false},
		{"c3 d3 b3 d4", "c3>d3 c4>d4 | c3>d3 b3>d4", false},
		{"b2 b3", "c3>d3 c4>d4 | c3>d3 b3>d4 | b2>b3", false},
		{"c3 e5", "c3>d3 c4>d4 | c3>d3 b3>d4 | b2>b3", true},  // c3 is already answered with d3
		{"c3 d3", "c3>d3 c4>d4 | c3>d3 b3>d4 | b2>b3", false}, // already there: nothing changes
	}
	for _, st := range steps {
		next, err := tr.Add(line(t, st.add))
		if (err != nil) != st.err {
			t.Fatalf("Add(%q): err = %v, want error %v", st.add, err, st.err)
		}
		var ce *plan.ConflictError
		if st.err && (!errors.As(err, &ce) || ce.Had.String() != "d3" || ce.New.String() != "e5") {
			t.Fatalf("Add(%q): err = %v, want a ConflictError d3 against e5", st.add, err)
		}
		tr = next
		if got := show(tr); got != st.want {
			t.Fatalf("after Add(%q): %q, want %q", st.add, got, st.want)
		}
	}
	for _, tc := range []struct {
		opp    string
		answer string
		rest   string
		ok     bool
	}{
		{"c3", "d3", "c4>d4 | b3>d4", true},
		{"b2", "b3", "", true},
		{"a1", "", "", false}, // diverging: everything is cleared
	} {
		m, _ := plan.ReadStored(tc.opp, 5)
		ans, rest, ok := tr.Respond(m)
		if ans != tc.answer || ok != tc.ok || show(rest) != tc.rest {
			t.Errorf("Respond(%s) = %q, %q, %v; want %q, %q, %v", tc.opp, ans, show(rest), ok, tc.answer, tc.rest, tc.ok)
		}
	}
	if tr.Size() != 4 {
		t.Errorf("Size = %d, want 4", tr.Size())
	}
}

func TestTreeLimits(t *testing.T) {
	long := strings.Repeat("a1 a2 ", plan.MaxPairs+1)
	ms, err := plan.ParseLine(long, 5, notation.PTN)
	if err == nil {
		_, err = plan.Pairs(ms)
	}
	if !errors.Is(err, plan.ErrTooLong) {
		t.Errorf("a line of %d pairs: err = %v, want ErrTooLong", plan.MaxPairs+1, err)
	}
	if _, err := plan.Pairs(make([]tak.Move, 3)); !errors.Is(err, plan.ErrOddLine) {
		t.Errorf("three moves: err = %v, want ErrOddLine", err)
	}
	var tr plan.Tree
	squares := []string{"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "c1", "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5", "e1", "e2", "e3", "e4", "e5"}
	added := 0
	for _, a := range squares {
		for _, b := range squares[:4] {
			if a == b {
				continue
			}
			next, err := tr.Add(line(t, a+" "+b+" "+b+" "+a))
			if errors.Is(err, plan.ErrTooMany) {
				if tr.Size() > plan.MaxNodes {
					t.Fatalf("the tree grew to %d pairs", tr.Size())
				}
				if added == 0 {
					t.Fatal("nothing added")
				}
				return
			}
			if err != nil {
				// a second answer to a's move: a conflict, fine
				var ce *plan.ConflictError
				if !errors.As(err, &ce) {
					t.Fatal(err)
				}
				continue
			}
			tr = next
			added++
		}
	}
	t.Fatalf("the tree took %d pairs without ErrTooMany", tr.Size())
}

func TestCheck(t *testing.T) {
	cfg := tak.DefaultConfig(5)
	start, err := tak.NewPosition(cfg)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := start.Play(mustRead(t, "a1")) // white has placed; black to move
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line  string
		index int // -1: legal
	}{
		{"e5 c3", -1},
		{"e5 a1", 1}, // a1 is occupied
		{"a1 c3", 0}, // so is the opponent's a1
		{"e5 c3 c3 d3", 2},
	} {
		ms, err := plan.ParseLine(tc.line, 5, notation.PTN)
		if err != nil {
			t.Fatal(err)
		}
		err = plan.Check(pos, ms)
		var me *plan.MoveError
		switch {
		case tc.index < 0 && err != nil:
			t.Errorf("Check(%q) = %v, want legal", tc.line, err)
		case tc.index >= 0 && (!errors.As(err, &me) || me.Index != tc.index):
			t.Errorf("Check(%q) = %v, want move %d refused", tc.line, err, tc.index+1)
		}
	}
}

func mustRead(t *testing.T, ptn string) tak.Move {
	t.Helper()
	m, err := plan.ReadStored(ptn, 5)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
