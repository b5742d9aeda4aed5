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

// /tak more event writes the line a mail player would.
func TestEventSlashCommandLine(t *testing.T) {
	for _, c := range []struct {
		in   slashInput
		want string
	}{
		{slashInput{Sub: "event", Values: map[string]any{"action": "new", "name": "spring", "more": "format=swiss rounds=5 size=6"}}, "event new spring format=swiss rounds=5 size=6"},
		{slashInput{Sub: "event", Values: map[string]any{"action": "withdraw", "name": "spring", "more": "bob"}}, "event withdraw spring bob"},
		{slashInput{Sub: "standings", Values: map[string]any{"name": "spring"}}, "standings spring"},
		{slashInput{Sub: "events", Values: map[string]any{}}, "events"},
	} {
		got, _, err := commandLine(c.in)
		if err != nil || got != c.want {
			t.Errorf("%+v: %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
