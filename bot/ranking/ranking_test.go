package ranking

import (
	"slices"
	"strconv"
	"testing"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

func TestPoolOf(t *testing.T) {
	for arg, want := range map[string]string{
		"6": "6x6", "6x6": "6x6", " 5X5 ": "5x5", "3": "small", "4x4": "small", "8": "large",
		"small": "small", "large": "large", "9": "", "6x5": "", "huge": "", "": "",
	} {
		if got := PoolOf(arg); got != want {
			t.Errorf("PoolOf(%q) = %q, want %q", arg, got, want)
		}
	}
}

func TestWithCommunity(t *testing.T) {
	cs := []string{"a", "b"}
	if got := WithCommunity(cs, "a"); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("WithCommunity moves a known community last: %v", got)
	}
	if !slices.Equal(cs, []string{"a", "b"}) {
		t.Errorf("WithCommunity changed its argument: %v", cs)
	}
	var many []string
	for i := range maxCommunities + 5 {
		many = WithCommunity(many, strconv.Itoa(i))
	}
	if len(many) != maxCommunities || many[0] != "5" {
		t.Errorf("WithCommunity keeps the latest %d: %v", maxCommunities, many)
	}
}

func TestWithEntry(t *testing.T) {
	m := map[string]standing.Entry{"5x5": {Rating: 1600, Games: 3}}
	got := withEntry(m, "6x6", standing.Entry{Rating: 1400, Games: 1})
	if len(got) != 2 || len(m) != 1 {
		t.Errorf("withEntry copies the map: got %v, original %v", got, m)
	}
	if got := withEntry(m, "5x5", standing.Entry{}); got != nil {
		t.Errorf("withEntry without games removes the pool, the last one leaving nil: %v", got)
	}
}

// TestDue: which games Settle must rate or take the rating of back.
func TestDue(t *testing.T) {
	result := &record.Result{PTN: "R-0", Reason: "road", Winner: tak.White}
	over := func(rated bool, change *record.RatingChange) *record.Game {
		g := &record.Game{Status: record.Over, Players: [2]string{"email:a@x", "email:b@x"}, Result: result, Rating: change, Unrated: !rated}
		g.Config.Size = 5
		g.Moves = make(record.MoveList, record.AbortPlies)
		return g
	}
	same := &record.RatingChange{Pool: "5x5", Result: "R-0 road"}
	other := &record.RatingChange{Pool: "5x5", Result: "0-R road"}
	for _, c := range []struct {
		name        string
		g           *record.Game
		stale, rate bool
	}{
		{"rated game ended", over(true, nil), false, true},
		{"unrated game ended", over(false, nil), false, false},
		{"rated already", over(true, same), false, false},
		{"result changed", over(true, other), true, true},
		{"result withdrawn", &record.Game{Status: record.Active, Rating: same}, true, false},
	} {
		stale, rate := due(c.g)
		if stale != c.stale || rate != c.rate || Due(c.g) != (c.stale || c.rate) {
			t.Errorf("%s: stale %v rate %v, want %v %v", c.name, stale, rate, c.stale, c.rate)
		}
	}
}
