package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/internal/teimatch"
)

func runMatch(ctx context.Context, e *env) int {
	fs := newFlagSet("match", e.stderr,
		"usage: takbot match -engine1 COMMAND -engine2 COMMAND [-games N] [-movetime MS | -clock MS+INC | -nodes N] [-openings tune|claim|FILE] [-sprt ELO0,ELO1]",
		"\nPlays a match between two TEI engines on 6x6 and prints each game, the",
		"score of engine 1, the Elo difference and its 95% error bar, and each",
		"engine's mean answer time. Each opening is played twice with colours",
		"swapped; an illegal move, a crash or a timeout loses the game. The",
		"openings are either the tuning set (-openings tune, the default: four",
		"plies of real games) or the claim set (-openings claim: two plies of real",
		"games from other symmetry classes, for results that are reported), never",
		"both. Komi is sent to both engines, and a match with komi against an",
		"engine that does not list HalfKomi is refused. With -sprt the match stops",
		"once a pentanomial SPRT (on pairs of games) decides. Commands are split",
		"at spaces (no shell quoting), e.g.:",
		"  takbot match -engine1 'takbot tei' -engine2 '/work/ext/bin/taktician tei' -games 200 -openings claim")
	f := defineMatchFlags(fs)
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	a1, a2 := strings.Fields(*f.e1), strings.Fields(*f.e2)
	if fs.NArg() != 0 || len(a1) == 0 || len(a2) == 0 || !f.inRange() {
		fs.Usage()
		return 2
	}
	cfg, err := f.config(a1, a2)
	if err != nil {
		fmt.Fprintf(e.stderr, "takbot match: %v\n", err)
		return 2
	}
	cfg.Log = e.stdout
	sum, err := teimatch.Run(ctx, cfg)
	return reportMatch(e, sum, err, [2]string{filepath.Base(a1[0]), filepath.Base(a2[0])}, *f.ptnFile)
}

// matchFlags are the flags of takbot match.
type matchFlags struct {
	e1, e2, ptnFile, clock, clock1, clock2, openings, sprt *string
	games, moveTime, grace, komi, maxPlies, skip           *int
	nodes                                                  *int64
	alpha, beta                                            *float64
}

// defineMatchFlags defines takbot match's flags on fs.
func defineMatchFlags(fs *flag.FlagSet) *matchFlags {
	return &matchFlags{
		e1:       fs.String("engine1", "", "command of the first engine"),
		e2:       fs.String("engine2", "", "command of the second engine"),
		games:    fs.Int("games", 48, "number of games (even: each opening twice)"),
		moveTime: fs.Int("movetime", 200, "milliseconds per move"),
		grace:    fs.Int("grace", 100, "milliseconds past movetime (or the clock) before an engine loses on time"),
		komi:     fs.Int("halfkomi", 0, "komi in half flats, sent to both engines (refused if one does not list HalfKomi)"),
		maxPlies: fs.Int("maxplies", 400, "a game this long is a draw"),
		ptnFile:  fs.String("ptn", "", "write the games as PTN to this file"),
		nodes:    fs.Int64("nodes", 0, "search this many nodes a move (go nodes N) instead of movetime, for matches independent of the load; movetime+grace is then the timeout"),
		clock:    fs.String("clock", "", "give both engines a clock of MS milliseconds a game plus INC a move (MS+INC), sent as go wtime/btime/winc/binc; equal thinking time instead of equal movetime"),
		clock1:   fs.String("clock1", "", "engine 1's clock (MS+INC), overriding -clock"),
		clock2:   fs.String("clock2", "", "engine 2's clock (MS+INC), overriding -clock"),
		openings: fs.String("openings", "tune", "tune (tuning set), claim (claim set) or a file with one opening a line"),
		sprt:     fs.String("sprt", "", "run an SPRT with these Elo bounds (e.g. 0,20) and stop when it decides"),
		alpha:    fs.Float64("alpha", 0.05, "SPRT: probability of accepting elo1 when elo0 holds"),
		beta:     fs.Float64("beta", 0.05, "SPRT: probability of accepting elo0 when elo1 holds"),
		skip:     fs.Int("skip", 0, "start at this opening of the list (to play other openings in a second run)"),
	}
}

// inRange reports whether the numeric flags are within their bounds.
func (f *matchFlags) inRange() bool {
	return *f.games >= 1 && *f.games <= 100000 && *f.moveTime >= 1 && *f.grace >= 0 &&
		*f.nodes >= 0 && *f.maxPlies >= 1 && *f.skip >= 0
}

// config is the match the flags ask for between the engines run by a1
// and a2 (without its log); the error says which flag is wrong.
func (f *matchFlags) config(a1, a2 []string) (teimatch.Config, error) {
	clocks, err := f.clocks()
	if err != nil {
		return teimatch.Config{}, err
	}
	test, err := f.sprtTest()
	if err != nil {
		return teimatch.Config{}, err
	}
	ops, err := f.openingList()
	if err != nil {
		return teimatch.Config{}, err
	}
	return teimatch.Config{
		Engines:  [2]teimatch.Engine{{Argv: a1}, {Argv: a2}},
		HalfKomi: *f.komi,
		MoveTime: time.Duration(*f.moveTime) * time.Millisecond,
		Grace:    time.Duration(*f.grace) * time.Millisecond,
		Openings: ops,
		Games:    *f.games,
		MaxPlies: *f.maxPlies,
		Nodes:    *f.nodes,
		Clocks:   clocks,
		SPRT:     test,
	}, nil
}

// clocks are the engines' clocks: -clock1 and -clock2, else -clock, else
// none; both or neither.
func (f *matchFlags) clocks() ([2]teimatch.Clock, error) {
	var clocks [2]teimatch.Clock
	for i, text := range [2]string{*f.clock1, *f.clock2} {
		if text == "" {
			text = *f.clock
		}
		if text == "" {
			continue
		}
		c, err := parseClock(text)
		if err != nil {
			return clocks, err
		}
		clocks[i] = c
	}
	if (clocks[0].Time > 0) != (clocks[1].Time > 0) {
		return clocks, errors.New("give both engines a clock (-clock, or -clock1 and -clock2)")
	}
	return clocks, nil
}

// sprtTest is the SPRT of -sprt, -alpha and -beta, or nil without -sprt.
func (f *matchFlags) sprtTest() (*teimatch.SPRT, error) {
	if *f.sprt == "" {
		return nil, nil
	}
	lo, hi, ok := strings.Cut(*f.sprt, ",")
	e0, err0 := strconv.ParseFloat(lo, 64)
	e1, err1 := strconv.ParseFloat(hi, 64)
	alpha, beta := *f.alpha, *f.beta
	if !ok || err0 != nil || err1 != nil || e1 <= e0 || alpha <= 0 || alpha >= 0.5 || beta <= 0 || beta >= 0.5 {
		return nil, fmt.Errorf("-sprt %q: want ELO0,ELO1 with ELO0 < ELO1, and alpha and beta between 0 and 0.5", *f.sprt)
	}
	return &teimatch.SPRT{Elo0: e0, Elo1: e1, Alpha: alpha, Beta: beta}, nil
}

// openingList is the openings of -openings, starting at -skip.
func (f *matchFlags) openingList() ([][]string, error) {
	var ops [][]string
	switch *f.openings {
	case "tune":
		ops = teimatch.TuningOpenings()
	case "claim":
		ops = teimatch.ClaimOpenings()
	default:
		raw, err := os.ReadFile(*f.openings)
		if err != nil {
			return nil, err
		}
		ops = teimatch.ParseOpenings(string(raw))
		if len(ops) == 0 {
			return nil, fmt.Errorf("no openings in %s", *f.openings)
		}
	}
	skip := *f.skip % len(ops)
	return append(ops[skip:], ops[:skip]...), nil
}

// reportMatch prints the match's report (and writes its PTN file) and
// returns takbot match's exit code: 2 for a refused match, 1 for another
// error.
func reportMatch(e *env, sum teimatch.Summary, err error, names [2]string, ptnFile string) int {
	if len(sum.Games) > 0 {
		fmt.Fprintln(e.stdout, sum.Report(names))
	}
	if ptnFile != "" {
		var sb strings.Builder
		_ = sum.WritePTN(&sb, names, 6)
		if werr := os.WriteFile(ptnFile, []byte(sb.String()), 0o644); werr != nil {
			fmt.Fprintf(e.stderr, "takbot match: %v\n", werr)
			return 1
		}
	}
	if err != nil {
		var ke *teimatch.KomiError
		if errors.As(err, &ke) {
			fmt.Fprintf(e.stderr, "takbot match: refused: %v\n", err)
			return 2
		}
		fmt.Fprintf(e.stderr, "takbot match: %v\n", err)
		return 1
	}
	return 0
}

// parseClock reads MS+INC (or MS): milliseconds a game and a move.
func parseClock(s string) (teimatch.Clock, error) {
	t, inc, _ := strings.Cut(s, "+")
	ms, err := strconv.Atoi(t)
	if err != nil || ms < 1 {
		return teimatch.Clock{}, fmt.Errorf("clock %q: want MS+INC, milliseconds a game and a move", s)
	}
	c := teimatch.Clock{Time: time.Duration(ms) * time.Millisecond}
	if inc != "" {
		n, err := strconv.Atoi(inc)
		if err != nil || n < 0 {
			return teimatch.Clock{}, fmt.Errorf("clock %q: want MS+INC, milliseconds a game and a move", s)
		}
		c.Inc = time.Duration(n) * time.Millisecond
	}
	return c, nil
}
