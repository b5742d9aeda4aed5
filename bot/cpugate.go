package bot

import (
	"runtime"
	"sync"
)

// The commit goes first. A message's work has two kinds of CPU: the
// evaluation and encoding each message does in its own goroutine, in
// parallel with the others, and its share of the one write transaction
// at a time, which the store runs for all waiting messages in turn
// (storage/batch.go: one goroutine commits every update queued). Under
// load, hundreds of goroutines evaluating at once kept that goroutine
// waiting for a core, and with it everybody's commit. So evaluations pass
// a gate with as many places as the Go scheduler has processors, and a
// transaction's function claims a place without waiting while it runs:
// the others wait at the gate, parked, instead of queueing for a core
// (BenchmarkRefereeMoves: about a tenth more moves a second at 1,000
// goroutines, BENCHMARKS.md). Nothing holding a place waits for a
// referee's lock, so the gate cannot deadlock: a place is taken after the
// session's locks, a claim never waits, and an evaluation that writes
// (a new game's id) waits for a transaction whose functions only claim.

// cpuGate counts the goroutines doing the referee's CPU work.
type cpuGate struct {
	mu      sync.Mutex
	free    sync.Cond
	used    int
	slots   int
	waiting int // goroutines waiting in enter
}

func newCPUGate(slots int) *cpuGate {
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	g := &cpuGate{slots: slots}
	g.free.L = &g.mu
	return g
}

// enter waits for a place.
func (g *cpuGate) enter() {
	g.mu.Lock()
	for g.used >= g.slots {
		g.waiting++
		g.free.Wait()
		g.waiting--
	}
	g.used++
	g.mu.Unlock()
}

// claim takes a place at once, over the limit if need be: the work that
// others wait for goes first.
func (g *cpuGate) claim() {
	g.mu.Lock()
	g.used++
	g.mu.Unlock()
}

// leave gives a place back (after enter or claim).
func (g *cpuGate) leave() {
	g.mu.Lock()
	g.used--
	wake := g.used < g.slots
	g.mu.Unlock()
	if wake {
		g.free.Signal()
	}
}
