package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func init() {
	register(command{
		name:    "notation",
		summary: "convert a move between PTN and Tak by Mail notation",
		run:     runNotation,
	})
}

func runNotation(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("notation", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := fs.Int("size", 0, "board size, 3 to 8 (required)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: takbot notation -size N MOVE")
		fmt.Fprintln(stderr, "\nReads a move in PTN or as a Tak by Mail command and prints it in both, canonical:")
		fmt.Fprintln(stderr, "  takbot notation -size 5 ms b2 p3 2 1")
		fmt.Fprintln(stderr, "  ptn: 3b4-21")
		fmt.Fprintln(stderr, "  mail: ms b2 p3 2 1")
		fmt.Fprintln(stderr, "\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
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
