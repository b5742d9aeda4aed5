package ranking

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

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

// maxAddress is the longest address a player may be named by.
const maxAddress = 254

// View runs a function in a read transaction of the store.
type View func(fn func(record.Tx) error) error

// StatsFor returns a player's stats as viewer v sees them at now: the
// games v may see (Viewer.Counts), the ratings of the pools where v sees
// a rated game of theirs, and names as v may read them. A player of whom
// v sees no game (unless v is the player) is an error wrapping
// record.ErrNotFound, as an unknown one.
func StatsFor(view View, key string, v Viewer, now time.Time) (PlayerStats, error) {
	var st PlayerStats
	err := view(func(tx record.Tx) error {
		p, err := tx.Player(key)
		if err != nil {
			return err
		}
		games, err := VisibleGames(tx, key, v, maxStatsGames)
		if err != nil {
			return err
		}
		if len(games) == 0 && !v.Self(key) {
			return record.ErrNotFound
		}
		st = StatsOf(p, games, v, now)
		return nil
	})
	if err != nil {
		return PlayerStats{}, fmt.Errorf("bot: stats of %s: %w", key, err)
	}
	return st, nil
}

// VisibleGames reads the latest games of player key, at most limit, that
// v sees as part of the player's record (Viewer.Counts), oldest first.
func VisibleGames(tx record.Tx, key string, v Viewer, limit int) ([]*record.Game, error) {
	ids, err := tx.GamesOf(key)
	if err != nil {
		return nil, err
	}
	if len(ids) > limit {
		ids = ids[len(ids)-limit:]
	}
	var games []*record.Game
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

// StatsOf counts a player's games as v sees them at now: games is what v
// sees.
func StatsOf(p *record.Player, games []*record.Game, v Viewer, now time.Time) PlayerStats {
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
		if g.Status != record.Over || g.Result == nil {
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

// Shown is the stats as "stats" words them; self is set when the reader
// is the player.
func (st PlayerStats) Shown(self bool) words.StatsShown {
	s := st.Summary
	o := words.StatsShown{Name: st.Name, Self: self, Games: st.Games, Record: s.All.String(), White: s.White.String(), Black: s.Black.String(),
		WonBy: standing.Endings(s.WonBy), LostBy: standing.Endings(s.LostBy)}
	for _, pool := range standing.Pools() {
		if e, ok := st.Ratings[pool]; ok {
			o.Ratings = append(o.Ratings, words.PoolRating{Title: standing.PoolTitle(pool), Rating: standing.Round(e.Rating),
				Deviation: standing.Round(e.Deviation), Games: e.Games, Provisional: e.Provisional()})
		}
	}
	for _, n := range s.Sizes() {
		o.BySize = append(o.BySize, words.SizeRecord{Size: n, Record: s.BySize[n].String()})
	}
	for _, g := range s.Recent {
		o.Recent = append(o.Recent, words.RecentGame{ID: g.ID, Ended: g.Ended, Won: g.Outcome == standing.Win, Drew: g.Outcome == standing.Draw,
			Reason: g.Reason, Opponent: g.Opponent, White: g.White, Size: g.Size, PTN: g.PTN, Rated: g.Rated})
	}
	return o
}

// Stats is "stats [PLAYER]": the sender's record, or another player's as
// the sender sees it (v: the sender's eyes).
func Stats(t Turn, c *command.Command, v Viewer) error {
	me := t.Sender()
	p := me
	if len(c.Args) > 0 {
		var err error
		if p, err = statsPlayer(t, v, strings.Join(c.Args, " ")); err != nil {
			return err
		}
	}
	self := p.Key == me.Key
	st, err := StatsFor(t.View, p.Key, v, t.Now())
	switch {
	case errors.Is(err, record.ErrNotFound) && self:
		st, err = StatsOf(p, nil, v, t.Now()), nil // a new player, not stored yet
	case errors.Is(err, record.ErrNotFound):
		return t.Refusal(nil, words.Refusal{Reason: words.UnknownPlayer, Arg: command.Excerpt(strings.Join(c.Args, " "), command.QuoteRunes)})
	}
	if err != nil {
		return err
	}
	o := st.Shown(self)
	t.Tell(me.Key, "", o)
	if caption, text := o.RecentBlock(); caption != "" {
		t.TellBlock(me.Key, "", caption, text)
	}
	return nil
}

// statsPlayer finds the player "stats" names, as the sender sees players
// (bot/visibility.go): an address on a transport, or the name of a
// player, optionally followed by the id of a game they played ("stats Bob
// g12") to tell namesakes apart. A player of whom the sender sees no game
// is answered exactly as one nobody knows, so that no answer tells
// whether an address plays here.
func statsPlayer(t Turn, v Viewer, word string) (*record.Player, error) {
	w := strings.TrimSpace(word)
	arg := command.Excerpt(w, command.QuoteRunes)
	if len(w) > maxAddress {
		return nil, t.Refusal(nil, words.Refusal{Reason: words.NameTooLong, Arg: arg})
	}
	found, err := candidates(t, v, w, "")
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		// "Bob Smith g12": the Bob Smith who played game g12.
		if i := strings.LastIndexByte(w, ' '); i > 0 {
			if id := strings.Trim(strings.ToLower(w[i+1:]), "()"); gameIDWord.MatchString(id) {
				if found, err = candidates(t, v, strings.TrimSpace(w[:i]), id); err != nil {
					return nil, err
				}
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, t.Refusal(nil, words.Refusal{Reason: words.UnknownPlayer, Arg: arg})
	case 1:
		return found[0].p, nil
	}
	// Namesakes: told apart by their transport and a game the sender
	// sees of each, never by an address or an id.
	q := words.Namesakes{Name: arg, Word: w}
	for _, c := range found {
		transport, _, _ := strings.Cut(c.p.Key, ":")
		q.Players = append(q.Players, words.Namesake{Self: c.p.Key == t.Sender().Key, Transport: transport, Game: c.game})
	}
	return nil, t.Ask(q)
}

// gameIDWord is a game id as "stats NAME ID" takes it.
var gameIDWord = regexp.MustCompile(`^g[0-9]{1,12}$`)

// candidate is a player "stats" may name, with the first game of theirs
// the sender sees (their handle among namesakes).
type candidate struct {
	p    *record.Player
	game string
}

// candidates returns the players w names whom the sender sees (the
// sender themselves, or a player with a game the sender sees); with game
// set, only those who played it.
func candidates(t Turn, v Viewer, w, game string) ([]candidate, error) {
	keys, explicit := t.IdentityKeys(w)
	if !explicit {
		var named []string
		if err := t.View(func(tx record.Tx) error {
			var err error
			named, err = tx.PlayersNamed(w)
			return err
		}); err != nil {
			return nil, err
		}
		keys = append(keys, named...)
	}
	var found []candidate
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		var c candidate
		err := t.View(func(tx record.Tx) error {
			p, err := tx.Player(k)
			if err != nil {
				return err
			}
			games, err := VisibleGames(tx, k, v, maxStatsGames)
			if err != nil {
				return err
			}
			c = candidate{p: p}
			for _, g := range games {
				if game == "" || g.ID == game {
					c.game = g.ID
					break
				}
			}
			return nil
		})
		switch {
		case errors.Is(err, record.ErrNotFound):
			continue
		case err != nil:
			return nil, err
		}
		if c.game == "" && (game != "" || !v.Self(k)) {
			continue // nothing of theirs the sender sees: unknown to them
		}
		found = append(found, c)
	}
	return found, nil
}

// PlayersNamed returns the players whose display name is name, compared
// without case, with the ids of their games, oldest first.
func PlayersNamed(view View, name string) ([]*record.Player, [][]string, error) {
	var players []*record.Player
	var games [][]string
	err := view(func(tx record.Tx) error {
		players, games = nil, nil // a store may run fn more than once
		keys, err := tx.PlayersNamed(name)
		if err != nil {
			return err
		}
		for _, k := range keys {
			p, err := tx.Player(k)
			if err != nil {
				return err
			}
			ids, err := tx.GamesOf(k)
			if err != nil {
				return err
			}
			players, games = append(players, p), append(games, ids)
		}
		return nil
	})
	return players, games, err
}
