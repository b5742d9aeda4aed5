package outbox

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)

func TestPolicyDefaults(t *testing.T) {
	got := Policy{}.WithDefaults()
	want := Policy{MinBackoff: 30 * time.Second, MaxBackoff: time.Hour, GiveUpAfter: 7 * 24 * time.Hour,
		Concurrency: 8, SendTimeout: 2 * time.Minute, Poll: time.Minute}
	if got != want {
		t.Errorf("defaults %+v, want %+v", got, want)
	}
	if p := (Policy{MinBackoff: 2 * time.Hour}).WithDefaults(); p.MaxBackoff != 2*time.Hour {
		t.Errorf("MaxBackoff below MinBackoff: %v, want raised to 2h", p.MaxBackoff)
	}
	if n := (Policy{Concurrency: 1}).HeadBatch(); n != 64 {
		t.Errorf("HeadBatch with concurrency 1 = %d, want 64", n)
	}
	if n := (Policy{Concurrency: 32}).HeadBatch(); n != 128 {
		t.Errorf("HeadBatch with concurrency 32 = %d, want 128", n)
	}
}

func TestDecide(t *testing.T) {
	p := Policy{MinBackoff: time.Minute, MaxBackoff: 4 * time.Minute}.WithDefaults()
	top := func(n int) int { return n - 1 }
	plain := errors.New("connection refused")
	cases := []struct {
		name     string
		err      error
		age      time.Duration
		attempts int
		want     Verdict
	}{
		{"first temporary failure", plain, time.Minute, 1, Verdict{Wait: time.Minute}},
		{"third, doubled twice", Temporary(plain, 0), time.Hour, 3, Verdict{Wait: 4 * time.Minute}},
		{"capped", plain, time.Hour, 10, Verdict{Wait: 4 * time.Minute}},
		{"the transport's own wait", Temporary(plain, 90*time.Second), 0, 5, Verdict{Wait: 90 * time.Second}},
		{"held back by a limit", HeldBack(plain, time.Hour), 0, 1, Verdict{Wait: time.Hour, Held: true}},
		{"permanent", Permanent("the address does not exist", plain), 0, 1, Verdict{Fail: true, Reason: "the address does not exist"}},
		{"permanent, wrapped", fmt.Errorf("send: %w", Permanent("blocked", nil)), 0, 1, Verdict{Fail: true, Reason: "blocked"}},
		{"given up", plain, 7 * 24 * time.Hour, 40, Verdict{Fail: true, Reason: "it could not be delivered for 168h0m0s (connection refused)"}},
	}
	for _, c := range cases {
		got := p.Decide(c.err, t0.Add(-c.age), t0, c.attempts, top)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestDeliveryErrors(t *testing.T) {
	base := errors.New("550 no such user")
	cases := []struct {
		err       error
		permanent bool
		text      string
	}{
		{Permanent("the address does not exist", base), true, "permanent delivery failure: the address does not exist: 550 no such user"},
		{Permanent("blocked", nil), true, "permanent delivery failure: blocked"},
		{Temporary(base, 0), false, "temporary delivery failure: 550 no such user"},
		{base, false, "550 no such user"},
	}
	for _, c := range cases {
		if IsPermanent(c.err) != c.permanent || c.err.Error() != c.text {
			t.Errorf("%v: permanent %v, want %v; text %q", c.err, IsPermanent(c.err), c.permanent, c.text)
		}
	}
	if !errors.Is(Temporary(base, 0), base) {
		t.Error("a DeliveryError does not unwrap to its cause")
	}
	if got := Reason(Temporary(base, 0)); got != "temporary delivery failure: 550 no such user" {
		t.Errorf("Reason without one = %q, want the error's text", got)
	}
}

type head struct {
	lane string
	next time.Time
}

func TestDue(t *testing.T) {
	heads := []head{
		{"ann", t0.Add(-time.Minute)},
		{"bob", t0.Add(10 * time.Second)},
		{"cat", t0},
		{"dan", t0.Add(-time.Hour)},
		{"eve", t0.Add(time.Hour)},
	}
	inflight := Lanes{"dan": true}
	due, wait := Due(nil, heads, t0, time.Minute, inflight,
		func(h *head) string { return h.lane }, func(h *head) time.Time { return h.next })
	var lanes []string
	for _, h := range due {
		lanes = append(lanes, h.lane)
	}
	if got := strings.Join(lanes, ","); got != "ann,cat" {
		t.Errorf("due %s, want ann,cat (in order; dan is in flight, bob and eve later)", got)
	}
	if wait != 10*time.Second {
		t.Errorf("wait %v, want 10s (bob's)", wait)
	}
	if _, wait := Due(nil, heads[:1], t0, time.Minute, Lanes{}, func(h *head) string { return h.lane }, func(h *head) time.Time { return h.next }); wait != time.Minute {
		t.Errorf("nothing later: wait %v, want the poll", wait)
	}
}

func TestGate(t *testing.T) {
	var g Gate
	if _, wait := g.Wait(t0); wait || g.Down() || g.Problems() != nil {
		t.Fatal("a new gate is not healthy")
	}
	full := errors.New("no space left on device")
	var waits []time.Duration
	for i := range 8 {
		f := g.Failed(full, t0.Add(time.Duration(i)*time.Second))
		if f.Started != (i == 0) || f.Remind {
			t.Errorf("failure %d: started %v remind %v", i+1, f.Started, f.Remind)
		}
		waits = append(waits, f.Wait)
	}
	if got := fmt.Sprint(waits); got != "[1s 2s 4s 8s 16s 32s 1m0s 1m0s]" {
		t.Errorf("waits %s, want doubling from 1s capped at 1m", got)
	}
	now := t0.Add(7 * time.Second)
	if d, ok := g.Wait(now); !ok || d != time.Minute {
		t.Errorf("Wait = %v %v, want a minute", d, ok)
	}
	if f := g.Failed(full, t0.Add(10*time.Minute)); !f.Remind || f.Failures != 9 || !f.Since.Equal(t0) {
		t.Errorf("ten minutes on: %+v, want a reminder", f)
	}
	if ps := g.Problems(); len(ps) != 1 || !strings.Contains(ps[0], "9 failures in a row: no space left on device") {
		t.Errorf("problems %q", ps)
	}
	// A write succeeds: no more waiting, but healthy only after the quiet time.
	if !g.Recorded() {
		t.Error("Recorded on a failing store said it was healthy")
	}
	if _, ok := g.Wait(t0.Add(10 * time.Minute)); ok {
		t.Error("still waiting after a write succeeded")
	}
	if _, ok := g.Recover(t0.Add(10*time.Minute + 59*time.Second)); ok {
		t.Error("recovered before the quiet time")
	}
	rec, ok := g.Recover(t0.Add(11 * time.Minute))
	if !ok || rec.Failures != 9 || !rec.Since.Equal(t0) || g.Down() {
		t.Errorf("Recover = %+v %v, want recovered after 9 failures", rec, ok)
	}
	if g.Recorded() {
		t.Error("Recorded on a healthy store asked for a recovery")
	}
	if f := g.Failed(full, t0.Add(time.Hour)); !f.Started || f.Wait != time.Second {
		t.Errorf("a new failure after recovery: %+v, want started again at 1s", f)
	}
}

func TestGateUnrecorded(t *testing.T) {
	var g Gate
	id := func(h *head) string { return h.lane }
	queue := []head{{lane: "a"}, {lane: "b"}}
	if got, stale := ProbesFirst(&g, queue, id); len(got) != 2 || stale {
		t.Errorf("nothing unrecorded: %v %v, want the queue", got, stale)
	}
	g.Remember("b", t0)
	if got, stale := ProbesFirst(&g, queue, id); len(got) != 1 || got[0].lane != "b" || stale {
		t.Errorf("b unrecorded: %v %v, want b alone", got, stale)
	}
	g.Remember("z", t0)
	g.Forget("b")
	if got, stale := ProbesFirst(&g, queue, id); len(got) != 2 || !stale {
		t.Errorf("z unrecorded, not in the queue: %v %v, want the queue, stale", got, stale)
	}
	if at, ok := g.Unrecorded("z"); !ok || !at.Equal(t0) {
		t.Errorf("Unrecorded(z) = %v %v", at, ok)
	}
	if ps := g.Problems(); len(ps) != 1 || ps[0] != "1 replies delivered but not yet recorded" {
		t.Errorf("problems %q", ps)
	}
}
