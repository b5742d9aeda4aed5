package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

var updatePin = flag.Bool("update", false, "rewrite testdata/searchpin.golden from the current search")

// pinPositions are the positions TestSearchPinned searches: middlegame
// positions of the first games of the 6x6 corpus, random positions of
// every size from the opening to late in the game, and the tactics
// positions, each with a name.
func pinPositions(t *testing.T) (names []string, ps []*tak.Position) {
	t.Helper()
	raw, err := os.ReadFile("testdata/playtak-6x6-games.ptn.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	if _, err := all.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	// the first 16 games (each starts at a [Site tag)
	parts := strings.SplitAfterN(all.String(), "[Site ", 18)
	head := strings.TrimSuffix(strings.Join(parts[:17], ""), "[Site ")
	games, err := notation.ReadPTN(strings.NewReader(head))
	if err != nil {
		t.Fatal(err)
	}
	for gi, g := range games {
		p, err := tak.NewPosition(tak.DefaultConfig(6))
		if err != nil {
			t.Fatal(err)
		}
		for i, pl := range g.Plies {
			if pl.Err != nil {
				break
			}
			next, err := p.Play(pl.Move.Move)
			if err != nil || next.Over() {
				break
			}
			p = next
			if ply := i + 1; ply == 12 || ply == 30 || ply == 50 {
				names = append(names, fmt.Sprintf("corpus game %d ply %d", gi+1, ply))
				ps = append(ps, p)
			}
		}
	}
	rng := rand.New(rand.NewPCG(25, 26))
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for _, plies := range []int{6, 20, 45, 90} {
			names = append(names, fmt.Sprintf("random %dx%d ply %d", size, size, plies))
			ps = append(ps, randomPosition(t, rng, size, plies))
		}
	}
	names = append(names, "place to win", "stack move wins", "block")
	ps = append(ps,
		setup(t, tak.White, map[string]string{"a1": "w", "b1": "w", "c1": "w", "d1": "w", "a5": "b", "b5": "b", "c4": "b"}),
		setup(t, tak.White, map[string]string{"a1": "w", "b1": "w", "c2": "bw", "d1": "w", "a5": "b", "b5": "b"}),
		setup(t, tak.White, map[string]string{"a3": "b", "b3": "b", "c3": "b", "d3": "b", "a1": "w", "c1": "w", "e5": "w"}),
	)
	return names, ps
}

// pinLine describes a result: move, score, depth, nodes and line, the
// moves in PTN.
func pinLine(p *tak.Position, r Result) string {
	var pv []string
	q := p
	for _, m := range r.PV {
		pv = append(pv, notation.FormatPTN(m, q))
		n, err := q.Play(m)
		if err != nil {
			pv = append(pv, "(illegal)")
			break
		}
		q = n
	}
	return fmt.Sprintf("%s score=%d depth=%d nodes=%d pv=%s",
		notation.FormatPTN(r.Move, p), r.Score, r.Depth, r.Nodes, strings.Join(pv, " "))
}

// TestSearchPinned pins the search: for fixed positions and fixed depths
// (and a node budget that stops an iteration midway), the best move, score,
// depth, node count and principal variation are those recorded in
// testdata/searchpin.golden. Any change to the search's order, pruning,
// extensions or table shows here; a change meant to alter the search
// rewrites the file with -update and says why in its commit.
func TestSearchPinned(t *testing.T) {
	names, ps := pinPositions(t)
	var out strings.Builder
	for i, p := range ps {
		// a fresh engine per position; three searches in a row, so the
		// table, killers and history carry over as in a game
		e := New(Options{HashMB: 2})
		depth := 6
		if p.Size() >= 7 {
			depth = 5
		}
		for _, lim := range []Limits{{Depth: 3}, {Depth: depth}, {Nodes: 3000}} {
			res, err := e.Search(context.Background(), p, lim)
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			fmt.Fprintf(&out, "%s, %+v: %s\n", names[i], lim, pinLine(p, res))
		}
		// and a fresh engine stopped by its node budget in the middle of
		// an iteration
		lim := Limits{Nodes: 20000}
		res, err := New(Options{HashMB: 2}).Search(context.Background(), p, lim)
		if err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
		fmt.Fprintf(&out, "%s, fresh %+v: %s\n", names[i], lim, pinLine(p, res))
	}
	const golden = "testdata/searchpin.golden"
	if *updatePin {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(out.String(), "\n")
	wl := strings.Split(string(want), "\n")
	if len(got) != len(wl) {
		t.Errorf("%d lines, the golden has %d", len(got), len(wl))
	}
	for i := range min(len(got), len(wl)) {
		if got[i] != wl[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], wl[i])
		}
	}
}
