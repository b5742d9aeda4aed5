package tak_test

import (
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// midgameTPS is a real game, playtak 39646 (the 18th game of
// ../shared/corpus/playtak-6x6-games.ptn), after 40 plies: both capstones
// out, stacks up to six high, 90 legal moves.
const midgameTPS = "x4,1,x/2,x3,1,x/2,1,1,121112C,x2/2,2,2,1211C,x2/1S,x,2,1,2,12/2,x,2,x2,1 1 21"

// TestPerftFull checks that PerftFull, which plays every leaf, agrees with
// Perft on the start positions and the benchmark's midgame.
func TestPerftFull(t *testing.T) {
	tests := []struct {
		tps   string
		depth int
		want  uint64
	}{
		{"x5/x5/x5/x5/x5 1 1", 3, 43320},
		{"x6/x6/x6/x6/x6/x6 1 1", 3, 132720},
		{"x5/x5/x2,121212C,x2/1,x4/1,x4 2 7", 3, 592645},
		{midgameTPS, 1, 90},
		{midgameTPS, 2, 14308},
		{midgameTPS, 3, 1462364},
		{"2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42", 2, 21402},
	}
	for _, tt := range tests {
		p, err := notation.ParseTPS(tt.tps, tak.Config{})
		if err != nil {
			t.Fatalf("ParseTPS(%q): %v", tt.tps, err)
		}
		before := notation.FormatTPS(p)
		if got := p.PerftFull(tt.depth); got != tt.want {
			t.Errorf("PerftFull(%q, %d) = %d, want %d", tt.tps, tt.depth, got, tt.want)
		}
		if got := p.Perft(tt.depth); got != tt.want {
			t.Errorf("Perft(%q, %d) = %d, want %d", tt.tps, tt.depth, got, tt.want)
		}
		if after := notation.FormatTPS(p); after != before {
			t.Errorf("perft changed the position: %q, then %q", before, after)
		}
	}
}

func benchPerftFull(b *testing.B, tps string, depth int, want uint64) {
	b.Helper()
	p, err := notation.ParseTPS(tps, tak.Config{})
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	cpu := cpuTime()
	for b.Loop() {
		got := p.PerftFull(depth)
		if got != want {
			b.Fatalf("PerftFull = %d, want %d", got, want)
		}
		nodes += got
	}
	// The process's CPU time per op moves far less than the wall time when
	// other jobs share the machine.
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftFull6x6Start4 generates, plays, checks for an end and takes
// back every one of the 13,586,048 leaf moves of the 6x6 start at depth 4.
func BenchmarkPerftFull6x6Start4(b *testing.B) {
	benchPerftFull(b, "x6/x6/x6/x6/x6/x6 1 1", 4, 13586048)
}

// BenchmarkPerftFull6x6Midgame3 does the same from a real game's position
// after 40 plies, at depth 3: 1,462,364 leaves.
func BenchmarkPerftFull6x6Midgame3(b *testing.B) {
	benchPerftFull(b, midgameTPS, 3, 1462364)
}
