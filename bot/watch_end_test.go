package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// TestWatchersToldWhoEnded: a spectator hears who resigned or lost on
// time and who won, in the line that says the game is over, not only
// "white wins by resignation" (issue 26); an agreed draw names both.
func TestWatchersToldWhoEnded(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		name string
		end  func(id string) []bot.Reply
		want string
	}{
		{"resignation", func(id string) []bot.Reply { return h.send("bob", "game "+id+"; resign") }, "is over: bob resigned, and alice wins (1-0)."},
		{"loss on time", func(string) []bot.Reply {
			h.clock.Advance(4 * 24 * time.Hour)
			return h.tick()
		}, "is over: alice lost on time, and bob wins (0-1)."},
		{"agreed draw", func(id string) []bot.Reply {
			h.send("alice", "game "+id+"; draw")
			return h.send("bob", "game "+id+"; accept")
		}, "is over: alice and bob agreed to a draw (1/2-1/2)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			id := h.start("alice", "bob", "")
			h.opening(id)
			h.send("carol", "watch "+id)
			got := textTo(c.end(id), "carol")
			if !strings.Contains(got, "Game "+id+" (alice with white, bob with black) "+c.want) {
				t.Errorf("carol was told:\n%s\nwant %q", got, c.want)
			}
		})
	}
}
