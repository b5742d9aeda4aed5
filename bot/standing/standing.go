package standing

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/takbymail/takbot/rating"
)

// System is the rating system of every pool.
var System = rating.Default()

// Pool names the rating pool of a board size: "small" (3x3, 4x4), "5x5",
// "6x6" or "large" (7x7, 8x8).
func Pool(size int) string {
	switch {
	case size <= 4:
		return "small"
	case size == 5:
		return "5x5"
	case size == 6:
		return "6x6"
	}
	return "large"
}

// SizeOf returns a board size of a pool (the largest): Pool(SizeOf(p)) is p.
func SizeOf(pool string) int {
	switch pool {
	case "small":
		return 4
	case "5x5":
		return 5
	case "6x6":
		return 6
	}
	return 8
}

// Pools lists the pools, smallest boards first.
func Pools() []string { return []string{"small", "5x5", "6x6", "large"} }

// PoolTitle names a pool for a player: "5x5", "3x3 and 4x4".
func PoolTitle(pool string) string {
	switch pool {
	case "small":
		return "3x3 and 4x4"
	case "large":
		return "7x7 and 8x8"
	}
	return pool
}

// Entry is a player's rating in one pool, as stored on their record.
type Entry struct {
	Rating     float64
	Deviation  float64
	Volatility float64
	Games      int       // rated games played in the pool
	Last       time.Time // the end of the last of them
}

// New is the entry of a player without rated games in a pool.
func New() Entry {
	i := System.Initial
	return Entry{Rating: i.Rating, Deviation: i.Deviation, Volatility: i.Volatility}
}

func (e Entry) glicko() rating.Rating {
	return rating.Rating{Rating: e.Rating, Deviation: e.Deviation, Volatility: e.Volatility}
}

// Now is the entry at time now: its deviation grown by the time since
// its last game.
func (e Entry) Now(now time.Time) Entry {
	if e.Games == 0 || e.Last.IsZero() {
		return e
	}
	r := System.Idle(e.glicko(), now.Sub(e.Last))
	e.Deviation = r.Deviation
	return e
}

// Provisional reports whether a rating is still too uncertain to rank
// with confidence: a deviation above 110 (lichess's threshold).
func (e Entry) Provisional() bool { return e.Deviation > 110 }

// Rate rates one game between a and b that ended at now; scoreA is a's
// score (1 a win, 0.5 a draw, 0 a loss). Each deviation first grows with
// the time since that player's last game.
func Rate(a, b Entry, scoreA float64, now time.Time) (Entry, Entry, error) {
	return RateWeighted(a, b, scoreA, 1, now)
}

// RateWeighted is Rate for a game that counts with weight w, above 0 and
// at most 1 (rating.RepeatWeight: a pair's repeated games count less).
func RateWeighted(a, b Entry, scoreA, w float64, now time.Time) (Entry, Entry, error) {
	ga, gb := a.Now(now).glicko(), b.Now(now).glicko()
	ra, rb, err := System.WeightedGame(ga, gb, scoreA, w)
	if err != nil {
		return a, b, fmt.Errorf("standing: rate a game: %w", err)
	}
	return Entry{Rating: ra.Rating, Deviation: ra.Deviation, Volatility: ra.Volatility, Games: a.Games + 1, Last: now},
		Entry{Rating: rb.Rating, Deviation: rb.Deviation, Volatility: rb.Volatility, Games: b.Games + 1, Last: now}, nil
}

// Undo takes a rated game back from an entry: cur is the entry now,
// before and after the entry around the game. When nothing was rated
// since, the entry is before again; otherwise the game's change of rating
// is taken off and the rest kept.
func Undo(cur, before, after Entry) Entry {
	if cur == after {
		return before
	}
	cur.Rating -= after.Rating - before.Rating
	if cur.Games > 0 {
		cur.Games--
	}
	return cur
}

// Round is a rating or deviation as players read it.
func Round(x float64) int { return int(math.Round(x)) }

// Standing is one line of a leaderboard.
type Standing struct {
	Key   string
	Name  string
	Entry Entry
}

// Rank orders a leaderboard: rating first, then the lower deviation, then
// more games, then the key (a stable order).
func Rank(list []Standing) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i].Entry, list[j].Entry
		switch {
		case Round(a.Rating) != Round(b.Rating):
			return a.Rating > b.Rating
		case Round(a.Deviation) != Round(b.Deviation):
			return a.Deviation < b.Deviation
		case a.Games != b.Games:
			return a.Games > b.Games
		}
		return list[i].Key < list[j].Key
	})
}
