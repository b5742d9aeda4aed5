package words

import (
	"strings"
	"testing"
	"time"
)

// Every reason of an event refusal has its own sentence, and says that
// nothing changed; every kind of news names its event.
func TestEventWordsEveryCase(t *testing.T) {
	seen := map[string]EventReason{}
	for r := EventUsage; r <= EventWithdrawnAlready; r++ {
		s := EventRefusal{Reason: r, Event: "Cup", Arg: "x", Status: "running", Count: 2}.Words(Reader{})
		if !strings.HasSuffix(s, " Nothing was changed.") || strings.HasPrefix(s, "That cannot be done") {
			t.Errorf("reason %d: %q", r, s)
		}
		if other, dup := seen[s]; dup {
			t.Errorf("reasons %d and %d say the same: %q", other, r, s)
		}
		seen[s] = r
	}
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for k := EventCreated; k <= EventAnnounced; k++ {
		s := EventNews{Kind: k, Event: "Cup", Format: "Swiss", Rounds: 5, Settings: "size=6", Start: start, Count: 3, Round: 2,
			Player: "bob", Opponent: "ann", Game: "g4", Winners: []string{"ann", "bob"}, Points: 3.5}.Words(Reader{})
		if !strings.Contains(s, "Cup") || s == "event Cup" {
			t.Errorf("kind %d: %q", k, s)
		}
	}
	if s := (EventNews{Kind: EventOver, Event: "Cup", Winners: []string{"ann", "bob"}, Points: 3.5}).Words(Reader{}); !strings.Contains(s, "ann and bob won with 3.5 points") {
		t.Errorf("over: %q", s)
	}
	if s := (EventNews{Kind: EventCreated, Event: "Cup", Format: "Swiss", Rounds: 5, Start: start}).Words(Reader{}); !strings.Contains(s, "to start on 2026-12-01") {
		t.Errorf("created: %q", s)
	}
}
