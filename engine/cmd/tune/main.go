// Command tune fits the engine's evaluation weights by logistic regression
// of game results on the evaluation (engine.Tune, Texel's method) and
// writes them to engine/weights.json. The default run trains on engine
// games that it generates itself:
//
//	go run ./engine/cmd/tune
//
// plays 3000 self-play games (engine.SelfPlay: each move a 4000-node
// search with the weights of engine/weights_human.json, from four random
// plies; openings whose first two plies are a claim opening of
// internal/teimatch/openings_claim.txt, turned or mirrored, are skipped),
// adds the games of -games (PTN files, comma-separated: the 1,597 human
// games of engine/testdata/playtak-6x6-games.ptn.gz by default, and any
// engine games written by takbot match -ptn, e.g. against tiltak), and
// fits from engine/weights_human.json. The result is deterministic: the
// same files, flags and engine code give the same weights (the self-play
// games are the engine's own moves, so a change of the search changes
// them). It takes about 8 minutes of one core here (47 minutes of wall
// time at a load average of 15 to 25). -selfplay 0 fits on the PTN files
// alone. -halfkomi sets the self-play games' komi (half flats,
// comma-separated, game i playing the (i mod n)th: "0,4" alternates komi 0
// and komi 2); the games' PTN (-ptn) carries a Komi tag, and PTN games are
// read with their tags' komi, so a run's games can be fitted again later
// with -selfplay 0 -games .... engine/weights_human.json is the fit on the
// human games of before (commit ee45b89's weights.json, from engine/weights_start.json),
// with the flat-race features' hand-set weights added.
//
// With -teacher, the fit is to a stronger engine's opinion instead of the
// games' results: the positions of the games (-games, and the self-play
// games when -selfplay is not 0), each with one child after a random legal
// move, are drawn at random (-positions, -seed), labelled by the teacher's
// expected score for the side to move after a search of -teacher-nodes
// nodes (its last "wdl", as tiltak prints it), and fitted to (positions
// where the side to move has a road at once, by a placement or a stack
// move, are left out: the search scores them exactly). Games of the claim
// openings (-exclude) are not shown to the teacher. -labels-out keeps the
// labelled positions, and -labels fits to such files again without the
// teacher. -compare measures weights instead of fitting them: each weight
// file (with an optional @nodes, or @100ms for a time a move) searches the
// positions of -labels, and the teacher judges the position after each
// move; the report gives each set's mean value of its moves for the side
// that moved and, paired on the same positions, each set against the
// first with its 95% interval. -compare-out keeps a row a position, and
// -compare-base pairs a later run with such a file: a change to the search,
// which no weight file expresses, is measured by running one build's tune
// with -compare-out and the other's with -compare-base on the same
// positions (at a node budget both are deterministic). "teacher@50000" in
// the -compare list is the teacher's own move after 50,000 nodes, a
// reference for what a stronger player's moves are worth there; the rows
// of -compare-out end with each set's move. The judge searches
// -teacher-nodes: give it more than any teacher@N and than the labels the
// weights were fitted to, since a judge at a contender's own budget
// favours that contender (BENCHMARKS.md, "Calibrating the move measure").
//
// engine/weights.json is such a fit (tiltak, built as shared/docs/tiltak.md
// says, as the teacher; about 6 minutes of two cores for the labels):
//
//	go run ./engine/cmd/tune -selfplay 0 -start engine/weights_human.json \
//	  -games engine/testdata/tiltak-matches.ptn.gz,engine/testdata/selfplay-games.ptn.gz,engine/testdata/playtak-6x6-games.ptn.gz \
//	  -teacher /path/to/tiltak/target/release/tei -positions 70000 \
//	  -iterations 3000 -rate 8 -scale 200 -labels-out labels.tsv
//
// engine/testdata/tiltak-matches.ptn.gz holds 1,119 games of `takbot match`
// between earlier takbots and tiltak on the tuning openings (100 ms a move,
// komi 0 and HalfKomi 4), and selfplay-games.ptn.gz the first 1,000 games of
// a default run's self-play (-ptn); none has a claim opening.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func main() {
	var c config
	flag.StringVar(&c.games, "games", "engine/testdata/playtak-6x6-games.ptn.gz", "PTN files of games, comma-separated (.gz read compressed); empty for none")
	flag.StringVar(&c.start, "start", "engine/weights_human.json", "weights to play the self-play games with and to start the fit from (the fit is pulled gently toward them)")
	flag.StringVar(&c.out, "o", "engine/weights.json", "where to write the weights")
	flag.IntVar(&c.iters, "iterations", 1000, "gradient steps")
	flag.Float64Var(&c.rate, "rate", 4, "the gradient's step size (Adam's, in centiflats)")
	flag.Float64Var(&c.scale, "scale", 400, "evaluation units per unit of the logistic's argument: the fit's weights grow with it (a teacher's labels are surer than game results, and -scale 200 keeps a flat near 100 to 150 units)")
	flag.IntVar(&c.skip, "skip", 4, "plies to skip at the start of each PTN game (game results only)")
	flag.IntVar(&c.selfplay, "selfplay", 3000, "self-play games to generate and train on (0: the PTN files alone)")
	flag.Int64Var(&c.nodes, "nodes", 4000, "nodes a move in self-play")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the self-play openings and of the positions drawn for the teacher")
	flag.StringVar(&c.exclude, "exclude", "internal/teimatch/openings_claim.txt", "openings (one a line, PTN) whose symmetry class self-play avoids, and whose games the teacher is not shown; empty for none")
	flag.StringVar(&c.ptnOut, "ptn", "", "write the self-play games as PTN to this file")
	komi := flag.String("halfkomi", "0", "the self-play games' komi in half flats, comma-separated: game i plays with the (i mod n)th")
	teacher := flag.String("teacher", "", "a TEI engine's command line (e.g. tiltak's tei): fit to its opinion of the games' positions (wdl after -teacher-nodes) instead of the games' results")
	flag.IntVar(&c.teacher.Nodes, "teacher-nodes", 2000, "nodes the teacher searches a position")
	flag.IntVar(&c.teacher.Positions, "positions", 30000, "positions the teacher labels, drawn at random from the games' positions and a random child of each; with -compare, the first so many of -labels (0: all)")
	flag.IntVar(&c.teacher.Workers, "workers", 2, "teacher processes at once")
	flag.BoolVar(&c.teacher.Children, "children", true, "show the teacher a child after a random legal move of each game position too")
	flag.StringVar(&c.labelsOut, "labels-out", "", "write the teacher's labelled positions to this file (komi, TPS, score; tab-separated)")
	flag.StringVar(&c.labelsIn, "labels", "", "files of labelled positions (as -labels-out writes them), comma-separated, to fit to as well; with no -teacher, the fit uses them alone")
	compareList := flag.String("compare", "", "compare weight files (comma-separated, each with an optional @nodes or @time such as @100ms; teacher@N for the teacher's own moves after N nodes) by the teacher's opinion of their moves in the positions of -labels, instead of fitting")
	compareNodes := flag.Int64("compare-nodes", 50000, "nodes a move for -compare's weights without @nodes")
	flag.StringVar(&c.compareOut, "compare-out", "", "write -compare's values, a row a position, to this file")
	flag.StringVar(&c.compareBase, "compare-base", "", "a -compare-out file of an earlier run on the same positions (another build's search, say): each set is compared with its first set's moves too")
	flag.Parse()
	c.teacher.Argv = strings.Fields(*teacher)
	c.teacher.Seed = c.seed
	if *compareList != "" {
		if err := runCompare(context.Background(), *compareList, *compareNodes, c); err != nil {
			fmt.Fprintln(os.Stderr, "tune:", err)
			os.Exit(1)
		}
		return
	}
	komis, err := parseKomis(*komi)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
	c.komis = komis
	if err := run(context.Background(), c); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

// config is a run's flags.
type config struct {
	games, start, out     string
	iters, skip, selfplay int
	rate, scale           float64
	nodes                 int64
	seed                  uint64
	exclude, ptnOut       string
	komis                 []tak.Komi
	teacher               teacherOptions
	labelsIn, labelsOut   string
	compareOut            string
	compareBase           string
}

// taught reports whether the fit is to labelled positions (a teacher's or
// a file's) rather than to game results.
func (c config) taught() bool { return len(c.teacher.Argv) > 0 || c.labelsIn != "" }

// parseKomis reads a comma-separated list of komis in half flats.
func parseKomis(text string) ([]tak.Komi, error) {
	var out []tak.Komi
	for _, f := range strings.Split(text, ",") {
		k, err := parseKomiField(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("-halfkomi: %w", err)
		}
		out = append(out, k)
	}
	return out, nil
}

func run(ctx context.Context, c config) error {
	startRaw, err := os.ReadFile(c.start)
	if err != nil {
		return err
	}
	start, err := engine.ParseWeights(startRaw)
	if err != nil {
		return err
	}
	classes := map[string]bool{}
	if c.exclude != "" {
		raw, err := os.ReadFile(c.exclude)
		if err != nil {
			return err
		}
		if classes, err = openingClasses(string(raw), 6); err != nil {
			return err
		}
	}
	var samples []engine.Sample
	var positions []*tak.Position // the teacher's candidates
	used := 0
	for _, f := range strings.Split(c.games, ",") {
		if f == "" {
			continue
		}
		r, err := openGames(f)
		if err != nil {
			return err
		}
		if c.taught() {
			ps, excluded, err := gamePositions(r, classes)
			if err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			fmt.Printf("%s: %d positions (%d games of claim openings left out)\n", f, len(ps), excluded)
			positions = append(positions, ps...)
			continue
		}
		s, n, err := Samples(r, c.skip)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		fmt.Printf("%s: %d games, %d positions\n", f, n, len(s))
		samples = append(samples, s...)
		used += n
	}
	if c.selfplay > 0 {
		var skipFn func([]tak.Move) bool
		if len(classes) > 0 {
			skipFn = func(ms []tak.Move) bool { return len(ms) >= 2 && classes[classOf(ms[0].Square, ms[1].Square, 6)] }
		}
		began := time.Now()
		games, s, err := engine.SelfPlay(ctx, engine.SelfPlayOptions{
			Games: c.selfplay, Nodes: c.nodes, Seed: c.seed, Weights: start, Skip: skipFn, HalfKomi: c.komis})
		if err != nil {
			return err
		}
		var w, l, d int
		for _, g := range games {
			switch g.White {
			case 1:
				w++
			case 0:
				l++
			default:
				d++
			}
		}
		fmt.Printf("self-play: %d games (White %d-%d-%d), %d positions, %.0fs\n", len(games), w, l, d, len(s), time.Since(began).Seconds())
		if c.ptnOut != "" {
			if err := writeGames(c.ptnOut, games); err != nil {
				return err
			}
		}
		if c.taught() {
			for _, g := range games {
				cfg := tak.DefaultConfig(6)
				cfg.Komi = g.Komi
				positions = append(positions, replayPositions(cfg, g.Moves)...)
			}
		} else {
			samples = append(samples, s...)
		}
		used += len(games)
	}
	opts := engine.TuneOptions{Iterations: c.iters, Rate: c.rate, Scale: c.scale}
	if c.taught() {
		opts.SkipStackWins = true
		if samples, err = teacherSamples(ctx, c, positions); err != nil {
			return err
		}
	}
	w, before, after := engine.Tune(samples, start, opts)
	fmt.Printf("%d games, %d positions: log loss %.4f -> %.4f\n", used, len(samples), before, after)
	var buf bytes.Buffer
	if err := engine.WriteWeights(&buf, w); err != nil {
		return err
	}
	return os.WriteFile(c.out, buf.Bytes(), 0o644)
}

// teacherSamples labels positions drawn from candidates with the teacher
// (when there is one), writes them to -labels-out, and adds the positions
// of the -labels files.
func teacherSamples(ctx context.Context, c config, candidates []*tak.Position) ([]engine.Sample, error) {
	var samples []engine.Sample
	if len(c.teacher.Argv) > 0 {
		ps := choosePositions(candidates, c.teacher.Positions, c.teacher.Seed, c.teacher.Children)
		began := time.Now()
		fmt.Printf("teacher: labelling %d positions at %d nodes\n", len(ps), c.teacher.Nodes)
		ls, err := label(ctx, ps, c.teacher, os.Stdout)
		if err != nil {
			return nil, fmt.Errorf("teacher: %w", err)
		}
		fmt.Printf("teacher: %d positions in %.0fs\n", len(ls), time.Since(began).Seconds())
		if c.labelsOut != "" {
			var buf bytes.Buffer
			origin := fmt.Sprintf("labelled by %s at %d nodes a position; seed %d", strings.Join(c.teacher.Argv, " "), c.teacher.Nodes, c.teacher.Seed)
			if err := writeLabels(&buf, ls, origin); err != nil {
				return nil, err
			}
			if err := os.WriteFile(c.labelsOut, buf.Bytes(), 0o644); err != nil {
				return nil, err
			}
		}
		for _, l := range ls {
			samples = append(samples, engine.Sample{Pos: l.pos, Result: l.score})
		}
	}
	more, err := readLabelFiles(c.labelsIn)
	if err != nil {
		return nil, err
	}
	return append(samples, more...), nil
}

// openGames opens a PTN file, reading it decompressed when its name ends
// in .gz.
func openGames(name string) (io.Reader, error) {
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var r io.Reader = bytes.NewReader(raw)
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		r = zr
	}
	return r, nil
}

// openingClasses reads openings, one a line (a # starts a comment), and
// returns the symmetry classes of their first two plies (placements).
func openingClasses(text string, size int) (map[string]bool, error) {
	out := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		var sq [2]tak.Square
		for i := range sq {
			pm, err := notation.ParsePTNMove(f[i], size)
			if err != nil {
				return nil, fmt.Errorf("opening %q: %w", line, err)
			}
			sq[i] = pm.Move.Square
		}
		out[classOf(sq[0], sq[1], size)] = true
	}
	return out, nil
}

// classOf names the symmetry class of two squares (the first two plies of
// an opening): the smallest of their eight images under the board's
// symmetries, as text (the same names as teimatch.OpeningClass).
func classOf(a, b tak.Square, size int) string {
	best := ""
	for sym := 0; sym < 8; sym++ {
		var names [2]string
		for i, sq := range [2]tak.Square{a, b} {
			f, r := sq.File(), sq.Rank()
			if sym&1 != 0 {
				f = size - 1 - f
			}
			if sym&2 != 0 {
				r = size - 1 - r
			}
			if sym&4 != 0 {
				f, r = r, f
			}
			names[i] = tak.SquareAt(f, r).String()
		}
		if s := names[0] + " " + names[1]; best == "" || s < best {
			best = s
		}
	}
	return best
}

// writeGames writes self-play games as PTN (notation.RecordGame: Size,
// and Komi when not 0).
func writeGames(name string, games []engine.SelfPlayGame) error {
	var buf bytes.Buffer
	for i, g := range games {
		res := g.Result.PTN()
		if !g.Result.Over() {
			res = "1/2-1/2"
		}
		cfg := tak.DefaultConfig(6)
		cfg.Komi = g.Komi
		game, err := tak.NewGame(cfg)
		if err != nil {
			return err
		}
		for _, m := range g.Moves {
			if err := game.Play(m); err != nil {
				return fmt.Errorf("self-play game %d: %w", i+1, err)
			}
		}
		rec := notation.RecordGame(game, []notation.Tag{{Name: "Event", Value: fmt.Sprintf("takbot self-play %d", i+1)}}, res)
		if err := notation.WritePTN(&buf, rec); err != nil {
			return err
		}
		buf.WriteByte('\n')
	}
	return os.WriteFile(name, buf.Bytes(), 0o644)
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
		cfg, err := g.Config() // size and komi from the tags
		if err != nil {
			size := 6
			fmt.Sscan(g.Tag("Size"), &size)
			cfg = tak.DefaultConfig(size)
		}
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
