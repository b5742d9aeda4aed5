package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/internal/teimatch"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Comparing weights by their moves: each weight set searches every
// position of a labelled file for a fixed number of nodes, and the teacher
// judges the position after its move. A set's figure is the mean of the
// teacher's expected score, for the side that moved, after its moves; two
// sets are compared on the same positions, so their difference is paired
// and far less noisy than a match. (A position's label is the teacher's
// value before the move; the regret is how much a move loses of it.)
//
// The teacher's own moves can be a contender too ("teacher@50000": its
// bestmove after so many nodes), which says what a stronger player's moves
// score on the same positions. A judge searching as many nodes as a
// contender's teacher favours that contender: it judges a child with the
// search that chose it. So give the judge (-teacher-nodes) more nodes than
// any teacher contender and than the labels the weights were fitted to.

// weightSet is one contender of a comparison: weights and a budget, nodes
// or a time a move.
type weightSet struct {
	Name     string
	Weights  *engine.Weights
	Nodes    int64
	MoveTime time.Duration // when not 0, the budget instead of Nodes
	Teacher  bool          // the teacher's own move after Nodes nodes, not a search of Weights
}

// teacherSet names the teacher's own moves in a -compare list.
const teacherSet = "teacher"

// limits is the set's search budget: a time a move searched to its end,
// as takbot tei does with go movetime, or a node count.
func (ws weightSet) limits() engine.Limits {
	if ws.MoveTime > 0 {
		return engine.Limits{MoveTime: ws.MoveTime, UseAll: true}
	}
	return engine.Limits{Nodes: ws.Nodes}
}

// budget names the set's budget: "50000 nodes", "100ms".
func (ws weightSet) budget() string {
	if ws.MoveTime > 0 {
		return ws.MoveTime.String()
	}
	return strconv.FormatInt(ws.Nodes, 10) + " nodes"
}

// parseWeightSets reads "a.json,b.json@100000,c.json@100ms,teacher@50000":
// weight files, each with an optional budget, a node count or a time a
// move (a time depends on the machine and its load: compare sets at equal
// time with nothing else running, and one worker per core at most);
// defaultNodes otherwise. "teacher@N" is the teacher's own move after N
// nodes.
func parseWeightSets(list string, defaultNodes int64) ([]weightSet, error) {
	var out []weightSet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		ws := weightSet{Name: item, Nodes: defaultNodes}
		file := item
		if f, n, ok := strings.Cut(item, "@"); ok {
			file = f
			if d, err := time.ParseDuration(n); err == nil {
				if d <= 0 || d > time.Minute {
					return nil, fmt.Errorf("-compare: %q: the time after @ is not from 1ms to 1m", item)
				}
				ws.MoveTime = d
			} else if v, err := strconv.ParseInt(n, 10, 64); err == nil && v > 0 {
				ws.Nodes = v
			} else {
				return nil, fmt.Errorf("-compare: %q: the budget after @ is neither a positive node count nor a time such as 100ms", item)
			}
		}
		if file == teacherSet {
			if ws.MoveTime > 0 || !strings.Contains(item, "@") {
				return nil, fmt.Errorf("-compare: %q: the teacher's budget is a node count: teacher@50000, say", item)
			}
			ws.Teacher = true
			out = append(out, ws)
			continue
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("-compare: %w", err)
		}
		if ws.Weights, err = engine.ParseWeights(raw); err != nil {
			return nil, fmt.Errorf("-compare: %s: %w", file, err)
		}
		out = append(out, ws)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-compare: no weights")
	}
	return out, nil
}

// runCompare compares weight sets by the teacher's opinion of their moves
// in the first -positions positions of the -labels files.
func runCompare(ctx context.Context, list string, nodes int64, c config) error {
	sets, err := parseWeightSets(list, nodes)
	if err != nil {
		return err
	}
	if len(c.teacher.Argv) == 0 || c.labelsIn == "" {
		return fmt.Errorf("-compare needs -teacher and -labels")
	}
	samples, err := readLabelFiles(c.labelsIn)
	if err != nil {
		return err
	}
	if n := c.teacher.Positions; n > 0 && n < len(samples) {
		samples = samples[:n]
	}
	var base *baseRows
	if c.compareBase != "" {
		f, err := os.Open(c.compareBase)
		if err != nil {
			return fmt.Errorf("-compare-base: %w", err)
		}
		base, err = readBaseRows(c.compareBase, f)
		f.Close()
		if err != nil {
			return err
		}
		if err := base.matches(samples); err != nil {
			return err
		}
	}
	res, err := compare(ctx, samples, sets, c.teacher)
	if err != nil {
		return err
	}
	res.report(os.Stdout)
	if base != nil {
		res.reportBase(os.Stdout, base)
	}
	if c.compareOut == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := res.writeRows(&buf); err != nil {
		return err
	}
	return os.WriteFile(c.compareOut, buf.Bytes(), 0o644)
}

// comparison is what a comparison measured: moveValue[i][j] is the
// teacher's expected score, for the mover of position i, after set j's
// move, and same[i][j] whether set j chose set 0's move.
type comparison struct {
	sets      []weightSet
	samples   []engine.Sample
	moveValue [][]float64
	moves     [][]tak.Move
	same      [][]bool
}

// compare searches every sample's position with every set and has the
// teacher judge the moves, with opts.Workers workers (each with its own
// engines and teacher processes).
func compare(ctx context.Context, samples []engine.Sample, sets []weightSet, opts teacherOptions) (*comparison, error) {
	c := &comparison{sets: sets, samples: samples, moveValue: make([][]float64, len(samples)),
		moves: make([][]tak.Move, len(samples)), same: make([][]bool, len(samples))}
	err := inParallel(ctx, len(samples), opts.Workers, func(ctx context.Context) (func(int) error, func()) {
		js := newJudges(opts.Argv)
		engines := make([]*engine.Engine, len(sets))
		for k, s := range sets {
			if !s.Teacher {
				engines[k] = engine.New(engine.Options{HashMB: 16, Weights: s.Weights})
			}
		}
		return func(i int) error {
			p := samples[i].Pos
			j, err := js.of(ctx, p)
			if err != nil {
				return err
			}
			values := make([]float64, len(sets))
			moves := make([]tak.Move, len(sets))
			same := make([]bool, len(sets))
			for k, e := range engines {
				m, err := chooseMove(ctx, e, j, p, sets[k])
				if err != nil {
					return err
				}
				moves[k] = m
				same[k] = m == moves[0]
				child, err := p.Play(m)
				if err != nil {
					return fmt.Errorf("%s played %v in %s: %w", sets[k].Name, m, notation.FormatTPS(p), err)
				}
				if values[k], err = moverValue(ctx, j, p.ToMove(), child, opts.Nodes); err != nil {
					return fmt.Errorf("position %s: %w", notation.FormatTPS(child), err)
				}
			}
			c.moveValue[i], c.moves[i], c.same[i] = values, moves, same
			return nil
		}, js.close
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// chooseMove is set's move in p: its engine's, or the teacher's when the
// set is the teacher's own.
func chooseMove(ctx context.Context, e *engine.Engine, j *teimatch.Judge, p *tak.Position, set weightSet) (tak.Move, error) {
	if !set.Teacher {
		e.NewGame()
		res, err := e.Search(ctx, p, set.limits())
		return res.Move, err
	}
	v, err := j.Search(ctx, notation.FormatTPS(p), int(set.Nodes))
	if err != nil {
		return tak.Move{}, err
	}
	pm, err := notation.ParsePTNMove(v.Move, p.Size())
	if err != nil {
		return tak.Move{}, fmt.Errorf("the teacher's move %q in %s: %w", v.Move, notation.FormatTPS(p), err)
	}
	return pm.Move, nil
}

// moverValue is the teacher's expected score for mover after its move led
// to child: exact when the move ended the game.
func moverValue(ctx context.Context, j *teimatch.Judge, mover tak.Color, child *tak.Position, nodes int) (float64, error) {
	if child.Over() {
		r := child.Result()
		switch {
		case r.Draw:
			return 0.5, nil
		case r.Winner == mover:
			return 1, nil
		}
		return 0, nil
	}
	v, err := j.WinProbability(ctx, notation.FormatTPS(child), nodes)
	return 1 - v, err
}

// mean returns set k's mean move value, mean regret and the number of
// positions where it chose set 0's move.
func (c *comparison) mean(k int) (value, regret float64, same int) {
	for i, s := range c.samples {
		value += c.moveValue[i][k]
		regret += max(0, s.Result-c.moveValue[i][k])
		if c.same[i][k] {
			same++
		}
	}
	n := float64(max(len(c.samples), 1))
	return value / n, regret / n, same
}

// diff returns the mean of set k's move values minus set 0's and the half
// width of its 95% interval.
func (c *comparison) diff(k int) (mean, margin float64) {
	return c.pairedDiff(k, func(i int) float64 { return c.moveValue[i][0] }, nil)
}

// pairedDiff returns the mean over positions of set k's move value minus
// base(i), over the positions that keep (all when nil), and the half width
// of its 95% interval.
func (c *comparison) pairedDiff(k int, base func(i int) float64, keep func(i int) bool) (mean, margin float64) {
	var n, sum, sq float64
	for i := range c.samples {
		if keep != nil && !keep(i) {
			continue
		}
		d := c.moveValue[i][k] - base(i)
		n++
		sum += d
		sq += d * d
	}
	if n < 2 {
		return 0, math.Inf(1)
	}
	mean = sum / n
	variance := (sq - n*mean*mean) / (n - 1)
	return mean, 1.96 * math.Sqrt(max(variance, 0)/n)
}

// baseRows are the rows of an earlier comparison (-compare-base): another
// build's moves on the same positions, so that search changes, which
// weights cannot express, are compared as weights are.
type baseRows struct {
	name   string
	komi   []tak.Komi
	tps    []string
	values []float64 // the first set's move value, a position
}

// readBaseRows reads rows as writeRows writes them.
func readBaseRows(name string, r io.Reader) (*baseRows, error) {
	b := &baseRows{name: name}
	err := eachRow(r, func(f []string) error {
		if len(f) < 4 {
			return fmt.Errorf("%d fields, want the komi, the TPS, the value and a set's move value at least", len(f))
		}
		k, err := parseKomiField(f[0])
		if err != nil {
			return err
		}
		v, err := strconv.ParseFloat(f[3], 64)
		if err != nil || !(v >= 0 && v <= 1) {
			return fmt.Errorf("move value %q is not from 0 to 1", f[3])
		}
		b.komi = append(b.komi, k)
		b.tps = append(b.tps, f[1])
		b.values = append(b.values, v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("-compare-base %s: %w", name, err)
	}
	return b, nil
}

// matches reports whether the rows are of the samples' positions, in
// order, and which first differs.
func (b *baseRows) matches(samples []engine.Sample) error {
	if len(b.tps) != len(samples) {
		return fmt.Errorf("-compare-base %s has %d positions, this comparison %d: compare the same -labels and -positions", b.name, len(b.tps), len(samples))
	}
	for i, s := range samples {
		if tps := notation.FormatTPS(s.Pos); tps != b.tps[i] || s.Pos.Config().Komi != b.komi[i] {
			return fmt.Errorf("-compare-base %s: position %d is %s (komi %d), not %s (komi %d): compare the same -labels and -positions", b.name, i+1, b.tps[i], b.komi[i], tps, s.Pos.Config().Komi)
		}
	}
	return nil
}

// reportBase writes each set against the base's first set, on all
// positions and, when they mix komis, on each komi's.
func (c *comparison) reportBase(w io.Writer, b *baseRows) {
	var komis []tak.Komi
	seen := map[tak.Komi]bool{}
	for _, s := range c.samples {
		if k := s.Pos.Config().Komi; !seen[k] {
			seen[k] = true
			komis = append(komis, k)
		}
	}
	slices.Sort(komis)
	base := func(i int) float64 { return b.values[i] }
	for k, s := range c.sets {
		m, h := c.pairedDiff(k, base, nil)
		fmt.Fprintf(w, "%s against %s: %+.4f ± %.4f (95%%, paired)", s.Name, b.name, m, h)
		if len(komis) > 1 {
			for _, komi := range komis {
				m, h := c.pairedDiff(k, base, func(i int) bool { return c.samples[i].Pos.Config().Komi == komi })
				fmt.Fprintf(w, "; HalfKomi %d %+.4f ± %.4f", komi, m, h)
			}
		}
		fmt.Fprintln(w)
	}
}

// writeRows writes a row a position: the komi, the TPS, the teacher's value
// of the position and of each set's move, then each set's move (PTN),
// tab-separated, after a header.
func (c *comparison) writeRows(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "# komi\tTPS\tvalue")
	for _, s := range c.sets {
		fmt.Fprintf(bw, "\t%s", s.Name)
	}
	for _, s := range c.sets {
		fmt.Fprintf(bw, "\tmove of %s", s.Name)
	}
	fmt.Fprintln(bw)
	for i, s := range c.samples {
		fmt.Fprintf(bw, "%d\t%s\t%.4f", int(s.Pos.Config().Komi), notation.FormatTPS(s.Pos), s.Result)
		for _, v := range c.moveValue[i] {
			fmt.Fprintf(bw, "\t%.4f", v)
		}
		for _, m := range c.moves[i] {
			fmt.Fprintf(bw, "\t%s", notation.FormatPTN(m, s.Pos))
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// report writes the comparison: a line a set, then each set against the
// first.
func (c *comparison) report(w io.Writer) {
	fmt.Fprintf(w, "%d positions; the teacher's expected score after each set's moves, for the side that moved\n", len(c.samples))
	for k, s := range c.sets {
		v, r, same := c.mean(k)
		fmt.Fprintf(w, "%-40s %13s: move value %.4f, regret %.4f, first set's move %d/%d\n", s.Name, s.budget(), v, r, same, len(c.samples))
	}
	for k := 1; k < len(c.sets); k++ {
		m, h := c.diff(k)
		fmt.Fprintf(w, "%s against %s: %+.4f ± %.4f (95%%, paired)\n", c.sets[k].Name, c.sets[0].Name, m, h)
	}
}
