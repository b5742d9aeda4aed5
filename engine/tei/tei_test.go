package tei

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// session runs Serve on the given input and returns its output lines.
func session(t *testing.T, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := Serve(context.Background(), strings.NewReader(input), &out, Options{}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

func TestHandshake(t *testing.T) {
	got := session(t, "tei\nisready\nquit\n")
	want := []string{"id name takbot", "id author the takbot authors",
		"option name HalfKomi type spin default 0 min -20 max 20", "teiok", "readyok"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGame: a whole exchange as racetrack drives it; the engine answers
// every go with one legal bestmove and info lines before it.
func TestGame(t *testing.T) {
	in := "tei\nsetoption name HalfKomi value 4\nisready\nteinewgame 5\nisready\n" +
		"position startpos moves a1 e5 \ngo depth 2\n" +
		"position tps x5/x5/x5/x5/x5 1 1 moves c3\ngo nodes 500\n" +
		"position startpos moves a1 e5 c3\ngo wtime 1000 btime 1000 winc 0 binc 0\n" +
		"position startpos moves a1 e5 c3 b2\ngo movetime 40\nquit\n"
	lines := session(t, in)
	var best []string
	sawInfo := false
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth ") {
			sawInfo = strings.Contains(l, " score cp ") && strings.Contains(l, " nodes ") && strings.Contains(l, " pv ")
		}
		if strings.HasPrefix(l, "info string") {
			t.Errorf("unexpected %q", l)
		}
		if strings.HasPrefix(l, "bestmove ") {
			best = append(best, strings.TrimPrefix(l, "bestmove "))
		}
	}
	if len(best) != 4 || !sawInfo {
		t.Fatalf("answers %v (info seen %v) in\n%s", best, sawInfo, strings.Join(lines, "\n"))
	}
	roots := [][]string{{"a1", "e5"}, {"c3"}, {"a1", "e5", "c3"}, {"a1", "e5", "c3", "b2"}}
	for i, mv := range best {
		p, _ := tak.NewPosition(tak.Config{Size: 5, Stones: [2]int{21, 21}, Caps: [2]int{1, 1}, Komi: 4})
		if i == 1 {
			p, _ = notation.ParseTPS("x5/x5/x5/x5/x5 1 1", tak.Config{})
		}
		for _, m := range roots[i] {
			pm, _ := notation.ParsePTNMove(m, 5)
			p, _ = p.Play(pm.Move)
		}
		pm, err := notation.ParsePTNMove(mv, 5)
		if err != nil {
			t.Fatalf("bestmove %q: %v", mv, err)
		}
		if err := p.Check(pm.Move); err != nil {
			t.Fatalf("bestmove %q is illegal: %v", mv, err)
		}
	}
}

// TestBadInput: every bad line gets one info string error and the session
// goes on.
func TestBadInput(t *testing.T) {
	bad := []string{
		"foo", "teinewgame 9", "teinewgame x", "teinewgame 5 6", "setoption name Hash value 3",
		"setoption name HalfKomi value 99", "setoption HalfKomi 4", "position", "position fen x",
		"position tps x6/x6 1", "position tps x6/x6/x6/x6/x6/x6 3 1", "position startpos moves a1 a1",
		"position startpos moves zz9", "position startpos stuff", "go movetime", "go movetime -x",
		"go sideways 3", "go movetime 10", // no position after the failed ones
		strings.Repeat("x", MaxLine+10),
	}
	lines := session(t, strings.Join(bad, "\n")+"\nisready\n")
	if len(lines) != len(bad)+1 || lines[len(lines)-1] != "readyok" {
		t.Fatalf("%d lines for %d bad inputs:\n%s", len(lines), len(bad), strings.Join(lines, "\n"))
	}
	for i, l := range lines[:len(bad)] {
		if !strings.HasPrefix(l, "info string error: ") {
			t.Errorf("%.40q: answer %q", bad[i], l)
		}
	}
}

// TestStop: stop ends an infinite search with a bestmove, and isready is
// answered while it runs.
func TestStop(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), inR, outW, Options{}); outW.Close() }()
	lines := make(chan string, 100)
	go func() {
		buf := make([]byte, 1<<16)
		var acc string
		for {
			n, err := outR.Read(buf)
			acc += string(buf[:n])
			for {
				i := strings.IndexByte(acc, '\n')
				if i < 0 {
					break
				}
				lines <- acc[:i]
				acc = acc[i+1:]
			}
			if err != nil {
				close(lines)
				return
			}
		}
	}()
	io.WriteString(inW, "teinewgame 6\nposition startpos moves a1 f6\ngo infinite\nisready\n")
	waitFor(t, lines, "readyok")
	io.WriteString(inW, "stop\n")
	waitFor(t, lines, "bestmove ")
	io.WriteString(inW, "quit\n")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func waitFor(t *testing.T, lines <-chan string, prefix string) {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("output ended before %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return
			}
		case <-timeout:
			t.Fatalf("no %q", prefix)
		}
	}
}

// TestLimits: the go parameters become the engine's limits; a fixed time
// a move (go movetime, not capped by a clock's share) is used to its end.
func TestLimits(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		g    GoParams
		side tak.Color
		want time.Duration
		all  bool // the whole time is the move's (go movetime)
	}{
		{GoParams{MoveTime: 200 * ms}, tak.White, 175 * ms, true},
		{GoParams{MoveTime: 5 * ms}, tak.White, ms, true},
		{GoParams{Clock: true, WTime: 60000 * ms, BTime: 1000 * ms}, tak.White, 2816 * ms, false},
		{GoParams{Clock: true, WTime: 60000 * ms, BTime: 20000 * ms, BInc: 1000 * ms}, tak.Black, 1628500 * time.Microsecond, false},
		{GoParams{Clock: true, WTime: 60000 * ms, MoveTime: 100 * ms}, tak.White, 80 * ms, true},
		{GoParams{Infinite: true, MoveTime: 100 * ms}, tak.White, 0, false},
	}
	for _, c := range cases {
		got := Limits(c.g, c.side, 15*ms)
		if got.MoveTime != c.want || got.UseAll != c.all {
			t.Errorf("%+v for %v: %v (use all %v), want %v (%v)", c.g, c.side, got.MoveTime, got.UseAll, c.want, c.all)
		}
	}
}

// TestOptionsLimits: a level's node budget replaces the go's depth and
// nodes, and with TimeAsCap a go movetime is a cap, not a time to use up.
func TestOptionsLimits(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name  string
		o     Options
		g     GoParams
		nodes int64
		depth int
		all   bool
	}{
		{"full strength", Options{Margin: 15 * ms}, GoParams{MoveTime: 200 * ms, Depth: 3}, 0, 3, true},
		{"a level's nodes", Options{Margin: 15 * ms, Nodes: 600}, GoParams{MoveTime: 200 * ms, Depth: 3, Nodes: 9}, 600, 0, true},
		{"a level's nodes, time as a cap", Options{Margin: 15 * ms, Nodes: 600, TimeAsCap: true}, GoParams{MoveTime: 200 * ms}, 600, 0, false},
		{"level 10: time as a cap", Options{Margin: 15 * ms, TimeAsCap: true}, GoParams{MoveTime: 5000 * ms}, 0, 0, false},
	}
	for _, c := range cases {
		got := c.o.limits(c.g, tak.White)
		if got.Nodes != c.nodes || got.Depth != c.depth || got.UseAll != c.all || got.MoveTime != Limits(c.g, tak.White, 15*ms).MoveTime {
			t.Errorf("%s: %+v, want nodes %d, depth %d, use all %v", c.name, got, c.nodes, c.depth, c.all)
		}
	}
}

// FuzzParseLine: no line makes the parser panic, and what it accepts it
// reads consistently.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		"tei", "isready", "teinewgame 6", "setoption name HalfKomi value 4",
		"position startpos moves a1 f6 3c3+12", "position tps x6/x6/x6/x6/x6/x6 1 1 moves a1",
		"go movetime 200", "go wtime 1000 btime 1000 winc 0 binc 0", "go infinite", "go depth 4 nodes 99",
		"stop", "quit", "go movetime -5", "position tps 1,2S,x4/x6 2 7", "", "  \t ", "go movetime 99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseLine(line)
		if err != nil {
			return
		}
		if c.Kind < CmdTEI || c.Kind > CmdQuit {
			t.Fatalf("kind %d", c.Kind)
		}
		g := c.Go
		if g.MoveTime < 0 || g.WTime < 0 || g.BTime < 0 || g.WInc < 0 || g.BInc < 0 || g.Depth < 0 || g.Nodes < 0 {
			t.Fatalf("negative limit in %+v", g)
		}
		if len(c.Moves) > MaxMoves {
			t.Fatalf("%d moves", len(c.Moves))
		}
	})
}

// FuzzServe: any input makes Serve answer without panicking or hanging.
func FuzzServe(f *testing.F) {
	f.Add("tei\nposition startpos moves a1 f6\ngo depth 1\n")
	f.Add("teinewgame 3\nposition tps x3/x3/x3 1 1\ngo nodes 10\nstop\n")
	f.Add("position startpos moves a1\ngo\nstop\ngo depth 1\n")
	f.Fuzz(func(t *testing.T, input string) {
		input = strings.ReplaceAll(input, "infinite", "depth 1")
		var lines []string
		for _, l := range strings.Split(input, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "go") {
				l += " depth 2 nodes 200" // every search ends by itself
			}
			lines = append(lines, l)
		}
		var out strings.Builder
		_ = Serve(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out, Options{Engine: engineOptionsSmall()})
	})
}

// TestNodesAndPick: with Options.Nodes every go searches that budget
// whatever its times, and Options.Pick chooses the move answered.
func TestNodesAndPick(t *testing.T) {
	var picked []string
	opts := Options{Nodes: 300, Pick: func(pos *tak.Position, best tak.Move) tak.Move {
		picked = append(picked, best.String())
		return tak.PlaceMove(tak.SquareAt(2, 2), tak.Wall)
	}}
	var out strings.Builder
	in := "tei\nteinewgame 6\nposition startpos moves a1 f6\ngo movetime 5000\nisready\nquit\n"
	if err := Serve(context.Background(), strings.NewReader(in), &out, opts); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.Contains(s, "bestmove Sc3\n") || len(picked) != 1 {
		t.Fatalf("picked %v, output:\n%s", picked, s)
	}
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "nodes" {
				if n := f[i+1]; len(n) > 4 { // at most a few hundred past the budget
					t.Errorf("searched %s nodes with a budget of 300: %s", n, line)
				}
			}
		}
	}
}
