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
	if got := textTo(rs, "alice"); !strings.Contains(got, "Game "+id+" begins: alice (white) against Bob Smith (black)") {
		t.Errorf("alice is told:\n%s", got)
	}
}
