package mailplay_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/mailplay"
)

// submitAs sends raw through the mail system's SMTP server, logged in as
// user, to one recipient: a forger uses their own account and writes
// another's From.
func submitAs(t *testing.T, mail mailServers, user, to, raw string) {
	t.Helper()
	c, err := smtp.Dial(mail.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", user, passwordOf(user))); err != nil {
		t.Fatal(err)
	}
	if err := c.SendMail(user, []string{to}, strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n"))); err != nil {
		t.Fatal(err)
	}
	_ = c.Quit()
}

// forged is a mail with alice's From written by someone else.
func forged(id, to, subject, body string, extra ...string) string {
	head := "From: Alice <alice@example.test>\nTo: " + to + "\nSubject: " + subject + "\nMessage-ID: <" + id + ">\n"
	for _, e := range extra {
		head += e + "\n"
	}
	return head + "\n" + body + "\n"
}

// inboxCount is the number of mails in a mailbox.
func inboxCount(t *testing.T, mail mailServers, addr string) int {
	t.Helper()
	msgs, err := mail.Messages(addr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	return len(msgs)
}

// TestForgedMoveNeedsConfirmation: a move with alice's From, sent by
// mallory to the bot's bare address, changes nothing; alice (not mallory)
// is asked to confirm, and her plain reply plays it, by the time it was
// received. Replying again, or from another address, does nothing more;
// mallory's mailbox receives nothing at all.
func TestForgedMoveNeedsConfirmation(t *testing.T) {
	clock := &settableClock{now: time.Now().Add(-2 * time.Hour).Truncate(time.Second)}
	h, sys := startLocal(t, harnessOptions{mailClock: clock})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	bobBefore := inboxCount(t, sys, bobAddr)

	submitAs(t, sys, malloryAddr, botAddr, forged("forged-1@evil.example", botAddr, "Re: [Tak "+game+"] move", "f6"))
	held := h.event(mailplay.MailHeld)
	if held.Game != game {
		t.Errorf("held mail addresses game %q, want %s", held.Game, game)
	}
	conf := h.next(alice, "cannot tell that you sent it")
	if !strings.Contains(conf.Text(), "a move in game "+game+": f6") || strings.Contains(conf.Text(), "Sync board") {
		t.Errorf("the confirmation request should quote the command and tell nothing of the game:\n%s", conf.Text())
	}
	if to := conf.ReplyAddress().Addr; !strings.HasPrefix(to, "takbot+c-") {
		t.Errorf("confirmation Reply-To %s", to)
	}
	if g := h.game(game); len(g.Moves) != 0 {
		t.Fatalf("the forged move was played: %+v", g.Moves)
	}
	forgedAt := clock.Now()
	clock.advance(time.Hour) // alice confirms an hour later

	// mallory replying to the confirmation address from her own address
	// confirms nothing.
	submitAs(t, sys, malloryAddr, conf.ReplyAddress().Addr,
		"From: Mallory <mallory@example.test>\nTo: "+conf.ReplyAddress().Addr+"\nSubject: Re: confirm\nMessage-ID: <m2@evil.example>\n\nyes\n")
	if ev := h.event(mailplay.MailIgnored); !strings.Contains(ev.Detail, "another address") {
		t.Errorf("ignored for %q", ev.Detail)
	}

	h.reply(alice, conf, "")
	if ev := h.event(mailplay.MailConfirmed); ev.Game != game {
		t.Errorf("confirmed %+v", ev)
	}
	h.next(bob, "played f6")
	g := h.game(game)
	if len(g.Moves) != 1 || g.Moves[0].PTN != "f6" {
		t.Fatalf("moves %+v, want f6", g.Moves)
	}
	if !g.Moves[0].At.Equal(forgedAt) {
		t.Errorf("the confirmed move counts at %s, want its original receipt %s", g.Moves[0].At, forgedAt)
	}
	h.reply(alice, conf, "")
	if ev := h.event(mailplay.MailIgnored); ev.Detail != "confirmed before" {
		t.Errorf("second confirmation: %+v", ev)
	}
	if n := inboxCount(t, sys, malloryAddr); n != 0 {
		t.Errorf("mallory received %d mails", n)
	}
	if n := inboxCount(t, sys, bobAddr); n != bobBefore+1 {
		t.Errorf("bob received %d mails, want 1 (the move)", n-bobBefore)
	}
}

// TestTokenBindsItsOwner: a mail to bob's personal reply address with
// alice's From is not authenticated (the token is bob's), so alice's
// move through it is held.
func TestTokenBindsItsOwner(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, bobs := h.startGame(alice, bob)
	bobsToken := bobs.ReplyAddress().Addr
	submitAs(t, sys, aliceAddr, bobsToken, forged("cross-1@example.test", bobsToken, "Re: [Tak "+game+"]", "f6"))
	h.event(mailplay.MailHeld)
	if g := h.game(game); len(g.Moves) != 0 {
		t.Fatalf("played through another player's token: %+v", g.Moves)
	}
}

// TestForgedQuestionAnswersOwner: a forged mail that changes nothing
// ("board") is answered, to the real owner of the From address.
func TestForgedQuestionAnswersOwner(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	submitAs(t, sys, malloryAddr, botAddr, forged("forged-2@evil.example", botAddr, "board please", "board "+game))
	if ev := h.event(mailplay.MailHandled); ev.Detail != "none" {
		t.Errorf("event %+v", ev)
	}
	h.next(alice, "Sync board")
	if n := inboxCount(t, sys, malloryAddr); n != 0 {
		t.Errorf("mallory received %d mails", n)
	}
}

// TestTrustedAuthenticationResults: with trusted_authserv_id set, a mail
// whose topmost Authentication-Results from that server shows DMARC pass
// for the From domain is authenticated; the same from another server is
// not.
func TestTrustedAuthenticationResults(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{config: func(c *mailplay.Config) { c.TrustedAuthServID = "mx.example.test" }})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	other := "Authentication-Results: mx.other.example; dmarc=pass header.from=example.test"
	submitAs(t, sys, aliceAddr, botAddr, forged("ar-1@example.test", botAddr, "[Tak "+game+"]", "f6", other))
	h.event(mailplay.MailHeld)
	trusted := "Authentication-Results: mx.example.test; dkim=pass header.d=example.test; dmarc=pass header.from=example.test"
	submitAs(t, sys, aliceAddr, botAddr, forged("ar-2@example.test", botAddr, "[Tak "+game+"]", "f6", trusted))
	if ev := h.event(mailplay.MailHandled); ev.Detail != "dmarc=pass" {
		t.Errorf("event %+v", ev)
	}
	h.next(bob, "played f6")
}

// TestAutomaticMailNeverAnswered delivers auto-replies, bulk and list
// mail, mail from system senders and from the bot itself: none is
// answered. A person's mail after them is.
func TestAutomaticMailNeverAnswered(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice := h.player(aliceAddr, "Alice")
	for i, tc := range []struct {
		envelope string // "" : a null return path
		raw      string
		want     mailplay.MailOutcome
	}{
		{aliceAddr, "From: alice@example.test\nSubject: Out of office\nAuto-Submitted: auto-replied\n\nI am away until Monday.\nhelp", mailplay.MailAutomatic},
		{aliceAddr, "From: alice@example.test\nSubject: Automatic reply: [Tak g1]\nX-Autoreply: yes\n\nAway.\nhelp", mailplay.MailAutomatic},
		{aliceAddr, "From: alice@example.test\nSubject: Abwesend\nX-Auto-Response-Suppress: All\nPrecedence: auto_reply\n\nhelp", mailplay.MailAutomatic},
		{aliceAddr, "From: alice@example.test\nSubject: news\nPrecedence: bulk\n\nhelp", mailplay.MailAutomatic},
		{aliceAddr, "From: list@example.test\nSubject: digest\nList-Id: <tak.example.test>\n\nhelp", mailplay.MailAutomatic},
		{"", "From: alice@example.test\nSubject: hello\n\nhelp", mailplay.MailAutomatic},
		{"mailer-daemon@example.test", "From: MAILER-DAEMON@example.test\nSubject: note\n\nhelp", mailplay.MailBounce},
		{"noreply@example.test", "From: noreply@example.test\nSubject: note\n\nhelp", mailplay.MailAutomatic},
		{botAddr, "From: Takbot <takbot@example.test>\nSubject: [Tak g1] echo\n\nhelp", mailplay.MailOwn},
		{botAddr, "From: Takbot <takbot+x@example.test>\nSubject: [Tak g1] echo\n\nhelp", mailplay.MailOwn},
	} {
		raw := fmt.Sprintf("Message-ID: <auto-%d@example.test>\n%s\n", i, tc.raw)
		if err := sys.Deliver(h.ctx(), tc.envelope, []string{botAddr}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
		if ev := h.event(tc.want); ev.UID == 0 {
			t.Errorf("case %d: event %+v", i, ev)
		}
	}
	h.write(alice, "help?", "help")
	h.event(mailplay.MailHandled)
	h.next(alice, "help")
	if n := inboxCount(t, sys, aliceAddr); n != 1 {
		t.Errorf("alice received %d mails, want only the answer to her own", n)
	}
}

// TestBounceTellsOpponent: a delivery status notification returning a
// mail the bot sent to bob marks bob unreachable, and alice is told; a
// bounce of a mail the bot never sent changes nothing.
func TestBounceTellsOpponent(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	_, _, sent := h.startGame(alice, bob)

	fake := dsn("forged-dsn@example.test", bobAddr, "not-ours@elsewhere.example")
	if err := sys.Deliver(h.ctx(), "", []string{botAddr}, []byte(fake)); err != nil {
		t.Fatal(err)
	}
	if ev := h.event(mailplay.MailBounce); ev.Detail != "not a mail of the bot" {
		t.Errorf("foreign bounce: %+v", ev)
	}
	real := dsn("dsn-1@mx.example.test", bobAddr, sent.In.MessageID)
	if err := sys.Deliver(h.ctx(), "", []string{botAddr}, []byte(real)); err != nil {
		t.Fatal(err)
	}
	if ev := h.event(mailplay.MailBounce); !strings.HasPrefix(ev.Detail, bobAddr+": the address does not exist") {
		t.Errorf("bounce: %+v", ev)
	}
	told := h.next(alice, "cannot be reached by email")
	if !strings.Contains(told.Text(), "the address does not exist") {
		t.Errorf("alice is told:\n%s", told.Text())
	}
}

// dsn is a Postfix-style delivery status notification for a mail to
// rcpt whose Message-ID was original.
func dsn(id, rcpt, original string) string {
	return "From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\n" +
		"To: takbot@example.test\nSubject: Undelivered Mail Returned to Sender\nMessage-ID: <" + id + ">\n" +
		"Auto-Submitted: auto-replied\nMIME-Version: 1.0\n" +
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\n\n" +
		"--B\nContent-Type: text/plain\n\nYour message could not be delivered.\n\n" +
		"--B\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.test\n\n" +
		"Final-Recipient: rfc822; " + rcpt + "\nOriginal-Recipient: rfc822;" + rcpt + "\nAction: failed\nStatus: 5.1.1\n" +
		"Diagnostic-Code: smtp; 550 5.1.1 <" + rcpt + ">: Recipient address rejected: User unknown\n\n" +
		"--B\nContent-Type: text/rfc822-headers\n\nFrom: Takbot <takbot@example.test>\nTo: " + rcpt + "\nMessage-ID: <" + original + ">\nSubject: [Tak g1]\n\n--B--\n"
}

// TestRefusedRecipientTellsChallenger: mail to an address the server
// refuses at RCPT fails for good at once, and the challenger is told.
func TestRefusedRecipientTellsChallenger(t *testing.T) {
	h, _ := startLocal(t, harnessOptions{})
	alice := h.player(aliceAddr, "Alice")
	h.write(alice, "game?", "new nobody@example.test size=5")
	h.confirm(alice)
	h.waitResult("failed")
	told := h.next(alice, "cannot be reached by email")
	if !strings.Contains(told.Text(), "the address does not exist") {
		t.Errorf("alice is told:\n%s", told.Text())
	}
}

// settableClock is a clock for the mail system's INTERNALDATE.
type settableClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *settableClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *settableClock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }
