package teimatch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/engine/tei"
	"github.com/takbymail/takbot/notation"
)

// The test binary doubles as the engines of the tests: with
// TEIMATCH_FAKE=MODE in its environment it plays as a TEI engine instead
// of running tests. MODE good is the real engine (engine/tei at a small
// depth); the others are broken on purpose.
func TestMain(m *testing.M) {
	if mode := os.Getenv("TEIMATCH_FAKE"); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

func fakeEngine(mode string) int {
	if mode == "good" {
		if err := tei.Serve(context.Background(), os.Stdin, os.Stdout, tei.Options{Engine: engine.Options{HashMB: 1}}); err != nil {
			return 1
		}
		return 0
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "tei":
			fmt.Println("id name broken\nteiok") // no options: nokomi
		case "isready":
			fmt.Println("readyok")
		case "go":
			switch mode {
			case "judge":
				fmt.Println("info depth 1 nodes 3 score cp 10 wdl 500 0 500 pv a1")
				fmt.Println("info depth 2 nodes 9 score cp 40 wdl 600 100 300 pv a1")
				fmt.Println("bestmove a1")
			case "illegal":
				fmt.Println("bestmove 7a1+7") // more than the carry limit: never legal
			case "garbage":
				fmt.Println("bestmove z9")
			case "crash":
				return 3
			case "timeout":
				// never answers
			}
		case "quit":
			return 0
		}
	}
	return 0
}

func fake(t *testing.T, name, mode string) Engine {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Engine{Name: name, Argv: []string{"env", "TEIMATCH_FAKE=" + mode, exe}}
}

// TestBrokenEngines: an illegal move, a move that is not one, a crash and
// a timeout each lose every game for the broken engine, whichever colour
// it plays, and the match goes on (the engine is restarted).
func TestBrokenEngines(t *testing.T) {
	for _, mode := range []string{"illegal", "garbage", "crash", "timeout"} {
		t.Run(mode, func(t *testing.T) {
			cfg := Config{
				Engines:  [2]Engine{fake(t, "good", "good"), fake(t, "broken", mode)},
				MoveTime: 30 * time.Millisecond,
				Grace:    150 * time.Millisecond,
				Openings: [][]string{{"a1", "f6", "c3", "d4"}},
				Games:    2,
			}
			sum, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Wins != 2 || sum.Losses != 0 {
				t.Fatalf("%+v", sum)
			}
			want := map[string]string{"illegal": "illegal move", "garbage": "illegal move", "crash": "crash", "timeout": "timeout"}[mode]
			for _, g := range sum.Games {
				if g.Fault == nil || g.Fault.Engine != "broken" || g.Fault.Kind != want {
					t.Errorf("game %d: fault %+v, want %s by broken", g.Index, g.Fault, want)
				}
				if len(g.Moves) < 4 {
					t.Errorf("game %d: moves %v", g.Index, g.Moves)
				}
			}
		})
	}
}

// TestSelfMatch: the engine against itself over TEI: every game ends
// without a fault, each opening is played with both colours, and the
// report adds up.
func TestSelfMatch(t *testing.T) {
	var log strings.Builder
	cfg := Config{
		Engines:  [2]Engine{fake(t, "", "good"), fake(t, "", "good")},
		MoveTime: 20 * time.Millisecond,
		Grace:    500 * time.Millisecond,
		Openings: DefaultOpenings()[:2],
		MaxPlies: 24,
		Log:      &log,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Games) != 4 || sum.Wins+sum.Losses+sum.Draws != 4 {
		t.Fatalf("%+v", sum)
	}
	for i, g := range sum.Games {
		if g.Fault != nil {
			t.Errorf("game %d: %v", g.Index, g.Fault)
		}
		if g.White != i%2 || strings.Join(g.Opening, " ") != strings.Join(cfg.Openings[i/2], " ") {
			t.Errorf("game %d: white %d opening %v", g.Index, g.White, g.Opening)
		}
	}
	if sum.Slowest[0] <= 0 || sum.Slowest[1] <= 0 {
		t.Errorf("slowest answers %v", sum.Slowest)
	}
	if n := strings.Count(log.String(), "\n"); n != 4 {
		t.Errorf("%d log lines:\n%s", n, log.String())
	}
	var ptn strings.Builder
	if err := sum.WritePTN(&ptn, [2]string{"a", "b"}, 6); err != nil || strings.Count(ptn.String(), "[Event") != 4 {
		t.Errorf("PTN: %v\n%s", err, ptn.String())
	}
	if strings.Contains(ptn.String(), "[Komi") {
		t.Errorf("komi 0 written as a tag:\n%s", ptn.String())
	}
	sum.HalfKomi = 5
	ptn.Reset()
	if err := sum.WritePTN(&ptn, [2]string{"a", "b"}, 6); err != nil || strings.Count(ptn.String(), "[Komi \"2.5\"]") != 4 {
		t.Errorf("PTN with komi: %v\n%s", err, ptn.String())
	}
}

// TestScore: score, error bar and Elo of a few match outcomes.
func TestScore(t *testing.T) {
	cases := []struct {
		w, l, d        int
		score, margin  float64
		elo, low, high float64
	}{
		{30, 10, 8, 0.7083, 0.1161, 154, 65, 269},
		{10, 10, 0, 0.5, 0.2248, 0, -168, 168},
		{5, 0, 0, 1, 0, math.Inf(1), math.Inf(1), math.Inf(1)},
	}
	for _, c := range cases {
		s := Summary{Wins: c.w, Losses: c.l, Draws: c.d}
		score, m := s.Score()
		elo, lo, hi := s.EloRange()
		near := func(a, b, tol float64) bool { return a == b || math.Abs(a-b) <= tol }
		if !near(score, c.score, 1e-3) || !near(m, c.margin, 1e-3) || !near(elo, c.elo, 1) || !near(lo, c.low, 1) || !near(hi, c.high, 1) {
			t.Errorf("%d-%d-%d: score %.4f ± %.4f, Elo %.0f (%.0f, %.0f)", c.w, c.l, c.d, score, m, elo, lo, hi)
		}
	}
}

// TestReportFaults: the report counts the games lost to each engine's faults.
func TestReportFaults(t *testing.T) {
	s := Summary{Wins: 2, Losses: 1, Games: []GameResult{
		{Fault: &FaultError{Engine: "b", Kind: "timeout"}}, {Fault: &FaultError{Engine: "b", Kind: "timeout"}}, {},
	}}
	got := s.Report([2]string{"a", "b"})
	if !strings.HasSuffix(got, "; slowest answers: a 0 ms, b 0 ms; lost to faults: b timeout 2") || !strings.HasPrefix(got, "a vs b: 3 games, 2 wins, 1 losses, 0 draws; score 66.7%") {
		t.Fatalf("%q", got)
	}
}

// TestKomiRefused: a match with komi against an engine that does not list
// HalfKomi is refused before any game, whichever side that engine is on.
func TestKomiRefused(t *testing.T) {
	for _, order := range [][2]string{{"good", "nokomi"}, {"nokomi", "good"}} {
		cfg := Config{
			Engines:  [2]Engine{fake(t, order[0], order[0]), fake(t, order[1], order[1])},
			HalfKomi: 4,
			MoveTime: 20 * time.Millisecond,
			Games:    2,
		}
		sum, err := Run(context.Background(), cfg)
		var ke *KomiError
		if !errors.As(err, &ke) || ke.Engine != "nokomi" || ke.HalfKomi != 4 || len(sum.Games) != 0 {
			t.Fatalf("%v: err %v, %d games", order, err, len(sum.Games))
		}
	}
}

// TestClockMatch: with a clock for each engine, the engines are sent go
// wtime/btime and both answer within it; the summary counts every answer
// and its time.
func TestClockMatch(t *testing.T) {
	cfg := Config{
		Engines:  [2]Engine{fake(t, "", "good"), fake(t, "", "good")},
		Clocks:   [2]Clock{{Time: 2 * time.Second, Inc: 20 * time.Millisecond}, {Time: 2 * time.Second, Inc: 20 * time.Millisecond}},
		Grace:    500 * time.Millisecond,
		Openings: DefaultOpenings()[:1],
		MaxPlies: 20,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Games) != 2 {
		t.Fatalf("%d games", len(sum.Games))
	}
	for _, g := range sum.Games {
		if g.Fault != nil {
			t.Errorf("game %d: %v", g.Index, g.Fault)
		}
	}
	moves := 0
	for _, g := range sum.Games {
		moves += g.Plies - len(g.Opening)
	}
	if sum.Answers[0]+sum.Answers[1] != moves || sum.Think[0] <= 0 || sum.Think[1] <= 0 {
		t.Errorf("answers %v think %v, %d moves played", sum.Answers, sum.Think, moves)
	}
	if _, err := Run(context.Background(), Config{Engines: cfg.Engines, Clocks: [2]Clock{{Time: time.Second}}}); err == nil {
		t.Errorf("a clock for one engine only was accepted")
	}
}

// TestClockTimeout: an engine that never answers loses on time when its
// clock runs out.
func TestClockTimeout(t *testing.T) {
	cfg := Config{
		Engines:  [2]Engine{fake(t, "good", "good"), fake(t, "broken", "timeout")},
		Clocks:   [2]Clock{{Time: 300 * time.Millisecond}, {Time: 300 * time.Millisecond}},
		Grace:    100 * time.Millisecond,
		Openings: [][]string{{"a1", "f6"}},
		Games:    2,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Wins != 2 {
		t.Fatalf("%+v", sum)
	}
	for _, g := range sum.Games {
		if g.Fault == nil || g.Fault.Kind != "timeout" {
			t.Errorf("game %d: fault %v", g.Index, g.Fault)
		}
	}
}

// TestSPRTStops: a match with an SPRT against an engine that loses every
// game stops as soon as the test accepts H1, long before its game count.
func TestSPRTStops(t *testing.T) {
	var log strings.Builder
	test := DefaultSPRT
	cfg := Config{
		Engines:  [2]Engine{fake(t, "good", "good"), fake(t, "broken", "illegal")},
		MoveTime: 20 * time.Millisecond,
		Grace:    500 * time.Millisecond,
		Openings: DefaultOpenings()[:50],
		Games:    100,
		SPRT:     &test,
		Log:      &log,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Decision != AcceptH1 || len(sum.Games) >= 100 || len(sum.Games)%2 != 0 {
		t.Fatalf("decision %v after %d games", sum.Decision, len(sum.Games))
	}
	if !strings.Contains(log.String(), "H1 accepted") || !strings.Contains(sum.Report([2]string{"a", "b"}), "SPRT elo0=0 elo1=20 alpha=0.05 beta=0.05") {
		t.Errorf("log:\n%s\nreport: %s", log.String(), sum.Report([2]string{"a", "b"}))
	}
}

// TestWritePTNReadsBack: the match's PTN reads back with notation's reader:
// tags, every ply (an engine's illegal last move kept as it wrote it), the
// reason as a comment (an engine's braces made harmless) and the result.
func TestWritePTNReadsBack(t *testing.T) {
	sum := Summary{HalfKomi: 4, Games: []GameResult{
		{Index: 1, White: 0, Result: "R-0", Moves: []string{"a1", "f6", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "b3", "b1", "c1"}, Reason: "white wins by road"},
		{Index: 2, White: 1, Result: "1-0", Moves: []string{"a1", "f6", "c3", "7a1+7"}, Reason: "b: illegal move: 7a1+7 {said: }"},
		{Index: 3, White: 0, Result: "0-1", Reason: "a: crash: its output ended"},
	}}
	var buf strings.Builder
	if err := sum.WritePTN(&buf, [2]string{"a", "b"}, 6); err != nil {
		t.Fatal(err)
	}
	games, err := notation.ReadPTN(strings.NewReader(buf.String()))
	if err != nil || len(games) != 3 {
		t.Fatalf("%d games read back: %v\n%s", len(games), err, buf.String())
	}
	for i, g := range games {
		want := sum.Games[i]
		if g.Tag("Komi") != "2" || g.Tag("Size") != "6" || g.Tag("Result") != want.Result || g.Result != want.Result {
			t.Errorf("game %d: tags %+v, result %q", i+1, g.Tags, g.Result)
		}
		if g.Tag("Player1") != [2]string{"a", "b"}[want.White] {
			t.Errorf("game %d: Player1 %q", i+1, g.Tag("Player1"))
		}
		if len(g.Plies) != len(want.Moves) {
			t.Fatalf("game %d: %d plies, want %d\n%s", i+1, len(g.Plies), len(want.Moves), buf.String())
		}
	}
	last := games[1].Plies[3]
	if last.Err == nil || last.Text != "7a1+7" || len(last.Comments) != 1 || strings.ContainsAny(last.Comments[0], "{}") || !strings.Contains(last.Comments[0], "illegal move") {
		t.Errorf("the illegal last ply read back as %+v", last)
	}
	if games[0].Plies[11].Comments[0] != "white wins by road" || len(games[2].Comments) != 1 {
		t.Errorf("comments: %+v / %+v", games[0].Plies[11].Comments, games[2].Comments)
	}
}
