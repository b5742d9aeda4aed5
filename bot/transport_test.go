package bot_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

type movingClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movingClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *movingClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// A console player challenges an email player: each side's replies wait in
// its own transport's outbox, the thread hint selects the game, and Notify
// names the transports with new replies.
func TestCrossTransportGame(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "x.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	notified := map[string]int{}
	clock := &movingClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	ref := bot.New(db, clock, bot.Options{Rand: func(int) int { return 1 }, Notify: func(ts []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, t := range ts {
			notified[t]++
		}
	}})
	ctx := context.Background()
	ann := bot.Identity{Transport: "console", Address: "ann"}
	bea := bot.Identity{Transport: "email", Address: "Bea@Example.org"}
	handle := func(id string, from bot.Identity, text, thread string) []bot.Reply {
		t.Helper()
		rs, err := ref.Handle(ctx, bot.Message{ID: id, From: from, Text: text, Thread: thread})
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	rs := handle("c1", ann, "new bea@example.org", "")
	if len(rs) != 2 || rs[1].To.Key() != "email:bea@example.org" || rs[1].Thread != "g1" {
		t.Fatalf("challenge replies %+v", rs)
	}
	// Rand 1: the challenger plays black, so bea (white) moves first.
	handle("e1", bea, "accept", "g1")
	handle("c2", ann, "new carl", "")
	rs = handle("e2", bea, "ps a1", "g1")
	if len(rs) != 2 || !strings.Contains(rs[0].Text, "played") {
		t.Fatalf("move by thread hint: %+v", rs)
	}
	pend, err := ref.PendingText(ctx, "email", 0)
	if err != nil || len(pend) != 3 {
		t.Fatalf("email outbox: %d replies, %v; want 3", len(pend), err)
	}
	for _, r := range pend {
		if r.To.Transport != "email" {
			t.Errorf("reply for %v in the email outbox", r.To)
		}
		if err := ref.Delivered(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
	}
	if pend, _ := ref.PendingText(ctx, "email", 0); len(pend) != 0 {
		t.Errorf("%d email replies still pending after delivery", len(pend))
	}
	mu.Lock()
	if notified["email"] == 0 || notified["console"] == 0 {
		t.Errorf("notified %v; want both transports", notified)
	}
	mu.Unlock()

	// The clock loop: a reminder after 75% of the three days, then a loss on time.
	ticks := make(chan time.Time)
	done := make(chan struct{})
	go func() { ref.RunClocks(ctx, ticks); close(done) }()
	clock.add(55 * time.Hour)
	ticks <- clock.Now()
	// RunClocks reads the clock after it receives a tick: a second tick is
	// received only once the first Tick has returned, so the clock may move
	// on only then (otherwise the first Tick may already see the deadline
	// passed and send no reminder)
	ticks <- clock.Now()
	clock.add(20 * time.Hour)
	ticks <- clock.Now()
	close(ticks)
	<-done
	g, err := ref.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != bot.Over || g.Result.PTN != "1-0" || g.Result.Reason != "time" {
		t.Fatalf("after the deadline: status %s, result %+v; want white to win on time", g.Status, g.Result)
	}
	pend, _ = ref.PendingText(ctx, "console", 0)
	var reminder, timeout bool
	for _, r := range pend {
		reminder = reminder || strings.Contains(r.Text, "Reminder: it is your turn in game g1")
		timeout = timeout || strings.Contains(r.Text, "ran out of time in game g1")
	}
	if !reminder || !timeout {
		t.Errorf("ann's outbox lacks the reminder (%v) or the loss on time (%v)", reminder, timeout)
	}
}
