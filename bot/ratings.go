package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/rating"
	"github.com/takbymail/takbot/tak"
)

// Ratings: the glue between the referee and package standing (Glicko-2
// per pool of board sizes). A rated game's end rates both players in the
// session that ended it (settleRatings); a result withdrawn later takes
// its rating change back. "stats" and "leaderboard" (stats.go) read them.

// DefaultLeaderboardMinGames is Options.LeaderboardMinGames's default.
const DefaultLeaderboardMinGames = 5

// DefaultLeaderboardMaxDeviation is Options.LeaderboardMaxDeviation's
// default: the deviation above which a rating is provisional
// (standing.Entry.Provisional).
const DefaultLeaderboardMaxDeviation = 110

// leaderboardOpponents is the most different opponents a leaderboard asks
// of a player (fewer when LeaderboardMinGames is lower).
const leaderboardOpponents = 3

// maxCommunities bounds the communities kept on a player record.
const maxCommunities = 20

// pairScan bounds the games of a player pairRatedAt reads: the latest.
const pairScan = 300

// pairRatedAt returns when the other rated games between g's two players
// were rated, the latest of White's games read.
func (s *session) pairRatedAt(g *GameRecord) ([]time.Time, error) {
	ids, err := s.gamesOf(g.Players[0])
	if err != nil {
		return nil, err
	}
	if len(ids) > pairScan {
		ids = ids[len(ids)-pairScan:]
	}
	var at []time.Time
	for _, id := range ids {
		if id == g.ID {
			continue
		}
		o, err := s.peekGame(id)
		if err != nil {
			continue // a damaged game is set aside by whoever reads it
		}
		if o.Rating == nil || !samePair(o, g) {
			continue
		}
		at = append(at, o.Rating.After[0].Last)
	}
	return at, nil
}

// samePair reports whether two games are between the same two players.
func samePair(a, b *GameRecord) bool {
	return a.Players == b.Players || a.Players[0] == b.Players[1] && a.Players[1] == b.Players[0]
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
		ended := g.Status == Over && g.Result != nil
		rated := ended && g.Rated()
		// A change is stale when its result is gone or another: a game
		// rated under earlier rules (a private one, or one resigned after
		// a move) keeps its change while its result stands.
		stale := g.Rating != nil && (!ended || g.Rating.Result != resultKey(g.Result))
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
	earlier, err := s.pairRatedAt(g)
	if err != nil {
		return err
	}
	ch.Weight = rating.RepeatWeight(earlier, s.now)
	w, b, err := standing.RateWeighted(ch.Before[0], ch.Before[1], score, ch.Weight, s.now)
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

// tickStripes are the lock stripes a clock event of a game takes: the
// game's and its players' (a loss on time rates both). The players of a
// game never change, so reading them without the lock is safe.
func (r *Referee) tickStripes(ctx context.Context, id string) map[int]bool {
	want := map[int]bool{stripeOf(id): true}
	if rec, _, ok := r.cache.Game(id); ok {
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
