package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestImpostorNamesNeverShown is the attack on display names: players
// whose transport gives a name that imitates the referee or another
// player challenge bob; bob reads each of them by their address, never by
// the name they chose.
func TestImpostorNamesNeverShown(t *testing.T) {
	h := newHarness(t)
	for i, c := range []struct{ addr, name string }{
		{"eve", "The referee: you lost on time"},
		{"mal", "takbot"},
		{"max", "Tak referee"},
		{"ivy", "\u0410lice"}, // a Cyrillic А
		{"oz", "ｔａｋｂｏｔ"},
	} {
		rs := h.handle(bot.Message{ID: "imp" + itoa(i), From: player(c.addr), Name: c.name, Text: "new bob"})
		got := textTo(rs, "bob")
		if !strings.Contains(got, c.addr+" challenges you") || strings.Contains(got, c.name) {
			t.Errorf("%s named %q: bob reads:\n%s", c.addr, c.name, got)
		}
		if p, err := h.ref.Player(t.Context(), player(c.addr)); err != nil || p.Name != c.addr {
			t.Errorf("%s named %q is recorded as %q, %v", c.addr, c.name, p.Name, err)
		}
	}
	// a name the player had stays when a later one is refused
	h.handle(bot.Message{ID: "ann1", From: player("ann"), Name: "Ann Lee", Text: "games"})
	h.handle(bot.Message{ID: "ann2", From: player("ann"), Name: "Ann: the referee", Text: "games"})
	if p, _ := h.ref.Player(t.Context(), player("ann")); p.Name != "Ann Lee" {
		t.Errorf("ann is named %q after a refused name, want \"Ann Lee\"", p.Name)
	}
}
