package bot

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/takbymail/takbot/tak"
)

// The spectators' seam: what package web reads of the referee (games and
// players, read-only) and how it learns that a game changed.

// maxSubscribers bounds the observers Subscribe holds at once.
const maxSubscribers = 16

// ErrTooManySubscribers is returned by Subscribe beyond maxSubscribers.
var ErrTooManySubscribers = errors.New("bot: too many subscribers")

// subscribers are the functions told of every committed game change.
type subscribers struct {
	mu   sync.Mutex
	next int
	fns  map[int]func(game string)
}

// Subscribe calls fn with a game's id after every committed change to the
// game (a move, a result, a watcher, a challenge), on the goroutine that
// committed it: fn must return at once (hand the id to a buffered channel
// and drop it when full). cancel stops the calls. At most 16 functions
// are subscribed at once; beyond that Subscribe returns
// ErrTooManySubscribers.
func (r *Referee) Subscribe(fn func(game string)) (cancel func(), err error) {
	r.subs.mu.Lock()
	defer r.subs.mu.Unlock()
	if len(r.subs.fns) >= maxSubscribers {
		return nil, ErrTooManySubscribers
	}
	if r.subs.fns == nil {
		r.subs.fns = map[int]func(string){}
	}
	id := r.subs.next
	r.subs.next++
	r.subs.fns[id] = fn
	return func() {
		r.subs.mu.Lock()
		defer r.subs.mu.Unlock()
		delete(r.subs.fns, id)
	}, nil
}

// published tells the subscribers about the games a commit wrote.
func (r *Referee) published(games []*GameRecord) {
	if len(games) == 0 {
		return
	}
	r.subs.mu.Lock()
	defer r.subs.mu.Unlock()
	for _, fn := range r.subs.fns {
		for _, g := range games {
			fn(g.ID)
		}
	}
}

// GameView returns a copy of a game and its replayed history, from the
// referee's cache when it holds the game (a committed state) and from the
// store otherwise. The error wraps ErrNotFound for a game that does not
// exist. Callers showing games to the public must pass it through
// Public.SeesGame (visibility.go).
func (r *Referee) GameView(ctx context.Context, id string) (*GameRecord, *tak.Game, error) {
	if rec, tg, ok := r.cache.Game(id); ok {
		return rec, tg, nil
	}
	g, err := r.Game(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	tg, err := g.History()
	if err != nil {
		return nil, nil, err
	}
	return g, tg, nil
}

// ForEachGame calls fn for every stored game, in id order, in one read
// transaction (for an index built at start). A damaged game is skipped and
// the error then wraps ErrDamagedRecord.
func (r *Referee) ForEachGame(ctx context.Context, fn func(*GameRecord) error) error {
	return r.store.View(ctx, func(tx Tx) error { return tx.ForEachGame(fn) })
}

// PlayersNamed returns the players whose display name is name, compared
// without case, with the ids of their games, oldest first.
func (r *Referee) PlayersNamed(ctx context.Context, name string) ([]*PlayerRecord, [][]string, error) {
	var players []*PlayerRecord
	var games [][]string
	err := r.store.View(ctx, func(tx Tx) error {
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

// GamePageURL is the address of a game's web page, "" when the referee
// has no WebURL or the game is private.
func (r *Referee) GamePageURL(g *GameRecord) string {
	if r.opts.WebURL == "" || !Public.SeesGame(g) {
		return ""
	}
	return strings.TrimRight(r.opts.WebURL, "/") + "/g/" + g.ID
}

// webLink adds the game page's link to a reply about a game in progress
// or over, when the referee has a WebURL: one line, before the actions.
func (s *session) webLink(d *draft, parts []Part) []Part {
	if s.r.opts.WebURL == "" || d.game == "" || !d.public {
		return parts
	}
	var g *GameRecord
	if gs, ok := s.games[d.game]; ok {
		g = gs.rec
	} else if rec, err := s.peekGame(d.game); err == nil {
		g = rec
	}
	if g == nil || (g.Status != Active && g.Status != Over) {
		return parts
	}
	if u := s.r.GamePageURL(g); u != "" {
		parts = append(parts, Part{Kind: Prose, Text: "This game on the web: " + u})
	}
	return parts
}
