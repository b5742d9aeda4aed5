package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// A new public event is told to the players who asked for news of events
// ("set news events"), on their own transport, with its start; a private
// one to nobody; those who did not ask hear nothing.
func TestEventToldToNewsSubscribers(t *testing.T) {
	h := newHarness(t)
	h.as(evCarol, "set news events")
	h.as(evDave, "games") // known, not subscribed
	rs := h.as(evAlice, "event new Spring format=swiss rounds=4 size=6 start=2026-12-01")
	got := textTo(rs, evCarol.Address)
	for _, want := range []string{"New event Spring by alice: Swiss of 4 rounds, games size=6, starting 2026-12-01 00:00 UTC; join with \"join Spring\"", "\"set news off\""} {
		if !strings.Contains(got, want) {
			t.Errorf("carol was told:\n%s\nwant %q", got, want)
		}
	}
	if got := textTo(rs, evDave.Address); got != "" {
		t.Errorf("dave, who did not ask, was told:\n%s", got)
	}
	rs = h.as(evBob, "event new Secret private=yes")
	if got := textTo(rs, evCarol.Address); got != "" {
		t.Errorf("a private event was told to a subscriber:\n%s", got)
	}
	rs = h.as(evBob, "event new Later")
	if got := textTo(rs, evCarol.Address); !strings.Contains(got, "starting when its organiser starts it") {
		t.Errorf("an event without a start time:\n%s", got)
	}
	if out := h.message(bot.Message{From: evEve, Name: "eve", Text: "event new Forged", Unverified: true}); !out.Refused || textTo(out.Replies, evCarol.Address) != "" {
		t.Errorf("an unverified mail's event reached a subscriber: %s", allText(out.Replies))
	}
}
