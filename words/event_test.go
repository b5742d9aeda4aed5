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

// The news added with the start by the clock and a result kept: a start
// is written in the reader's zone, and each new kind names its event.
func TestEventWordsStartAndKept(t *testing.T) {
	start := time.Date(2026, 12, 1, 17, 0, 0, 0, time.UTC)
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o    EventNews
		r    Reader
		want string
	}{
		{EventNews{Kind: EventCreated, Event: "Cup", Format: "Swiss", Rounds: 5, Start: start, Min: 4}, Reader{Zone: paris},
			"to start on 2026-12-01 at 18:00 CET by itself if 4 players have joined"},
		{EventNews{Kind: EventAnnounced, Event: "Cup", Format: "Swiss", Rounds: 5, Start: start, Min: 3}, Reader{},
			"to start on 2026-12-01 at 17:00 UTC by itself if 3 players have joined"},
		{EventNews{Kind: EventStartMissed, Event: "Cup", Start: start, Count: 1, Min: 3}, Reader{Zone: paris},
			"The event Cup did not start on 2026-12-01 at 18:00 CET: it has 1 player and needed 3."},
		{EventNews{Kind: EventResultKept, Event: "Cup", Round: 2, Game: "g9", Result: "0-1"}, Reader{},
			"Game g9 of the event Cup, round 2, goes on (its loss on time was taken back: the move came in time), but round 3 was paired already: for the event its result stays 0-1."},
		{EventNews{Kind: EventPaired, Event: "Cup", Round: 1, Color: 0, Opponent: "bob", Game: "g2", Due: start}, Reader{Zone: paris},
			"in game g2. Your first move is due by 2026-12-01 18:00 CET."},
	} {
		if got := c.o.Words(c.r); !strings.Contains(got, c.want) {
			t.Errorf("kind %d: %q\nwant it to contain %q", c.o.Kind, got, c.want)
		}
	}
	if got := (EventList{Items: []EventItem{{Name: "Cup", Status: "open", Start: start}}}).Words(Reader{Zone: paris}); !strings.Contains(got, "starts on 2026-12-01 at 18:00 CET") {
		t.Errorf("list: %q", got)
	}
	if got := (Refusal{Reason: NoAbortInEvent, Game: Game{ID: "g3", Event: "Cup", Round: 1}}).Words(Reader{}); !strings.Contains(got, "game g3 is a game of the event Cup") {
		t.Errorf("abort refused: %q", got)
	}
	if got := (Game{ID: "g3", Event: "Cup", Round: 2}).EventNote(); got != " (event Cup, round 2)" {
		t.Errorf("event note %q", got)
	}
}
