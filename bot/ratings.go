package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/tak"
)

// Ratings: the glue between the referee and package standing (Glicko-2
// per pool of board sizes). A rated game's end rates both players in the
// session that ended it (settleRatings); a result withdrawn later takes
// its rating change back. "stats" and "leaderboard" (stats.go) read them.

// DefaultLeaderboardMinGames is Options.LeaderboardMinGames's default.
const DefaultLeaderboardMinGames = 5

// maxCommunities bounds the communities kept on a player record.
const maxCommunities = 20

// RatingChange is what a game's result did to its players' ratings.
type RatingChange struct {
	Pool string // standing.Pool of the game's size
	// Result is the result rated (ResultRecord.PTN and Reason): a game
	// that ends again otherwise is rated again.
	Result string
	Before [2]standing.Entry // White's and Black's entries before the game
	After  [2]standing.Entry // and after it
}

// Rated reports whether the game's result counts for the players'
// ratings: every game unless it was started with rated=no, was aborted,
// or is played against the bot itself. Every rule about which games are
// rated belongs here.
func (g *GameRecord) Rated() bool {
	if g.Unrated || g.Status == Aborted {
		return false
	}
	for _, k := range g.Players {
		// A game against the bot (its engine's identity) rates nobody.
		if strings.HasPrefix(k, "engine:") {
			return false
		}
	}
	return g.Players[0] != g.Players[1]
}

// ratingFor returns a player's rating and deviation in the pool of board
// size size, as stored at their last rated game there; rated is false
// (and the values a new player's) when they have no rated game in it.
func ratingFor(p *PlayerRecord, size int) (rating, deviation float64, rated bool) {
	e, ok := p.Ratings[standing.Pool(size)]
	if !ok || e.Games == 0 {
		n := standing.New()
		return n.Rating, n.Deviation, false
	}
	return e.Rating, e.Deviation, true
}

// resultKey identifies a game's result for RatingChange.Result.
func resultKey(r *ResultRecord) string { return r.PTN + " " + string(r.Reason) }

// settleRatings brings the ratings in line with the games this session
// changed: a rated game that ended is rated, a rated game whose result was
// withdrawn (or changed) has its rating change taken back. It also
// records the message's community on the sender and on the games it
// changed. It needs the locks of both players of such a game.
func (s *session) settleRatings() error {
	ids := make([]string, 0, len(s.games))
	for id, gs := range s.games {
		if gs.dirty {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		g := s.games[id].rec
		if c := s.msg.Community; c != "" && g.Community == "" && !s.msg.Unverified {
			g.Community = c
		}
		rated := g.Status == Over && g.Result != nil && g.Rated()
		stale := g.Rating != nil && (!rated || g.Rating.Result != resultKey(g.Result))
		if !stale && (!rated || g.Rating != nil) {
			continue
		}
		for _, k := range g.Players {
			if st := stripeOf(k); !s.ls.has(st) {
				return &needLock{st}
			}
		}
		if stale {
			if err := s.unrate(g); err != nil {
				return err
			}
		}
		if rated {
			if err := s.rateGame(g); err != nil {
				return err
			}
		}
	}
	if c := s.msg.Community; c != "" && s.sender != nil && !s.msg.Unverified && !hasString(s.sender.Communities, c) {
		s.sender.Communities = withCommunity(s.sender.Communities, c)
		s.markPlayer(s.sender)
	}
	return nil
}

// rateGame applies a finished rated game to both players' ratings.
func (s *session) rateGame(g *GameRecord) error {
	var ps [2]*PlayerRecord
	for c, k := range g.Players {
		p, err := s.player(k)
		if err != nil {
			return err
		}
		ps[c] = p
	}
	pool := standing.Pool(g.Config.Size)
	ch := &RatingChange{Pool: pool, Result: resultKey(g.Result)}
	for c, p := range ps {
		if e, ok := p.Ratings[pool]; ok {
			ch.Before[c] = e
		} else {
			ch.Before[c] = standing.New()
		}
	}
	score := 0.0
	switch {
	case g.Result.Draw:
		score = 0.5
	case g.Result.Winner == tak.White:
		score = 1
	}
	w, b, err := standing.Rate(ch.Before[0], ch.Before[1], score, s.now)
	if err != nil {
		// Values that cannot be rated (never for stored ratings) leave
		// the ratings as they are; the game's result stands.
		s.r.logger().Error("a game could not be rated", "game", g.ID, "err", err)
		return nil
	}
	ch.After = [2]standing.Entry{w, b}
	s.r.rated.add(pool, g.Players[:]...)
	for c, p := range ps {
		p.Ratings = withEntry(p.Ratings, pool, ch.After[c])
		if g.Community != "" {
			p.Communities = withCommunity(p.Communities, g.Community)
		}
		s.markPlayer(p)
	}
	g.Rating = ch
	both(g, func(k string, _ tak.Color) {
		s.event(k, g.ID).sayAfterResult(fmt.Sprintf("Rated %s game: %s.", standing.PoolTitle(pool), ratingMoves(g, ch, k)))
	})
	return nil
}

// ratingMoves says how both ratings moved, the reader's first: "your
// rating goes from 1500 to 1662, bob's goes from 1500 to 1338", "your
// rating stays at 1500, bob's stays at 1500".
func ratingMoves(g *GameRecord, ch *RatingChange, reader string) string {
	first := tak.White
	if isReader(g, tak.Black, reader) {
		first = tak.Black
	}
	move := func(c tak.Color) string {
		from, to := standing.Round(ch.Before[c].Rating), standing.Round(ch.After[c].Rating)
		if from == to {
			return fmt.Sprintf("stays at %d", to)
		}
		return fmt.Sprintf("goes from %d to %d", from, to)
	}
	return fmt.Sprintf("%s rating %s, %s %s", possessiveFor(g, first, reader), move(first), possessiveFor(g, first.Opponent(), reader), move(first.Opponent()))
}

// unrate takes a game's rating change back from both players.
func (s *session) unrate(g *GameRecord) error {
	ch := g.Rating
	for c, k := range g.Players {
		p, err := s.player(k)
		if err != nil {
			return err
		}
		cur, ok := p.Ratings[ch.Pool]
		if !ok {
			continue
		}
		p.Ratings = withEntry(p.Ratings, ch.Pool, standing.Undo(cur, ch.Before[c], ch.After[c]))
		s.markPlayer(p)
	}
	g.Rating = nil
	both(g, func(k string, _ tak.Color) {
		s.event(k, g.ID).say("With the result of game %s withdrawn, so is its change of both players' ratings.", g.ID)
	})
	return nil
}

// withEntry returns a copy of m with pool set to e (removed when e has no
// games): cached records share their map.
func withEntry(m map[string]standing.Entry, pool string, e standing.Entry) map[string]standing.Entry {
	out := make(map[string]standing.Entry, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	if e.Games == 0 {
		delete(out, pool)
	} else {
		out[pool] = e
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// withCommunity returns a copy of cs with c last, at most maxCommunities.
func withCommunity(cs []string, c string) []string {
	out := make([]string, 0, len(cs)+1)
	for _, x := range cs {
		if x != c {
			out = append(out, x)
		}
	}
	out = append(out, c)
	if len(out) > maxCommunities {
		out = out[len(out)-maxCommunities:]
	}
	return out
}

func hasString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

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

// tickStripes are the lock stripes a clock event of a game takes: the
// game's and its players' (a loss on time rates both). The players of a
// game never change, so reading them without the lock is safe.
func (r *Referee) tickStripes(ctx context.Context, id string) map[int]bool {
	want := map[int]bool{stripeOf(id): true}
	if rec, _, ok := r.cache.game(id); ok {
		for _, k := range rec.Players {
			want[stripeOf(k)] = true
		}
		return want
	}
	_ = r.store.View(ctx, func(tx Tx) error {
		g, err := tx.Game(id)
		if err == nil {
			for _, k := range g.Players {
				want[stripeOf(k)] = true
			}
		}
		return nil // an unreadable game is reported by the tick itself
	})
	return want
}

// sayAfterResult adds a line right after the draft's "Game over: ..."
// line, before the finished game's file, or at the end when there is none.
func (d *draft) sayAfterResult(line string) {
	for i := range d.parts {
		p := &d.parts[i]
		if p.Kind != Prose {
			continue
		}
		lines := strings.Split(p.Text, "\n")
		for j, l := range lines {
			if strings.HasPrefix(l, "Game over: ") {
				lines = append(lines[:j+1], append([]string{line}, lines[j+1:]...)...)
				p.Text = strings.Join(lines, "\n")
				return
			}
		}
	}
	d.say("%s", line)
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
