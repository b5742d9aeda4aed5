package mailplay_test

import (
	"strings"
	"testing"
)

// A spectator by mail: "watch g1" (held until confirmed, as it changes
// what the sender receives), then each move in the spectator's own thread
// of the game, in their notation; a move the spectator sends into that
// thread is refused and changes nothing.
func TestWatchByMail(t *testing.T) {
	h, _ := startLocal(t, harnessOptions{})
	alice, bob, mallory := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob"), h.player(malloryAddr, "Mallory")
	game, m, _ := h.startGame(alice, bob)
	h.write(mallory, "watching", "watch "+game)
	h.confirm(mallory)
	h.next(mallory, "You are watching game "+game)
	h.reply(alice, m, "f6")
	moved := h.next(mallory, "Alice (white) played")
	if !strings.Contains(moved.In.Text, "ps f1 (PTN f6)") || !strings.Contains(moved.In.Text, "unwatch "+game) ||
		moved.In.Header.Get("X-Takbot-Game") != game {
		t.Errorf("the move to the spectator:\n%s", moved.In.Text)
	}
	h.reply(mallory, moved, "ps a6")
	if refused := h.next(mallory, "Refused"); !strings.Contains(refused.In.Text, "ps a6") {
		t.Errorf("the spectator's move:\n%s", refused.In.Text)
	}
	if g := h.game(game); len(g.Moves) != 1 || len(g.Watchers) != 1 {
		t.Errorf("game %s: moves %v, watchers %d", game, g.Moves, len(g.Watchers))
	}
}
