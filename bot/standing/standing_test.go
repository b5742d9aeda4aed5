package standing

import (
	"testing"
	"time"
)

func TestPool(t *testing.T) {
	for size, want := range map[int]string{3: "small", 4: "small", 5: "5x5", 6: "6x6", 7: "large", 8: "large"} {
		if got := Pool(size); got != want {
			t.Errorf("Pool(%d) = %q, want %q", size, got, want)
		}
	}
	for _, p := range Pools() {
		if Pool(SizeOf(p)) != p {
			t.Errorf("Pool(SizeOf(%q)) = %q", p, Pool(SizeOf(p)))
		}
	}
	if PoolTitle("small") != "3x3 and 4x4" || PoolTitle("6x6") != "6x6" {
		t.Errorf("titles %q %q", PoolTitle("small"), PoolTitle("6x6"))
	}
}

func TestRateAndUndo(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	a, b, err := Rate(New(), New(), 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	if Round(a.Rating) != 1662 || Round(b.Rating) != 1338 || a.Games != 1 || !a.Last.Equal(t0) {
		t.Fatalf("after one game: %+v %+v", a, b)
	}
	// A month idle makes the rating less certain before the next game.
	if later := a.Now(t0.Add(30 * 24 * time.Hour)); later.Deviation <= a.Deviation || later.Rating != a.Rating {
		t.Errorf("a month later %+v, was %+v", later, a)
	}
	tests := []struct {
		name            string
		cur, before, af Entry
		want            Entry
	}{
		{"nothing since", a, New(), a, New()},
		{"a game since", Entry{Rating: 1700, Deviation: 250, Volatility: 0.06, Games: 2}, New(), a,
			Entry{Rating: 1700 - (a.Rating - 1500), Deviation: 250, Volatility: 0.06, Games: 1}},
	}
	for _, tc := range tests {
		if got := Undo(tc.cur, tc.before, tc.af); got != tc.want {
			t.Errorf("%s: Undo = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestRank(t *testing.T) {
	list := []Standing{
		{Key: "c", Entry: Entry{Rating: 1600, Deviation: 80, Games: 5}},
		{Key: "a", Entry: Entry{Rating: 1700, Deviation: 200, Games: 5}},
		{Key: "b", Entry: Entry{Rating: 1600.2, Deviation: 60, Games: 5}},
		{Key: "d", Entry: Entry{Rating: 1600, Deviation: 80, Games: 9}},
	}
	Rank(list)
	got := ""
	for _, l := range list {
		got += l.Key
	}
	if got != "abdc" {
		t.Errorf("order %s, want abdc (rating, then deviation, then games)", got)
	}
}

func TestSummarize(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	games := []Game{
		{ID: "g1", White: true, Size: 5, Outcome: Win, Reason: "road", Rated: true, Ended: day(1)},
		{ID: "g2", White: false, Size: 5, Outcome: Loss, Reason: "flats", Rated: true, Ended: day(3)},
		{ID: "g3", White: true, Size: 6, Outcome: Draw, Reason: "agreement", Ended: day(2)},
		{ID: "g4", White: false, Size: 6, Outcome: Win, Reason: "time", Rated: true, Ended: day(4)},
	}
	s := Summarize(games, 2)
	if s.All != (Tally{2, 1, 1}) || s.White != (Tally{1, 0, 1}) || s.Black != (Tally{1, 1, 0}) || s.Rated != 3 {
		t.Errorf("tallies %+v", s)
	}
	if s.BySize[5] != (Tally{1, 1, 0}) || s.BySize[6] != (Tally{1, 0, 1}) || len(s.Sizes()) != 2 {
		t.Errorf("by size %+v", s.BySize)
	}
	if len(s.Recent) != 2 || s.Recent[0].ID != "g4" || s.Recent[1].ID != "g2" {
		t.Errorf("recent %+v", s.Recent)
	}
	if got := Endings(s.WonBy); got != "1 by road, 0 on flats, 1 on time, 0 by resignation" {
		t.Errorf("won by %q", got)
	}
	if got := Endings(map[string]int{"agreement": 2}); got != "0 by road, 0 on flats, 0 on time, 0 by resignation, 2 by agreement" {
		t.Errorf("endings %q", got)
	}
}
