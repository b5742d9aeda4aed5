package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// A console player challenges an email player: each side's replies go out
// on its own transport, the message's game selects the game, Notify names
// the transports with new replies, and the clocks remind and then end the
// game on time.
func TestCrossTransportGame(t *testing.T) {
	var mu sync.Mutex
	notified := map[string]int{}
	h := newHarness(t, func(o *bot.Options, _ *harness) {
		o.Rand = func(int) int { return 1 }
		o.Notify = func(ts []string) {
			mu.Lock()
			defer mu.Unlock()
			for _, t := range ts {
				notified[t]++
			}
		}
	})
	ctx := context.Background()
	ann := player("ann")
	bea := bot.Identity{Transport: "email", Address: "Bea@Example.org"}
	rs := h.handle(bot.Message{ID: "c1", From: ann, Text: "new bea@example.org"})
	if len(rs) != 2 || rs[1].To.Key() != "email:bea@example.org" || rs[1].Game != "g1" {
		t.Fatalf("challenge replies %+v", rs)
	}
	// Rand 1: the challenger plays black, so bea (white) moves first.
	h.handle(bot.Message{ID: "e1", From: bea, Text: "accept", Game: "g1"})
	h.handle(bot.Message{ID: "c2", From: ann, Text: "new carl"})
	rs = h.handle(bot.Message{ID: "e2", From: bea, Text: "ps a1", Game: "g1"})
	if len(rs) != 2 || !strings.Contains(rs[0].Text(), "played") {
		t.Fatalf("move in the message's game: %q", allText(rs))
	}
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 3 {
		t.Fatalf("email delivery: %d replies, %v; want 3", n, err)
	}
	for _, r := range h.email.replies() {
		if r.To.Transport != "email" {
			t.Errorf("reply for %v sent by email", r.To)
		}
	}
	if n, _ := h.ref.DeliverDue(ctx, "email"); n != 0 {
		t.Errorf("%d email replies delivered again", n)
	}
	mu.Lock()
	if notified["email"] == 0 || notified["console"] == 0 {
		t.Errorf("notified %v; want both transports", notified)
	}
	mu.Unlock()

	// The clock loop: a reminder after 75% of the three days, then a loss on time.
	ticks := make(chan time.Time)
	done := make(chan struct{})
	go func() { h.ref.RunClocks(ctx, ticks); close(done) }()
	h.clock.Advance(55 * time.Hour)
	ticks <- h.clock.Now()
	// RunClocks reads the clock after it receives a tick: a second tick is
	// received only once the first Tick has returned, so the clock may move
	// on only then.
	ticks <- h.clock.Now()
	h.clock.Advance(20 * time.Hour)
	ticks <- h.clock.Now()
	close(ticks)
	<-done
	g := h.game("g1")
	if g.Status != bot.Over || g.Result.PTN != "1-0" || g.Result.Reason != bot.EndTime {
		t.Fatalf("after the deadline: status %s, result %+v; want white to win on time", g.Status, g.Result)
	}
	if _, err := h.ref.DeliverDue(ctx, "console"); err != nil {
		t.Fatal(err)
	}
	var reminder, timeout bool
	for _, r := range h.console.replies() {
		reminder = reminder || strings.Contains(r.Text(), "Reminder: it is your turn in game g1") && r.Attention
		timeout = timeout || strings.Contains(r.Text(), "ran out of time in game g1")
	}
	if !reminder || !timeout {
		t.Errorf("ann's replies lack the reminder (%v) or the loss on time (%v)", reminder, timeout)
	}
}
