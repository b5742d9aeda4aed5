package mailplay_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// trustedID is the authserv-id of the tests' trusted receiving server.
const trustedID = "mx.example.test"

// forgedFrom is a mail with from's From written by someone else, with
// the Authentication-Results the trusted server would have stamped.
func forgedFrom(from, id, subject, results, body string) string {
	return "Authentication-Results: " + trustedID + "; " + results + "\nFrom: " + from + "\nTo: " + botAddr +
		"\nSubject: " + subject + "\nMessage-ID: <" + id + ">\n\n" + body + "\n"
}

// TestDMARCFailGetsNothing is issue 24's third attack: mails forged from
// an address whose domain's DMARC policy they break, which the trusted
// server stamped dmarc=fail, are dropped unanswered, whatever they ask (a
// chat message with a link, a challenge, a question): nothing at all is
// sent to the address, nobody is asked to confirm, and each is counted.
func TestDMARCFailGetsNothing(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{config: func(c *mailplay.Config) { c.TrustedAuthServID = trustedID }})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	botSent := func() []localmail.Submission {
		var out []localmail.Submission
		for _, m := range sys.Sent() {
			if m.User == botAddr {
				out = append(out, m)
			}
		}
		return out
	}
	sentBefore := len(botSent())
	const target = "target@elsewhere.example"
	bodies := []string{
		"say You won a prize, claim it at http://evil.example/claim",
		"new " + bobAddr,
		"board",
		"help",
		"f6",
	}
	for i, body := range bodies {
		submitAs(t, sys, malloryAddr, botAddr, forgedFrom("Target <"+target+">", fmt.Sprintf("dmarc-%d@evil.example", i), "[Tak "+game+"] prize", "dmarc=fail (p=reject) header.from=elsewhere.example", body))
		if ev := h.event(mailplay.MailForged); ev.Detail != "dmarc=fail" {
			t.Errorf("mail %d: %+v", i, ev)
		}
	}
	// alice's own address, forged the same way
	submitAs(t, sys, malloryAddr, botAddr, forgedFrom("Alice <"+aliceAddr+">", "dmarc-alice@evil.example", "[Tak "+game+"]", "dmarc=fail header.from=example.test", "f6"))
	h.event(mailplay.MailForged)
	if got, want := h.tr.DMARCFailDropped(), uint64(len(bodies)+1); got != want {
		t.Errorf("DMARCFailDropped() = %d, want %d", got, want)
	}
	// a mail after them is handled as ever: nothing waits behind them
	h.write(alice, "help", "help")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	for _, m := range botSent()[sentBefore:] {
		for _, rcpt := range m.To {
			if rcpt != aliceAddr {
				t.Errorf("a mail went to %s after the forged mails", rcpt)
			}
		}
		if bytes.Contains(m.Raw, []byte("evil.example")) || bytes.Contains(m.Raw, []byte("prize")) {
			t.Errorf("a mail repeats the forged words:\n%s", m.Raw)
		}
	}
	if n := len(botSent()) - sentBefore; n != 1 {
		t.Errorf("%d mails sent after the forged ones, want 1 (the answer to alice's help)", n)
	}
	if g := h.game(game); len(g.Moves) != 0 {
		t.Errorf("a forged move was played: %+v", g.Moves)
	}
}

// TestConfirmationRelaysNoLink: a mail forged (unverified, no
// Authentication-Results) with alice's From and a "say" holding a link is
// held; the request to alice says in the referee's words what it would do,
// with at most a short excerpt of the words and neither the link nor the
// rest of the text. Confirming it, alice would still pass on no link:
// "say" itself refuses one.
func TestConfirmationRelaysNoLink(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	bobBefore := inboxCount(t, sys, bobAddr)
	const say = "say You won a prize, claim it at http://evil.example/claim before Friday, write to prize@evil.example"
	submitAs(t, sys, malloryAddr, botAddr, forged("say-link@evil.example", botAddr, "Re: [Tak "+game+"]", say))
	h.event(mailplay.MailHeld)
	conf := h.next(alice, "cannot tell that you sent it")
	text := conf.Text()
	// The list item may be wrapped under its indent (format=flowed
	// breaks an indented line with hard breaks): read it as words.
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "a chat message to your opponent in game "+game+", beginning “You won a prize, claim…”") {
		t.Errorf("the request does not say what the mail would do:\n%s", text)
	}
	for _, never := range []string{"http", "evil.example", "claim it", "before Friday", "prize@", "@evil"} {
		if strings.Contains(text, never) || strings.Contains(conf.In.Subject, never) {
			t.Errorf("the request repeats %q:\n%s", never, text)
		}
	}
	for _, want := range []string{"If you confirm it, the referee will carry out", "ignoring it is safe"} {
		if !strings.Contains(text, want) {
			t.Errorf("the request lacks %q:\n%s", want, text)
		}
	}
	if n := inboxCount(t, sys, bobAddr) - bobBefore; n != 0 {
		t.Errorf("bob received %d mails", n)
	}
}

// TestOneConfirmationAnHour: while a request to alice made within the
// hour waits for its answer, further mails in her name that would need
// one are dropped (MailIgnored): she gets one request. Once she answers
// it, her next mail may be asked about again.
func TestOneConfirmationAnHour(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	requests := func() int { // the confirmation requests in alice's mailbox
		t.Helper()
		msgs, err := sys.Messages(aliceAddr, "INBOX")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range msgs {
			if in, err := mailplay.ParseInbound(m.Raw); err == nil && strings.Contains(in.Subject, "confirm the commands of a mail sent in your name") {
				n++
			}
		}
		return n
	}
	before := requests()
	for i, body := range []string{"vacation 3", "notation mail", "say hello"} {
		submitAs(t, sys, malloryAddr, botAddr, forged(fmt.Sprintf("hour-%d@evil.example", i), botAddr, "Re: [Tak "+game+"]", body))
		want := mailplay.MailIgnored
		if i == 0 {
			want = mailplay.MailHeld
		}
		h.event(want)
	}
	conf := h.next(alice, "cannot tell that you sent it")
	if n := requests() - before; n != 1 {
		t.Errorf("alice received %d requests for three held mails, want 1", n)
	}
	h.reply(alice, conf, "")
	h.event(mailplay.MailConfirmed)
	h.next(alice, "Your clocks stop until")
	submitAs(t, sys, malloryAddr, botAddr, forged("hour-after@evil.example", botAddr, "Re: [Tak "+game+"]", "notation mail"))
	h.event(mailplay.MailHeld)
	h.next(alice, "cannot tell that you sent it")
}

// sentTrap fails, once armed, the write that records a confirmation
// request as sent, and from then on every write (a full disk), until
// freed.
type sentTrap struct {
	record.Store
	armed, full atomic.Bool
	attempts    atomic.Int64
}

func (s *sentTrap) Update(ctx context.Context, fn func(record.Tx) error) error {
	if s.full.Load() {
		s.attempts.Add(1)
		return fmt.Errorf("write takbot.db: %w", syscall.ENOSPC)
	}
	return s.Store.Update(ctx, func(tx record.Tx) error { return fn(trapTx{tx, s}) })
}

type trapTx struct {
	record.Tx
	s *sentTrap
}

func (t trapTx) PutState(transport, key string, value []byte) error {
	if t.s.armed.Load() && strings.HasPrefix(key, "confirm/") && bytes.Contains(value, []byte(`"Sent":`)) {
		t.s.full.Store(true)
		return fmt.Errorf("write takbot.db: %w", syscall.ENOSPC)
	}
	return t.Tx.PutState(transport, key, value)
}

// TestConfirmationSentOnceOnFullDisk is issue 24's full disk: the SMTP
// server takes a confirmation request, and the disk is full when the bot
// records it. The bot tries the record again and again, never the mail;
// once there is room it records it, and alice has received exactly one
// request, which she can answer.
func TestConfirmationSentOnceOnFullDisk(t *testing.T) {
	disk := &sentTrap{}
	h, sys := startLocal(t, harnessOptions{wrapStore: func(s record.Store) record.Store { disk.Store = s; return disk }})
	alice := h.player(aliceAddr, "Alice")
	disk.armed.Store(true)
	h.write(alice, "Tak?", "new "+bobAddr+" size=5")
	h.event(mailplay.MailHeld)
	deadline := time.After(waitLimit)
	for disk.attempts.Load() < 20 { // the record, tried again with backoff
		select {
		case <-deadline:
			t.Fatalf("the record was tried %d times", disk.attempts.Load())
		case <-time.After(5 * time.Millisecond):
		}
	}
	if n := inboxCount(t, sys, aliceAddr); n != 1 {
		t.Fatalf("alice received %d requests while the disk was full, want 1", n)
	}
	disk.armed.Store(false)
	disk.full.Store(false)
	for sent := false; !sent; {
		if err := h.ref.ViewState(h.ctx(), mailplay.TransportName, func(tx record.StateTx) error {
			return tx.Scan("confirm/", func(_ string, v []byte) error {
				sent = sent || bytes.Contains(v, []byte(`"Sent":`))
				return nil
			})
		}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-deadline:
			t.Fatal("the request was never recorded as sent")
		case <-time.After(5 * time.Millisecond):
		}
	}
	conf := h.next(alice, "cannot tell that you sent it")
	if n := inboxCount(t, sys, aliceAddr); n != 1 {
		t.Errorf("alice received %d requests, want 1", n)
	}
	h.reply(alice, conf, "")
	h.event(mailplay.MailConfirmed)
	h.next(h.player(bobAddr, "Bob"), "challenges you")
}

// TestBrokenAutoResponderIsBounded: alice's mailbox answers every mail of
// the bot at once with the same words and without Auto-Submitted (issue
// 24: 30 mails in 40 s, then 30 an hour for ever). The bot answers 5 of
// them, then none; game events still reach her, and her own move ends
// the quiet.
func TestBrokenAutoResponderIsBounded(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	_, aliceMail, bobMail := h.startGame(alice, bob)
	const away = "Thank you for your mail. I am out of the office until Monday and will answer it when I am back."
	m, answers := aliceMail, 0
	for range 40 {
		h.reply(alice, m, away)
		ev := <-h.events
		if ev.Outcome == mailplay.MailAutomatic {
			break
		}
		if ev.Outcome != mailplay.MailHandled {
			t.Fatalf("the auto-reply: %+v", ev)
		}
		answers++
		m = h.next(alice, "no command")
	}
	if answers != 5 {
		t.Errorf("the bot answered the auto-responder %d times in a row, want 5", answers)
	}
	before := inboxCount(t, sys, aliceAddr)
	h.reply(alice, m, away) // still answering: still not answered
	h.event(mailplay.MailAutomatic)
	h.reply(bob, bobMail, "say are you there?") // an event for alice: it goes out
	h.event(mailplay.MailHandled)
	said := h.next(alice, "are you there?")
	h.reply(alice, said, away)
	h.event(mailplay.MailAutomatic)
	if got := h.tr.AutoResponderDropped(); got != 3 {
		t.Errorf("AutoResponderDropped() = %d, want 3", got)
	}
	// alice is back and moves: a command, handled; her next mail without
	// one is answered again
	h.reply(alice, said, "f6")
	h.event(mailplay.MailHandled)
	h.next(bob, "played f6")
	moved := h.next(alice, "you (white) played f6")
	h.reply(alice, moved, "Sorry, I was away.")
	h.event(mailplay.MailHandled)
	h.next(alice, "no command")
	if n := inboxCount(t, sys, aliceAddr) - before; n != 3 {
		t.Errorf("alice received %d mails after the quiet began, want 3 (bob's words, her move, the answer)", n)
	}
}
