package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func runNotation(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("notation", stderr,
		"usage: takbot notation -size N MOVE",
		"\nReads a move in PTN or as a Tak by Mail command and prints it in both, canonical:",
		"  takbot notation -size 5 ms b2 p3 2 1",
		"  ptn: 3b4-21",
		"  mail: ms b2 p3 2 1")
	size := fs.Int("size", 0, "board size, 3 to 8 (required)")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *size < tak.MinSize || *size > tak.MaxSize {
		fmt.Fprintf(stderr, "takbot notation: -size must be between %d and %d\n\n", tak.MinSize, tak.MaxSize)
		fs.Usage()
		return 2
	}
	text := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(text) == "" {
		fs.Usage()
		return 2
	}
	pm, err := notation.ParseMove(text, *size)
	if err != nil {
		fmt.Fprintf(stderr, "takbot notation: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "ptn: %s\nmail: %s\n", notation.FormatPTN(pm.Move, nil), notation.FormatMail(pm.Move, *size))
	return 0
}
