package ranking

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Standing is one line of a leaderboard.
type Standing struct {
	Key, Name         string
	Rating, Deviation float64 // the deviation grown with idle time
	Games             int     // rated games in the pool
}

// maxLeaderboard bounds the lines of a leaderboard shown to a player.
const maxLeaderboard = 20

// opponentScan bounds the games of a player read to count their
// different opponents: the latest.
const opponentScan = 500

// Opponents is the most different opponents a leaderboard asks of a
// player (fewer when its MinGames is lower).
const Opponents = 3

// Board is the referee's leaderboards: the rules of who is listed, and
// the index of which players have had a rated game in each pool, so that
// a leaderboard reads those players' records only. The index is built
// from the games once, at the first leaderboard, and then told of every
// game rated (Added). It may hold a player more (a game whose commit
// failed, a rating taken back): the leaderboard reads each player's
// record anyway.
type Board struct {
	// MinGames is how many rated games of a pool a listed player has;
	// MaxDeviation the largest deviation a listed player may have.
	MinGames     int
	MaxDeviation float64
	// Public is the public's eyes: a leaderboard shows what anyone may
	// see.
	Public Viewer

	mu    sync.Mutex
	built bool
	pools map[string]map[string]bool
}

// NewBoard returns the leaderboards with their rules.
func NewBoard(public Viewer, minGames int, maxDeviation float64) *Board {
	return &Board{Public: public, MinGames: minGames, MaxDeviation: maxDeviation}
}

// Added records players with a rated game in pool.
func (b *Board) Added(pool string, keys ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.addLocked(pool, keys...)
}

func (b *Board) addLocked(pool string, keys ...string) {
	if b.pools == nil {
		b.pools = map[string]map[string]bool{}
	}
	if b.pools[pool] == nil {
		b.pools[pool] = map[string]bool{}
	}
	for _, k := range keys {
		b.pools[pool][k] = true
	}
}

// players returns the players with a rated game in pool, sorted, reading
// every game the first time. A game that cannot be decoded is left out.
func (b *Board) players(view View, pool string) ([]string, error) {
	b.mu.Lock()
	built := b.built
	b.mu.Unlock()
	if !built {
		found := map[string][]string{}
		err := view(func(tx record.Tx) error {
			clear(found) // a store may run fn more than once
			return tx.ForEachGame(func(g *record.Game) error {
				if g.Rating != nil {
					found[g.Rating.Pool] = append(found[g.Rating.Pool], g.Players[:]...)
				}
				return nil
			})
		})
		if err != nil && !errors.Is(err, record.ErrDamagedRecord) {
			return nil, err
		}
		b.mu.Lock()
		for p, keys := range found {
			b.addLocked(p, keys...) // merged: games rated meanwhile stay
		}
		b.built = true
		b.mu.Unlock()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	keys := make([]string, 0, len(b.pools[pool]))
	for k := range b.pools[pool] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}

// listed reports whether a leaderboard of pool lists player p, whose
// rating there is e: a rating earned in public games, established and
// not farmed. It takes at least MinGames rated games in the pool, a
// deviation of at most MaxDeviation (not provisional: about 9 games
// against established players, about 20 against new ones), and public
// rated games against min(MinGames, 3) different opponents. With the
// weight of repeated games (rating.RepeatWeight) and the abort of games
// resigned before each player moved twice, sock puppets cannot put a
// player at the top in minutes.
func (b *Board) listed(tx record.Tx, p *record.Player, pool string, e standing.Entry) (bool, error) {
	if e.Games < b.MinGames || e.Deviation > b.MaxDeviation {
		return false, nil
	}
	need := min(b.MinGames, Opponents)
	games, err := VisibleGames(tx, p.Key, b.Public, opponentScan)
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

// List returns a pool's best players at now, best first, at most limit
// (0: all), with the public view of their ratings; community, when set,
// keeps the players who played or wrote there, and asker, who is writing
// there now.
func (b *Board) List(view View, now time.Time, pool, community, asker string, limit int) ([]Standing, error) {
	var list []standing.Standing
	keys, err := b.players(view, pool)
	if err != nil {
		return nil, fmt.Errorf("bot: leaderboard %s: %w", pool, err)
	}
	err = view(func(tx record.Tx) error {
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
			if community != "" && !slices.Contains(p.Communities, community) && p.Key != asker {
				continue
			}
			e = e.Now(now)
			if ok, err := b.listed(tx, p, pool, e); err != nil || !ok {
				continue // a damaged game leaves its players out
			}
			list = append(list, standing.Standing{Key: p.Key, Name: b.Public.NameFor(p.Key, p.Name), Entry: e})
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

// PoolOf reads the pool "leaderboard" names: a size ("6", "6x6") or
// "small"/"large"; "" when the argument names none.
func PoolOf(arg string) string {
	a := strings.ToLower(strings.TrimSpace(arg))
	for _, p := range standing.Pools() {
		if a == p {
			return p
		}
	}
	if n, m, ok := strings.Cut(a, "x"); ok && n == m {
		a = n
	}
	if n, err := strconv.Atoi(a); err == nil && n >= tak.MinSize && n <= tak.MaxSize {
		return standing.Pool(n)
	}
	return ""
}

// favouritePool is the pool p played most rated games in, else 5x5 (the
// default size of "new").
func favouritePool(p *record.Player) string {
	best, n := standing.Pool(5), 0
	for _, pool := range standing.Pools() {
		if e, ok := p.Ratings[pool]; ok && e.Games > n {
			best, n = pool, e.Games
		}
	}
	return best
}

// Leaderboard is "leaderboard [SIZE]": a pool's best players (of the
// message's community when it came from one), and where the sender stands.
func Leaderboard(t Turn, c *command.Command, community string) error {
	me := t.Sender()
	var pool string
	switch len(c.Args) {
	case 0:
		pool = favouritePool(me)
	case 1:
		if pool = PoolOf(c.Args[0]); pool == "" {
			return t.Refusal(nil, words.Refusal{Reason: words.NotABoardSize, Arg: command.Excerpt(c.Args[0], 20)})
		}
	default:
		return t.Refusal(nil, words.Refusal{Reason: words.LeaderboardArgs})
	}
	b := t.Board()
	list, err := b.List(t.View, t.Now(), pool, community, me.Key, 0)
	if err != nil {
		return err
	}
	o := words.LeaderboardShown{Title: standing.PoolTitle(pool), Here: community != "", MinGames: b.MinGames,
		Opponents: min(b.MinGames, Opponents), MaxDeviation: standing.Round(b.MaxDeviation), Total: len(list)}
	for i, l := range list {
		r := words.Ranked{Name: l.Name, You: l.Key == me.Key, Rating: standing.Round(l.Rating), Deviation: standing.Round(l.Deviation), Games: l.Games}
		if i < maxLeaderboard {
			o.Lines = append(o.Lines, r)
		}
		if r.You {
			o.Place, o.Listed = i+1, r
		}
	}
	if e, ok := me.Ratings[pool]; ok && e.Games > 0 {
		o.Rated, o.Rating, o.Games = true, standing.Round(e.Rating), e.Games
		o.Deviation = standing.Round(e.Now(t.Now()).Deviation)
	}
	if caption, text := o.Table(); caption != "" {
		t.TellBlock(me.Key, "", caption, text)
	}
	t.Tell(me.Key, "", o)
	return nil
}
