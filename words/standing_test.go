package words

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/tak"
)

// TestWatchersToldWhoEnded: a spectator is told who resigned, lost on
// time or agreed, and who won, in the line that says the game is over
// (issue 26: "white wins by resignation" named nobody, and Discord showed
// only "... is over.").
func TestWatchersToldWhoEnded(t *testing.T) {
	head := "Game g1 (alice with white, bob with black) is over: "
	for _, c := range []struct {
		name string
		o    EndWatched
		want string
	}{
		{"resignation", EndWatched{Game: game, Reason: "resignation", Result: Result{PTN: "0-1", Winner: tak.Black}}, head + "alice resigned, and bob wins (0-1)."},
		{"time", EndWatched{Game: game, Reason: "time", Result: Result{PTN: "1-0", Winner: tak.White}}, head + "bob lost on time, and alice wins (1-0)."},
		{"agreement", EndWatched{Game: game, Reason: "agreement", Result: Result{PTN: "1/2-1/2", Draw: true}}, head + "alice and bob agreed to a draw (1/2-1/2)."},
		{"road", EndWatched{Game: game, Reason: "road", Result: Result{PTN: "R-0", Winner: tak.White}}, head + "alice wins (R-0)."},
		{"no result", EndWatched{Game: game}, "Game g1 (alice with white, bob with black) is over."},
	} {
		if got := c.o.Words(nobody); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestStandingWords: the stats, a leaderboard, a rating change and the
// vacation's allowance, as their readers read them.
func TestStandingWords(t *testing.T) {
	for _, c := range []struct {
		name string
		o    Outcome
		r    Reader
		want string
	}{
		{"no games", StatsShown{Name: "bob"}, white, "bob has finished no game yet, so there is nothing to count and no rating.\n" + RatingRule},
		{"rating change, black's first", RatingChanged{Game: game, Pool: "5x5", Before: [2]int{1500, 1500}, After: [2]int{1662, 1338}}, black,
			"Rated 5x5 game: your rating goes from 1500 to 1338, alice's goes from 1500 to 1662."},
		{"rating unchanged", RatingChanged{Game: game, Pool: "6x6", Before: [2]int{1500, 1400}, After: [2]int{1500, 1400}}, nobody,
			"Rated 6x6 game: alice's rating stays at 1500, bob's stays at 1400."},
		{"leaderboard empty, here", LeaderboardShown{Title: "5x5", Here: true, MinGames: 5, Opponents: 3, MaxDeviation: 110}, white,
			"The 5x5 leaderboard of this server is empty: it lists players with at least 5 rated games against 3 different opponents, and a deviation of at most 110, and nobody here has those yet.\nSend \"leaderboard\" in a direct message for everyone's."},
		{"allowance", Allowance{Left: 50, Max: 60, Returning: 10, Returns: noon}, Reader{Zone: time.FixedZone("CET", 3600)},
			"You have 50 vacation days left of your 60 in any 365 days; 10 days return on 2026-11-28 13:00 CET."},
		{"clock stopped, to the opponent", ClockStopped{Game: game, By: tak.White, Until: noon}, black,
			"alice is on vacation until 2026-11-28 12:00 UTC: their clock in game g1 stops until then."},
		{"digest set", DigestSet{At: "08:00", Zone: "UTC", First: noon}, white,
			"Every day at 08:00 UTC you get one message listing the games waiting for you (none when nothing waits); the first is due 2026-11-28 12:00 UTC."},
	} {
		if got := c.o.Words(c.r); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
	o := LeaderboardShown{Title: "5x5", MinGames: 1, Opponents: 1, MaxDeviation: 350, Total: 2, Place: 2,
		Lines: []Ranked{{Name: "alice", Rating: 1700, Deviation: 200, Games: 3}, {Name: "bob", You: true, Rating: 1300, Deviation: 200, Games: 3}}}
	o.Listed = o.Lines[1]
	caption, table := o.Table()
	if caption != "The 5x5 leaderboard (players with at least 1 rated game against 1 opponent, and a deviation of at most 350):" ||
		!strings.Contains(table, "   2  you     ") || o.Words(black) != "You are number 2 of 2, at 1300 (deviation 200)." {
		t.Errorf("leaderboard:\n%s\n%s\n%s", caption, table, o.Words(black))
	}
	q := Namesakes{Name: "Bob", Word: "Bob", Players: []Namesake{{Self: true}, {Transport: "discord", Game: "g4"}}}
	if got := q.Words(white); got != `Several players are called Bob: say which one, with "stats" (you) or "stats Bob g4" (the player on discord who played game g4).` ||
		len(q.Choices()) != 2 || q.Choices()[1].Command != "stats Bob g4" {
		t.Errorf("namesakes: %q %v", got, q.Choices())
	}
}
