package cpugate

import (
	"runtime"
	"sync"
)

// Gate counts the goroutines doing the referee's CPU work.
type Gate struct {
	mu      sync.Mutex
	free    sync.Cond
	used    int
	slots   int
	waiting int // goroutines waiting in Enter
}

// New returns a gate with slots places, or with as many as the Go
// scheduler has processors when slots is not positive.
func New(slots int) *Gate {
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	g := &Gate{slots: slots}
	g.free.L = &g.mu
	return g
}

// Enter waits for a place.
func (g *Gate) Enter() {
	g.mu.Lock()
	for g.used >= g.slots {
		g.waiting++
		g.free.Wait()
		g.waiting--
	}
	g.used++
	g.mu.Unlock()
}

// Claim takes a place at once, over the limit if need be: the work that
// others wait for goes first.
func (g *Gate) Claim() {
	g.mu.Lock()
	g.used++
	g.mu.Unlock()
}

// Leave gives a place back (after Enter or Claim).
func (g *Gate) Leave() {
	g.mu.Lock()
	g.used--
	wake := g.used < g.slots
	g.mu.Unlock()
	if wake {
		g.free.Signal()
	}
}
