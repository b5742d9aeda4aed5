package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkSearch6x6: a depth-6 search of a 6x6 midgame position reached
// by 30 random plies, from a fresh engine each time.
func BenchmarkSearch6x6(b *testing.B) {
	// one sub-benchmark, named as before the leaves' stack-move check
	// became part of every search, so that runs compare by name
	b.Run("nospreadcheck", benchSearch6x6)
}

func benchSearch6x6(b *testing.B) {
	p := randomPosition(b, rand.New(rand.NewPCG(11, 12)), 6, 30)
	nodes := int64(0)
	for b.Loop() {
		res, err := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 6})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
