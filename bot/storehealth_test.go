package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// fullDisk is a store whose writes fail with ENOSPC while full is set,
// as bbolt's commit fails on a full disk: nothing is written.
type fullDisk struct {
	bot.Store
	full     atomic.Bool
	attempts atomic.Int64 // writes tried while full
}

func (s *fullDisk) Update(ctx context.Context, fn func(bot.Tx) error) error {
	if s.full.Load() {
		s.attempts.Add(1)
		return fmt.Errorf("write takbot.db: %w", syscall.ENOSPC)
	}
	return s.Store.Update(ctx, fn)
}

// storeWatcher is an Observer that counts what the referee reports of
// its store.
type storeWatcher struct {
	errors, started, recovered atomic.Int64
}

func (*storeWatcher) MessageHandled(string, string, time.Duration) {}
func (*storeWatcher) ReplySent(string, string, time.Duration)      {}
func (w *storeWatcher) StoreError()                                { w.errors.Add(1) }
func (w *storeWatcher) StoreFailing(failing bool) {
	if failing {
		w.started.Add(1)
	} else {
		w.recovered.Add(1)
	}
}

// logBuffer collects log lines safely.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *logBuffer) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), s)
}

// fullDiskHarness is a harness over a fullDisk store, with its logs and
// observer.
func fullDiskHarness(t *testing.T, extra func(*bot.Options)) (*harness, *fullDisk, *storeWatcher, *logBuffer) {
	disk := &fullDisk{}
	watch := &storeWatcher{}
	logs := &logBuffer{}
	h := newHarness(t, func(o *bot.Options, h *harness) {
		disk.Store = h.store
		h.store = disk
		o.Observer = watch
		o.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
		if extra != nil {
			extra(o)
		}
	})
	return h, disk, watch, logs
}

// With the disk full, a reply the transport took but whose delivery could
// not be recorded is never sent again: it is recorded once the disk has
// room, and the replies behind it then go out, each once. The failure is
// logged once when it starts and once when it ends, counted, and shown to
// health checks while it lasts.
func TestFullDiskSendsNothingTwice(t *testing.T) {
	h, disk, watch, logs := fullDiskHarness(t, nil)
	// three replies wait for bea: the challenge and the game's start (the
	// answer to her own play) in her events' lane, and the answer to
	// "games" in her answers' lane
	emailGame(t, h)
	h.handle(bot.Message{ID: "bea-games", From: bea, Text: "games"})
	ctx := context.Background()
	disk.full.Store(true)
	for i := range 5 {
		h.clock.Advance(time.Minute)
		h.ref.DeliverDue(ctx, "email")
		if sent := h.email.replies(); len(sent) != 1 {
			t.Fatalf("round %d: %d mails sent with the disk full, want the first only, once", i, len(sent))
		}
	}
	// bea's replies are in two lanes (the challenge and the game's
	// start, then the answer to "games"): both heads wait, the sent one
	// among them, not recorded
	sentID := h.email.replies()[0].ID
	heads := pending(t, h, "email")
	if len(heads) != 2 || (heads[0].ID != sentID && heads[1].ID != sentID) {
		t.Fatalf("pending %+v: want the sent reply, not recorded, and the other lane's head", heads)
	}
	if ps := h.ref.Problems(); len(ps) != 2 || !strings.Contains(ps[0], "no space left on device") {
		t.Errorf("problems while the disk is full: %q", ps)
	}
	disk.full.Store(false)
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 3 {
		t.Fatalf("with room again: %d delivered, %v; want the recorded one, the game's start and the games", n, err)
	}
	sent := h.email.replies()
	if len(sent) != 3 || sent[0].ID == sent[1].ID || sent[1].ID == sent[2].ID || sent[0].ID == sent[2].ID {
		t.Fatalf("sent %d mails (%v): want three different ones", len(sent), sent)
	}
	if heads := pending(t, h, "email"); len(heads) != 0 {
		t.Errorf("still pending: %+v", heads)
	}
	if ps := h.ref.Problems(); len(ps) != 1 || logs.count("the database records again") != 0 {
		t.Errorf("problems just after the first writes with room again: %q; want the failure, until a minute has passed", ps)
	}
	h.clock.Advance(time.Minute)
	if ps := h.ref.Problems(); len(ps) != 0 {
		t.Errorf("problems a minute after the last failure: %q", ps)
	}
	if a, b := logs.count("the database cannot record"), logs.count("the database records again"); a != 1 || b != 1 {
		t.Errorf("logged the start %d times and the end %d times, want once each", a, b)
	}
	if watch.started.Load() != 1 || watch.recovered.Load() != 1 || watch.errors.Load() != disk.attempts.Load() {
		t.Errorf("observed %d starts, %d ends, %d errors of %d failed writes", watch.started.Load(), watch.recovered.Load(),
			watch.errors.Load(), disk.attempts.Load())
	}
}

// afterClock is the test clock telling each wait the delivery loop
// starts, with the failed writes tried by then.
type afterClock struct {
	*testClock
	disk  *fullDisk
	waits chan wait
}

type wait struct {
	d        time.Duration
	attempts int64
}

func (c afterClock) After(d time.Duration) <-chan time.Time {
	ch := c.testClock.After(d)
	c.waits <- wait{d, c.disk.attempts.Load()}
	return ch
}

// The delivery loop backs off while the disk is full: one write tried
// after 1 s, 2 s, 4 s ... at most a minute apart (no tight loop), nothing
// sent twice, and everything pending goes out once there is room again.
func TestFullDiskBacksOffDelivery(t *testing.T) {
	const poll = 24 * time.Hour
	// One reply in flight at a time, so that the failed writes are
	// counted exactly: with more, bea's two lanes (the challenge, an
	// event, and the game's start, an answer) may both be in flight when
	// the disk fills, and the probing of one reply at a time starts after.
	h, disk, _, logs := fullDiskHarness(t, func(o *bot.Options) { o.Delivery.Poll = poll; o.Delivery.Concurrency = 1 })
	clock := afterClock{testClock: newClock(), disk: disk, waits: make(chan wait, 1000)}
	emailGame(t, h)
	ref := bot.New(h.store, clock, bot.Options{Delivery: bot.DeliveryOptions{Poll: poll, Concurrency: 1}, Observer: &storeWatcher{},
		Logger: slog.New(slog.NewTextHandler(logs, nil)), Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil }})
	ref.Register(h.console)
	ref.Register(h.email)
	if _, err := ref.DeliverDue(context.Background(), "console"); err != nil { // only email has replies waiting
		t.Fatal(err)
	}
	disk.full.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { ref.RunDelivery(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	// waitFor returns the next wait of the delivery loops that want
	// accepts (a loop may start the same wait more than once).
	waitFor := func(want func(wait) bool) time.Duration {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case w := <-clock.waits:
				if want(w) {
					return w.d
				}
			case <-timeout:
				t.Fatal("the delivery loop never waited as expected")
			}
		}
	}
	// backoff accepts the wait after the n-th failed write
	backoff := func(n int) func(wait) bool {
		return func(w wait) bool { return w.d < poll && w.d > 0 && w.attempts == int64(n) }
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second,
		32 * time.Second, time.Minute, time.Minute, time.Minute}
	for i, w := range want {
		d := waitFor(backoff(i + 1))
		if d != w {
			t.Fatalf("wait %d: %v, want %v", i+1, d, w)
		}
		if n := disk.attempts.Load(); n != int64(i+1) { // the clock stands still: no write is tried
			t.Fatalf("during wait %d: %d writes tried, want %d: one per backoff", i+1, n, i+1)
		}
		clock.Advance(d)
	}
	d := waitFor(backoff(len(want) + 1)) // the loop waits again, after its last failed write
	// the probes were the mail sent and not recorded: nothing else went out
	if sent := h.email.replies(); len(sent) != 1 {
		ids := make([]string, len(sent))
		for i, s := range sent {
			ids[i] = s.ID
		}
		t.Fatalf("%d mails sent with the disk full (%s), want the first only", len(sent), strings.Join(ids, ", "))
	}
	disk.full.Store(false)
	clock.Advance(d)
	waitFor(func(w wait) bool { return w.d == poll && len(h.email.replies()) == 2 })
	for len(pending(t, h, "email")) > 0 {
		waitFor(func(w wait) bool { return w.d == poll })
	}
	if sent := h.email.replies(); len(sent) != 2 || sent[0].ID == sent[1].ID {
		t.Fatalf("sent %d mails with room again: want the two, each once", len(sent))
	}
	if n := logs.count("the database cannot record"); n != 1 {
		t.Errorf("the failure logged %d times, want once", n)
	}
}
