// Command tune fits the engine's evaluation weights to real games and
// writes them to engine/weights.json:
//
//	go run ./engine/cmd/tune
//
// It reads engine/testdata/playtak-6x6-games.ptn.gz (1,597 games played on
// playtak.com, a copy of the project's corpus), replays every game under
// the default 6x6 rules, takes every position from the fifth ply on with
// the game's result for its side to move, and fits the weights by logistic
// regression (engine.Tune) from the hand-set engine/weights_start.json. The result is
// deterministic. Flags choose other files and the fit's parameters.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func main() {
	games := flag.String("games", "engine/testdata/playtak-6x6-games.ptn.gz", "PTN file of games (.gz read compressed)")
	in := flag.String("start", "engine/weights_start.json", "weights to start from (hand-set; the fit is pulled gently toward them)")
	out := flag.String("o", "engine/weights.json", "where to write the weights")
	iters := flag.Int("iterations", 1000, "gradient steps")
	skip := flag.Int("skip", 4, "plies to skip at the start of each game")
	flag.Parse()
	if err := run(*games, *in, *out, *iters, *skip); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

func run(gamesFile, startFile, outFile string, iters, skip int) error {
	raw, err := os.ReadFile(gamesFile)
	if err != nil {
		return err
	}
	var r io.Reader = bytes.NewReader(raw)
	if strings.HasSuffix(gamesFile, ".gz") {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return err
		}
		r = zr
	}
	samples, used, err := Samples(r, skip)
	if err != nil {
		return err
	}
	startRaw, err := os.ReadFile(startFile)
	if err != nil {
		return err
	}
	start, err := engine.ParseWeights(startRaw)
	if err != nil {
		return err
	}
	w, before, after := engine.Tune(samples, start, engine.TuneOptions{Iterations: iters})
	fmt.Printf("%d games, %d positions: log loss %.4f -> %.4f\n", used, len(samples), before, after)
	var buf bytes.Buffer
	if err := engine.WriteWeights(&buf, w); err != nil {
		return err
	}
	return os.WriteFile(outFile, buf.Bytes(), 0o644)
}

// Samples replays the games of a PTN file and returns their positions
// after the first skip plies with each game's result for the side to move,
// and the number of games used (those that replay legally and have a
// decisive or drawn result).
func Samples(r io.Reader, skip int) ([]engine.Sample, int, error) {
	games, err := notation.ReadPTN(r)
	if err != nil {
		return nil, 0, err
	}
	var out []engine.Sample
	used := 0
	for _, g := range games {
		var white float64
		switch g.Result {
		case "R-0", "F-0", "1-0":
			white = 1
		case "0-R", "0-F", "0-1":
			white = 0
		case "1/2-1/2":
			white = 0.5
		default:
			continue
		}
		size := 6
		fmt.Sscan(g.Tag("Size"), &size)
		cfg := tak.DefaultConfig(size)
		p, err := tak.NewPosition(cfg)
		if err != nil {
			continue
		}
		var ps []*tak.Position
		ok := true
		for _, pl := range g.Plies {
			if pl.Err != nil {
				ok = false
				break
			}
			if p, err = p.Play(pl.Move.Move); err != nil {
				ok = false
				break
			}
			ps = append(ps, p)
		}
		if !ok {
			continue
		}
		used++
		for i, q := range ps {
			if i+1 < skip || q.Over() {
				continue
			}
			res := white
			if q.ToMove() == tak.Black {
				res = 1 - white
			}
			out = append(out, engine.Sample{Pos: q, Result: res})
		}
	}
	return out, used, nil
}
