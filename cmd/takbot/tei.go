package main

import (
	"context"
	"fmt"
	"os"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/engine/tei"
)

func runTEI(ctx context.Context, e *env) int {
	fs := newFlagSet("tei", e.stderr,
		"usage: takbot tei [-hash MB] [-weights FILE]",
		"\nPlays as a Tak engine over TEI (the UCI-like protocol of tiltak and",
		"racetrack) on standard input and output, until quit or end of input.")
	hash := fs.Int("hash", 16, "transposition table size in MiB (1 to 1024)")
	weights := fs.String("weights", "", "evaluation weights (JSON as engine/weights.json) instead of the built-in ones")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() != 0 || *hash < 1 || *hash > 1024 {
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
	err := tei.Serve(ctx, e.stdin, e.stdout, tei.Options{Engine: opts})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(e.stderr, "takbot tei: %v\n", err)
		return 1
	}
	return 0
}
