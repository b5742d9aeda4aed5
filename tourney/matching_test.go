package tourney

import (
	"math/rand/v2"
	"testing"
)

func TestMatcherPerfect(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		edges [][2]int
		want  bool
	}{
		{"one edge", 2, [][2]int{{0, 1}}, true},
		{"path of four", 4, [][2]int{{0, 1}, {1, 2}, {2, 3}}, true},
		{"star", 4, [][2]int{{0, 1}, {0, 2}, {0, 3}}, false},
		{"triangle and a vertex", 4, [][2]int{{0, 1}, {1, 2}, {2, 0}}, false},
		{"two triangles", 6, [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, false},
		{"two triangles joined", 6, [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {2, 3}}, true},
		// 0 and 5 hang on the odd cycle 1-2-3-4: both must take their
		// only neighbour (1 and 3), which leaves 2 and 4 apart.
		{"cycle with two stems", 6, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 1}, {3, 5}}, false},
		{"odd number", 3, [][2]int{{0, 1}, {1, 2}}, false},
		{"isolated vertex", 4, [][2]int{{0, 1}, {1, 2}, {0, 2}}, false},
		// The Petersen graph has perfect matchings.
		{"petersen", 10, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}}, true},
	}
	for _, c := range cases {
		mt := newMatcher(c.n)
		for _, e := range c.edges {
			mt.edge(e[0], e[1])
		}
		if got := mt.perfect(); got != c.want {
			t.Errorf("%s: perfect %v, want %v", c.name, got, c.want)
		}
		if c.want {
			for v, w := range mt.match {
				if w < 0 || mt.match[w] != v {
					t.Errorf("%s: vertex %d matched to %d", c.name, v, w)
				}
			}
		}
	}
}

// fix keeps the matching perfect, and refuses an edge no perfect matching
// holds.
func TestMatcherFix(t *testing.T) {
	// A six-cycle 0-1-2-3-4-5-0 with the chord 0-3: 0-3 is in a perfect
	// matching (0-3, 1-2, 4-5), 0-2 is not an edge, and after 0-1 the rest
	// 2-3, 4-5 remains.
	mt := newMatcher(6)
	for _, e := range [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}, {0, 3}} {
		mt.edge(e[0], e[1])
	}
	if !mt.perfect() {
		t.Fatal("no perfect matching")
	}
	if !mt.fix(0, 3) {
		t.Fatal("0-3 refused")
	}
	if mt.fix(1, 4) {
		t.Error("1-4 is no edge, yet fixed")
	}
	if !mt.fix(1, 2) || !mt.fix(4, 5) {
		t.Error("the rest refused")
	}
	// In a path 0-1-2-3, 1-2 leaves 0 and 3 alone.
	mt = newMatcher(4)
	for _, e := range [][2]int{{0, 1}, {1, 2}, {2, 3}} {
		mt.edge(e[0], e[1])
	}
	if !mt.perfect() {
		t.Fatal("no perfect matching of the path")
	}
	if mt.fix(1, 2) {
		t.Error("1-2 fixed, stranding 0 and 3")
	}
	if !mt.fix(0, 1) || !mt.fix(2, 3) {
		t.Error("0-1, 2-3 refused")
	}
}

// perfectByHand reports by trying every pairing whether the graph on
// the vertices of vs has a perfect matching.
func perfectByHand(vs []int, adj [][]bool) bool {
	if len(vs) == 0 {
		return true
	}
	for j := 1; j < len(vs); j++ {
		if adj[vs[0]][vs[j]] {
			rest := append(append([]int(nil), vs[1:j]...), vs[j+1:]...)
			if perfectByHand(rest, adj) {
				return true
			}
		}
	}
	return false
}

// Random graphs of up to 12 vertices, sparse and dense (odd cycles and
// blossoms among them), against trying every pairing; then fix on every
// edge in turn against the same check.
func TestMatcherAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		n := 2 + 2*rng.IntN(6)
		p := []float64{0.15, 0.3, 0.5}[trial%3]
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		mt := newMatcher(n)
		for a := range n {
			for b := a + 1; b < n; b++ {
				if rng.Float64() < p {
					adj[a][b], adj[b][a] = true, true
					mt.edge(a, b)
				}
			}
		}
		vs := make([]int, n)
		for i := range vs {
			vs[i] = i
		}
		want := perfectByHand(vs, adj)
		if got := mt.perfect(); got != want {
			t.Fatalf("trial %d: perfect %v, by hand %v (adj %v)", trial, got, want, adj)
		}
		if !want {
			continue
		}
		// Fix the pairs 0-y for the first y by hand that works, and so on:
		// fix must agree with the brute force at every step.
		alive := vs
		for len(alive) > 0 {
			x := alive[0]
			done := false
			for _, y := range alive[1:] {
				if !adj[x][y] {
					continue
				}
				var rest []int
				for _, v := range alive {
					if v != x && v != y {
						rest = append(rest, v)
					}
				}
				wantFix := perfectByHand(rest, adj)
				if got := mt.fix(x, y); got != wantFix {
					t.Fatalf("trial %d: fix(%d,%d) %v, by hand %v", trial, x, y, got, wantFix)
				}
				if wantFix {
					alive, done = rest, true
					break
				}
			}
			if !done {
				t.Fatalf("trial %d: nothing fixed for %d", trial, x)
			}
		}
	}
}
