package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// maxPerftDepth bounds the depth, so that a typo does not run for days.
const maxPerftDepth = 8

func runPerft(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("perft", stderr,
		"usage: takbot perft TPS DEPTH",
		"\nPrints the number of move sequences of DEPTH plies from the position, under",
		"the standard rules of its size. A finished game counts 0 at any depth above 0.",
		"Quote the TPS, or give its three fields as three words:",
		"  takbot perft 'x5/x5/x5/x5/x5 1 1' 3")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	rest := fs.Args()
	if len(rest) < 2 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(rest[len(rest)-1])
	if err != nil || depth < 0 || depth > maxPerftDepth {
		fmt.Fprintf(stderr, "takbot perft: depth %q must be a whole number from 0 to %d\n", rest[len(rest)-1], maxPerftDepth)
		return 2
	}
	p, err := notation.ParseTPS(strings.Join(rest[:len(rest)-1], " "), tak.Config{})
	if err != nil {
		fmt.Fprintf(stderr, "takbot perft: %v\n", err)
		return 2
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(stderr, "takbot perft: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, p.Perft(depth))
	return 0
}
