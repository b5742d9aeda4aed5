package standing

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Outcome is a finished game's result for one player.
type Outcome int

// The outcomes.
const (
	Win Outcome = iota + 1
	Loss
	Draw
)

// Game is one finished game of a player, for [Summarize].
type Game struct {
	ID       string
	Opponent string // the opponent's name
	White    bool   // the player played white
	Size     int
	Outcome  Outcome
	Reason   string // "road", "flats", "time", "resignation", "agreement"
	PTN      string // the result: "R-0", "0-F", "1/2-1/2"
	Rated    bool
	Ended    time.Time
}

// Tally counts wins, losses and draws.
type Tally struct{ Wins, Losses, Draws int }

// Games is how many games the tally counts.
func (t Tally) Games() int { return t.Wins + t.Losses + t.Draws }

func (t *Tally) add(o Outcome) {
	switch o {
	case Win:
		t.Wins++
	case Loss:
		t.Losses++
	case Draw:
		t.Draws++
	}
}

// String writes "5 won, 3 lost, 1 drawn".
func (t Tally) String() string {
	return fmt.Sprintf("%d won, %d lost, %d drawn", t.Wins, t.Losses, t.Draws)
}

// Summary is a player's finished games, counted.
type Summary struct {
	All          Tally
	White, Black Tally
	BySize       map[int]Tally
	// WonBy and LostBy count the wins and losses by how the game ended:
	// "road", "flats", "time", "resignation".
	WonBy, LostBy map[string]int
	Rated         int
	Recent        []Game // the last games, latest first
}

// Summarize counts a player's finished games; recent is how many of the
// latest games Summary.Recent keeps.
func Summarize(games []Game, recent int) Summary {
	s := Summary{BySize: map[int]Tally{}, WonBy: map[string]int{}, LostBy: map[string]int{}}
	for _, g := range games {
		s.All.add(g.Outcome)
		if g.White {
			s.White.add(g.Outcome)
		} else {
			s.Black.add(g.Outcome)
		}
		t := s.BySize[g.Size]
		t.add(g.Outcome)
		s.BySize[g.Size] = t
		switch g.Outcome {
		case Win:
			s.WonBy[g.Reason]++
		case Loss:
			s.LostBy[g.Reason]++
		}
		if g.Rated {
			s.Rated++
		}
	}
	latest := append([]Game(nil), games...)
	sort.SliceStable(latest, func(i, j int) bool {
		if !latest[i].Ended.Equal(latest[j].Ended) {
			return latest[i].Ended.After(latest[j].Ended)
		}
		return latest[i].ID > latest[j].ID
	})
	if len(latest) > recent {
		latest = latest[:recent]
	}
	s.Recent = latest
	return s
}

// Sizes returns the sizes played, smallest first.
func (s Summary) Sizes() []int {
	var out []int
	for n := range s.BySize {
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}

// endings are the ways a game ends, in the order stats names them.
var endings = []struct{ reason, phrase string }{
	{"road", "by road"}, {"flats", "on flats"}, {"time", "on time"}, {"resignation", "by resignation"}, {"agreement", "by agreement"},
}

// Endings writes counts by ending: "4 by road, 2 on flats, 1 on time,
// 0 by resignation" (agreement only when there is one).
func Endings(by map[string]int) string {
	var parts []string
	for _, e := range endings {
		if e.reason == "agreement" && by[e.reason] == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%d %s", by[e.reason], e.phrase))
	}
	return strings.Join(parts, ", ")
}
