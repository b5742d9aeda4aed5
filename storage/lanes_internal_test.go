package storage

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLaneHeadsInOrder: the heads kept in order as the lanes change are
// the lanes' first seqs, sorted, after any mix of additions and removals.
func TestLaneHeadsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var x laneIndex
	var seq uint64
	pending := map[uint64]string{}
	for step := range 5000 {
		if len(pending) > 0 && rng.IntN(3) == 0 {
			// remove one at random (a delivery, in any lane, at any place)
			var victim uint64
			for s := range pending {
				victim = s
				break
			}
			x.apply(laneOp{transport: "t", lane: pending[victim], seq: victim})
			delete(pending, victim)
		} else {
			seq++
			lane := fmt.Sprint("l", rng.IntN(40))
			x.apply(laneOp{transport: "t", lane: lane, seq: seq, add: true})
			pending[seq] = lane
		}
		if step%97 != 0 {
			continue
		}
		want := x.snapshot("t", nil)
		slices.SortFunc(want, func(a, b laneSeqs) int { return cmp.Compare(first(a.seqs), first(b.seqs)) })
		got := x.firstLanes("t", 0, 1)
		if len(got) != len(want) {
			t.Fatalf("step %d: %d heads, want %d", step, len(got), len(want))
		}
		for i := range want {
			if got[i].lane != want[i].lane || first(got[i].seqs) != first(want[i].seqs) {
				t.Fatalf("step %d: head %d is %s@%d, want %s@%d", step, i, got[i].lane, first(got[i].seqs), want[i].lane, first(want[i].seqs))
			}
		}
	}
}
