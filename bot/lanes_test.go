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
		}, map[string]bot.ReplyClass{"ann": bot.Event, "bea@example.org": bot.Play}},
		{"a move", func() []bot.Reply { return h.send("ann", "ps a1") },
			map[string]bot.ReplyClass{"ann": bot.Play, "bea@example.org": bot.Event}},
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

// TestOwnPlayIsNeverLimited: what answers a player's own play in a game
// she plays (a move's confirmation, a refused move, a question about an
// ambiguous square or about which game a move is for, an accept) is a
// Play answer, which no hourly limit holds; everything else she asks for
// (help, board, a spectator's move, a move from a mail nobody vouches
// for, a move without any game) stays an Answer, under the limit.
func TestOwnPlayIsNeverLimited(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	n := 0
	msg := func(from, text string) bot.Message {
		n++
		return bot.Message{ID: "own-" + itoa(n), From: player(from), Name: from, Text: text}
	}
	cases := []struct {
		name string
		msg  bot.Message
		want bot.ReplyClass // of the reply to the sender
		says string         // in that reply
	}{
		{"help", msg("ann", "help"), bot.Answer, "help"},
		{"a move off the board", msg("ann", "ps f9"), bot.Play, "Refused"},
		{"an ambiguous square", msg("ann", "a1"), bot.Play, "Did you mean"},
		{"a move nobody vouches for", func() bot.Message { m := msg("ann", "ps a1"); m.Unverified = true; return m }(), bot.Answer, "cannot tell"},
		{"a spectator's move in the game's thread", func() bot.Message { m := msg("carol", "ps a1"); m.Game = id; return m }(), bot.Answer, "Refused"},
		{"a move without a game", msg("dave", "ps a1"), bot.Answer, "no game"},
		{"a move", msg("ann", "ps a1"), bot.Play, "played ps a1"},
		{"a move out of turn", msg("ann", "ps b2"), bot.Play, "not your turn"},
		{"a board", msg("ann", "board"), bot.Answer, "Turn"},
		{"held", msg("ann", "held"), bot.Play, "Nothing waits for you"},
		{"a move and help", msg("ann", "draw; help"), bot.Play, "draw"},
	}
	for _, c := range cases {
		rs := h.handle(c.msg)
		if _, err := h.ref.DeliverDue(context.Background(), "console"); err != nil {
			t.Fatal(err)
		}
		var mine []bot.Reply
		for _, r := range rs {
			if r.To == c.msg.From {
				mine = append(mine, r)
			}
		}
		if len(mine) == 0 {
			t.Errorf("%s: no reply to the sender", c.name)
			continue
		}
		if mine[0].Class != c.want || !strings.Contains(mine[0].Text(), c.says) {
			t.Errorf("%s: the reply to the sender is %v, want %v, saying %q:\n%s", c.name, mine[0].Class, c.want, c.says, mine[0].Text())
		}
	}
	// two games where it is ann's turn: which one a move is for is a
	// question about her own play, about no one game
	h.start("ann", "carol", "")
	h.send("bob", "ps e5")
	rs := h.send("ann", "ps c3")
	if got := textTo(rs, "ann"); len(rs) != 1 || rs[0].Class != bot.Play || rs[0].Game != "" || !strings.Contains(got, "Which one") {
		t.Errorf("the question which game a move is for: %d replies, %v:\n%s", len(rs), rs[0].Class, got)
	}
}

// TestHeldShowsOnlyYourOwn is the attack test of "held": while bea's
// answers are held back, ann's "held" (and a "held" forged with ann's
// From, answered to ann) says nothing of them, and bea's own "held" lists
// hers, going out at once although her answers are held.
func TestHeldShowsOnlyYourOwn(t *testing.T) {
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
	for _, tr := range []string{"email", "console"} {
		if _, err := h.ref.DeliverDue(ctx, tr); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []bot.Message{
		{ID: "a-held", From: player("ann"), Text: "held"},
		{ID: "a-held-forged", From: player("ann"), Text: "held", Unverified: true},
		{ID: "a-held-game", From: player("ann"), Text: "held", Game: id},
	} {
		rs := h.handle(m)
		if _, err := h.ref.DeliverDue(ctx, "console"); err != nil {
			t.Fatal(err)
		}
		if got := allText(rs); len(rs) != 1 || rs[0].To != player("ann") || !strings.Contains(got, "Nothing waits for you") ||
			strings.Contains(got, "bea") || strings.Contains(got, id) {
			t.Errorf("%s: ann is told:\n%s", m.ID, got)
		}
	}
	rs := h.handle(bot.Message{ID: "b-held", From: bea, Text: "held"})
	if len(rs) != 1 || rs[0].Class != bot.Play {
		t.Fatalf("bea's held: %d replies, %+v", len(rs), rs)
	}
	got := rs[0].Text()
	if !strings.Contains(got, "2 answers to you wait by email (bea@example.org):") ||
		!strings.Contains(got, "2 about \"[Tak "+id+"] ann vs bea@example.org, 5x5\": at 2026-11-21 10:00 UTC") {
		t.Errorf("bea's held says:\n%s", got)
	}
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 1 {
		t.Fatalf("DeliverDue: %d, %v; want bea's held list, at once", n, err)
	}
	if r := <-sent; !strings.Contains(r.Text(), "answers to you wait") {
		t.Errorf("sent %q, want the held list", r.Text())
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
	if want := []string{"email:b-board", "email:b-help"}; !slices.Equal(causes, want) { // her accept was answered as her own play
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
