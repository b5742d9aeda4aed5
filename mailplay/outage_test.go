package mailplay_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/mailplay"
)

// countMessageIDs counts a mailbox's mails by Message-ID.
func countMessageIDs(t *testing.T, mail mailServers, addr string) map[string]int {
	t.Helper()
	msgs, err := mail.Messages(addr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, m := range msgs {
		in, err := mailplay.ParseInbound(m.Raw)
		if err != nil {
			t.Fatal(err)
		}
		out[in.MessageID]++
	}
	return out
}

// TestSMTPOutage: while the SMTP server refuses the bot, a move is still
// handled and its replies wait; once SMTP is back they are delivered,
// each exactly once.
func TestSMTPOutage(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	sys.SetSMTPDown(true)
	to, raw := alice.Draft(m, "f6", demo.Gmail, demo.Plain)
	if err := sys.Deliver(h.ctx(), aliceAddr, []string{to}, raw); err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailHandled)
	h.waitResult("retry")
	h.waitResult("retry") // retried, still down
	if g := h.game(game); len(g.Moves) != 1 {
		t.Fatalf("the move was not played during the outage: %+v", g.Moves)
	}
	sys.SetSMTPDown(false)
	h.next(bob, "played f6")
	h.next(alice, "played f6")
	for _, addr := range []string{aliceAddr, bobAddr} {
		for id, n := range countMessageIDs(t, sys, addr) {
			if n != 1 {
				t.Errorf("%s received %s %d times", addr, id, n)
			}
		}
	}
}

// TestIMAPOutage: when the IMAP server goes away the mailbox is reported
// disconnected while replies still go out by SMTP; the bot reconnects by
// itself and answers the mail that arrived meanwhile.
func TestIMAPOutage(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	h.waitHealth(true)
	if err := sys.SetIMAPDown(true); err != nil {
		t.Fatal(err)
	}
	hl := h.waitHealth(false)
	if !strings.HasPrefix(hl.Detail, "IMAP: ") {
		t.Errorf("health detail %q", hl.Detail)
	}
	// Another transport's message still gets its email reply.
	if _, err := h.ref.Handle(h.ctx(), bot.Message{ID: "outage-1", From: record.Identity{Transport: "email", Address: aliceAddr}, Text: "help"}); err != nil {
		t.Fatal(err)
	}
	h.waitResult("delivered")
	// Mail delivered during the outage waits in the mailbox.
	raw := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: games?\r\nMessage-ID: <outage-2@example.test>\r\n\r\ngames\r\n"
	if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := sys.SetIMAPDown(false); err != nil {
		t.Fatal(err)
	}
	h.waitHealth(true)
	alice := h.player(aliceAddr, "Alice")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	h.next(alice, "game")
}

// TestNewUIDValidity: the bot's INBOX is recreated (a new UIDVALIDITY) and
// mail handled before is delivered into it again: it is recognised by its
// Message-ID and not answered twice; new mail is answered.
func TestNewUIDValidity(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice := h.player(aliceAddr, "Alice")
	var raws [][]byte
	for _, text := range []string{"help", "games"} {
		raw := alice.DraftNew(botAddr, text, text, demo.Plain)
		raws = append(raws, raw)
		if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, raw); err != nil {
			t.Fatal(err)
		}
		h.event(mailplay.MailHandled)
	}
	h.next(alice, "help")
	h.next(alice, "game")
	if err := sys.RecreateMailbox(botAddr, "INBOX"); err != nil {
		t.Fatal(err)
	}
	for _, raw := range raws {
		if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	h.event(mailplay.MailDuplicate)
	h.event(mailplay.MailDuplicate)
	h.write(alice, "again", "help")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	if n := inboxCount(t, sys, aliceAddr); n != 3 {
		t.Errorf("alice received %d mails, want 3", n)
	}
}

// TestHourlyLimit: past max_replies_per_hour answers to one address, an
// answer is held back (a temporary failure with the time until a slot
// frees), while the mail that caused it was handled; an event still goes
// out to the address, and says that an answer is held back.
func TestHourlyLimit(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{config: func(c *mailplay.Config) { c.MaxRepliesPerHour = 2 }})
	alice := h.player(aliceAddr, "Alice")
	h.wrote(aliceAddr) // a player who wrote before (from her bare address, the mails below are not vouched for)
	for _, text := range []string{"help", "games", "help"} {
		h.write(alice, text, text)
		h.event(mailplay.MailHandled)
	}
	h.waitResult("held")
	if n := inboxCount(t, sys, aliceAddr); n != 2 {
		t.Errorf("alice received %d mails within the hour, want 2", n)
	}
	bob := h.player(bobAddr, "Bob")
	h.write(bob, "Tak?", "new "+aliceAddr)
	h.confirm(bob) // a challenge from the bare address waits for bob's confirmation
	challenge := h.next(alice, "challenges you")
	if !strings.Contains(challenge.Text(), "1 answer to you is held back until ") ||
		!strings.Contains(challenge.Text(), " UTC by the hourly limit of 2 mails to one address.") {
		t.Errorf("the challenge to alice does not say her answer is held back:\n%s", challenge.Text())
	}
}

// TestSendTwiceIsTheSameMail: a reply sent again after a crash (before
// the pipeline recorded the delivery) is the same mail: same Message-ID,
// Date, headers and body.
func TestSendTwiceIsTheSameMail(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{noStart: true})
	r := &record.Reply{ID: "email:mid:x@example.test/1", To: record.Identity{Transport: "email", Address: aliceAddr}, ToName: "Alice",
		Subject: "[Tak] your games", Created: time.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "You have no game."}},
		Images: nil}
	for i := 0; i < 2; i++ {
		if err := h.tr.Send(h.ctx(), r); err != nil {
			t.Fatal(err)
		}
	}
	sent := sys.Sent()
	if len(sent) != 2 {
		t.Fatalf("%d submissions", len(sent))
	}
	if !bytes.Equal(sent[0].Raw, sent[1].Raw) {
		t.Errorf("the resent mail differs:\n%s\n---\n%s", sent[0].Raw, sent[1].Raw)
	}
}

// TestSendFailures maps SMTP failures: a refused recipient is permanent,
// a server that is down is temporary.
func TestSendFailures(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{noStart: true})
	reply := func(to string) *record.Reply {
		return &record.Reply{ID: "r/" + to, To: record.Identity{Transport: "email", Address: to}, Subject: "[Tak] x",
			Created: time.Now(), Parts: []record.Part{{Kind: record.Prose, Text: "x"}}}
	}
	err := h.tr.Send(h.ctx(), reply("nobody@example.test"))
	var de *outbox.DeliveryError
	if !errors.As(err, &de) || !de.Permanent || de.Reason != "the address does not exist" {
		t.Errorf("unknown recipient: %v", err)
	}
	err = h.tr.Send(h.ctx(), reply("someone@elsewhere.example"))
	if !outbox.IsPermanent(err) {
		t.Errorf("relay refused: %v", err)
	}
	sys.SetSMTPDown(true)
	err = h.tr.Send(h.ctx(), reply(aliceAddr))
	if !errors.As(err, &de) || de.Permanent {
		t.Errorf("SMTP down: %v, want a temporary failure", err)
	}
	sys.SetSMTPDown(false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := h.tr.Send(ctx, reply(bobAddr)); outbox.IsPermanent(err) || err == nil {
		t.Errorf("cancelled: %v", err)
	}
}

// TestSeenWhereMoveFails: where the server refuses MOVE, handled mail is
// flagged seen in the INBOX instead, and not handled again.
func TestSeenWhereMoveFails(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{localmail: localmail.Options{RefuseMove: true}})
	alice := h.player(aliceAddr, "Alice")
	h.write(alice, "help", "help")
	h.event(mailplay.MailHandled)
	// The second mail is read after the first one's batch is
	// acknowledged.
	h.write(alice, "games", "games")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	inbox, err := sys.Messages(botAddr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	if len(inbox) != 2 || !slices.Contains(inbox[0].Flags, imap.FlagSeen) {
		t.Fatalf("INBOX after a refused MOVE: %d mails, the first flagged %v; want 2, \\Seen", len(inbox), inbox[0].Flags)
	}
	if processed, err := sys.Messages(botAddr, "takbot/processed"); err == nil && len(processed) != 0 {
		t.Errorf("takbot/processed holds %d mails", len(processed))
	}
	h.write(alice, "third", "help")
	if ev := h.event(mailplay.MailHandled); ev.UID != uint32(inbox[1].UID)+1 {
		t.Errorf("next mail handled: UID %d, want %d (no mail handled twice)", ev.UID, inbox[1].UID+1)
	}
}
