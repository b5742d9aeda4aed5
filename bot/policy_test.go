package bot_test

import (
	"errors"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestEveryCommandHasAPolicy walks the whole command table: every command
// declares a valid policy (and a valid bare one where it has a bare
// class), and the policy agrees with the command's class: a read-only
// command is the only kind unverified mail may run, and it shows its
// sender alone; only the commands decided below may reach a stranger.
func TestEveryCommandHasAPolicy(t *testing.T) {
	// strangers are the commands that may reach someone who never wrote to
	// the bot: the challenges, and the withdrawal of a challenge (which
	// tells the challenged, as the challenge did).
	strangers := map[string]bool{"new": true, "rematch": true, "cancel": true}
	for _, c := range bot.Commands() {
		if !c.Policy.Valid() {
			t.Errorf("command %q declares no valid policy (%+v): add it to commandPolicies in bot/policy.go", c.Name, c.Policy)
			continue
		}
		if c.BareClass.Valid() != c.BarePolicy.Valid() {
			t.Errorf("command %q: bare class %v but bare policy %+v: the bare form needs both or neither", c.Name, c.BareClass, c.BarePolicy)
		}
		check := func(form string, class bot.Class, p bot.Policy) {
			if (class == bot.ClassReadOnly) != (p.Assurance == bot.AssuranceUnverified) {
				t.Errorf("command %q%s: class %v, assurance %v: a read-only command needs no assurance, every other one does", c.Name, form, class, p.Assurance)
			}
			if class == bot.ClassReadOnly && p.Shows != bot.ShowsSender {
				t.Errorf("command %q%s is read-only and shows %v: it may show its sender alone", c.Name, form, p.Shows)
			}
			if p.Strangers != strangers[c.Name] {
				t.Errorf("command %q%s: may reach strangers %v, want %v: decide it in the list strangers", c.Name, form, p.Strangers, strangers[c.Name])
			}
		}
		check("", c.Class, c.Policy)
		if c.BarePolicy.Valid() {
			check(" alone", c.BareClass, c.BarePolicy)
		}
	}
	var zero bot.Policy
	if zero.Valid() {
		t.Error("the zero Policy is valid; it must not be")
	}
}

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

var updatePolicy = flag.Bool("update-policy", false, "rewrite the README's policy table from the command table")

const (
	policyStart = "<!-- policy: generated from the command table by `go test ./bot -run TestREADMEPolicy -update-policy` -->\n"
	policyEnd   = "<!-- end of policy -->"
)

// TestREADMEPolicy fails when the README's policy table and the command
// table's policies disagree.
func TestREADMEPolicy(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	i, j := strings.Index(text, policyStart), strings.Index(text, policyEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no policy table between %q and %q", strings.TrimSpace(policyStart), policyEnd)
	}
	want := bot.PolicyReference()
	if *updatePolicy {
		text = text[:i+len(policyStart)] + want + text[j:]
		if err := os.WriteFile("../README.md", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := text[i+len(policyStart) : j]; got != want {
		t.Errorf("README.md's policy table differs from the command table; run go test ./bot -run TestREADMEPolicy -update-policy and read the change.\nREADME:\n%s\ntable:\n%s", got, want)
	}
}

// TestInWords: what a confirmation request says a command would do is in
// the referee's words, and repeats no link, no address and no more than a
// short excerpt of the sender's words.
func TestInWords(t *testing.T) {
	for _, tc := range []struct {
		text, game string
		want       string
		never      []string
	}{
		{"f6", "g3", "a move in game g3: f6", nil},
		{"3c3>12'", "", "a move: 3c3>12'", nil},
		{"say You won a prize, claim it at http://evil.example/claim", "g3", "a chat message to your opponent in game g3, beginning “You won a prize, claim…”",
			[]string{"http", "evil", "it at"}},
		{"say write to me at prize@evil.example or evil.example", "g3", "a chat message to your opponent in game g3, beginning “write to me at or…”",
			[]string{"@", "evil"}},
		{"say www.evil.example", "g3", "a chat message to your opponent in game g3", []string{"evil", "beginning"}},
		{"new victim@elsewhere.example size=6", "", "a challenge to an email address (not repeated here)", []string{"victim", "elsewhere"}},
		{"new bob", "", "a challenge to bob", nil},
		{"new anyone", "", "a challenge to anyone who accepts it (an open challenge)", nil},
		{"new <@123456789012345678>", "", "a challenge to a Discord user (not repeated here)", []string{"1234"}},
		{"new http://evil.example", "", "a challenge to another player", []string{"evil"}},
		{"pair KX7M-2QPA", "", "pairing your account with the account that asked for the code, whose holder would then control your games (never done from a confirmation)", []string{"KX7M"}},
		{"unpair", "", "separating your account", nil},
		{"vacation 30", "", "a vacation: your clocks stop for 30 days", nil},
		{"set theme light", "", "changing your setting theme", nil},
		{"game g12", "", "sending your commands to game g12", nil},
		{"game http://evil.example", "", "sending your commands to another game", []string{"evil"}},
		{"resign", "g3", "resigning the game in game g3", nil},
		{"board", "g3", "the question \"board\", answered to you", nil},
	} {
		p, err := bot.ParseMessage(tc.text)
		if err != nil || len(p.Commands) != 1 {
			t.Fatalf("%q: %v %+v", tc.text, err, p)
		}
		got := p.Commands[0].InWords(tc.game)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q in words: %q, want %q", tc.text, got, tc.want)
		}
		for _, w := range tc.never {
			if strings.Contains(got, w) {
				t.Errorf("%q in words repeats %q: %q", tc.text, w, got)
			}
		}
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
