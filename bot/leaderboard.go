package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
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

// PlayerStats returns a player's stats as anyone may see them (Public:
// their public games only, see visibility.go). A player the store does
// not know, and a player without a public game in progress or over, is an
// error wrapping ErrNotFound: the two cannot be told apart.
func (r *Referee) PlayerStats(ctx context.Context, key string) (PlayerStats, error) {
	return r.PlayerStatsFor(ctx, key, Public)
}

// PlayerStatsFor returns a player's stats as viewer v sees them: the
// games v may see (Viewer.Counts), the ratings of the pools where v sees
// a rated game of theirs, and names as v may read them. A player of whom
// v sees no game (unless v is the player) is an error wrapping
// ErrNotFound, as an unknown one.
func (r *Referee) PlayerStatsFor(ctx context.Context, key string, v Viewer) (PlayerStats, error) {
	var st PlayerStats
	err := r.store.View(ctx, func(tx Tx) error {
		p, err := tx.Player(key)
		if err != nil {
			return err
		}
		games, err := visibleGames(tx, key, v, maxStatsGames)
		if err != nil {
			return err
		}
		if len(games) == 0 && !v.Self(key) {
			return ErrNotFound
		}
		st = r.statsOf(p, games, v)
		return nil
	})
	if err != nil {
		return PlayerStats{}, fmt.Errorf("bot: stats of %s: %w", key, err)
	}
	return st, nil
}

// visibleGames reads the latest games of player key, at most limit, that
// v sees as part of the player's record (Viewer.Counts), oldest first.
func visibleGames(tx Tx, key string, v Viewer, limit int) ([]*GameRecord, error) {
	ids, err := tx.GamesOf(key)
	if err != nil {
		return nil, err
	}
	if len(ids) > limit {
		ids = ids[len(ids)-limit:]
	}
	var games []*GameRecord
	for _, id := range ids {
		g, err := tx.Game(id)
		if err != nil {
			return nil, err
		}
		if v.Counts(g) {
			games = append(games, g)
		}
	}
	return games, nil
}

// statsOf counts a player's games as v sees them: games is what v sees.
func (r *Referee) statsOf(p *PlayerRecord, games []*GameRecord, v Viewer) PlayerStats {
	now := r.clock.Now()
	st := PlayerStats{Key: p.Key, Name: v.NameFor(p.Key, p.Name), Ratings: map[string]standing.Entry{}}
	var sg []standing.Game
	ratedIn := map[string]bool{} // the pools where v sees a rated game of p
	for _, g := range games {
		me, ok := g.ColorOf(p.Key)
		if !ok || !v.Counts(g) {
			continue
		}
		if g.Rating != nil {
			ratedIn[g.Rating.Pool] = true
		}
		if g.Status != Over || g.Result == nil {
			continue
		}
		out := standing.Loss
		switch {
		case g.Result.Draw:
			out = standing.Draw
		case g.Result.Winner == me:
			out = standing.Win
		}
		op := me.Opponent()
		sg = append(sg, standing.Game{ID: g.ID, Opponent: v.NameFor(g.Players[op], g.Names[op]), White: me == tak.White, Size: g.Config.Size,
			Outcome: out, Reason: string(g.Result.Reason), PTN: g.Result.PTN, Rated: g.Rating != nil, Ended: g.Updated})
	}
	st.Summary = standing.Summarize(sg, recentGames)
	st.Wins, st.Losses, st.Draws, st.Games = st.Summary.All.Wins, st.Summary.All.Losses, st.Summary.All.Draws, st.Summary.All.Games()
	n := standing.New()
	st.Rating, st.Deviation = n.Rating, n.Deviation
	var best standing.Entry
	for _, pool := range standing.Pools() {
		e, ok := p.Ratings[pool]
		if !ok || !v.Self(p.Key) && !ratedIn[pool] {
			// A rating others see comes from games they see: one earned
			// only in private games (before those were unrated) is the
			// player's own business.
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

// Leaderboard returns the best players of the pool of board size size,
// best first, at most limit (0: all): the players listed (listed) with
// the public view of their ratings.
func (r *Referee) Leaderboard(ctx context.Context, size int, limit int) ([]Standing, error) {
	return r.leaderboard(ctx, standing.Pool(size), "", "", limit)
}

// maxLeaderboard bounds the lines of a leaderboard shown to a player.
const maxLeaderboard = 20

// opponentScan bounds the games of a player read to count their
// different opponents: the latest.
const opponentScan = 500

// listed reports whether a leaderboard of pool lists player p at now,
// whose rating there is e: a rating earned in public games, established
// and not farmed. It takes at least Options.LeaderboardMinGames rated
// games in the pool, a deviation of at most
// Options.LeaderboardMaxDeviation (not provisional: about 9 games against
// established players, about 20 against new ones), and public rated games
// against min(LeaderboardMinGames, 3) different opponents. With the
// weight of repeated games (rating.RepeatWeight) and the abort of games
// resigned before each player moved twice, sock puppets cannot put a
// player at the top in minutes.
func (r *Referee) listed(tx Tx, p *PlayerRecord, pool string, e standing.Entry) (bool, error) {
	if e.Games < r.opts.LeaderboardMinGames || e.Deviation > r.opts.LeaderboardMaxDeviation {
		return false, nil
	}
	need := min(r.opts.LeaderboardMinGames, leaderboardOpponents)
	games, err := visibleGames(tx, p.Key, Public, opponentScan)
	if err != nil {
		return false, err
	}
	seen := map[string]bool{}
	for _, g := range slices.Backward(games) {
		me, _ := g.ColorOf(p.Key)
		if g.Rating == nil || g.Rating.Pool != pool {
			continue
		}
		seen[g.Players[me.Opponent()]] = true
		if len(seen) >= need {
			return true, nil
		}
	}
	return false, nil
}

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
		list = list[:0] // a store may run fn more than once
		for _, k := range keys {
			p, err := tx.Player(k)
			if err != nil {
				continue // a damaged or missing record is left out
			}
			e, ok := p.Ratings[pool]
			if !ok {
				continue
			}
			if community != "" && !hasString(p.Communities, community) && p.Key != asker {
				continue
			}
			e = e.Now(now)
			if ok, err := r.listed(tx, p, pool, e); err != nil || !ok {
				continue // a damaged game leaves its players out
			}
			list = append(list, standing.Standing{Key: p.Key, Name: PublicName(p.Name), Entry: e})
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
