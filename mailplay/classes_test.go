package mailplay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

const carolAddr = "carol@example.test"

// records is the game's record and alice's, as JSON, to tell whether
// anything changed.
func (h *harness) records(game string) string {
	h.t.Helper()
	g, _ := json.Marshal(h.game(game))
	p, err := h.ref.Player(context.Background(), record.Identity{Transport: mailplay.TransportName, Address: aliceAddr})
	if err != nil {
		h.t.Fatal(err)
	}
	pj, _ := json.Marshal(p)
	return string(g) + "\n" + string(pj)
}

// TestForgedChangesAreHeld: every class of command that is not read-only,
// sent with alice's From by someone else, is held: nothing changes, the
// forger gets nothing, and alice is asked; once alice confirms, it runs.
// A read-only command is answered, to alice.
func TestForgedChangesAreHeld(t *testing.T) {
	for _, c := range []struct {
		name, text string
		done       func(h *harness, game string) error // after alice confirmed
	}{
		{"settings: vacation", "vacation 30", func(h *harness, _ string) error {
			h.next(h.players[aliceAddr], "Your clocks stop until")
			return nil
		}},
		{"settings: notation", "notation mail", func(h *harness, _ string) error {
			h.next(h.players[aliceAddr], "now writes to you in Tak by Mail")
			return nil
		}},
		{"settings: the chosen game", "game GAME", func(h *harness, game string) error {
			h.next(h.players[aliceAddr], "Your commands now go to game "+game)
			return nil
		}},
		{"a game: an rs board", "rs\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 s", func(h *harness, game string) error {
			h.next(h.players[bobAddr], "reports that their board of game "+game+" differs")
			if h.game(game).Sync[0] == nil {
				return errors.New("the board was not recorded")
			}
			return nil
		}},
		{"a game: a move", "f6", func(h *harness, _ string) error {
			h.next(h.players[bobAddr], "played f6")
			return nil
		}},
		{"a game: abort", "abort", func(h *harness, game string) error {
			h.next(h.players[bobAddr], "Alice aborted game "+game+" against you before each player had moved twice")
			if g := h.game(game); g.Status != record.Aborted {
				return fmt.Errorf("status %s after the confirmed abort", g.Status)
			}
			return nil
		}},
		{"a third party: a challenge", "new " + carolAddr + " size=5", func(h *harness, _ string) error {
			h.next(h.players[carolAddr], "challenges you")
			return nil
		}},
		{"a third party: say", "say hello there", func(h *harness, _ string) error {
			h.next(h.players[bobAddr], "Alice says: “hello there”")
			return nil
		}},
		{"a game: plan clear", "plan clear", func(h *harness, game string) error {
			h.next(h.players[aliceAddr], "You had no plans in game "+game)
			return nil
		}},
		{"a third party: an open challenge", "new anyone size=5", func(h *harness, _ string) error {
			h.next(h.players[aliceAddr], "Open challenge")
			return nil
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, sys := startLocal(t, harnessOptions{})
			if err := sys.AddUser(carolAddr, passwordOf(carolAddr)); err != nil {
				t.Fatal(err)
			}
			alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
			h.player(carolAddr, "Carol")
			game, _, _ := h.startGame(alice, bob)
			before := h.records(game)
			bobBefore := inboxCount(t, sys, bobAddr)
			text := strings.ReplaceAll(c.text, "GAME", game)

			submitAs(t, sys, malloryAddr, botAddr, forged("forged-"+c.name+"@evil.example", botAddr, "Re: [Tak "+game+"]", text))
			h.event(mailplay.MailHeld)
			conf := h.next(alice, "cannot tell that you sent it")
			if after := h.records(game); after != before {
				t.Errorf("the forged %q changed the records before alice confirmed:\n%s\n%s", text, before, after)
			}
			if n := inboxCount(t, sys, bobAddr); n != bobBefore {
				t.Errorf("bob received %d mails before alice confirmed", n-bobBefore)
			}
			for _, who := range []string{malloryAddr, carolAddr} {
				if n := inboxCount(t, sys, who); n != 0 {
					t.Errorf("%s received %d mails", who, n)
				}
			}
			h.reply(alice, conf, "")
			h.event(mailplay.MailConfirmed)
			if err := c.done(h, game); err != nil {
				t.Error(err)
			}
			if n := inboxCount(t, sys, malloryAddr); n != 0 {
				t.Errorf("mallory received %d mails", n)
			}
		})
	}
	// Pairing hands control of alice's games to another account: a
	// confirmation never carries it out, so the mail is not held; alice
	// is told at once why nothing happened and how to pair.
	for _, text := range []string{"pair", "pair KX7M-2QPA", "unpair"} {
		t.Run("account: "+text, func(t *testing.T) {
			h, sys := startLocal(t, harnessOptions{})
			alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
			game, _, _ := h.startGame(alice, bob)
			before := h.records(game)
			submitAs(t, sys, malloryAddr, botAddr, forged("forged-"+text+"@evil.example", botAddr, "Re: [Tak "+game+"]", text))
			h.event(mailplay.MailHandled)
			m := h.next(alice, "cannot tell that this message comes from you")
			for _, want := range []string{"hands control of your games", "reply to one of the referee's mails", "Nothing was changed"} {
				if !strings.Contains(m.Text(), want) {
					t.Errorf("the answer to a forged %q lacks %q:\n%s", text, want, m.Text())
				}
			}
			if strings.Contains(m.Text(), "pairing code is") || strings.Contains(m.Text(), "reply to this mail; there is no need") {
				t.Errorf("the answer to a forged %q:\n%s", text, m.Text())
			}
			if after := h.records(game); after != before {
				t.Errorf("a forged %q changed the records:\n%s\n%s", text, before, after)
			}
			if n := inboxCount(t, sys, malloryAddr); n != 0 {
				t.Errorf("mallory received %d mails", n)
			}
		})
	}
	t.Run("read-only: stats", func(t *testing.T) {
		h, sys := startLocal(t, harnessOptions{})
		alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
		game, _, _ := h.startGame(alice, bob)
		before := h.records(game)
		submitAs(t, sys, malloryAddr, botAddr, forged("forged-stats@evil.example", botAddr, "stats", "stats\nleaderboard"))
		h.event(mailplay.MailHandled)
		if m := h.next(alice, "You have finished no game yet"); !strings.Contains(m.Text(), "The 5x5 leaderboard is empty") {
			t.Errorf("the answer to a forged stats and leaderboard:\n%s", m.Text())
		}
		if after := h.records(game); after != before {
			t.Errorf("a forged stats changed the records:\n%s\n%s", before, after)
		}
		if n := inboxCount(t, sys, malloryAddr); n != 0 {
			t.Errorf("mallory received %d mails", n)
		}
	})
	t.Run("read-only: board", func(t *testing.T) {
		h, sys := startLocal(t, harnessOptions{})
		alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
		game, _, _ := h.startGame(alice, bob)
		before := h.records(game)
		submitAs(t, sys, malloryAddr, botAddr, forged("forged-board@evil.example", botAddr, "Re: [Tak "+game+"]", "board"))
		h.event(mailplay.MailHandled)
		h.next(alice, "Game "+game+": you (white) against")
		if after := h.records(game); after != before {
			t.Errorf("a forged board changed the records:\n%s\n%s", before, after)
		}
		if n := inboxCount(t, sys, malloryAddr); n != 0 {
			t.Errorf("mallory received %d mails", n)
		}
	})
}

// TestChallengeSpamFromForgedMail: forty forged "new" mails in alice's
// name, with a hostile display name and subject, create no game and send
// nothing to the player they challenge; alice, the owner of the address,
// is asked to confirm one of them (at most one request an hour), and the
// request repeats neither the display name, nor the subject, nor the
// challenged address: it says "a challenge to an email address". When
// alice confirms it, the
// challenged player's mail has the bot's own subject and none of the
// forger's words.
func TestChallengeSpamFromForgedMail(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	if err := sys.AddUser(carolAddr, passwordOf(carolAddr)); err != nil {
		t.Fatal(err)
	}
	alice, carol := h.player(aliceAddr, "Alice"), h.player(carolAddr, "Carol")
	const n = 40
	for i := 0; i < n; i++ {
		submitAs(t, sys, malloryAddr, botAddr, fmt.Sprintf("From: \"Visit http://evil.example\" <%s>\nTo: %s\n"+
			"Subject: Bank <support@bank.example> urgent %d\nMessage-ID: <spam-%d@evil.example>\n\nnew %s size=5\n",
			aliceAddr, botAddr, i, i, carolAddr))
	}
	held := 0
	for i := 0; i < n; i++ {
		select {
		case ev := <-h.events:
			switch ev.Outcome {
			case mailplay.MailHeld:
				held++
			case mailplay.MailIgnored, mailplay.MailDropped:
				// a request waits already, or beyond the hourly answers
				// to an unverified sender
			default:
				t.Fatalf("mail %d: outcome %s (%s)", i, ev.Outcome, ev.Detail)
			}
		case <-h.ctx().Done():
			t.Fatalf("only %d of %d mails handled", i, n)
		}
	}
	if held != 1 {
		t.Errorf("%d mails held for a confirmation, want 1", held)
	}
	var confs []*demo.Mail
	for i := 0; i < held; i++ {
		confs = append(confs, h.next(alice, "cannot tell that you sent it"))
	}
	for _, m := range confs {
		if err := repeats(m, "evil.example", "bank.example", "Visit", "urgent", carolAddr); err != nil {
			t.Errorf("a confirmation request %v", err)
		}
		if !strings.Contains(m.Text(), "a challenge to an email address (not repeated here)") {
			t.Errorf("the request does not say what the mail would do:\n%s", m.Text())
		}
	}
	if _, err := h.ref.Game(context.Background(), "g1"); !errors.Is(err, record.ErrNotFound) {
		t.Errorf("a game was made from forged mail: %v", err)
	}
	if got := inboxCount(t, sys, carolAddr); got != 0 {
		t.Errorf("carol received %d mails from forged challenges", got)
	}
	if got := inboxCount(t, sys, malloryAddr); got != 0 {
		t.Errorf("mallory received %d mails", got)
	}
	if got := inboxCount(t, sys, aliceAddr); got != held {
		t.Errorf("alice received %d mails, want %d confirmation requests", got, held)
	}

	// alice confirms one: carol is challenged in the bot's words only.
	h.reply(alice, confs[0], "")
	h.event(mailplay.MailConfirmed)
	m := h.next(carol, "challenges you")
	if want := "[Tak g1] Alice vs carol, 5x5"; m.In.Subject != want { // the name of alice's own reply
		t.Errorf("carol's challenge has the subject %q, want %q", m.In.Subject, want)
	}
	if err := repeats(m, "evil", "bank.example", "Visit", "urgent", "spam-"); err != nil {
		t.Errorf("carol's challenge %v", err)
	}
}

// repeats reports the first of words that a reader sees in a mail: its
// subject, its text, the names and addresses of its From, To and Reply-To.
// (A confirmation request answers the held mail, so its In-Reply-To names
// that mail's Message-ID; no client shows it.)
func repeats(m *demo.Mail, words ...string) error {
	seen := m.In.Subject + "\n" + m.Text() + "\n" + m.In.From.Name + " " + m.In.From.Addr
	for _, a := range append(m.In.To, m.In.ReplyTo...) {
		seen += "\n" + a.Name + " " + a.Addr
	}
	for _, w := range words {
		if strings.Contains(seen, w) {
			return fmt.Errorf("repeats %q:\n%s", w, seen)
		}
	}
	return nil
}
