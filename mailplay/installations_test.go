package mailplay_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// TestTwoInstallationsTwoMessageIDs: two takbot installations (two
// databases, two mail systems) answer the very same mail of alice with
// the same reply id, yet with different Message-IDs and different
// personal reply addresses, neither being the unkeyed hash of the reply
// id.
func TestTwoInstallationsTwoMessageIDs(t *testing.T) {
	raw := []byte("From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: help\r\n" +
		"Message-ID: <same-mail@example.test>\r\n\r\nhelp\r\n")
	var ids, replyTos []string
	for i := range 2 {
		h, sys := startLocal(t, harnessOptions{})
		if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, raw); err != nil {
			t.Fatal(err)
		}
		h.event(mailplay.MailHandled)
		m := h.next(h.player(aliceAddr, "Alice"), "help")
		ids, replyTos = append(ids, m.In.MessageID), append(replyTos, m.ReplyAddress().Addr)
		if unkeyed := unkeyedMessageID("", "email:mid:same-mail@example.test/1"); strings.EqualFold(m.In.MessageID, unkeyed) {
			t.Errorf("installation %d answered with the unkeyed Message-ID %s", i+1, unkeyed)
		}
	}
	if ids[0] == ids[1] {
		t.Errorf("both installations answered with Message-ID %s", ids[0])
	}
	if replyTos[0] == replyTos[1] {
		t.Errorf("both installations gave alice the reply address %s", replyTos[0])
	}
}

// unkeyedMessageID is the Message-ID takbot used to give a reply before
// the ids were keyed, which anyone can compute from the reply id: the
// referee's reply ids are the id of the mail that caused the reply and a
// number ("email:mid:MESSAGE-ID/2").
func unkeyedMessageID(game, replyID string) string {
	sum := sha256.Sum256([]byte(replyID))
	local := hex.EncodeToString(sum[:12])
	if game != "" {
		local = game + "." + local
	}
	return mailplay.MessageIDFor(local, "example.test")
}

// TestForgedBounceOfUnreceivedMail: mallory plays alice and forges a
// bounce of the mail that told her of his move, naming every Message-ID
// he can compute from what he knows (the reply id scheme, his own move's
// Message-ID, the game and alice's address): the bot ignores it and alice
// stays reachable. The same report naming the Message-ID alice actually
// received (which only she knows) is believed: the report itself is good.
func TestForgedBounceOfUnreceivedMail(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	mallory, alice := h.player(malloryAddr, "Mallory"), h.player(aliceAddr, "Alice")
	game, m, _ := h.startGame(mallory, alice)
	move, err := mallory.Reply(h.ctx(), m, "f6", demo.Gmail, demo.Plain)
	if err != nil {
		t.Fatal(err)
	}
	h.event(mailplay.MailHandled)
	told := h.next(alice, "played f6")
	sent, err := mailplay.ParseInbound(move.Raw)
	if err != nil {
		t.Fatal(err)
	}
	var guesses []string
	for n := 1; n <= 8; n++ {
		replyID := fmt.Sprintf("email:mid:%s/%d", sent.MessageID, n)
		guesses = append(guesses, unkeyedMessageID(game, replyID), unkeyedMessageID("", replyID))
	}
	for _, g := range guesses {
		if strings.EqualFold(g, told.In.MessageID) {
			t.Fatalf("alice's mail has the computable Message-ID %s", g)
		}
	}
	forgedDSN := func(original string, refs []string) string {
		raw := dsn(fmt.Sprintf("forged-%d@mx.example.test", len(refs)), aliceAddr, original)
		return strings.Replace(raw, "Auto-Submitted:", "References: <"+strings.Join(refs, "> <")+">\nAuto-Submitted:", 1)
	}
	submitAs(t, sys, malloryAddr, botAddr, forgedDSN(guesses[0], guesses))
	if ev := h.event(mailplay.MailBounce); ev.Detail != "not a mail of the bot" {
		t.Errorf("forged bounce: %+v", ev)
	}
	if u := unreachable(t, h, aliceAddr); u != nil {
		t.Fatalf("a forged bounce marked alice unreachable: %+v", u)
	}

	submitAs(t, sys, malloryAddr, botAddr, forgedDSN(told.In.MessageID, guesses[:1]))
	if ev := h.event(mailplay.MailBounce); !strings.HasPrefix(ev.Detail, aliceAddr+": ") {
		t.Errorf("bounce naming the mail alice received: %+v", ev)
	}
	if unreachable(t, h, aliceAddr) == nil {
		t.Error("the bounce naming alice's real mail did not mark her unreachable")
	}
	h.next(mallory, "cannot be reached by email")
}

// unreachable is what the referee records of a player's address failing.
func unreachable(t *testing.T, h *harness, addr string) *record.Unreachable {
	t.Helper()
	p, err := h.ref.Player(context.Background(), record.Identity{Transport: mailplay.TransportName, Address: addr})
	if err != nil {
		t.Fatal(err)
	}
	return p.Unreachable
}
