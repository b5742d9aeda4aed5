package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/tak"
)

// What the ratings show: a player's stats and a pool's leaderboard, for
// "stats" and "leaderboard" (stats.go) and for other parts of takbot
// (the web pages).

// PlayerStats is a player's record: their rating in the pool they played
// most, and their finished games counted.
type PlayerStats struct {
	Key, Name         string
	Rating, Deviation float64 // in Pool, the deviation grown with idle time
	Rated             bool    // the player has a rated game in Pool
	Wins, Losses      int
	Draws, Games      int // Games: finished games, rated or not
	// Pool is the pool of Rating ("" when the player has no rated game).
	Pool string
	// Ratings are the player's entries in every pool they played, as of
	// now (deviations grown with idle time).
	Ratings map[string]standing.Entry
	// Summary counts the finished games by colour, size and ending, with
	// the latest ones.
	Summary standing.Summary
}

// maxStatsGames bounds the games read for a player's stats: the latest.
const maxStatsGames = 5000

// recentGames is how many of the latest games "stats" lists.
const recentGames = 5

// PlayerStats returns a player's stats; a player the store does not know
// is an error wrapping ErrNotFound.
func (r *Referee) PlayerStats(ctx context.Context, key string) (PlayerStats, error) {
	var st PlayerStats
	err := r.store.View(ctx, func(tx Tx) error {
		p, err := tx.Player(key)
		if err != nil {
			return err
		}
		ids, err := tx.GamesOf(key)
		if err != nil {
			return err
		}
		if len(ids) > maxStatsGames {
			ids = ids[len(ids)-maxStatsGames:]
		}
		var games []*GameRecord
		for _, id := range ids {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			games = append(games, g)
		}
		st = r.statsOf(p, games)
		return nil
	})
	if err != nil {
		return PlayerStats{}, fmt.Errorf("bot: stats of %s: %w", key, err)
	}
	return st, nil
}

// statsOf counts a player's games.
func (r *Referee) statsOf(p *PlayerRecord, games []*GameRecord) PlayerStats {
	now := r.clock.Now()
	st := PlayerStats{Key: p.Key, Name: p.Name, Ratings: map[string]standing.Entry{}}
	var sg []standing.Game
	for _, g := range games {
		me, ok := g.ColorOf(p.Key)
		if !ok || g.Status != Over || g.Result == nil {
			continue
		}
		out := standing.Loss
		switch {
		case g.Result.Draw:
			out = standing.Draw
		case g.Result.Winner == me:
			out = standing.Win
		}
		sg = append(sg, standing.Game{ID: g.ID, Opponent: g.Names[me.Opponent()], White: me == tak.White, Size: g.Config.Size,
			Outcome: out, Reason: string(g.Result.Reason), PTN: g.Result.PTN, Rated: g.Rating != nil, Ended: g.Updated})
	}
	st.Summary = standing.Summarize(sg, recentGames)
	st.Wins, st.Losses, st.Draws, st.Games = st.Summary.All.Wins, st.Summary.All.Losses, st.Summary.All.Draws, st.Summary.All.Games()
	n := standing.New()
	st.Rating, st.Deviation = n.Rating, n.Deviation
	var best standing.Entry
	for _, pool := range standing.Pools() {
		e, ok := p.Ratings[pool]
		if !ok {
			continue
		}
		e = e.Now(now)
		st.Ratings[pool] = e
		if st.Pool == "" || e.Games > best.Games || e.Games == best.Games && e.Last.After(best.Last) {
			best = e
			st.Pool, st.Rating, st.Deviation, st.Rated = pool, e.Rating, e.Deviation, true
		}
	}
	return st
}

// Standing is one line of a leaderboard.
type Standing struct {
	Key, Name         string
	Rating, Deviation float64 // the deviation grown with idle time
	Games             int     // rated games in the pool
}

// Leaderboard returns the best players of the pool of board size size
// with at least Options.LeaderboardMinGames rated games there, best first,
// at most limit (0: all).
func (r *Referee) Leaderboard(ctx context.Context, size int, limit int) ([]Standing, error) {
	return r.leaderboard(ctx, standing.Pool(size), "", "", limit)
}

// maxLeaderboard bounds the lines of a leaderboard shown to a player.
const maxLeaderboard = 20

// leaderboard lists a pool's best players; community, when set, keeps the
// players who played or wrote there, and asker, who is writing there now.
func (r *Referee) leaderboard(ctx context.Context, pool, community, asker string, limit int) ([]Standing, error) {
	now := r.clock.Now()
	var list []standing.Standing
	keys, err := r.rated.players(ctx, r.store, pool)
	if err != nil {
		return nil, fmt.Errorf("bot: leaderboard %s: %w", pool, err)
	}
	err = r.store.View(ctx, func(tx Tx) error {
		for _, k := range keys {
			p, err := tx.Player(k)
			if err != nil {
				continue // a damaged or missing record is left out
			}
			e, ok := p.Ratings[pool]
			if !ok || e.Games < r.opts.LeaderboardMinGames {
				continue
			}
			if community != "" && !hasString(p.Communities, community) && p.Key != asker {
				continue
			}
			list = append(list, standing.Standing{Key: p.Key, Name: p.Name, Entry: e.Now(now)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bot: leaderboard %s: %w", pool, err)
	}
	standing.Rank(list)
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	out := make([]Standing, len(list))
	for i, l := range list {
		out[i] = Standing{Key: l.Key, Name: l.Name, Rating: l.Entry.Rating, Deviation: l.Entry.Deviation, Games: l.Entry.Games}
	}
	return out, nil
}

// ratedPlayers knows which players have had a rated game in each pool,
// so that a leaderboard reads those players' records only. It is built
// from the games once, at the first leaderboard, and then told of every
// game rated. It may hold a player more (a game whose commit failed, a
// rating taken back): the leaderboard reads each player's record anyway.
type ratedPlayers struct {
	mu    sync.Mutex
	built bool
	pools map[string]map[string]bool
}

// add records players with a rated game in pool.
func (rp *ratedPlayers) add(pool string, keys ...string) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	rp.addLocked(pool, keys...)
}

func (rp *ratedPlayers) addLocked(pool string, keys ...string) {
	if rp.pools == nil {
		rp.pools = map[string]map[string]bool{}
	}
	if rp.pools[pool] == nil {
		rp.pools[pool] = map[string]bool{}
	}
	for _, k := range keys {
		rp.pools[pool][k] = true
	}
}

// players returns the players with a rated game in pool, sorted, reading
// every game the first time. A game that cannot be decoded is left out.
func (rp *ratedPlayers) players(ctx context.Context, store Store, pool string) ([]string, error) {
	rp.mu.Lock()
	built := rp.built
	rp.mu.Unlock()
	if !built {
		found := map[string][]string{}
		err := store.View(ctx, func(tx Tx) error {
			clear(found) // a store may run fn more than once
			return tx.ForEachGame(func(g *GameRecord) error {
				if g.Rating != nil {
					found[g.Rating.Pool] = append(found[g.Rating.Pool], g.Players[:]...)
				}
				return nil
			})
		})
		if err != nil && !errors.Is(err, ErrDamagedRecord) {
			return nil, err
		}
		rp.mu.Lock()
		for p, keys := range found {
			rp.addLocked(p, keys...) // merged: games rated meanwhile stay
		}
		rp.built = true
		rp.mu.Unlock()
	}
	rp.mu.Lock()
	defer rp.mu.Unlock()
	keys := make([]string, 0, len(rp.pools[pool]))
	for k := range rp.pools[pool] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}
