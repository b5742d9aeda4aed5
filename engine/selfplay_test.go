package engine

import (
	"context"
	"testing"

	"github.com/takbymail/takbot/tak"
)

// TestSelfPlayDeterministic: two self-play runs with one seed play the same
// games; every game is legal and scored, every sample has a position; the
// skip function keeps its openings out.
func TestSelfPlayDeterministic(t *testing.T) {
	skipped := 0
	opts := SelfPlayOptions{Games: 3, Size: 5, Nodes: 300, Seed: 9, MaxPlies: 60,
		Skip: func(ms []tak.Move) bool {
			if ms[0].Square == tak.SquareAt(0, 0) {
				skipped++
				return true
			}
			return false
		}}
	var runs [2][]SelfPlayGame
	for i := range runs {
		games, samples, err := SelfPlay(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 3 || len(samples) == 0 {
			t.Fatalf("%d games, %d samples", len(games), len(samples))
		}
		runs[i] = games
	}
	for i := range runs[0] {
		a, b := runs[0][i], runs[1][i]
		if len(a.Moves) != len(b.Moves) || a.White != b.White {
			t.Fatalf("game %d differs between runs", i)
		}
		p, _ := tak.NewPosition(tak.DefaultConfig(5))
		for j, m := range a.Moves {
			if a.Moves[j] != b.Moves[j] {
				t.Fatalf("game %d ply %d differs", i, j)
			}
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", i, j, err)
			}
			p = next
		}
		if a.Moves[0].Square == tak.SquareAt(0, 0) {
			t.Errorf("game %d starts with a skipped opening", i)
		}
		if a.White != 0 && a.White != 0.5 && a.White != 1 {
			t.Errorf("game %d: score %v", i, a.White)
		}
	}
}

// TestSelfPlayKomi: the games take their komi from HalfKomi in turn, and
// every sample's position (what the fit reads, komi included) plays it.
func TestSelfPlayKomi(t *testing.T) {
	opts := SelfPlayOptions{Games: 3, Size: 5, Nodes: 200, Seed: 3, MaxPlies: 30,
		HalfKomi: []tak.Komi{0, 4}}
	games, samples, err := SelfPlay(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []tak.Komi{0, 4, 0}
	for i, g := range games {
		if g.Komi != want[i] || g.Result.Komi != want[i] {
			t.Errorf("game %d: komi %v (result %v), want %v", i, g.Komi, g.Result.Komi, want[i])
		}
	}
	seen := map[tak.Komi]bool{}
	for _, s := range samples {
		seen[s.Pos.Config().Komi] = true
	}
	if !seen[0] || !seen[4] || len(seen) != 2 {
		t.Errorf("samples' komis %v, want 0 and 4", seen)
	}
}
