package mailplay_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// logCounter is a slog handler that counts the records by message.
type logCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *logCounter) Enabled(context.Context, slog.Level) bool { return true }
func (c *logCounter) Handle(_ context.Context, r slog.Record) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[r.Message]++
	return nil
}
func (c *logCounter) WithAttrs([]slog.Attr) slog.Handler { return c }
func (c *logCounter) WithGroup(string) slog.Handler      { return c }

// count returns how many records had a message starting with prefix.
func (c *logCounter) count(prefix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for msg, k := range c.n {
		if strings.HasPrefix(msg, prefix) {
			n += k
		}
	}
	return n
}

// TestForgedFloodNeverDelaysGameEvents: during a game, mallory sends
// hundreds of mails forged with alice's From asking for the board and for
// help. The referee answers the first 10 of the hour (to alice, the real
// owner of the address) and drops the rest unanswered, counted and logged
// once; bob's move still reaches alice at once. The clock of the referee
// and the transport never moves: nothing waits for an hour to pass.
func TestForgedFloodNeverDelaysGameEvents(t *testing.T) {
	const forged = 300
	clock := &settableClock{now: time.Now().UTC().Truncate(time.Second)}
	logs := &logCounter{}
	h, sys := startLocal(t, harnessOptions{clock: clock, logger: slog.New(logs)})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, aliceMail, _ := h.startGame(alice, bob)
	h.reply(alice, aliceMail, "f6")
	h.event(mailplay.MailHandled)
	bobMail := h.next(bob, "your move,")

	// alice's challenge came to the bot's bare address, unverified: it
	// took one of the hour's answers to unverified mail from her address
	const answered = mailplay.DefaultMaxUnverifiedRepliesPerHour - 1
	for i := range forged {
		text := "board"
		if i%3 == 2 {
			text = "help"
		}
		raw := alice.DraftNew(botAddr, fmt.Sprintf("[Tak %s] %s %d", game, text, i), text, demo.Plain)
		if err := sys.Deliver(h.ctx(), malloryAddr, []string{botAddr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	outcomes := map[mailplay.MailOutcome]int{}
	deadline := time.After(waitLimit)
	for n := 0; n < forged; n++ {
		select {
		case ev := <-h.events:
			outcomes[ev.Outcome]++
		case <-deadline:
			t.Fatalf("the bot was done with %d forged mails of %d: %v", n, forged, outcomes)
		}
	}
	if outcomes[mailplay.MailHandled] != answered || outcomes[mailplay.MailDropped] != forged-answered {
		t.Errorf("forged mails: %v, want %d handled and the rest dropped", outcomes, answered)
	}
	if got, want := h.tr.UnverifiedDropped(), uint64(forged-answered); got != want {
		t.Errorf("UnverifiedDropped() = %d, want %d", got, want)
	}
	if n := logs.count("unverified mail dropped"); n != 1 {
		t.Errorf("%d log lines about dropped unverified mail, want 1 for the window", n)
	}

	// bob moves: alice is told at once, with the clock where it was
	h.reply(bob, bobMail, "a1")
	h.event(mailplay.MailHandled)
	answers := -1 // the first mail before the move is the answer to alice's f6
	moved, err := alice.NextMatching(h.ctx(), "your move,", func(*demo.Mail) { answers++ })
	if err != nil {
		t.Fatalf("bob's move never reached alice: %v", err)
	}
	if !strings.Contains(moved.Text(), "a1") {
		t.Errorf("alice's mail after bob's move:\n%s", moved.Text())
	}
	if answers != answered {
		t.Errorf("alice received %d answers to the forged mails before bob's move, want %d", answers, answered)
	}
	if got := clock.Now(); !got.Equal(clock.now) {
		t.Fatalf("the clock moved")
	}

	// an hour later the window is over: a forged mail is answered again,
	// and a new run of drops is logged again once
	clock.advance(time.Hour + time.Second)
	for range mailplay.DefaultMaxUnverifiedRepliesPerHour + 5 {
		raw := alice.DraftNew(botAddr, "board", "board", demo.Plain)
		if err := sys.Deliver(h.ctx(), malloryAddr, []string{botAddr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	for range mailplay.DefaultMaxUnverifiedRepliesPerHour {
		h.event(mailplay.MailHandled)
	}
	for range 5 {
		h.event(mailplay.MailDropped)
	}
	if n := logs.count("unverified mail dropped"); n != 2 {
		t.Errorf("%d log lines about dropped unverified mail after two windows, want 2", n)
	}
}

// TestHeldAnswerNoted: answers over max_replies_per_hour are held back
// (logged once, however often they are tried), events go out whatever
// the count, and the mail that goes out while an answer is held says how
// many and until when; once the hour has passed, the answer goes out and
// later mail says nothing more.
func TestHeldAnswerNoted(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 25, 13, 5, 0, 0, time.UTC)}
	logs := &logCounter{}
	h, sys := startLocal(t, harnessOptions{noStart: true, clock: clock, logger: slog.New(logs),
		config: func(c *mailplay.Config) { c.MaxRepliesPerHour = 2 }})
	h.wrote(aliceAddr) // a player: mail to her is not capped as mail to a stranger
	to := record.Identity{Transport: mailplay.TransportName, Address: aliceAddr}
	reply := func(id string, class record.ReplyClass) *record.Reply {
		return &record.Reply{ID: "email:mid:" + id + "@example.test/1", To: to, ToName: "Alice", Subject: "[Tak] your games",
			Class: class, Created: clock.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "Reply " + id + "."}}}
	}
	send := func(r *record.Reply) error { return h.tr.Send(h.ctx(), r) }
	lastText := func() string {
		t.Helper()
		sent := sys.Sent()
		in, err := mailplay.ParseInbound(sent[len(sent)-1].Raw)
		if err != nil {
			t.Fatal(err)
		}
		return in.Text
	}
	const note = "1 answer to you is held back until 14:05 UTC by the hourly limit of 2 mails to one address."
	for _, id := range []string{"q1", "q2"} {
		if err := send(reply(id, record.Answer)); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 { // tried again and again: logged once
		err := send(reply("q3", record.Answer))
		var de *outbox.DeliveryError
		if !errors.As(err, &de) || !de.Held || de.RetryAfter != time.Hour {
			t.Fatalf("the third answer in the hour: %v, want held back for an hour", err)
		}
	}
	if n := logs.count("hourly limit reached"); n != 1 {
		t.Errorf("the held answer was logged %d times, want once", n)
	}
	for _, id := range []string{"e1", "e2", "e3"} {
		if err := send(reply(id, record.Event)); err != nil {
			t.Fatalf("event %s over the limit of answers: %v", id, err)
		}
		if text := lastText(); !strings.Contains(text, note) || !strings.Contains(text, "Reply "+id+".") {
			t.Errorf("event %s reads:\n%s\nwant the note %q", id, text, note)
		}
	}
	clock.advance(time.Hour)
	if err := send(reply("q3", record.Answer)); err != nil {
		t.Fatalf("the held answer an hour later: %v", err)
	}
	if err := send(reply("e4", record.Event)); err != nil {
		t.Fatal(err)
	}
	if text := lastText(); strings.Contains(text, "held back") {
		t.Errorf("a mail after the held answer went out still says:\n%s", text)
	}
	if n := len(sys.Sent()); n != 7 {
		t.Errorf("%d mails sent, want 7 (3 answers, 4 events)", n)
	}
}
