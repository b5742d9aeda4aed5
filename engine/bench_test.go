package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkSearch6x6: a depth-6 search of a 6x6 midgame position reached
// by 30 random plies, from a fresh engine each time. Besides nodes/s (over
// the wall time) it reports cpu-nodes/s, over the process's CPU time,
// which other jobs on the machine move less.
func BenchmarkSearch6x6(b *testing.B) {
	// one sub-benchmark, named as before the leaves' stack-move check
	// became part of every search, so that runs compare by name
	b.Run("nospreadcheck", benchSearch6x6)
}

func benchSearch6x6(b *testing.B) {
	p := randomPosition(b, rand.New(rand.NewPCG(11, 12)), 6, 30)
	nodes := int64(0)
	cpu0 := cpuTime()
	for b.Loop() {
		res, err := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 6})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(nodes)/(float64(cpu)/1e9), "cpu-nodes/s")
	}
}
