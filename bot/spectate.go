package bot

import (
	"context"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/bot/watching"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// The spectators' seam: what package web reads of the referee (games and
// players, read-only) and how it learns that a game changed.

// ErrTooManySubscribers is returned by Subscribe beyond 16 subscribers.
var ErrTooManySubscribers = watching.ErrTooManySubscribers

// Subscribe calls fn with a game's id after every committed change to the
// game (a move, a result, a watcher, a challenge), on the goroutine that
// committed it: fn must return at once (hand the id to a buffered channel
// and drop it when full). cancel stops the calls. At most 16 functions
// are subscribed at once; beyond that Subscribe returns
// ErrTooManySubscribers.
func (r *Referee) Subscribe(fn func(game string)) (cancel func(), err error) {
	return r.subs.Subscribe(fn)
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
	return ranking.PlayersNamed(r.view(ctx), name)
}

// GamePageURL is the address of a game's web page, "" when the referee
// has no WebURL or the game is private ([watching.PageURL]).
func (r *Referee) GamePageURL(g *GameRecord) string {
	return watching.PageURL(r.opts.WebURL, g, Public)
}

// webLink adds the game page's link to a public reply about a game in
// progress or over ([watching.PageLink]): one line, before the actions.
func (s *session) webLink(d *draft, parts []Part) []Part {
	if s.r.opts.WebURL == "" || d.game == "" || !d.public {
		return parts
	}
	if g, err := s.peekGame(d.game); err == nil {
		if line := watching.PageLink(s.r.opts.WebURL, g, Public); line != "" {
			parts = append(parts, Part{Kind: Prose, Text: line})
			d.gist = present.Link(d.gist, record.LinkPage, watching.PageURL(s.r.opts.WebURL, g, Public), line)
		}
	}
	return parts
}
