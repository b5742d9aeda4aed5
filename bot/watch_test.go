package bot_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestWatch: a spectator gets each move of a public game in their own
// notation, can stop, and can never act in the game.
func TestWatch(t *testing.T) {
	h := newHarness(t)
	id := h.start("alice", "bob", "size=5")
	h.send("carol", "notation ptn")
	if got := textTo(h.send("carol", "watch "+id), "carol"); !strings.Contains(got, "You are watching game "+id) || !strings.Contains(got, "unwatch "+id) {
		t.Fatalf("watch answer:\n%s", got)
	}
	rs := h.send("alice", "ps a1")
	got := textTo(rs, "carol")
	if !strings.Contains(got, "Turn 1 (PTN move 1, white) of game "+id+" (alice vs bob): alice (white) played a5 (mail ps a1).") {
		t.Errorf("carol's move event:\n%s", got)
	}
	for _, r := range rs {
		if r.To.Address == "carol" && (r.Class != bot.Event || r.Game != id) {
			t.Errorf("carol's reply: class %v game %q", r.Class, r.Game)
		}
	}
	// A spectator can never act: not a move, nor an answer, nor a resignation.
	before := h.game(id)
	for _, cmd := range []string{"game " + id + "; ps e5", "game " + id + "; resign", "game " + id + "; draw", "game " + id + "; undo"} {
		if got := textTo(h.send("carol", cmd), "carol"); !strings.Contains(got, "not one of yours") {
			t.Errorf("%q from a spectator: %s", cmd, got)
		}
	}
	rs = h.handle(bot.Message{ID: "thread-move", From: player("carol"), Game: id, Text: "e5"})
	if after := h.game(id); len(after.Moves) != len(before.Moves) || after.Status != before.Status {
		t.Errorf("the spectator changed the game: %v then %v (%s)", before.Moves, after.Moves, allText(rs))
	}
	if got := textTo(h.send("carol", "unwatch "+id), "carol"); !strings.Contains(got, "You no longer watch game "+id) {
		t.Errorf("unwatch: %s", got)
	}
	if got := textTo(h.send("bob", "a1"), "carol"); got != "" {
		t.Errorf("carol got a move after unwatch:\n%s", got)
	}
}

func TestWatchRefusals(t *testing.T) {
	h := newHarness(t)
	pub := h.start("alice", "bob", "")
	priv := h.start("dave", "erin", "private=yes")
	for _, c := range []struct{ from, cmd, want string }{
		{"carol", "watch " + priv, "there is no public game " + priv},
		{"carol", "watch g99", "there is no public game g99"},
		{"alice", "watch " + pub, "you play in game " + pub},
		{"carol", "unwatch " + pub, "you do not watch game " + pub},
		{"carol", "watch", "say which game"},
	} {
		if got := textTo(h.send(c.from, c.cmd), c.from); !strings.Contains(got, c.want) {
			t.Errorf("%s %q: %s, want %q", c.from, c.cmd, got, c.want)
		}
	}
	if !h.game(priv).Private || h.game(pub).Private {
		t.Error("private= not recorded")
	}
}

// TestWebLink: with a WebURL every move carries its game page's link,
// a private game's never.
func TestWebLink(t *testing.T) {
	h := newHarness(t, func(o *bot.Options, _ *harness) { o.WebURL = "https://tak.example.org/" })
	pub := h.start("alice", "bob", "")
	h.start("dave", "erin", "private=yes")
	if got := allText(h.send("alice", "ps a1")); strings.Count(got, "This game on the web: https://tak.example.org/g/"+pub+"\n") != 2 {
		t.Errorf("public move:\n%s", got)
	}
	if got := allText(h.send("dave", "ps a1")); !strings.Contains(got, "Turn 1") || strings.Contains(got, "on the web") {
		t.Errorf("private move:\n%s", got)
	}
}

func TestSubscribe(t *testing.T) {
	h := newHarness(t)
	var mu sync.Mutex
	var seen []string
	cancel, err := h.ref.Subscribe(func(g string) { mu.Lock(); seen = append(seen, g); mu.Unlock() })
	if err != nil {
		t.Fatal(err)
	}
	id := h.start("alice", "bob", "")
	h.send("alice", "ps a1")
	cancel()
	h.send("bob", "a1")
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 3 || seen[2] != id {
		t.Errorf("changes seen: %v, want the challenge, the accept and one move of %s", seen, id)
	}
	for range 16 { // the first was cancelled
		if _, err := h.ref.Subscribe(func(string) {}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.ref.Subscribe(func(string) {}); err != bot.ErrTooManySubscribers {
		t.Errorf("17th subscriber: %v", err)
	}
}

// TestWatchersToldOfEndings: spectators hear how a game ended when no move
// ended it: a resignation, an agreed draw, an abort.
func TestWatchersToldOfEndings(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		name string
		end  func(id string) []bot.Reply
		want string
	}{
		{"resignation", func(id string) []bot.Reply { return h.send("bob", "game "+id+"; resign") }, "Game over: white wins by resignation"},
		{"agreed draw", func(id string) []bot.Reply {
			h.send("alice", "game "+id+"; draw")
			return h.send("bob", "game "+id+"; accept")
		}, "Game over: draw by agreement"},
		{"abort", func(id string) []bot.Reply { return h.send("alice", "game "+id+"; abort") }, "was aborted before each player had moved twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			id := h.start("alice", "bob", "")
			if c.name == "abort" {
				h.send("alice", "game "+id+"; ps a1")
			} else {
				h.opening(id) // a resignation or a draw before counts as an abort
			}
			h.send("carol", "watch "+id)
			got := textTo(c.end(id), "carol")
			if !strings.Contains(got, c.want) || !strings.Contains(got, "Game "+id+" (alice with white, bob with black)") {
				t.Errorf("carol was told:\n%s\nwant %q", got, c.want)
			}
		})
	}
}
