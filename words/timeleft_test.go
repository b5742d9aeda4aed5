package words

import (
	"testing"
	"time"
)

// TestTimeLeft: the time before a deadline in its two largest units,
// rounded down; "overdue" once it passed.
func TestTimeLeft(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{52*time.Hour + 30*time.Minute, "2 days 4 hours left"},
		{48 * time.Hour, "2 days left"},
		{25*time.Hour + 59*time.Minute, "1 day 1 hour left"},
		{24 * time.Hour, "1 day left"},
		{3*time.Hour + 20*time.Minute + 59*time.Second, "3 hours 20 minutes left"},
		{time.Hour, "1 hour left"},
		{45*time.Minute + 30*time.Second, "45 minutes left"},
		{time.Minute, "1 minute left"},
		{59 * time.Second, "less than a minute left"},
		{0, "overdue"},
		{-time.Hour, "overdue"},
	} {
		if got := TimeLeft(c.d); got != c.want {
			t.Errorf("TimeLeft(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestGameLineTimeLeft: a game's line in "games" says the time left
// after its deadline, in the reader's zone, and nothing without a now.
func TestGameLineTimeLeft(t *testing.T) {
	due := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	o := GameLine{Game: Game{ID: "g1", Names: [2]string{"ann", "bob"}}, Listing: ListedActive, Turn: 3, Deadline: due,
		Now: due.Add(-52*time.Hour - 10*time.Minute)}
	r := Reader{Zone: time.FixedZone("CET", 3600)}
	if got, want := o.Words(r), "g1 against bob, you play white: your turn (turn 3), due 2026-11-27 10:00 CET, 2 days 4 hours left"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	o.Now = due.Add(time.Minute)
	if got, want := o.Words(r), "g1 against bob, you play white: your turn (turn 3), due 2026-11-27 10:00 CET, overdue"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	o.Now = time.Time{}
	if got, want := o.Words(r), "g1 against bob, you play white: your turn (turn 3), due 2026-11-27 10:00 CET"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}
