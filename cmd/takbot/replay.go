package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/takbymail/takbot/notation"
)

// replayTally counts the games replayed.
type replayTally struct{ games, legal, illegal, mismatched int }

// String writes the summary line, "games=N legal=L illegal=I mismatched=M".
func (t replayTally) String() string {
	return fmt.Sprintf("games=%d legal=%d illegal=%d mismatched=%d", t.games, t.legal, t.illegal, t.mismatched)
}

func runReplay(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("replay", stderr,
		"usage: takbot replay FILE...",
		"\nReplays every game of the PTN files under the rules their tags give. Prints one",
		"line per illegal game, and per legal game whose recorded road or flat result",
		"differs from its final position, then the summary",
		"games=N legal=L illegal=I mismatched=M.")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var tally replayTally
	code := 0
	for _, name := range fs.Args() {
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(stderr, "takbot replay: %v\n", err)
			return 1
		}
		games, err := readPTNFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "takbot replay: %v\n", err)
			code = 1
			continue
		}
		for i, g := range games {
			tally.games++
			if problem, illegal := checkGame(g); problem != "" {
				if illegal {
					tally.illegal++
				} else {
					tally.legal++
					tally.mismatched++
				}
				fmt.Fprintf(stdout, "%s: game %d%s: %s\n", name, i+1, describeGame(g), problem)
				continue
			}
			tally.legal++
		}
	}
	fmt.Fprintln(stdout, tally)
	return code
}

func readPTNFile(name string) ([]*notation.PTNGame, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := notation.ReadPTN(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return games, nil
}

// checkGame replays g. It returns "" for a legal game whose result agrees
// with its final position; otherwise what is wrong, and whether the game is
// illegal (rather than legal with a mismatched result).
func checkGame(g *notation.PTNGame) (problem string, illegal bool) {
	game, err := g.Replay()
	if err != nil {
		return "illegal: " + err.Error(), true
	}
	// Only road and flat results are checked: a recorded 1/2-1/2 may be a
	// draw by agreement. A final position drawn on flats gives 1/2-1/2.
	switch rec := g.Result; rec {
	case "R-0", "0-R", "F-0", "0-F":
		res := game.Position().Result()
		if got := res.PTN(); got != rec {
			if got == "" {
				got = "no result (the game is not over)"
			} else {
				got += " (" + res.String() + ")"
			}
			return fmt.Sprintf("mismatched: recorded %s, the final position gives %s", rec, got), false
		}
	}
	return "", false
}

// describeGame names a game by its playtak_id and Site tags and its players.
func describeGame(g *notation.PTNGame) string {
	var parts []string
	if id := g.Tag("playtak_id"); id != "" {
		parts = append(parts, "playtak_id "+id)
	}
	if site := g.Tag("Site"); site != "" {
		parts = append(parts, "site "+site)
	}
	p1, p2 := g.Tag("Player1"), g.Tag("Player2")
	if p1 != "" || p2 != "" {
		parts = append(parts, fmt.Sprintf("%s vs %s", orDash(p1), orDash(p2)))
	}
	if len(parts) == 0 {
		return fmt.Sprintf(" (line %d)", g.Line)
	}
	return fmt.Sprintf(" (line %d; %s)", g.Line, strings.Join(parts, "; "))
}

func orDash(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
