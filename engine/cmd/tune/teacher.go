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
// opts.Workers processes for each size and komi the positions have. The result is
// in the order of ps.
func label(ctx context.Context, ps []*tak.Position, opts teacherOptions, progress io.Writer) ([]labelled, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]labelled, len(ps))
	next := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	var wg sync.WaitGroup
	for range max(opts.Workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			type rules struct {
				size int
				komi tak.Komi
			}
			judges := map[rules]*teimatch.Judge{}
			defer func() {
				for _, j := range judges {
					j.Close()
				}
			}()
			for i := range next {
				k := rules{ps[i].Size(), ps[i].Config().Komi}
				j := judges[k]
				if j == nil {
					var err error
					if j, err = teimatch.StartJudge(ctx, teimatch.Engine{Argv: opts.Argv}, k.size, int(k.komi)); err != nil {
						fail(err)
						return
					}
					judges[k] = j
				}
				score, err := j.WinProbability(ctx, notation.FormatTPS(ps[i]), opts.Nodes)
				if err != nil {
					fail(fmt.Errorf("position %s: %w", notation.FormatTPS(ps[i]), err))
					return
				}
				out[i] = labelled{ps[i], score}
				mu.Lock()
				done++
				if progress != nil && done%5000 == 0 {
					fmt.Fprintf(progress, "labelled %d of %d\n", done, len(ps))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range ps {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, ctx.Err()
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
func readLabels(r io.Reader, size int) ([]engine.Sample, error) {
	var out []engine.Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: %d fields, want 3 (komi, TPS, score)", line, len(f))
		}
		k, err := strconv.Atoi(f[0])
		if err != nil || k < -20 || k > 20 {
			return nil, fmt.Errorf("line %d: komi %q is not a whole number of half flats from -20 to 20", line, f[0])
		}
		cfg := tak.DefaultConfig(size)
		cfg.Komi = tak.Komi(k)
		p, err := notation.ParseTPS(f[1], cfg)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		score, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(score >= 0 && score <= 1) {
			return nil, fmt.Errorf("line %d: score %q is not from 0 to 1", line, f[2])
		}
		out = append(out, engine.Sample{Pos: p, Result: score})
	}
	return out, sc.Err()
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
		s, err := readLabels(f, 6)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, s...)
	}
	return out, nil
}
