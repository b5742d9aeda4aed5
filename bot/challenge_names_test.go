package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestNameFromAccept: a player challenged by address is shown by the name
// they give when they accept (a mail's display name), from the start of
// the game on.
func TestNameFromAccept(t *testing.T) {
	h := newHarness(t)
	rs := h.send("alice", "new bob color=white")
	id := rs[0].Game
	h.n++
	rs = h.handle(bot.Message{ID: "m-accept", From: player("bob"), Name: "Bob Smith", Text: "game " + id + "; accept"})
	if g := h.game(id); g.Names != [2]string{"alice", "Bob Smith"} {
		t.Errorf("names %q, want alice and Bob Smith", g.Names)
	}
	if got := textTo(rs, "alice"); !strings.Contains(got, "Game "+id+" begins: you (white) against Bob Smith (black)") {
		t.Errorf("alice is told:\n%s", got)
	}
}

// TestPTNFirstTransport: a new player of a transport whose players write
// PTN (Discord) is answered in PTN and their bare squares are PTN, with no
// question; on a Tak by Mail transport the same bare square is asked about.
func TestPTNFirstTransport(t *testing.T) {
	h := newHarness(t)
	chat := &capture{info: bot.TransportInfo{Name: "chat", Title: "chat", PTNFirst: true}}
	h.ref.Register(chat)
	rs := h.send("alice", "new chat:bob color=white")
	id := rs[0].Game
	bob := bot.Identity{Transport: "chat", Address: "bob"}
	h.handle(bot.Message{ID: "c1", From: bob, Name: "bob", Text: "accept"})
	h.send("alice", "notation ptn; a1")
	rs = h.handle(bot.Message{ID: "c2", From: bob, Name: "bob", Text: "b4"})
	if g := h.game(id); len(g.Moves) != 2 {
		t.Fatalf("bob's bare b4 was not played as PTN: %d moves; replies:\n%v", len(g.Moves), rs)
	}
	var toBob string
	for _, r := range rs {
		if r.To == bob {
			toBob += r.Text()
		}
	}
	if !strings.Contains(toBob, "played b4 (mail ps b2)") {
		t.Errorf("bob is not answered in PTN first:\n%s", toBob)
	}
}
