package discord

import (
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// An event's game names its event and round in its thread's name; the
// event commands are under /tak more.
func TestEventGameThreadName(t *testing.T) {
	g := &bot.GameRecord{ID: "g7", Names: [2]string{"Alice", "Bob"}, Event: &record.GameEvent{Name: "Spring", Round: 2}}
	if got, want := threadName(g), "g7 Alice vs Bob, event Spring round 2"; got != want {
		t.Errorf("threadName = %q, want %q", got, want)
	}
	for _, c := range []string{"event", "join", "leave", "events", "standings"} {
		if !moreCommands[c] {
			t.Errorf("%s is not under /tak more", c)
		}
	}
}
