package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// The limit of open events per organiser is the configuration's
// (Options.EventsPerOrganiser); a cancelled or finished event does not
// count. Attack: an organiser cannot get past it by cancelling nothing.
func TestEventLimitPerOrganiser(t *testing.T) {
	h := newHarness(t, func(o *bot.Options, _ *harness) { o.EventsPerOrganiser = 3 })
	for _, nm := range []string{"One", "Two", "Three"} {
		if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new " + nm}); out.Refused {
			t.Fatalf("event %s refused: %s", nm, allText(out.Replies))
		}
	}
	out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new Four"})
	if !out.Refused || !strings.Contains(allText(out.Replies), "You run 3 events that have not ended already") {
		t.Errorf("a fourth event: %s", allText(out.Replies))
	}
	h.as(evAlice, "event cancel one")
	if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new Four"}); out.Refused {
		t.Errorf("an event after one was cancelled: %s", allText(out.Replies))
	}
	// Another organiser has their own allowance.
	if out := h.message(bot.Message{From: evBob, Name: "bob", Text: "event new Bobs"}); out.Refused {
		t.Errorf("bob's event: %s", allText(out.Replies))
	}
}
