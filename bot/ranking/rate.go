package ranking

import (
	"time"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/rating"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Rating a game: a rated game's end rates both players in the session
// that ended it (Settle); a result withdrawn later takes its rating
// change back.

// maxCommunities bounds the communities kept on a player record.
const maxCommunities = 20

// pairScan bounds the games of a player pairRatedAt reads: the latest.
const pairScan = 300

// RatingFor returns a player's rating and deviation in the pool of board
// size size, as stored at their last rated game there; rated is false
// (and the values a new player's) when they have no rated game in it.
func RatingFor(p *record.Player, size int) (rating, deviation float64, rated bool) {
	e, ok := p.Ratings[standing.Pool(size)]
	if !ok || e.Games == 0 {
		n := standing.New()
		return n.Rating, n.Deviation, false
	}
	return e.Rating, e.Deviation, true
}

// resultKey identifies a game's result for record.RatingChange.Result.
func resultKey(r *record.Result) string { return r.PTN + " " + string(r.Reason) }

// Due reports whether game g's rating is out of line with its result: a
// rated game that ended unrated, or a rating change whose result is gone
// or another. Settle brings it in line, under both players' locks.
func Due(g *record.Game) bool {
	stale, rate := due(g)
	return stale || rate
}

func due(g *record.Game) (stale, rate bool) {
	ended := g.Status == record.Over && g.Result != nil
	// A change is stale when its result is gone or another: a game rated
	// under earlier rules (a private one, or one resigned after a move)
	// keeps its change while its result stands.
	stale = g.Rating != nil && (!ended || g.Rating.Result != resultKey(g.Result))
	return stale, ended && g.Rated() && (stale || g.Rating == nil)
}

// Settle brings game g's rating in line with its result (see Due): a
// stale change is taken back, a rated game that ended is rated. It needs
// the locks of both players.
func Settle(t Turn, g *record.Game) error {
	stale, rate := due(g)
	if stale {
		if err := unrate(t, g); err != nil {
			return err
		}
	}
	if rate {
		return rateGame(t, g)
	}
	return nil
}

// pairRatedAt returns when the other rated games between g's two players
// were rated, the latest of White's games read.
func pairRatedAt(t Turn, g *record.Game) ([]time.Time, error) {
	ids, err := t.GamesOf(g.Players[0])
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
		o, err := t.PeekGame(id)
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
func samePair(a, b *record.Game) bool {
	return a.Players == b.Players || a.Players[0] == b.Players[1] && a.Players[1] == b.Players[0]
}

// rateGame applies a finished rated game to both players' ratings.
func rateGame(t Turn, g *record.Game) error {
	var ps [2]*record.Player
	for c, k := range g.Players {
		p, err := t.Player(k)
		if err != nil {
			return err
		}
		ps[c] = p
	}
	pool := standing.Pool(g.Config.Size)
	ch := &record.RatingChange{Pool: pool, Result: resultKey(g.Result)}
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
	earlier, err := pairRatedAt(t, g)
	if err != nil {
		return err
	}
	now := t.Now()
	ch.Weight = rating.RepeatWeight(earlier, now)
	w, b, err := standing.RateWeighted(ch.Before[0], ch.Before[1], score, ch.Weight, now)
	if err != nil {
		// Values that cannot be rated (never for stored ratings) leave
		// the ratings as they are; the game's result stands.
		t.Logger().Error("a game could not be rated", "game", g.ID, "err", err)
		return nil
	}
	ch.After = [2]standing.Entry{w, b}
	t.Board().Added(pool, g.Players[:]...)
	for c, p := range ps {
		p.Ratings = withEntry(p.Ratings, pool, ch.After[c])
		if g.Community != "" {
			p.Communities = WithCommunity(p.Communities, g.Community)
		}
		t.MarkPlayer(p)
	}
	g.Rating = ch
	o := words.RatingChanged{Game: wordsGame(g), Pool: standing.PoolTitle(pool)}
	for c := range 2 {
		o.Before[c], o.After[c] = standing.Round(ch.Before[c].Rating), standing.Round(ch.After[c].Rating)
	}
	for _, k := range playersOf(g) {
		t.AnnounceAfterResult(g, k, o)
	}
	return nil
}

// unrate takes a game's rating change back from both players.
func unrate(t Turn, g *record.Game) error {
	ch := g.Rating
	for c, k := range g.Players {
		p, err := t.Player(k)
		if err != nil {
			return err
		}
		cur, ok := p.Ratings[ch.Pool]
		if !ok {
			continue
		}
		p.Ratings = withEntry(p.Ratings, ch.Pool, standing.Undo(cur, ch.Before[c], ch.After[c]))
		t.MarkPlayer(p)
	}
	g.Rating = nil
	for _, k := range playersOf(g) {
		t.Announce(g, k, words.RatingWithdrawn{Game: wordsGame(g)})
	}
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

// WithCommunity returns a copy of cs with c last, at most 20 (the
// communities kept on a player record).
func WithCommunity(cs []string, c string) []string {
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
