package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/internal/teimatch"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// A teacher is a stronger TEI engine whose opinion of positions the fit
// learns instead of game results: each position's target is the teacher's
// expected score for the side to move after a search of a few thousand
// nodes (teimatch.Judge). A game's result says who won from a position
// many moves later; the teacher says what the position is worth now, so
// far fewer positions fit the weights, and mistakes made later in the game
// do not blur them.

// teacherOptions set how positions are chosen and labelled.
type teacherOptions struct {
	Argv      []string // the teacher's command line
	Nodes     int      // nodes a position
	Positions int      // positions to label (0: all)
	Workers   int      // teacher processes at once
	Seed      uint64   // draws the positions and their random children
	Children  bool     // add a random child of each position
}

// labelled is a position and the teacher's expected score for its side to
// move.
type labelled struct {
	pos   *tak.Position
	score float64
}

// gamePositions replays the games of a PTN file and returns their
// positions after the opening's two plies, but none of a game whose first
// two plies are in an excluded symmetry class (the claim openings), and
// the number of games so excluded. Games that do not replay are used up to
// their first bad ply.
func gamePositions(r io.Reader, classes map[string]bool) ([]*tak.Position, int, error) {
	games, err := notation.ReadPTN(r)
	if err != nil {
		return nil, 0, err
	}
	var out []*tak.Position
	excluded := 0
	for _, g := range games {
		cfg, err := g.Config()
		if err != nil {
			continue
		}
		var moves []tak.Move
		for _, pl := range g.Plies {
			if pl.Err != nil {
				break
			}
			moves = append(moves, pl.Move.Move)
		}
		if len(moves) >= 2 && classes[classOf(moves[0].Square, moves[1].Square, cfg.Size)] {
			excluded++
			continue
		}
		out = append(out, replayPositions(cfg, moves)...)
	}
	return out, excluded, nil
}

// replayPositions plays moves from cfg's start and returns the positions
// after the second ply that are not over, stopping at an illegal move.
func replayPositions(cfg tak.Config, moves []tak.Move) []*tak.Position {
	p, err := tak.NewPosition(cfg)
	if err != nil {
		return nil
	}
	var out []*tak.Position
	for _, m := range moves {
		if p, err = p.Play(m); err != nil || p.Over() {
			break
		}
		if !p.InOpening() {
			out = append(out, p)
		}
	}
	return out
}

// choosePositions adds to each position one child after a random legal
// move when children is set (so the fit sees what bad moves lead to, not
// only what was played), drops repeats (the same board, side to move and komi), and
// draws n of them at random (all when n is 0 or more than there are). The
// same positions, n and seed give the same draw.
func choosePositions(ps []*tak.Position, n int, seed uint64, children bool) []*tak.Position {
	rng := rand.New(rand.NewPCG(seed, 0x7e4c4e7))
	seen := map[string]bool{}
	var out []*tak.Position
	add := func(p *tak.Position) {
		if p.Over() || p.InOpening() {
			return
		}
		key := strconv.Itoa(int(p.Config().Komi)) + " " + notation.FormatTPS(p)
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	var buf []tak.Move
	for _, p := range ps {
		add(p)
		if !children {
			continue
		}
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			continue
		}
		if c, err := p.Play(buf[rng.IntN(len(buf))]); err == nil {
			add(c)
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	if n > 0 && n < len(out) {
		out = out[:n]
	}
	return out
}

// label asks the teacher for each position's expected score, with
// opts.Workers workers, each with its own teacher processes. The result is
// in the order of ps.
func label(ctx context.Context, ps []*tak.Position, opts teacherOptions, progress io.Writer) ([]labelled, error) {
	out := make([]labelled, len(ps))
	var (
		mu   sync.Mutex
		done int
	)
	err := inParallel(ctx, len(ps), opts.Workers, func(ctx context.Context) (func(int) error, func()) {
		js := newJudges(opts.Argv)
		return func(i int) error {
			j, err := js.of(ctx, ps[i])
			if err != nil {
				return err
			}
			score, err := j.WinProbability(ctx, notation.FormatTPS(ps[i]), opts.Nodes)
			if err != nil {
				return fmt.Errorf("position %s: %w", notation.FormatTPS(ps[i]), err)
			}
			out[i] = labelled{ps[i], score}
			mu.Lock()
			defer mu.Unlock()
			done++
			if progress != nil && done%5000 == 0 {
				fmt.Fprintf(progress, "labelled %d of %d\n", done, len(ps))
			}
			return nil
		}, js.close
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// inParallel calls a worker's do for every index below n, on workers
// workers (at least one), each made by newWorker and stopped by its stop
// when the work is done. The first error cancels the rest and is returned,
// as is the context's own.
func inParallel(ctx context.Context, n, workers int, newWorker func(ctx context.Context) (do func(i int) error, stop func())) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do, stop := newWorker(ctx)
			defer stop()
			for i := range next {
				if err := do(i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// judges are one worker's teacher processes, one for each board size and
// komi (tiltak takes both once, before any position), started when first
// needed.
type judges struct {
	argv    []string
	byRules map[judgeRules]*teimatch.Judge
}

// judgeRules are what a teacher process is started for.
type judgeRules struct {
	size int
	komi tak.Komi
}

func newJudges(argv []string) *judges {
	return &judges{argv: argv, byRules: map[judgeRules]*teimatch.Judge{}}
}

// of returns the teacher process for p's size and komi.
func (js *judges) of(ctx context.Context, p *tak.Position) (*teimatch.Judge, error) {
	r := judgeRules{p.Size(), p.Config().Komi}
	if j := js.byRules[r]; j != nil {
		return j, nil
	}
	j, err := teimatch.StartJudge(ctx, teimatch.Engine{Argv: js.argv}, r.size, int(r.komi))
	if err != nil {
		return nil, err
	}
	js.byRules[r] = j
	return j, nil
}

// close ends the worker's teacher processes.
func (js *judges) close() {
	for _, j := range js.byRules {
		j.Close()
	}
}

// writeLabels writes labelled positions, one a line: the komi in half
// flats, the TPS and the score, separated by tabs, after a comment line
// saying where they came from.
func writeLabels(w io.Writer, ls []labelled, origin string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n", strings.ReplaceAll(origin, "\n", " "))
	for _, l := range ls {
		fmt.Fprintf(bw, "%d\t%s\t%.4f\n", int(l.pos.Config().Komi), notation.FormatTPS(l.pos), l.score)
	}
	return bw.Flush()
}

// readLabels reads what writeLabels wrote (lines starting with # are
// comments) as samples for the fit.
func readLabels(r io.Reader) ([]engine.Sample, error) {
	var out []engine.Sample
	err := eachRow(r, func(f []string) error {
		if len(f) != 3 {
			return fmt.Errorf("%d fields, want 3 (komi, TPS, score)", len(f))
		}
		k, err := parseKomiField(f[0])
		if err != nil {
			return err
		}
		p, err := notation.ParseTPS(f[1], tak.Config{}) // the size is the TPS's
		if err == nil && k != 0 {
			cfg := tak.DefaultConfig(p.Size())
			cfg.Komi = k
			p, err = notation.ParseTPS(f[1], cfg)
		}
		if err != nil {
			return err
		}
		score, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(score >= 0 && score <= 1) {
			return fmt.Errorf("score %q is not from 0 to 1", f[2])
		}
		out = append(out, engine.Sample{Pos: p, Result: score})
		return nil
	})
	return out, err
}

// rowError is an error in one row of a tab-separated file, with its line
// number (from 1).
type rowError struct {
	Line int
	Err  error
}

func (e *rowError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *rowError) Unwrap() error { return e.Err }

// eachRow calls fn with the tab-separated fields of each line of r that is
// neither empty nor a comment (starting with #); it stops at fn's first
// error, returned as a *rowError with the line's number.
func eachRow(r io.Reader, fn func(fields []string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if err := fn(strings.Split(text, "\t")); err != nil {
			return &rowError{Line: line, Err: err}
		}
	}
	return sc.Err()
}

// parseKomiField reads a komi in half flats, from -20 to 20.
func parseKomiField(text string) (tak.Komi, error) {
	k, err := strconv.Atoi(text)
	if err != nil || k < -20 || k > 20 {
		return 0, fmt.Errorf("komi %q is not a whole number of half flats from -20 to 20", text)
	}
	return tak.Komi(k), nil
}

// readLabelFiles reads labelled positions from comma-separated files.
func readLabelFiles(names string) ([]engine.Sample, error) {
	var out []engine.Sample
	for _, name := range strings.Split(names, ",") {
		if name == "" {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		s, err := readLabels(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, s...)
	}
	return out, nil
}
