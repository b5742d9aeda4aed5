package cpugate

import (
	"runtime"
	"testing"
)

// TestCPUGate: Enter waits while every place is taken, Claim never waits
// (and may go over the limit), and Leave lets one waiter in only when a
// place is free again.
func TestCPUGate(t *testing.T) {
	g := New(2)
	g.Enter()
	g.Enter()
	g.Claim() // a transaction: over the limit, at once
	entered := make(chan struct{})
	go func() {
		g.Enter()
		close(entered)
	}()
	state := func() (used, waiting int) {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.used, g.waiting
	}
	for _, w := state(); w == 0; _, w = state() {
		runtime.Gosched() // until the goroutine waits in Enter
	}
	g.Leave() // still full: 2 of 2
	if used, waiting := state(); used != 2 || waiting != 1 {
		t.Fatalf("after one leave: %d places used, %d waiting; want 2 and 1", used, waiting)
	}
	g.Leave() // 1 of 2: the waiter goes in
	<-entered
	if used, waiting := state(); used != 2 || waiting != 0 {
		t.Errorf("after the second leave: %d places used, %d waiting; want 2 and 0", used, waiting)
	}
}
