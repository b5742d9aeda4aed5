package outbox

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

// fakeTx records the deliveries written; the rest of record.Tx is not
// used by a Courier.
type fakeTx struct {
	record.Tx
	s *fakeStore
}

func (tx fakeTx) SetDelivery(id string, d record.Delivery) error {
	tx.s.set[id] = d
	return nil
}

// fakeStore is a store whose writes succeed or fail with err.
type fakeStore struct {
	record.Store
	set map[string]record.Delivery
	err error
}

func (s *fakeStore) Update(_ context.Context, fn func(record.Tx) error) error {
	if s.err != nil {
		return s.err
	}
	return fn(fakeTx{s: s})
}

// fakeRecorder is the referee's side, scripted: Send returns sendErr;
// markErr fails the record of a delivery.
type fakeRecorder struct {
	sendErr, markErr    error
	prepared, sent      int
	marked              []time.Time
	declined, undeliver []string // reasons
}

func (f *fakeRecorder) Prepare(context.Context, *record.Reply) { f.prepared++ }
func (f *fakeRecorder) Send(context.Context, *record.Reply) error {
	f.sent++
	return f.sendErr
}
func (f *fakeRecorder) MarkDelivered(_ context.Context, _ *record.Reply, at time.Time) error {
	if f.markErr != nil {
		return f.markErr
	}
	f.marked = append(f.marked, at)
	return nil
}
func (f *fakeRecorder) Declined(_ context.Context, _ *record.Reply, reason string) error {
	f.declined = append(f.declined, reason)
	return nil
}
func (f *fakeRecorder) Undeliverable(_ context.Context, _ record.Identity, _, reason string) error {
	f.undeliver = append(f.undeliver, reason)
	return nil
}

func testCourier(rec *fakeRecorder, st *fakeStore, results *[]string) Courier {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := &Health{Clock: fixedClock{}, Logger: quiet}
	return Courier{Transport: "post", Referee: rec, Store: st, Health: h,
		Policy: Policy{MinBackoff: time.Minute, MaxBackoff: 4 * time.Minute}.WithDefaults(),
		Clock:  fixedClock{}, Rand: func(n int) int { return n - 1 }, Logger: quiet,
		Sent: func(result string, _ time.Duration) { *results = append(*results, result) }}
}

func reply() *record.Reply {
	return &record.Reply{ID: "r1", To: record.Identity{Transport: "post", Address: "ann"}, Created: t0.Add(-time.Hour)}
}

// Each outcome of a send is recorded as the policy decides, and the
// metrics are told its result.
func TestCourierOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		err     error
		want    Result
		result  string
		check   func(t *testing.T, rec *fakeRecorder, st *fakeStore)
		prepare bool
	}{
		{"delivered", nil, Delivered, "delivered", func(t *testing.T, rec *fakeRecorder, st *fakeStore) {
			if len(rec.marked) != 1 || !rec.marked[0].Equal(t0) {
				t.Errorf("marked delivered at %v, want once at %v", rec.marked, t0)
			}
		}, true},
		{"temporary", Temporary(errors.New("timed out"), 0), Retry, "retry", func(t *testing.T, rec *fakeRecorder, st *fakeStore) {
			d := st.set["r1"]
			if d.Attempts != 1 || !d.NextTry.Equal(t0.Add(time.Minute)) || !strings.Contains(d.LastError, "timed out") {
				t.Errorf("retry recorded as %+v, want attempt 1 next at %v", d, t0.Add(time.Minute))
			}
		}, true},
		{"held back", HeldBack(errors.New("hourly limit"), time.Hour), Retry, "held", func(t *testing.T, rec *fakeRecorder, st *fakeStore) {
			if d := st.set["r1"]; !d.NextTry.Equal(t0.Add(time.Hour)) {
				t.Errorf("held reply next tried at %v, want the transport's hour", d.NextTry)
			}
		}, true},
		{"permanent", Permanent("the address does not exist", nil), Failed, "failed", func(t *testing.T, rec *fakeRecorder, st *fakeStore) {
			if len(rec.undeliver) != 1 || rec.undeliver[0] != "the address does not exist" {
				t.Errorf("undeliverable with %q, want the reason once", rec.undeliver)
			}
		}, true},
		{"unwanted", &DeliveryError{Permanent: true, Unwanted: true, Reason: "no more mail today"}, Failed, "declined", func(t *testing.T, rec *fakeRecorder, st *fakeStore) {
			if len(rec.declined) != 1 || rec.declined[0] != "no more mail today" || len(rec.undeliver) != 0 {
				t.Errorf("declined %q, undeliverable %q: want declined once, never unreachable", rec.declined, rec.undeliver)
			}
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, st, results := &fakeRecorder{sendErr: tc.err}, &fakeStore{set: map[string]record.Delivery{}}, []string{}
			if got := testCourier(rec, st, &results).Deliver(context.Background(), reply()); got != tc.want {
				t.Errorf("Deliver = %v, want %v", got, tc.want)
			}
			if len(results) != 1 || results[0] != tc.result {
				t.Errorf("metrics told %q, want %q", results, tc.result)
			}
			if rec.prepared != 1 || rec.sent != 1 {
				t.Errorf("prepared %d, sent %d times; want once each", rec.prepared, rec.sent)
			}
			tc.check(t, rec, st)
		})
	}
}

// A reply sent whose delivery the store could not record is recorded
// later, never sent again; while the store fails nothing is sent.
func TestCourierNeverSendsTwice(t *testing.T) {
	rec, st, results := &fakeRecorder{markErr: errors.New("disk full")}, &fakeStore{set: map[string]record.Delivery{}}, []string{}
	c := testCourier(rec, st, &results)
	if got := c.Deliver(context.Background(), reply()); got != Delivered || rec.sent != 1 {
		t.Fatalf("first delivery: %v after %d sends", got, rec.sent)
	}
	if _, ok := c.Health.Gate.Unrecorded("r1"); !ok {
		t.Fatal("the delivery not recorded is not remembered")
	}
	c.Health.Failed(errors.New("disk full")) // the store fails: nothing new goes out
	if got := c.Deliver(context.Background(), &record.Reply{ID: "r2"}); got != Retry || rec.sent != 1 {
		t.Fatalf("while the store fails: %v after %d sends, want a retry and no send", got, rec.sent)
	}
	rec.markErr = nil
	if got := c.Deliver(context.Background(), reply()); got != Delivered || rec.sent != 1 || len(rec.marked) != 1 {
		t.Fatalf("the reply delivered before: %v, %d sends, marked %v; want recorded, not sent again", got, rec.sent, rec.marked)
	}
	if _, ok := c.Health.Gate.Unrecorded("r1"); ok {
		t.Error("the reply is still remembered once recorded")
	}
}

// A send cut off by the service stopping records nothing: the reply stays
// pending as it was.
func TestCourierStopped(t *testing.T) {
	rec, st, results := &fakeRecorder{sendErr: context.Canceled}, &fakeStore{set: map[string]record.Delivery{}}, []string{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := testCourier(rec, st, &results).Deliver(ctx, reply()); got != Stopped {
		t.Errorf("Deliver = %v, want Stopped", got)
	}
	if len(st.set) != 0 || len(results) != 0 {
		t.Errorf("recorded %v, told %q; want nothing", st.set, results)
	}
}

// counter is an Observer of the store's health.
type counter struct{ errors, damaged int }

func (c *counter) StoreError()          { c.errors++ }
func (c *counter) StoreFailing(bool)    {}
func (c *counter) RecordDamaged(string) { c.damaged++ }

// Damaged records are reported once each and listed in Problems; the
// watched store reports its own failures, not a transaction's refusal.
func TestHealth(t *testing.T) {
	obs := &counter{}
	h := &Health{Clock: fixedClock{}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Observer: obs}
	damaged := &record.DamagedRecordError{Kind: "game", Key: "g7", Err: record.ErrDamagedRecord}
	for range 2 {
		if found := h.Damaged(errors.Join(damaged, errors.New("other"))); len(found) != 1 {
			t.Fatalf("Damaged found %d records, want 1", len(found))
		}
	}
	if h.Damaged(errors.New("plain")) != nil || obs.damaged != 1 {
		t.Errorf("counted %d damaged records, want 1", obs.damaged)
	}
	w := Watched{Store: &fakeStore{err: errors.New("disk full")}, Health: h}
	if err := w.Update(context.Background(), func(record.Tx) error { return nil }); err == nil || !h.Gate.Down() || obs.errors != 1 {
		t.Fatalf("a failed write: %v, down %v, %d errors counted", err, h.Gate.Down(), obs.errors)
	}
	refused := errors.New("not your game")
	w = Watched{Store: &fakeStore{set: map[string]record.Delivery{}}, Health: &Health{Clock: fixedClock{}, Logger: h.Logger}}
	if err := w.Update(context.Background(), func(record.Tx) error { return refused }); !errors.Is(err, refused) || w.Health.Gate.Down() {
		t.Errorf("a refusal: %v, down %v; want the refusal, the store healthy", err, w.Health.Gate.Down())
	}
	ps := h.Problems()
	if len(ps) != 2 || !strings.Contains(ps[0], "cannot record") || !strings.Contains(ps[1], "1 damaged records set aside (game g7)") {
		t.Errorf("Problems = %q", ps)
	}
}
