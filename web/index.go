package web

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/record"
)

// maxFinished bounds the finished games the index keeps (the most
// recently finished); games in progress are all kept.
const maxFinished = 2000

// summary is what the lists show of a game.
type summary struct {
	ID           string
	White, Black string // public names
	Size         int
	Active       bool
	Moves        int    // PTN moves: the number of the last move played
	Result       string // "R-0", "" while in progress
	Updated      time.Time
	// ToMove is the public name of the player to move in a game in
	// progress ("" when over or waiting for an opponent); Deadline is
	// when their time runs out (zero without a clock).
	ToMove   string
	Deadline time.Time
	// LastMove is when the last move was played (zero before the first).
	LastMove time.Time
}

// index holds the summaries of the public games in progress and of the
// latest finished ones, built from the store at start and kept current
// with the referee's news.
type index struct {
	mu    sync.RWMutex
	games map[string]summary
}

func newIndex() *index { return &index{games: map[string]summary{}} }

// summarize returns a game's summary and whether lists show it at all.
func summarize(g *record.Game) (summary, bool) {
	if !viewer.Counts(g) {
		return summary{}, false
	}
	s := summary{ID: g.ID, White: publicName(g.Names[0]), Black: publicName(g.Names[1]), Size: g.Config.Size,
		Active: g.Status == record.Active, Updated: g.Updated}
	start := 0
	if g.Start != "" {
		if pos, err := g.StartPosition(); err == nil {
			start = pos.Ply()
		}
	}
	turns := start + len(g.Moves) // the last turn played
	s.Moves = (turns + 1) / 2
	if n := len(g.Moves); n > 0 {
		s.LastMove = g.Moves[n-1].At
	}
	if g.Result != nil {
		s.Result = g.Result.PTN
	}
	if s.Active {
		s.ToMove = s.White
		if turns%2 == 1 {
			s.ToMove = s.Black
		}
		s.Deadline = g.Deadline
	}
	return s, true
}

// put records a game's latest state.
func (x *index) put(g *record.Game) {
	s, ok := summarize(g)
	x.mu.Lock()
	defer x.mu.Unlock()
	if !ok {
		delete(x.games, g.ID)
		return
	}
	x.games[g.ID] = s
	if !s.Active {
		x.trim()
	}
}

// trim keeps the latest maxFinished finished games.
func (x *index) trim() {
	var done []summary
	for _, s := range x.games {
		if !s.Active {
			done = append(done, s)
		}
	}
	if len(done) <= maxFinished {
		return
	}
	sort.Slice(done, func(i, j int) bool { return done[i].Updated.After(done[j].Updated) })
	for _, s := range done[maxFinished:] {
		delete(x.games, s.ID)
	}
}

// load fills the index from every stored game.
func (x *index) load(ctx context.Context, src Source) error {
	fresh := map[string]summary{}
	var finished []summary
	err := src.ForEachGame(ctx, func(g *record.Game) error {
		if s, ok := summarize(g); ok {
			if s.Active {
				fresh[s.ID] = s
			} else {
				finished = append(finished, s)
			}
		}
		return ctx.Err()
	})
	sort.Slice(finished, func(i, j int) bool { return finished[i].Updated.After(finished[j].Updated) })
	if len(finished) > maxFinished {
		finished = finished[:maxFinished]
	}
	for _, s := range finished {
		fresh[s.ID] = s
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.games = fresh
	return err
}

// filter is what a list asks for.
type filter struct {
	Size   int    // 0: every size
	Player string // a part of a player's name, lower case; "" for all
}

func (f filter) match(s summary) bool {
	if f.Size != 0 && s.Size != f.Size {
		return false
	}
	return f.Player == "" || strings.Contains(strings.ToLower(s.White), f.Player) || strings.Contains(strings.ToLower(s.Black), f.Player)
}

// lists returns the games in progress and the finished ones that match,
// latest first, at most limit of each, with the counts that matched.
func (x *index) lists(f filter, limit int) (active, finished []summary, nActive, nFinished int) {
	x.mu.RLock()
	for _, s := range x.games {
		if !f.match(s) {
			continue
		}
		if s.Active {
			active = append(active, s)
		} else {
			finished = append(finished, s)
		}
	}
	x.mu.RUnlock()
	for _, l := range [][]summary{active, finished} {
		sort.Slice(l, func(i, j int) bool {
			if !l[i].Updated.Equal(l[j].Updated) {
				return l[i].Updated.After(l[j].Updated)
			}
			return l[i].ID > l[j].ID
		})
	}
	nActive, nFinished = len(active), len(finished)
	return active[:min(limit, nActive)], finished[:min(limit, nFinished)], nActive, nFinished
}
