package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// withQuotas sets the referee's quotas.
func withQuotas(q bot.Quotas) harnessOption {
	return func(o *bot.Options, _ *harness) { o.Quotas = q }
}

// outcomes counts the outcomes of handled messages.
type outcomes struct {
	mu sync.Mutex
	n  map[string]int
}

func (o *outcomes) MessageHandled(_, outcome string, _ time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.n[outcome]++
}

func (o *outcomes) ReplySent(string, string, time.Duration) {}

func (o *outcomes) count(outcome string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.n[outcome]
}

// message hands a message to the referee and returns its outcome.
func (h *harness) message(m bot.Message) bot.Outcome {
	h.t.Helper()
	if m.ID == "" {
		h.n++
		m.ID = "q" + itoa(h.n)
	}
	out, err := h.ref.Handle(context.Background(), m)
	if err != nil {
		h.t.Fatalf("%s %q: %v", m.From, m.Text, err)
	}
	return out
}

// gameExists reports whether a game id was ever created.
func (h *harness) gameExists(id string) bool {
	h.t.Helper()
	_, err := h.ref.Game(context.Background(), id)
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		h.t.Fatal(err)
	}
	return err == nil
}

// TestChallengeQuotas: a challenger has at most OpenChallenges waiting, a
// player at most ChallengesTo to answer; a challenge beyond either is
// refused to its sender with the reason and creates nothing. Challenges
// that were answered, withdrawn or expired no longer count.
func TestChallengeQuotas(t *testing.T) {
	type step struct {
		from, text string
		want       string // in the sender's reply
		refused    bool
	}
	for _, c := range []struct {
		name  string
		steps []step
		games int // games created in the end
	}{
		{"the challenger's third open challenge", []step{
			{"alice", "new b1", "Challenge g1 sent", false},
			{"alice", "new b2", "Challenge g2 sent", false},
			{"alice", "new b3", "you have 2 open challenges waiting for an answer (g1 and g2), and the referee lets you have at most 2 at once: withdraw one (e.g. \"game g1; cancel\")", true},
		}, 2},
		{"several in one message", []step{
			{"alice", "new b1; new b2; new b3", "you have 2 open challenges waiting for an answer (g1 and g2)", true},
		}, 2},
		{"a withdrawn challenge frees its place", []step{
			{"alice", "new b1", "", false},
			{"alice", "new b2", "", false},
			{"alice", "game g1; cancel", "withdrew the challenge g1", false},
			{"alice", "new b3", "Challenge g3 sent", false},
		}, 3},
		{"an accepted or declined challenge frees its place", []step{
			{"alice", "new b1", "", false},
			{"alice", "new b2", "", false},
			{"b1", "accept", "", false},
			{"b2", "decline", "", false},
			{"alice", "new b3", "Challenge g3 sent", false},
			{"alice", "new b4", "Challenge g4 sent", false},
		}, 4},
		{"the challenged player's fourth challenge", []step{
			{"c1", "new bob", "", false},
			{"c2", "new bob", "", false},
			{"c3", "new bob", "", false},
			{"c4", "new bob", "bob already has 3 challenges waiting for an answer, the most the referee lets a player have; your challenge was not sent", true},
			{"bob", "game g2; decline", "", false},
			{"c4", "new bob", "Challenge g4 sent", false},
		}, 4},
		{"challenges bob sent do not count as his to answer", []step{
			{"bob", "new d1", "", false},
			{"bob", "new d2", "", false},
			{"c1", "new bob", "", false},
			{"c2", "new bob", "", false},
			{"c3", "new bob", "Challenge g5 sent", false},
		}, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, withQuotas(bot.Quotas{OpenChallenges: 2, ChallengesTo: 3}))
			for _, s := range c.steps {
				out := h.message(bot.Message{From: player(s.from), Text: s.text})
				if out.Refused != s.refused {
					t.Errorf("%s: %q: refused %v, want %v:\n%s", s.from, s.text, out.Refused, s.refused, allText(out.Replies))
				}
				if got := textTo(out.Replies, s.from); !strings.Contains(got, s.want) {
					t.Errorf("%s: %q: reply lacks %q:\n%s", s.from, s.text, s.want, got)
				}
				for _, r := range out.Replies {
					if s.refused && r.To.Address != s.from && !strings.Contains(s.text, ";") {
						t.Errorf("%s: %q refused, yet %s was written to", s.from, s.text, r.To.Address)
					}
				}
			}
			for i := 1; i <= c.games+1; i++ {
				if id := fmt.Sprintf("g%d", i); h.gameExists(id) != (i <= c.games) {
					t.Errorf("game %s exists: %v, want %v", id, !(i <= c.games), i <= c.games)
				}
			}
		})
	}
}

// TestExpiredChallengesDoNotCount: a challenge past its expiry no longer
// counts, even before the clocks ran.
func TestExpiredChallengesDoNotCount(t *testing.T) {
	h := newHarness(t, withQuotas(bot.Quotas{OpenChallenges: 1}))
	h.send("alice", "new b1")
	if out := h.message(bot.Message{From: player("alice"), Text: "new b2"}); !out.Refused {
		t.Fatalf("a second challenge was sent: %s", allText(out.Replies))
	}
	h.clock.Advance(15 * 24 * time.Hour)
	if out := h.message(bot.Message{From: player("alice"), Text: "new b2"}); out.Refused {
		t.Fatalf("an expired challenge still counts: %s", allText(out.Replies))
	}
}

// TestCommandsPerMessage: a message with more commands than the limit is
// refused whole, with the reason; none of its commands runs.
func TestCommandsPerMessage(t *testing.T) {
	for _, c := range []struct {
		n       int
		refused bool
	}{{2, false}, {3, false}, {4, true}, {20, true}} {
		h := newHarness(t, withQuotas(bot.Quotas{CommandsPerMessage: 3}))
		text := "notation ptn" + strings.Repeat("; games", c.n-1)
		out := h.message(bot.Message{From: player("alice"), Text: text})
		got := allText(out.Replies)
		if out.Refused != c.refused {
			t.Errorf("%d commands: refused %v, want %v:\n%s", c.n, out.Refused, c.refused, got)
		}
		p, err := h.ref.Player(context.Background(), player("alice"))
		ran := err == nil && p.NotationFixed
		if ran == c.refused {
			t.Errorf("%d commands: the first ran: %v", c.n, ran)
		}
		if want := fmt.Sprintf("Your message has %d commands; the referee runs at most 3 from one message, so it ran none of them. Send them in several messages.", c.n); c.refused && !strings.Contains(got, want) {
			t.Errorf("%d commands: reply lacks %q:\n%s", c.n, want, got)
		}
	}
}

// TestMessagesPerHour: beyond the hourly limit a sender's messages are
// recorded as handled and not run; the first one beyond it is answered
// with when the sender can write again, the later ones not at all; the
// next hour they are read again. Messages the transport cannot vouch for
// are counted apart, so forged ones do not use up the real owner's.
func TestMessagesPerHour(t *testing.T) {
	seen := &outcomes{n: map[string]int{}}
	h := newHarness(t, withQuotas(bot.Quotas{MessagesPerHour: 3}), func(o *bot.Options, _ *harness) { o.Observer = seen })
	game := h.start("alice", "bob", "size=5") // alice: 1 message, bob: 1
	h.send("alice", "board")
	forged := func(text string) bot.Outcome {
		return h.message(bot.Message{From: player("alice"), Text: text, Unverified: true})
	}
	for i := 0; i < 5; i++ { // a forger's flood in alice's name
		forged("board")
	}
	type step struct {
		from, text string
		dropped    bool
		reply      string // "" none
	}
	for i, s := range []step{
		{"alice", "ps a1", false, "played"}, // alice's third
		{"alice", "board", true, "You have sent more than 3 messages in the last hour; the referee reads at most 3 an hour from one sender, so it did not read this one and will not read or answer any other you send before 2026-11-21 10:00 UTC."},
		{"alice", "games", true, ""},
		{"bob", "ps e5", false, "played"}, // bob is counted on his own
	} {
		out := h.message(bot.Message{From: player(s.from), Text: s.text, Game: game})
		if out.Dropped != s.dropped {
			t.Errorf("step %d %q: dropped %v, want %v", i, s.text, out.Dropped, s.dropped)
		}
		got := allText(out.Replies)
		if s.reply == "" && len(out.Replies) > 0 || !strings.Contains(got, s.reply) {
			t.Errorf("step %d %q: replies %q, want %q", i, s.text, got, s.reply)
		}
		if s.dropped {
			for _, r := range out.Replies {
				if r.To.Address != s.from {
					t.Errorf("step %d: a dropped message wrote to %s", i, r.To.Address)
				}
			}
		}
	}
	if n := len(h.game(game).Moves); n != 2 {
		t.Fatalf("%d moves, want 2", n)
	}
	// A dropped message is handled: sent again, it is a duplicate.
	if out := h.message(bot.Message{ID: "again", From: player("alice"), Text: "board"}); !out.Dropped {
		t.Fatal("fourth message not dropped")
	}
	if out := h.message(bot.Message{ID: "again", From: player("alice"), Text: "board"}); !out.Duplicate {
		t.Errorf("a dropped message read again is not a duplicate: %+v", out)
	}
	if n := seen.count("dropped"); n != 5 { // 2 forged, 3 of alice's
		t.Errorf("%d messages counted dropped, want 5", n)
	}
	h.clock.Advance(time.Hour)
	if out := h.message(bot.Message{From: player("alice"), Text: "ps b1", Game: game}); out.Dropped || out.Refused {
		t.Errorf("the next hour alice is not read: %s", allText(out.Replies))
	}
	if n := len(h.game(game).Moves); n != 3 {
		t.Errorf("%d moves, want 3", n)
	}
}

// TestUnverifiedRunsOnlyReadOnly: from a sender the transport cannot vouch
// for, the referee runs read-only commands and refuses a message with any
// other, changing nothing (a transport should have held it); the
// sender's display name is not taken.
func TestUnverifiedRunsOnlyReadOnly(t *testing.T) {
	h := newHarness(t)
	game := h.start("alice", "bob", "size=5")
	before := snapshot(h, game)
	for _, text := range []string{"vacation 30", "notation ptn", "game " + game, "ps a1", "resign", "new carol", "board; vacation 3",
		"rs\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 s"} {
		out := h.message(bot.Message{From: player("alice"), Name: "Mallory", Text: text, Game: game, Unverified: true})
		got := allText(out.Replies)
		if !out.Refused || !strings.Contains(got, "The referee cannot tell that this message comes from you") {
			t.Errorf("%q: not refused:\n%s", text, got)
		}
		for _, r := range out.Replies {
			if r.To.Address != "alice" {
				t.Errorf("%q: %s was written to", text, r.To.Address)
			}
		}
		if after := snapshot(h, game); after != before {
			t.Errorf("%q changed the records:\n%s\n%s", text, before, after)
		}
	}
	out := h.message(bot.Message{From: player("alice"), Name: "Mallory", Text: "board", Game: game, Unverified: true})
	if out.Refused || !strings.Contains(textTo(out.Replies, "alice"), "Game "+game) {
		t.Errorf("board from an unverified sender: %s", allText(out.Replies))
	}
	if after := snapshot(h, game); after != before {
		t.Errorf("board renamed alice or changed the game:\n%s\n%s", before, after)
	}
	// A stranger's unverified help is answered and records no player.
	out = h.message(bot.Message{From: player("stranger"), Name: "Stranger", Text: "help", Unverified: true})
	if out.Refused || !strings.Contains(textTo(out.Replies, "stranger"), "Commands") {
		t.Errorf("help from an unverified stranger: %s", allText(out.Replies))
	}
	if _, err := h.ref.Player(context.Background(), player("stranger")); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("an unverified stranger was recorded as a player: %v", err)
	}
}

// TestReadOnlyCommandsChangeNothing: every command the table calls
// read-only, run in a game in progress with its examples, leaves the
// game's and the players' records as they were.
func TestReadOnlyCommandsChangeNothing(t *testing.T) {
	h := newHarness(t)
	game := h.start("alice", "bob", "size=5")
	h.send("alice", "ps a1")
	h.send("bob", "ps e5")
	if n := len(h.game(game).Moves); n != 2 {
		t.Fatalf("%d moves, want 2", n)
	}
	before := snapshot(h, game)
	for _, spec := range bot.Commands() {
		texts := spec.Examples
		switch {
		case spec.Class == bot.ClassReadOnly:
		case spec.BareClass == bot.ClassReadOnly:
			texts = []string{spec.Name}
		default:
			continue
		}
		for _, text := range texts {
			out := h.message(bot.Message{From: player("alice"), Name: "alice", Text: text, Game: game})
			// analyse is refused in a game between people in progress, by
			// design (TestAnalyseWhereFair); it must change nothing either.
			if out.Refused && spec.Name != "analyse" {
				t.Errorf("%q refused: %s", text, allText(out.Replies))
			}
			for _, r := range out.Replies {
				if r.To.Address != "alice" {
					t.Errorf("read-only %q wrote to %s", text, r.To.Address)
				}
			}
			if after := snapshot(h, game); after != before {
				t.Errorf("read-only %q changed the records:\n%s\n%s", text, before, after)
			}
		}
	}
}

// snapshot is the game's record and its players' records, as JSON.
func snapshot(h *harness, game string) string {
	h.t.Helper()
	g := h.game(game)
	var b strings.Builder
	j, _ := json.Marshal(g)
	b.Write(j)
	for _, k := range g.Players {
		id, _ := bot.ParseIdentity(k)
		p, err := h.ref.Player(context.Background(), id)
		if err != nil {
			h.t.Fatal(err)
		}
		j, _ := json.Marshal(p)
		b.WriteString("\n")
		b.Write(j)
	}
	return b.String()
}

// TestHostileNamesNotRelayed: a challenger's display name reaches the
// challenged player only cleaned: no link, no address, no direction
// override, bounded; otherwise the name derived from the address.
func TestHostileNamesNotRelayed(t *testing.T) {
	for _, c := range []struct{ name, shown string }{
		{"Visit http://evil.example", "mal"},
		{"Bank <support@bank.example>", "mal"},
		{strings.Repeat("A", 500), strings.Repeat("A", 39) + "…"},
		{"Ma\u202elory", "Malory"},
		{"Mallory", "Mallory"},
	} {
		h := newHarness(t)
		out := h.message(bot.Message{From: player("mal"), Name: c.name, Text: "new bob"})
		rs := out.Replies
		var toBob []bot.Reply
		for _, r := range rs {
			if r.To.Address == "bob" {
				toBob = append(toBob, r)
			}
		}
		if len(toBob) != 1 {
			t.Fatalf("%q: %d replies to bob", c.name, len(toBob))
		}
		r := toBob[0]
		seen := r.Text() + "\n" + r.Subject + "\n" + r.ToName
		for _, bad := range []string{"http", "evil.example", "bank.example", "support@", "\u202e", strings.Repeat("A", 41)} {
			if strings.Contains(seen, bad) {
				t.Errorf("%q: bob is shown %q:\n%s", c.name, bad, seen)
			}
		}
		if want := c.shown + " challenges you"; !strings.Contains(r.Text(), want) {
			t.Errorf("%q: bob's mail lacks %q:\n%s", c.name, want, r.Text())
		}
		if g := h.game(r.Game); g.Names[g.Challenger] != c.shown {
			t.Errorf("%q: the game names the challenger %q, want %q", c.name, g.Names[g.Challenger], c.shown)
		}
	}
	// A player with a name keeps it when a later message brings a hostile one.
	h := newHarness(t)
	h.message(bot.Message{From: player("mal"), Name: "Mallory", Text: "games"})
	h.message(bot.Message{From: player("mal"), Name: "Visit evil.example", Text: "games"})
	if p, err := h.ref.Player(context.Background(), player("mal")); err != nil || p.Name != "Mallory" {
		t.Errorf("name %q, %v; want Mallory", p.Name, err)
	}
}
