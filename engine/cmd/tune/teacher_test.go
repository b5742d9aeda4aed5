package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// The test binary doubles as the teacher of the tests: with TUNE_TEACHER
// set it speaks TEI and judges a position by its flat lead alone (komi
// included), so a fit to its opinion must value flats and komi; its
// bestmove is the move that leads most by flats after it (with
// TUNE_TEACHER=illegal, a square off the board).
func TestMain(m *testing.M) {
	if mode := os.Getenv("TUNE_TEACHER"); mode != "" {
		os.Exit(flatTeacher(mode == "illegal"))
	}
	os.Exit(m.Run())
}

// flatLead is White's lead by flats in p, komi counted, from the side to
// move's point of view.
func flatLead(p *tak.Position) float64 {
	fc := p.FlatCounts()
	lead := float64(2*(fc[tak.White]-fc[tak.Black])-int(p.Config().Komi)) / 2
	if p.ToMove() == tak.Black {
		lead = -lead
	}
	return lead
}

// greedyMove is the legal move after which the mover leads most by flats
// (the first such).
func greedyMove(p *tak.Position) tak.Move {
	var best tak.Move
	bestLead := math.Inf(1)
	for _, m := range p.LegalMoves(nil) {
		child, err := p.Play(m)
		if err != nil {
			continue
		}
		if l := flatLead(child); l < bestLead { // the opponent's lead after the move
			best, bestLead = m, l
		}
	}
	return best
}

func flatTeacher(illegal bool) int {
	sc := bufio.NewScanner(os.Stdin)
	cfg := tak.DefaultConfig(6)
	var pos *tak.Position
	sized := false // like tiltak, it needs teinewgame before a position
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "tei":
			fmt.Println("id name flat-teacher\noption name HalfKomi type spin default 0 min -20 max 20\nteiok")
		case "setoption":
			if len(f) == 5 && f[2] == "HalfKomi" {
				var k int
				fmt.Sscan(f[4], &k)
				cfg.Komi = tak.Komi(k)
			}
		case "teinewgame":
			sized = len(f) == 2 && f[1] == "6"
		case "position":
			if !sized || len(f) != 5 || f[1] != "tps" {
				return 2
			}
			var err error
			if pos, err = notation.ParseTPS(strings.Join(f[2:], " "), cfg); err != nil {
				return 2
			}
		case "go":
			if pos == nil {
				return 2
			}
			w := int(math.Round(1000 / (1 + math.Exp(-flatLead(pos)/1.5))))
			move := "z9"
			if !illegal && !pos.Over() {
				move = notation.FormatPTN(greedyMove(pos), pos)
			}
			fmt.Printf("info depth 1 nodes 1 score cp 0 wdl %d 0 %d\nbestmove %s\n", w, 1000-w, move)
		case "quit":
			return 0
		}
	}
	return 0
}

// TestTeacherFit: positions of self-play games with komi 0 and 2, each
// with a random child, are labelled by the teacher (two processes a komi),
// written and read back unchanged, and the fit to them values a flat and
// a flat of komi, and lowers the loss; the same seed draws the same
// positions.
func TestTeacherFit(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	games, _, err := engine.SelfPlay(t.Context(), engine.SelfPlayOptions{Games: 8, Size: 6, Nodes: 200, Seed: 3, MaxPlies: 40, HalfKomi: []tak.Komi{0, 4}})
	if err != nil {
		t.Fatal(err)
	}
	var candidates []*tak.Position
	for _, g := range games {
		cfg := tak.DefaultConfig(6)
		cfg.Komi = g.Komi
		candidates = append(candidates, replayPositions(cfg, g.Moves)...)
	}
	ps := choosePositions(candidates, 300, 9, true)
	again := choosePositions(candidates, 300, 9, true)
	if len(ps) != 300 {
		t.Fatalf("%d positions drawn from %d", len(ps), len(candidates))
	}
	played := map[string]bool{}
	for _, p := range candidates {
		played[notation.FormatTPS(p)] = true
	}
	children := 0
	for _, p := range ps {
		if !played[notation.FormatTPS(p)] {
			children++
		}
	}
	if children < 50 {
		t.Errorf("%d of 300 positions are random children", children)
	}
	for _, p := range choosePositions(candidates, 0, 9, false) {
		if !played[notation.FormatTPS(p)] {
			t.Fatalf("without children, %s was drawn", notation.FormatTPS(p))
		}
	}
	for i := range ps {
		if notation.FormatTPS(ps[i]) != notation.FormatTPS(again[i]) {
			t.Fatalf("position %d differs between two draws with the same seed", i)
		}
	}
	opts := teacherOptions{Argv: []string{"env", "TUNE_TEACHER=1", exe}, Nodes: 10, Workers: 2}
	ls, err := label(t.Context(), ps, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeLabels(&buf, ls, "test"); err != nil {
		t.Fatal(err)
	}
	samples, err := readLabels(bytes.NewReader(buf.Bytes()))
	if err != nil || len(samples) != len(ls) {
		t.Fatalf("%d of %d labels read back: %v", len(samples), len(ls), err)
	}
	komis := map[tak.Komi]bool{}
	for i, s := range samples {
		if notation.FormatTPS(s.Pos) != notation.FormatTPS(ls[i].pos) || s.Pos.Config().Komi != ls[i].pos.Config().Komi || math.Abs(s.Result-ls[i].score) > 1e-4 {
			t.Fatalf("label %d read back as %s %v, written %s %v", i, notation.FormatTPS(s.Pos), s.Result, notation.FormatTPS(ls[i].pos), ls[i].score)
		}
		komis[s.Pos.Config().Komi] = true
	}
	if !komis[0] || !komis[4] {
		t.Fatalf("komis labelled: %v", komis)
	}
	var zero engine.Weights
	w, before, after := engine.Tune(samples, &zero, engine.TuneOptions{Iterations: 300, Rate: 8, SkipStackWins: true})
	if !(after < before) {
		t.Errorf("loss %.4f -> %.4f", before, after)
	}
	var out bytes.Buffer
	if err := engine.WriteWeights(&out, w); err != nil {
		t.Fatal(err)
	}
	var byName map[string][2]float64
	if err := json.Unmarshal(out.Bytes(), &byName); err != nil {
		t.Fatal(err)
	}
	flats, komi := byName["flats"][1], byName["komi"][1]
	if flats < 50 || komi < 30 {
		t.Errorf("from zero weights, a flat is worth %.1f and a flat of komi %.1f at the end", flats, komi)
	}
}

// TestTeacherFailures: a teacher that crashes or prints no wdl stops the
// labelling with an error, and a cancelled context stops it too.
func TestTeacherFailures(t *testing.T) {
	cfg := tak.DefaultConfig(6)
	p, err := notation.ParseTPS("x6/x6/x2,1,2,x2/x6/x6/x6 1 2", cfg)
	if err != nil {
		t.Fatal(err)
	}
	ps := []*tak.Position{p, p, p}
	for _, argv := range [][]string{{"false"}, {"cat"}} {
		if _, err := label(t.Context(), ps, teacherOptions{Argv: argv, Nodes: 1, Workers: 1}, nil); err == nil {
			t.Errorf("%v as a teacher: no error", argv)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	exe, _ := os.Executable()
	if _, err := label(ctx, ps, teacherOptions{Argv: []string{"env", "TUNE_TEACHER=1", exe}, Nodes: 1, Workers: 1}, nil); err == nil {
		t.Error("a cancelled labelling: no error")
	}
}

// TestReadLabelsRejects: malformed lines are errors that name the line.
func TestReadLabelsRejects(t *testing.T) {
	for _, text := range []string{
		"0\tx6/x6/x6/x6/x6/x6 1 2\n",
		"0\tx6/x6/x6/x6/x6/x6 1 2\t1.5\n",
		"99\tx6/x6/x6/x6/x6/x6 1 2\t0.5\n",
		"0\tx7/x6/x6/x6/x6/x6 1 2\t0.5\n",
		"# ok\n0\tx6/x6/x6/x6/x6/x6 1 2\tNaN\n",
	} {
		if _, err := readLabels(strings.NewReader(text)); err == nil {
			t.Errorf("%q read without error", text)
		}
	}
}

// TestTeacherGamesAreTuningGames: the games the shipped weights were
// taught on replay, and none of them opens with a claim opening, so the
// claims' openings stay unseen.
func TestTeacherGamesAreTuningGames(t *testing.T) {
	raw, err := os.ReadFile("../../../internal/teimatch/openings_claim.txt")
	if err != nil {
		t.Fatal(err)
	}
	classes, err := openingClasses(string(raw), 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"../../testdata/tiltak-matches.ptn.gz", "../../testdata/selfplay-games.ptn.gz"} {
		r, err := openGames(name)
		if err != nil {
			t.Fatal(err)
		}
		ps, excluded, err := gamePositions(r, classes)
		if err != nil {
			t.Fatal(err)
		}
		if excluded != 0 || len(ps) < 50000 {
			t.Errorf("%s: %d positions, %d games of claim openings", name, len(ps), excluded)
		}
	}
}

// TestCompare: judged by a teacher that values the flat lead, the moves of
// weights that value flats are worth more than those of weights that
// shun them, paired on the same positions; a set compared with itself
// differs by nothing; the teacher's own moves (teacher@N) are its
// bestmoves, and a bestmove that is no move is an error; the rows end with
// each set's move; bad -compare lists are errors.
func TestCompare(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	games, _, err := engine.SelfPlay(t.Context(), engine.SelfPlayOptions{Games: 4, Size: 6, Nodes: 200, Seed: 4, MaxPlies: 40})
	if err != nil {
		t.Fatal(err)
	}
	var candidates []*tak.Position
	for _, g := range games {
		candidates = append(candidates, replayPositions(tak.DefaultConfig(6), g.Moves)...)
	}
	opts := teacherOptions{Argv: []string{"env", "TUNE_TEACHER=1", exe}, Nodes: 10, Workers: 2}
	ls, err := label(t.Context(), choosePositions(candidates, 60, 2, true), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	var samples []engine.Sample
	for _, l := range ls {
		samples = append(samples, engine.Sample{Pos: l.pos, Result: l.score})
	}
	dir := t.TempDir()
	for name, flat := range map[string]float64{"shun": -100, "like": 100} {
		var buf bytes.Buffer
		if err := engine.WriteWeights(&buf, &engine.Weights{}); err != nil {
			t.Fatal(err)
		}
		var byName map[string][2]float64
		if err := json.Unmarshal(buf.Bytes(), &byName); err != nil {
			t.Fatal(err)
		}
		byName["flats"] = [2]float64{flat, flat}
		raw, err := json.Marshal(byName)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+name+".json", raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sets, err := parseWeightSets(dir+"/shun.json, "+dir+"/like.json@300,"+dir+"/like.json,teacher@10", 300)
	if err != nil || len(sets) != 4 || sets[1].Nodes != 300 || !sets[3].Teacher || sets[3].Nodes != 10 {
		t.Fatalf("sets %+v, %v", sets, err)
	}
	res, err := compare(t.Context(), samples, sets, opts)
	if err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	res.report(&report)
	t.Log(report.String())
	if d, h := res.diff(1); !(d-h > 0) {
		t.Errorf("flats liked against flats shunned: %+.4f ± %.4f, want better", d, h)
	}
	shun, _, _ := res.mean(0)
	like, regret, same := res.mean(1)
	if !(like > shun) || regret < 0 || same == len(samples) {
		t.Errorf("move values %.4f (shun) and %.4f (like), regret %.4f, %d same moves", shun, like, regret, same)
	}
	if d, _ := res.diff(2); math.Abs(d-(like-shun)) > 1e-9 {
		t.Errorf("the same weights twice differ: %+.4f against %+.4f", d, like-shun)
	}
	// the teacher's own moves: the flat lead it judges by, greedily
	if teacher, _, _ := res.mean(3); !(teacher > shun) {
		t.Errorf("the teacher's moves %.4f, flats shunned %.4f: want better", teacher, shun)
	}
	for i, s := range samples {
		if m := greedyMove(s.Pos); res.moves[i][3] != m {
			t.Errorf("position %d: the teacher's move %v, want its bestmove %v", i, res.moves[i][3], m)
		}
	}
	var rows bytes.Buffer
	if err := res.writeRows(&rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(rows.String()), "\n")
	if len(lines) != len(samples)+1 || len(strings.Split(lines[1], "\t")) != 3+2*len(sets) {
		t.Fatalf("rows:\n%s", rows.String())
	}
	for i, line := range lines[1:] { // each set's move, in PTN, after the values
		f := strings.Split(line, "\t")
		for k := range sets {
			pm, err := notation.ParsePTNMove(f[3+len(sets)+k], samples[i].Pos.Size())
			if err != nil || pm.Move != res.moves[i][k] {
				t.Errorf("row %d, set %d: move %q (%v), want %v", i+1, k, f[3+len(sets)+k], err, res.moves[i][k])
			}
		}
	}
	// an earlier run's rows as -compare-base: its first set is set 0 here
	base, err := readBaseRows("earlier.tsv", strings.NewReader(rows.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := base.matches(samples); err != nil {
		t.Errorf("the rows of these positions: %v", err)
	}
	if err := base.matches(samples[1:]); err == nil {
		t.Error("fewer positions than the rows: no error")
	}
	swapped := append([]engine.Sample{samples[1], samples[0]}, samples[2:]...)
	if err := base.matches(swapped); err == nil {
		t.Error("positions in another order: no error")
	}
	d, _ := res.diff(1)
	if m, _ := res.pairedDiff(1, func(i int) float64 { return base.values[i] }, nil); math.Abs(m-d) > 1e-4 {
		t.Errorf("set 1 against the base's first set %+.5f, against set 0 %+.5f", m, d)
	}
	var against bytes.Buffer
	res.reportBase(&against, base)
	if n := strings.Count(against.String(), " against earlier.tsv: "); n != len(sets) {
		t.Errorf("%d sets against the base, want %d:\n%s", n, len(sets), against.String())
	}
	timed, err := parseWeightSets(dir+"/like.json@20ms", 100)
	if err != nil || timed[0].MoveTime != 20*time.Millisecond || timed[0].limits().MoveTime != 20*time.Millisecond || !timed[0].limits().UseAll || timed[0].budget() != "20ms" {
		t.Errorf("a set at 20ms: %+v, %v", timed, err)
	}
	if sets[0].limits().Nodes != 300 || sets[0].budget() != "300 nodes" {
		t.Errorf("a set at 300 nodes: %+v", sets[0].limits())
	}
	illegal := opts
	illegal.Argv = []string{"env", "TUNE_TEACHER=illegal", exe}
	if _, err := compare(t.Context(), samples[:2], sets[3:], illegal); err == nil {
		t.Error("a teacher's move off the board: no error")
	}
	for _, bad := range []string{"", "nofile.json", "../../weights.json@0", "../../weights.json@x", dir + "/like.json@-5", dir + "/like.json@0s", dir + "/like.json@2m", "teacher", "teacher@20ms", "teacher@0"} {
		if _, err := parseWeightSets(bad, 100); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestReadLabelsSizeAndKomi: a label's board size is its TPS's, and its
// komi the first field's.
func TestReadLabelsSizeAndKomi(t *testing.T) {
	samples, err := readLabels(strings.NewReader("# a 5x5 and a 6x6\n4\tx5/x5/x2,1,x2/x5/x5 2 1\t0.25\n0\tx6/x6/x6/x6/x6/x6 1 2\t1\n"))
	if err != nil || len(samples) != 2 {
		t.Fatalf("%d samples: %v", len(samples), err)
	}
	if p := samples[0].Pos; p.Size() != 5 || p.Config().Komi != 4 || samples[0].Result != 0.25 {
		t.Errorf("first: size %d komi %v score %v", p.Size(), p.Config().Komi, samples[0].Result)
	}
	if p := samples[1].Pos; p.Size() != 6 || p.Config().Komi != 0 || samples[1].Result != 1 {
		t.Errorf("second: size %d komi %v score %v", p.Size(), p.Config().Komi, samples[1].Result)
	}
}

// TestCompareBaseByKomi: against an earlier run, positions of two komis
// are also compared komi by komi.
func TestCompareBaseByKomi(t *testing.T) {
	var samples []engine.Sample
	for _, k := range []tak.Komi{0, 4, 0, 4} {
		cfg := tak.DefaultConfig(6)
		cfg.Komi = k
		p, err := notation.ParseTPS("x6/x6/x6/x6/x6/x6 1 2", cfg)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, engine.Sample{Pos: p, Result: 0.5})
	}
	c := &comparison{sets: []weightSet{{Name: "new.json", Nodes: 10}}, samples: samples,
		moveValue: [][]float64{{0.5}, {0.6}, {0.7}, {0.8}}, same: [][]bool{{true}, {true}, {true}, {true}}}
	// the earlier run's moves were worth 0.4, 0.4, 0.7 and 0.7: the new
	// ones 0.1, 0.2, 0 and 0.1 more, 0.05 a move at komi 0 and 0.15 at 4
	var rows strings.Builder
	rows.WriteString("# komi\tTPS\tvalue\told.json\n")
	for i, v := range []float64{0.4, 0.4, 0.7, 0.7} {
		fmt.Fprintf(&rows, "%d\t%s\t0.5\t%.4f\n", samples[i].Pos.Config().Komi, notation.FormatTPS(samples[i].Pos), v)
	}
	base, err := readBaseRows("old.tsv", strings.NewReader(rows.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := base.matches(samples); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c.reportBase(&out, base)
	for _, want := range []string{"new.json against old.tsv: +0.1000", "HalfKomi 0 +0.0500", "HalfKomi 4 +0.1500"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestReadBaseRowsRejects: rows that are not a comparison's are errors
// that say which line.
func TestReadBaseRowsRejects(t *testing.T) {
	for name, text := range map[string]string{
		"no move value": "0\tx6/x6/x6/x6/x6/x6 1 2\t0.5\n",
		"komi":          "x\tx6/x6/x6/x6/x6/x6 1 2\t0.5\t0.5\n",
		"komi too big":  "40\tx6/x6/x6/x6/x6/x6 1 2\t0.5\t0.5\n",
		"move value":    "0\tx6/x6/x6/x6/x6/x6 1 2\t0.5\t1.5\n",
		"not a number":  "0\tx6/x6/x6/x6/x6/x6 1 2\t0.5\tNaN\n",
	} {
		_, err := readBaseRows("bad.tsv", strings.NewReader("# header\n"+text))
		var re *rowError
		if !errors.As(err, &re) || re.Line != 2 {
			t.Errorf("%s: %v, want an error on line 2", name, err)
		}
	}
}
