package outbox

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"
)

// item is a reply of the fake outbox.
type item struct {
	id, lane string
	next     time.Time
}

// fakeSource is an outbox in memory: the head of a lane is its first
// item; Deliver removes it, or on a scripted failure pushes it back.
type fakeSource struct {
	mu    sync.Mutex
	lanes map[string][]item
	order []string // lanes in outbox order
	fail  map[string]bool
	sent  []string
	all   chan struct{} // closed once every item is delivered
}

func newFakeSource(items ...item) *fakeSource {
	f := &fakeSource{lanes: map[string][]item{}, fail: map[string]bool{}, all: make(chan struct{})}
	for _, it := range items {
		if _, ok := f.lanes[it.lane]; !ok {
			f.order = append(f.order, it.lane)
		}
		f.lanes[it.lane] = append(f.lanes[it.lane], it)
	}
	return f
}

func (f *fakeSource) Heads(_ context.Context, limit int) ([]item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []item
	for _, l := range f.order {
		if q := f.lanes[l]; len(q) > 0 && (limit == 0 || len(out) < limit) {
			out = append(out, q[0])
		}
	}
	return out, nil
}

func (f *fakeSource) Deliver(_ context.Context, rp *item) Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail[rp.id] {
		f.lanes[rp.lane][0].next = t0.Add(time.Hour)
		return Retry
	}
	f.sent = append(f.sent, rp.id)
	f.lanes[rp.lane] = f.lanes[rp.lane][1:]
	left := 0
	for _, q := range f.lanes {
		left += len(q)
	}
	if left == 0 {
		close(f.all)
	}
	return Delivered
}

func (f *fakeSource) StoreWait() (time.Duration, bool) { return 0, false }
func (f *fakeSource) Lane(rp *item) string             { return rp.lane }
func (f *fakeSource) NextTry(rp *item) time.Time       { return rp.next }
func (f *fakeSource) ID(rp *item) string               { return rp.id }

type fixedClock struct{}

func (fixedClock) Now() time.Time { return t0 }

func testLoop(src *fakeSource, gate *Gate) Loop[item] {
	return Loop[item]{Transport: "test", Source: src, Policy: Policy{Concurrency: 2}.WithDefaults(),
		Gate: gate, Clock: fixedClock{}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func TestDeliverDueKeepsLaneOrder(t *testing.T) {
	src := newFakeSource(
		item{id: "a1", lane: "ann"}, item{id: "b1", lane: "bob"},
		item{id: "a2", lane: "ann"}, item{id: "b2", lane: "bob"},
		item{id: "c1", lane: "cat", next: t0.Add(time.Minute)}, // not due
	)
	src.fail["b1"] = true // holds up b2, not ann's lane
	n, err := testLoop(src, &Gate{}).DeliverDue(context.Background())
	if err != nil || n != 2 {
		t.Fatalf("DeliverDue = %d, %v; want 2 delivered", n, err)
	}
	if want := []string{"a1", "a2"}; !slices.Equal(src.sent, want) {
		t.Errorf("sent %v, want %v", src.sent, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := testLoop(src, &Gate{}).DeliverDue(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("DeliverDue after the end: %v, want context.Canceled", err)
	}
}

func TestRunDeliversEveryLaneInOrder(t *testing.T) {
	var items []item
	for _, l := range []string{"ann", "bob", "cat"} {
		for _, n := range []string{"1", "2", "3"} {
			items = append(items, item{id: l + n, lane: l})
		}
	}
	src := newFakeSource(items...)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		testLoop(src, &Gate{}).Run(ctx)
	}()
	<-src.all
	cancel()
	<-stopped
	for _, l := range []string{"ann", "bob", "cat"} {
		var got []string
		for _, id := range src.sent {
			if id[:3] == l {
				got = append(got, id)
			}
		}
		if want := []string{l + "1", l + "2", l + "3"}; !slices.Equal(got, want) {
			t.Errorf("lane %s delivered %v, want %v", l, got, want)
		}
	}
}

func TestRunSendsTheUnrecordedProbeFirst(t *testing.T) {
	src := newFakeSource(item{id: "a1", lane: "ann"}, item{id: "b1", lane: "bob"})
	var g Gate
	g.Failed(errors.New("disk full"), t0.Add(-time.Hour))
	g.Remember("b1", t0.Add(-time.Hour))
	// The gate is down and its backoff over: b1, delivered and not
	// recorded, goes first, alone (one probe at a time).
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		testLoop(src, &g).Run(ctx)
	}()
	<-src.all
	cancel()
	<-done
	if want := []string{"b1", "a1"}; !slices.Equal(src.sent, want) {
		t.Errorf("sent %v, want %v (the probe first)", src.sent, want)
	}
}
