//go:build dovecot

package mailplay_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// Issue 24's attacks on mail, on Dovecot.

// pairCodeRE finds a pairing code in the bot's answer to "pair".
var pairCodeRE = regexp.MustCompile(`pairing code is ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// TestDovecotPairHijack is issue 24's second attack: mallory gets a
// pairing code from her own mailbox, then forges a mail with alice's From
// saying "pair CODE". It is not held for a confirmation (a confirmation
// cannot pair): alice is told at once why nothing happened and how to
// pair. And when such a mail was held all the same (a request recorded
// before pairing needed more), alice's answer to the request carries
// nothing out: she is told why. alice's account is never paired, her
// game stays hers, and mallory is told nothing.
func TestDovecotPairHijack(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob, mallory := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob"), h.player(malloryAddr, "Mallory")
	game, _, _ := h.startGame(alice, bob)

	// mallory's code: asked for in a reply to one of the bot's mails
	h.write(mallory, "help", "help")
	h.event(mailplay.MailHandled)
	helpMail := h.next(mallory, "help")
	h.reply(mallory, helpMail, "pair")
	h.event(mailplay.MailHandled)
	m := pairCodeRE.FindStringSubmatch(h.next(mallory, "pairing code is").Text())
	if m == nil {
		t.Fatal("no pairing code for mallory")
	}
	code := m[1]
	malloryBefore := inboxCount(t, srv, malloryAddr)

	// the forged "pair CODE": refused at once, no request
	submitAs(t, srv, malloryAddr, botAddr, forged("pair-1@evil.example", botAddr, "pair", "pair "+code))
	h.event(mailplay.MailHandled)
	refused := h.next(alice, "cannot tell that this message comes from you")
	for _, want := range []string{"hands control of your games", "reply to one of the referee's mails", "personal reply address"} {
		if !strings.Contains(refused.Text(), want) {
			t.Errorf("alice's answer lacks %q:\n%s", want, refused.Text())
		}
	}
	if strings.Contains(refused.Text(), "there is no need to write anything") {
		t.Errorf("alice was asked to confirm the pairing:\n%s", refused.Text())
	}

	// a request for "pair CODE" held all the same: confirming it pairs
	// nothing
	held, err := json.Marshal(map[string]any{"Nonce": "legacypairnonce1", "ID": "mid:pair-0@evil.example", "From": aliceAddr,
		"Text": "pair " + code, "Received": time.Now().UTC(), "Created": time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.ref.UpdateState(context.Background(), mailplay.TransportName, func(tx record.StateTx) error {
		return tx.Put("confirm/legacypairnonce1", held)
	}); err != nil {
		t.Fatal(err)
	}
	// a held mail of bob's wakes the loop that sends the requests
	submitAs(t, srv, malloryAddr, botAddr, "From: Bob <"+bobAddr+">\nTo: "+botAddr+"\nSubject: x\nMessage-ID: <wake@evil.example>\n\nvacation 1\n")
	h.event(mailplay.MailHeld)
	conf := h.next(alice, "cannot tell that you sent it")
	// list items wrap under their indent (format=flowed): read them as words
	if !strings.Contains(strings.Join(strings.Fields(conf.Text()), " "), "never done from a confirmation") || strings.Contains(conf.Text(), code) {
		t.Errorf("the request for the held pairing:\n%s", conf.Text())
	}
	h.reply(alice, conf, "")
	h.event(mailplay.MailConfirmed)
	told := h.next(alice, "The referee did not carry out")
	if !strings.Contains(told.Text(), "a confirmation by an empty reply is not enough") {
		t.Errorf("alice is not told why:\n%s", told.Text())
	}

	p, err := h.ref.Player(context.Background(), record.Identity{Transport: mailplay.TransportName, Address: aliceAddr})
	if err != nil {
		t.Fatal(err)
	}
	if p.Alias != "" || p.Paired != "" {
		t.Fatalf("alice's account was paired: alias %q, paired %q", p.Alias, p.Paired)
	}
	if g := h.game(game); g.Players[0] != "email:"+aliceAddr {
		t.Errorf("alice's game moved: %v", g.Players)
	}
	if n := inboxCount(t, srv, malloryAddr) - malloryBefore; n != 0 {
		t.Errorf("mallory received %d mails after the forgery", n)
	}
	// The code still works, from mallory's own side only: it was never used.
	h.reply(mallory, helpMail, "pair "+code)
	h.event(mailplay.MailHandled)
	h.next(mallory, "send this code from your other account")
}

// TestDovecotDMARCFailGetsNothing is issue 24's third attack: a mail
// forged from carol with the trusted server's dmarc=fail and a "say"
// holding a link gets nothing at all: carol receives no mail, not even a
// request to confirm, and the drop is counted.
func TestDovecotDMARCFailGetsNothing(t *testing.T) {
	srv := startDovecot(t, carolAddr)
	h := startBot(t, srv, harnessOptions{config: func(c *mailplay.Config) { c.TrustedAuthServID = trustedID }})
	carol := h.player(carolAddr, "Carol")
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	for i, body := range []string{"say You won a prize, claim it at http://evil.example/claim", "games", "new " + bobAddr} {
		submitAs(t, srv, malloryAddr, botAddr, forgedFrom("Carol <"+carolAddr+">", "prize-"+string(rune('a'+i))+"@evil.example",
			"[Tak "+game+"] prize", "dmarc=fail (p=reject dis=none) header.from=example.test", body))
		h.event(mailplay.MailForged)
	}
	if got := h.tr.DMARCFailDropped(); got != 3 {
		t.Errorf("DMARCFailDropped() = %d, want 3", got)
	}
	// carol's own mail after them is answered: nothing was in the way,
	// and it is the first mail she receives
	h.write(carol, "help", "help")
	h.event(mailplay.MailHandled)
	first := h.next(carol, "")
	if strings.Contains(first.Text(), "prize") || strings.Contains(first.Text(), "cannot tell") {
		t.Errorf("carol's first mail is about the forged ones:\n%s", first.Text())
	}
	if n := inboxCount(t, srv, carolAddr); n != 1 {
		t.Errorf("carol received %d mails, want only the answer to her own", n)
	}
	if n := inboxCount(t, srv, malloryAddr); n != 0 {
		t.Errorf("mallory received %d mails", n)
	}
}

// TestDovecotConfirmationRelaysNoLink: a mail forged with alice's From,
// without Authentication-Results, saying a "say" with a link, is held;
// alice's request has neither the link nor the words beyond a short
// cleaned excerpt.
func TestDovecotConfirmationRelaysNoLink(t *testing.T) {
	srv := startDovecot(t)
	h := startBot(t, srv, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, _, _ := h.startGame(alice, bob)
	submitAs(t, srv, malloryAddr, botAddr, forged("link-1@evil.example", botAddr, "Re: [Tak "+game+"]",
		"say You won a prize, claim it at http://evil.example/claim"))
	h.event(mailplay.MailHeld)
	conf := h.next(alice, "cannot tell that you sent it")
	if err := repeats(conf, "http", "evil.example", "claim it at"); err != nil {
		t.Errorf("the request %v", err)
	}
	if !strings.Contains(strings.Join(strings.Fields(conf.Text()), " "), "a chat message to your opponent in game "+game+", beginning “You won a prize, claim…”") {
		t.Errorf("the request does not say what the mail would do:\n%s", conf.Text())
	}
}
