package main

import (
	"context"
	"fmt"
	"os"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/engine/tei"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/tak"
)

func runTEI(ctx context.Context, e *env) int {
	fs := newFlagSet("tei", e.stderr,
		"usage: takbot tei [-hash MB] [-weights FILE] [-level N]",
		"\nPlays as a Tak engine over TEI (the UCI-like protocol of tiltak and",
		"racetrack) on standard input and output, until quit or end of input.",
		"With -level it plays as takbot's level N (1 to 10) does in games: a node",
		"budget a move (levels 1 to 9), the GUI's movetime as the longest think",
		"(what engine.max_think is in games; level 10 thinks it, searching no new",
		"depth after half of it) and the level's weaker moves.")
	hash := fs.Int("hash", 16, "transposition table size in MiB (1 to 1024)")
	weights := fs.String("weights", "", "evaluation weights (JSON as engine/weights.json) instead of the built-in ones")
	level := fs.Int("level", 0, "play as this level (1 to 10) of new takbot level=N; 0 for full strength at the GUI's times")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() != 0 || *hash < 1 || *hash > 1024 || *level < 0 || *level > bot.MaxLevel {
		fs.Usage()
		return 2
	}
	opts := engine.Options{HashMB: *hash}
	if *weights != "" {
		raw, err := os.ReadFile(*weights)
		if err == nil {
			opts.Weights, err = engine.ParseWeights(raw)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "takbot tei: %v\n", err)
			return 2
		}
	}
	err := tei.Serve(ctx, e.stdin, e.stdout, teiOptions(opts, *level))
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(e.stderr, "takbot tei: %v\n", err)
		return 1
	}
	return 0
}

// teiOptions are the TEI server's options for an engine playing as takbot's
// level (1 to 10) does in games, or at full strength for level 0: a level's
// node budget, the GUI's movetime as its longest think (engine.max_think in
// games) and its weaker moves.
func teiOptions(opts engine.Options, level int) tei.Options {
	to := tei.Options{Engine: opts}
	if level > 0 {
		to.Nodes = opponent.LevelNodes(level)
		to.TimeAsCap = true
		to.Pick = func(pos *tak.Position, best tak.Move) tak.Move {
			return opponent.Choose(pos, best, level, notation.FormatTPS(pos))
		}
	}
	return to
}
