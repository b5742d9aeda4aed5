package bot

import (
	"runtime"
	"testing"
)

// TestCPUGate: enter waits while every place is taken, claim never waits
// (and may go over the limit), and leave lets one waiter in only when a
// place is free again.
func TestCPUGate(t *testing.T) {
	g := newCPUGate(2)
	g.enter()
	g.enter()
	g.claim() // a transaction: over the limit, at once
	entered := make(chan struct{})
	go func() {
		g.enter()
		close(entered)
	}()
	state := func() (used, waiting int) {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.used, g.waiting
	}
	for _, w := state(); w == 0; _, w = state() {
		runtime.Gosched() // until the goroutine waits in enter
	}
	g.leave() // still full: 2 of 2
	if used, waiting := state(); used != 2 || waiting != 1 {
		t.Fatalf("after one leave: %d places used, %d waiting; want 2 and 1", used, waiting)
	}
	g.leave() // 1 of 2: the waiter goes in
	<-entered
	if used, waiting := state(); used != 2 || waiting != 0 {
		t.Errorf("after the second leave: %d places used, %d waiting; want 2 and 0", used, waiting)
	}
}
