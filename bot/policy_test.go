package bot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestAccountCommandsNeedStrongAssurance: every form of pairing needs a
// sender the transport vouches for; a confirmation is not enough.
func TestAccountCommandsNeedStrongAssurance(t *testing.T) {
	for _, text := range []string{"pair", "pair KX7M-2QPA", "unpair", "pair off"} {
		p, err := bot.ParseMessage(text)
		if err != nil || len(p.Commands) != 1 {
			t.Fatalf("%q: %v %+v", text, err, p)
		}
		if got := p.Needs(); got != bot.AssuranceStrong {
			t.Errorf("%q needs %v, want strong", text, got)
		}
		if got := p.Commands[0].Policy().Who; got != bot.WhoOwner {
			t.Errorf("%q may be run by %v, want the account's owner", text, got)
		}
	}
	for text, want := range map[string]bot.Assurance{"board": bot.AssuranceUnverified, "rs": bot.AssuranceUnverified, "ps a1": bot.AssuranceConfirmed,
		"settings": bot.AssuranceUnverified, "set theme light": bot.AssuranceConfirmed, "new bob": bot.AssuranceConfirmed, "resing": bot.AssuranceUnverified,
		"board\npair": bot.AssuranceStrong} {
		p, _ := bot.ParseMessage(text)
		if got := p.Needs(); got != want {
			t.Errorf("%q needs %v, want %v", text, got, want)
		}
	}
	for m, want := range map[*bot.Message]bot.Assurance{{}: bot.AssuranceStrong, {Confirmed: true}: bot.AssuranceConfirmed,
		{Unverified: true}: bot.AssuranceUnverified, {Unverified: true, Confirmed: true}: bot.AssuranceUnverified} {
		if got := m.Assurance(); got != want {
			t.Errorf("%+v has assurance %v, want %v", *m, got, want)
		}
	}
}

// TestPairHijackByConfirmation is issue 24's second attack, in the
// referee: the attacker gets a pairing code on the console, then a mail
// forged with the victim's From says "pair CODE"; the victim answers the
// confirmation request (the transport hands the mail on Confirmed). The
// victim's account is not paired, the victim is told why and what to do,
// the attacker learns nothing, and the victim's game stays the victim's.
func TestPairHijackByConfirmation(t *testing.T) {
	h := newHarness(t)
	victim := bot.Identity{Transport: "email", Address: "victim@example.org"}
	game := h.send("carol", "new victim@example.org color=white")[0].Game
	h.mail("victim@example.org", "accept")
	code := h.pairCode("mallory")

	for _, m := range []bot.Message{
		{ID: "forged-1", From: victim, Text: "pair " + code, Confirmed: true},
		{ID: "forged-2", From: victim, Text: "pair " + code, Unverified: true},
		{ID: "forged-3", From: victim, Text: "board\npair " + code, Confirmed: true},
		{ID: "forged-4", From: victim, Text: "unpair", Confirmed: true},
		{ID: "forged-5", From: victim, Text: "pair", Confirmed: true},
	} {
		out := h.message(m)
		if !out.Refused {
			t.Errorf("%q (confirmed %v) was not refused", m.Text, m.Confirmed)
		}
		text := textTo(out.Replies, victim.Address)
		mustContain(t, m.ID, text, "reply to one of the referee's mails", "personal reply address", "Nothing was changed")
		if m.Confirmed {
			mustContain(t, m.ID, text, "a confirmation by an empty reply is not enough")
		}
		if strings.Contains(text, "pairing code is") || strings.Contains(text, "Paired") || strings.Contains(text, "Your games") {
			t.Errorf("%s ran a command of the message:\n%s", m.ID, text)
		}
		if other := textTo(out.Replies, "mallory"); other != "" {
			t.Errorf("%s told the attacker:\n%s", m.ID, other)
		}
	}
	p, err := h.ref.Player(t.Context(), victim)
	if err != nil {
		t.Fatal(err)
	}
	if p.Alias != "" || p.Paired != "" {
		t.Fatalf("the victim's account was paired: alias %q, paired %q", p.Alias, p.Paired)
	}
	if g := h.game(game); g.Players[1] != victim.Key() {
		t.Errorf("the victim's game moved to %v", g.Players)
	}
	// The same code from the victim's own verified mail pairs: the policy
	// refuses the assurance, not the command.
	mustContain(t, "verified", textTo(h.mail("victim@example.org", "pair "+code), victim.Address), "Paired:")
}

// TestConfirmedRunsWhatAConfirmationMay: a confirmed message runs the
// commands that need a confirmation (a move), like a verified one.
func TestConfirmedRunsWhatAConfirmationMay(t *testing.T) {
	h := newHarness(t)
	h.send("carol", "new ann@example.org color=black")
	out := h.message(bot.Message{From: bot.Identity{Transport: "email", Address: "ann@example.org"}, Text: "accept", Confirmed: true})
	if out.Refused {
		t.Fatalf("a confirmed accept was refused:\n%s", allText(out.Replies))
	}
	if g := h.game("g1"); g.Status != bot.Active {
		t.Errorf("status %s after the confirmed accept", g.Status)
	}
}

// TestPlayerCommandsInAnotherGame: a command for players sent in the
// thread of a game the sender does not play (a spectator's "a4") is
// refused before its handler runs, and goes to none of the sender's own
// games; a command anyone may run is answered there.
func TestPlayerCommandsInAnotherGame(t *testing.T) {
	h := newHarness(t)
	watched := h.start("alice", "bob", "")
	own := h.start("carol", "dave", "")
	h.send("carol", "watch "+watched)
	for _, text := range []string{"a4", "resign", "say hello", "draw", "plan a1 b1", "board"} {
		h.n++
		out := h.message(bot.Message{ID: "w" + itoa(h.n), From: player("carol"), Text: text, Game: watched})
		if !out.Refused {
			t.Errorf("%q in %s's thread was not refused", text, watched)
		}
		mustContain(t, text, textTo(out.Replies, "carol"), "you do not play in game "+watched)
		if textTo(out.Replies, "alice") != "" || textTo(out.Replies, "bob") != "" || textTo(out.Replies, "dave") != "" {
			t.Errorf("%q told someone else: %v", text, out.Replies)
		}
	}
	if g := h.game(own); len(g.Moves) != 0 || g.Status != bot.Active {
		t.Errorf("carol's own game changed: %+v", g.Moves)
	}
	if g := h.game(watched); len(g.Moves) != 0 || g.Status != bot.Active {
		t.Errorf("the watched game changed: %+v", g.Moves)
	}
	h.n++
	out := h.message(bot.Message{ID: "w" + itoa(h.n), From: player("carol"), Text: "stats", Game: watched})
	if out.Refused {
		t.Errorf("stats in another game's thread was refused:\n%s", allText(out.Replies))
	}
}

// TestReachBeyondPolicyIsRefused: a handler that drafts a reply its
// command's policy does not allow ("board", which shows its sender only,
// telling another player; "draw", for the game's players, telling a
// stranger) makes the message one that can never be handled: the error
// is a *bot.PolicyViolation wrapping ErrBadMessage, and nothing of the
// message is committed.
func TestReachBeyondPolicyIsRefused(t *testing.T) {
	for _, tc := range []struct{ cmd, to string }{
		{"board", "console:bob"},
		{"draw", "console:stranger"},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			h := newHarness(t)
			h.start("alice", "bob", "")
			before, err := h.ref.Stats(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			restore := bot.ReplaceRunForTest(tc.cmd, tc.to, "a secret")
			defer restore()
			_, err = h.ref.Handle(t.Context(), bot.Message{ID: "leak", From: player("alice"), Text: tc.cmd})
			var pv *bot.PolicyViolation
			if !errors.As(err, &pv) || !errors.Is(err, bot.ErrBadMessage) || pv.To != tc.to {
				t.Fatalf("Handle: %v, want a policy violation to %s", err, tc.to)
			}
			after, err := h.ref.Stats(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if after.Pending != before.Pending {
				t.Errorf("%d replies committed", after.Pending-before.Pending)
			}
		})
	}
}
