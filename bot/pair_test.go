package bot_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

var codeRE = regexp.MustCompile(`pairing code is ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// mailFrom is a verified mail message.
func (h *harness) mail(from, text string) []bot.Reply {
	h.t.Helper()
	h.n++
	return h.handle(bot.Message{ID: "e" + itoa(h.n), From: bot.Identity{Transport: "email", Address: from}, Name: "Alice Mail", Text: text})
}

// pairCode asks for a code from the console player and returns it.
func (h *harness) pairCode(name string) string {
	h.t.Helper()
	m := codeRE.FindStringSubmatch(textTo(h.send(name, "pair"), name))
	if m == nil {
		h.t.Fatal("no pairing code in the answer to \"pair\"")
	}
	return m[1]
}

func TestPairJoinsTwoIdentitiesAndUnpairSeparates(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("alice", "bob", "") // alice on the console plays white
	g2 := h.send("carol", "new alice@example.org color=white")[0].Game
	h.mail("alice@example.org", "accept") // alice by mail plays black in g2

	code := h.pairCode("alice")
	rs := h.mail("alice@example.org", "pair "+code)
	mustContain(t, "alias told", textTo(rs, "alice@example.org"), "Paired: your ", "1 game of this account joined the list")
	mustContain(t, "primary told", textTo(rs, "alice"), "is now paired with your email account alice@example.org", "send \"unpair\" at once")
	if g := h.game(g2); g.Players[1] != "console:alice" {
		t.Fatalf("g2 did not move to the primary: %v", g.Players)
	}

	// One game list from either side; a move by mail in the console's game.
	games := textTo(h.mail("alice@example.org", "games"), "alice@example.org")
	mustContain(t, "games by mail", games, g1, g2)
	rs = h.mail("alice@example.org", "game "+g1+"; ps a1")
	mustContain(t, "move by mail", textTo(rs, "alice@example.org"), "you (white) played ps a1")
	// The opponent's answer goes where alice last wrote from: mail.
	rs = h.send("bob", "game "+g1+"; ps e5")
	if textTo(rs, "alice@example.org") == "" || textTo(rs, "alice") != "" {
		t.Errorf("the event went elsewhere than the last used identity: %v", rs)
	}
	// Challenging the alias challenges the player.
	mustContain(t, "self by alias", textTo(h.send("alice", "new alice@example.org"), "alice"), "you cannot challenge yourself")
	mustContain(t, "pair twice", textTo(h.send("alice", "pair"), "alice"), "already paired")

	rs = h.mail("alice@example.org", "unpair")
	mustContain(t, "unpair answer", textTo(rs, "alice@example.org"), "Unpaired", "1 game went back")
	mustContain(t, "unpair told", textTo(rs, "alice"), "Unpaired", "\"unpair\" was sent from your email account")
	if g := h.game(g2); g.Players[1] != "email:alice@example.org" {
		t.Errorf("g2 did not go back: %v", g.Players)
	}
	mustContain(t, "games after", textTo(h.mail("alice@example.org", "games"), "alice@example.org"), g2)
	mustContain(t, "not paired", textTo(h.send("alice", "unpair"), "alice"), "not paired")
}

func TestPairCodeRefusals(t *testing.T) {
	h := newHarness(t)
	code := h.pairCode("alice")
	mustContain(t, "same identity", textTo(h.send("alice", "pair "+code), "alice"), "send this code from your other account")
	mustContain(t, "not a code", textTo(h.mail("alice@example.org", "pair hello"), "alice@example.org"), "is not a pairing code")
	mustContain(t, "wrong code", textTo(h.mail("alice@example.org", "pair AAAA-AAAA"), "alice@example.org"), "does not work")
	// Unverified mail never pairs: held like every changing command.
	out := h.message(bot.Message{From: bot.Identity{Transport: "email", Address: "mallory@example.org"}, Text: "pair " + code, Unverified: true})
	mustContain(t, "unverified", allText(out.Replies), "cannot tell that this message comes from you")
	// A new code retires the old one; an expired code does not work.
	code2 := h.pairCode("alice")
	mustContain(t, "retired", textTo(h.mail("alice@example.org", "pair "+code), "alice@example.org"), "does not work")
	h.clock.Advance(11 * time.Minute)
	mustContain(t, "expired", textTo(h.mail("alice@example.org", "pair "+code2), "alice@example.org"), "does not work")
	// Used once only.
	code3 := h.pairCode("alice")
	mustContain(t, "lowercase, no dash", textTo(h.mail("alice@example.org", "pair "+lower(code3[:4]+code3[5:])), "alice@example.org"), "Paired")
	mustContain(t, "used", textTo(h.mail("bob@example.org", "pair "+code3), "bob@example.org"), "does not work")
}

func TestPairRefusedWhileTheTwoPlayEachOther(t *testing.T) {
	h := newHarness(t)
	g := h.send("alice", "new alice@example.org")[0].Game
	code := h.pairCode("alice")
	mustContain(t, "each other", textTo(h.mail("alice@example.org", "pair "+code), "alice@example.org"), "play each other in game "+g)
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
