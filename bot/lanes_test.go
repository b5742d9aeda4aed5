package bot_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// bea is the email player of emailGame.
var bea = bot.Identity{Transport: "email", Address: "bea@example.org"}

// The referee classes its replies: what answers the sender's own message
// is an Answer, everything else (the opponent's move, a challenge, a
// reminder, a loss on time) an Event.
func TestRepliesKnowTheirClass(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name string
		run  func() []bot.Reply
		want map[string]bot.ReplyClass // recipient address → class
	}{
		{"a challenge", func() []bot.Reply { return h.send("ann", "new bea@example.org color=white") },
			map[string]bot.ReplyClass{"ann": bot.Answer, "bea@example.org": bot.Event}},
		{"an acceptance", func() []bot.Reply {
			return h.handle(bot.Message{ID: "b1", From: bea, Text: "accept"})
		}, map[string]bot.ReplyClass{"ann": bot.Event, "bea@example.org": bot.Answer}},
		{"a move", func() []bot.Reply { return h.send("ann", "ps a1") },
			map[string]bot.ReplyClass{"ann": bot.Answer, "bea@example.org": bot.Event}},
		{"a read-only command", func() []bot.Reply { return h.handle(bot.Message{ID: "b2", From: bea, Text: "board"}) },
			map[string]bot.ReplyClass{"bea@example.org": bot.Answer}},
		{"a reminder and a loss on time", func() []bot.Reply {
			var out []bot.Reply
			for range 2 {
				h.clock.Advance(4 * 24 * time.Hour)
				rs, err := h.ref.Tick(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, rs...)
			}
			return out
		}, map[string]bot.ReplyClass{"ann": bot.Event, "bea@example.org": bot.Event}},
	}
	for _, c := range cases {
		rs := c.run()
		got := map[string]bot.ReplyClass{}
		for _, r := range rs {
			if prev, ok := got[r.To.Address]; ok && prev != r.Class {
				t.Errorf("%s: replies to %s of both classes", c.name, r.To.Address)
			}
			got[r.To.Address] = r.Class
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: replies to %v, want to %v", c.name, got, c.want)
		}
		for to, w := range c.want {
			if got[to] != w {
				t.Errorf("%s: the reply to %s is an %v, want an %v", c.name, to, got[to], w)
			}
		}
	}
}

// heldAnswers fails every answer to bea as a transport's hourly limit
// does, and records what goes out.
func heldAnswers(h *harness, sent chan<- bot.Reply) {
	h.email.fail = func(r *bot.Reply) error {
		if r.Class == bot.Answer {
			return bot.Temporary(errors.New("hourly limit"), time.Hour)
		}
		sent <- *r
		return nil
	}
}

// An answer that is held back (here by the transport's hourly limit) never
// holds up an event to the same recipient; answers keep their order
// among themselves, and a restart continues their schedule.
func TestHeldAnswerNeverHoldsEvent(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	id := emailGame(t, h)
	if _, err := h.ref.DeliverDue(ctx, "email"); err != nil {
		t.Fatal(err)
	}
	sent := make(chan bot.Reply, 16)
	heldAnswers(h, sent)
	h.handle(bot.Message{ID: "b-board", From: bea, Text: "board", Game: id})
	h.handle(bot.Message{ID: "b-help", From: bea, Text: "help"})
	h.send("ann", "ps a1")
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 1 {
		t.Fatalf("DeliverDue delivered %d, %v; want ann's move", n, err)
	}
	if r := <-sent; r.Class != bot.Event || !strings.Contains(r.Text(), "a1") {
		t.Fatalf("sent %s %q, want the event of ann's move", r.Class, r.Text())
	}
	attempts := map[string]int{}
	for _, r := range pending(t, h, "email") {
		attempts[r.Cause] = r.Delivery.Attempts
	}
	if len(attempts) != 1 || attempts["email:b-board"] != 1 {
		t.Fatalf("pending heads by cause and attempts: %v; want the answer to board, tried once (help waits behind it)", attempts)
	}
	// a restart: a new referee on the same store keeps the schedule
	h.ref = bot.New(h.store, h.clock, bot.Options{Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil }})
	h.ref.Register(h.console)
	h.ref.Register(h.email)
	if n, _ := h.ref.DeliverDue(ctx, "email"); n != 0 {
		t.Fatalf("after the restart %d delivered before the held answer's time", n)
	}
	h.clock.Advance(time.Hour)
	h.email.fail = nil
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 2 {
		t.Fatalf("after the hour: %d delivered, %v; want both answers", n, err)
	}
	var causes []string
	for _, r := range h.email.replies() {
		if r.Class == bot.Answer && r.To == bea {
			causes = append(causes, r.Cause)
		}
	}
	if want := []string{"email:bea-accepts", "email:b-board", "email:b-help"}; !slices.Equal(causes, want) {
		t.Errorf("answers to bea went out as %v, want %v (in order)", causes, want)
	}
}

// In the running pipeline, an event reaches its recipient while an answer
// to the same recipient is stuck in its send.
func TestRunDeliveryEventPassesStuckAnswer(t *testing.T) {
	h := newHarness(t)
	id := emailGame(t, h)
	if _, err := h.ref.DeliverDue(context.Background(), "email"); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	stuck := make(chan struct{}, 1)
	events := make(chan bot.Reply, 4)
	h.email.fail = func(r *bot.Reply) error {
		if r.Class == bot.Answer {
			stuck <- struct{}{}
			<-release
			return bot.Temporary(errors.New("timed out"), 0)
		}
		events <- *r
		return nil
	}
	h.handle(bot.Message{ID: "b-board", From: bea, Text: "board", Game: id})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.ref.RunDelivery(ctx); close(done) }()
	defer func() { close(release); cancel(); <-done }()
	timeout := time.After(10 * time.Second)
	select {
	case <-stuck:
	case <-timeout:
		t.Fatal("the answer was never sent")
	}
	h.send("ann", "ps a1")
	select {
	case r := <-events:
		if r.To != bea || !strings.Contains(r.Text(), "a1") {
			t.Fatalf("event %q to %s, want ann's move to bea", r.Text(), r.To)
		}
	case <-timeout:
		t.Fatal("ann's move waited behind bea's stuck answer")
	}
}
