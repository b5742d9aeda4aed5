package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/account"
)

// TestChatKeptInHistory: what "say" passed on is kept with the game and
// shown by "history" to its players, never to anyone else.
func TestChatKeptInHistory(t *testing.T) {
	h := newHarness(t)
	id := h.start("alice", "bob", "size=3")
	h.send("alice", "game "+id+"; say good luck, bob")
	h.send("bob", "game "+id+"; say  thanks \u202e you too ")
	mustContain(t, "bob's history", textTo(h.send("bob", "game "+id+"; history"), "bob"),
		"What was said in game "+id+" (2):", "alice: good luck, bob", "bob: thanks you too")
	mustContain(t, "alice's history", textTo(h.send("alice", "game "+id+"; history"), "alice"), "alice: good luck, bob")
	if g := h.game(id); len(g.ChatLog) != 2 || g.ChatLog[0].Text != "good luck, bob" || g.ChatLog[1].By != 1 {
		t.Fatalf("kept chat: %+v", g.ChatLog)
	}

	// attack: a stranger to the game asks for its history
	out := textTo(h.send("carol", "game "+id+"; history"), "carol")
	if strings.Contains(out, "good luck") || strings.Contains(out, "What was said") {
		t.Errorf("carol, who does not play %s, was shown its chat:\n%s", id, out)
	}
	// a refused "say" (nothing to say, a link) is not kept
	h.send("alice", "game "+id+"; say see example.com")
	if g := h.game(id); len(g.ChatLog) != 2 {
		t.Errorf("a refused say was kept: %+v", g.ChatLog)
	}
}

// TestChatOnPageNeedsBothConsents: the page's chat (account.PageChat over
// the referee's records, as package web reads it) is
// empty until both players chose "set chat public", empty again when one
// takes it back, and always empty for a private game.
func TestChatOnPageNeedsBothConsents(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	id := h.start("alice", "bob", "size=3")
	priv := h.start("alice", "bob", "size=3 private=yes")
	for _, g := range []string{id, priv} {
		h.send("alice", "game "+g+"; say hello from alice")
	}
	shown := func(game string) int {
		t.Helper()
		chat, err := account.PageChat(h.game(game), func(key string) (*bot.PlayerRecord, error) {
			id, _ := bot.ParseIdentity(key)
			return h.ref.Player(ctx, id)
		}, bot.PublicName)
		if err != nil {
			t.Fatal(err)
		}
		return len(chat.Lines)
	}
	if n := shown(id); n != 0 {
		t.Errorf("no consent: %d lines shown", n)
	}
	mustContain(t, "consent", textTo(h.send("alice", "set chat public"), "alice"), "once your opponent agrees too")
	if n := shown(id); n != 0 {
		t.Errorf("bob did not consent: %d lines shown", n)
	}
	mustContain(t, "settings", textTo(h.send("alice", "settings"), "alice"), "Chat on web pages: shown for your public games")
	h.send("bob", "set chat public")
	if n := shown(id); n != 1 {
		t.Errorf("both consented: %d lines shown, want 1", n)
	}
	if n := shown(priv); n != 0 {
		t.Errorf("a private game's chat is shown: %d lines", n)
	}
	h.send("bob", "set chat private")
	if n := shown(id); n != 0 {
		t.Errorf("bob took it back: %d lines shown", n)
	}
	mustContain(t, "bad value", textTo(h.send("bob", "set chat loud"), "bob"), "on, off, public or private")
}
