package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/takbymail/takbot/internal/teimatch"
)

func runMatch(ctx context.Context, e *env) int {
	fs := newFlagSet("match", e.stderr,
		"usage: takbot match -engine1 COMMAND -engine2 COMMAND [-games N] [-movetime MS]",
		"\nPlays a match between two TEI engines on 6x6 and prints each game, the",
		"score of engine 1, the Elo difference and its 95% error bar. Openings are",
		"four plies of real games, each played twice with colours swapped; an",
		"illegal move, a crash or a timeout loses the game. Commands are split",
		"at spaces (no shell quoting), e.g.:",
		"  takbot match -engine1 'takbot tei' -engine2 '/work/ext/bin/taktician tei' -games 200")
	e1 := fs.String("engine1", "", "command of the first engine")
	e2 := fs.String("engine2", "", "command of the second engine")
	games := fs.Int("games", 48, "number of games (even: each opening twice)")
	moveTime := fs.Int("movetime", 200, "milliseconds per move")
	grace := fs.Int("grace", 100, "milliseconds past movetime before an engine loses on time")
	komi := fs.Int("halfkomi", 0, "komi in half flats (sent to engines that list the HalfKomi option)")
	maxPlies := fs.Int("maxplies", 400, "a game this long is a draw")
	ptnFile := fs.String("ptn", "", "write the games as PTN to this file")
	nodes := fs.Int64("nodes", 0, "search this many nodes a move (go nodes N) instead of movetime, for matches independent of the load; movetime+grace is then the timeout")
	skip := fs.Int("skip", 0, "start at this opening of the list (to play other openings in a second run)")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	a1, a2 := strings.Fields(*e1), strings.Fields(*e2)
	if fs.NArg() != 0 || len(a1) == 0 || len(a2) == 0 || *games < 1 || *games > 100000 ||
		*moveTime < 1 || *grace < 0 || *nodes < 0 || *maxPlies < 1 || *skip < 0 {
		fs.Usage()
		return 2
	}
	ops := teimatch.DefaultOpenings()
	ops = append(ops[*skip%len(ops):], ops[:*skip%len(ops)]...)
	cfg := teimatch.Config{
		Engines:  [2]teimatch.Engine{{Argv: a1}, {Argv: a2}},
		HalfKomi: *komi,
		MoveTime: time.Duration(*moveTime) * time.Millisecond,
		Grace:    time.Duration(*grace) * time.Millisecond,
		Openings: ops,
		Games:    *games,
		MaxPlies: *maxPlies,
		Nodes:    *nodes,
		Log:      e.stdout,
	}
	sum, err := teimatch.Run(ctx, cfg)
	names := [2]string{filepath.Base(a1[0]), filepath.Base(a2[0])}
	if len(sum.Games) > 0 {
		fmt.Fprintln(e.stdout, sum.Report(names))
	}
	if *ptnFile != "" {
		var sb strings.Builder
		_ = sum.WritePTN(&sb, names, 6)
		if werr := os.WriteFile(*ptnFile, []byte(sb.String()), 0o644); werr != nil {
			fmt.Fprintf(e.stderr, "takbot match: %v\n", werr)
			return 1
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "takbot match: %v\n", err)
		return 1
	}
	return 0
}
