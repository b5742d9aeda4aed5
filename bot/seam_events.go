package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/takbymail/takbot/bot/event"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// The seam of package event (issue 29): *session implements event.Turn.
var _ event.Turn = (*session)(nil)

// eventState is what a session read and changed of the events.
type eventState struct {
	read    map[string]*record.Tourney // by key, as this session sees them
	written map[string]bool            // put by this session: written at its commit
}

// Tourney returns an event as this session sees it.
func (s *session) Tourney(key string) (*record.Tourney, error) {
	if t, ok := s.events.read[key]; ok {
		return t, nil
	}
	var t *record.Tourney
	if err := s.view(func(tx Tx) error {
		var err error
		t, err = tx.Tourney(key)
		return err
	}); err != nil {
		return nil, err
	}
	if s.events.read == nil {
		s.events.read = map[string]*record.Tourney{}
	}
	s.events.read[key] = t
	return t, nil
}

// Tourneys returns the keys of every event, with those this session made.
func (s *session) Tourneys() ([]string, error) {
	var keys []string
	err := s.view(func(tx Tx) error {
		var err error
		keys, err = tx.Tourneys()
		return err
	})
	for k := range s.events.written {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, err
}

// PutTourney writes t at the session's commit.
func (s *session) PutTourney(t *record.Tourney) {
	key := t.Key()
	if s.events.read == nil {
		s.events.read = map[string]*record.Tourney{}
	}
	s.events.read[key] = t
	if s.events.written[key] {
		return
	}
	if s.events.written == nil {
		s.events.written = map[string]bool{}
	}
	s.events.written[key] = true
	s.extra = append(s.extra, func(tx Tx) error { return tx.PutTourney(s.events.read[key]) })
}

// Notify tells another player o, about game ("" for none).
func (s *session) Notify(key, game string, o event.Outcome) {
	var g *record.Game
	if gs, ok := s.games[game]; ok {
		g = gs.rec
	}
	s.event(key, game).line(o.Words(s.reader(g, key)))
}

// Lobbies tells the running transports' lobbies o (a lobby reads as
// words.Reader{}).
func (s *session) Lobbies(o event.Outcome) {
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby != "" {
			s.event(Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key(), "").line(o.Words(words.Reader{}))
		}
	}
}

// StartEventGame adds and starts g, an event's game as a challenge both
// accepted (event.newGame made it).
func (s *session) StartEventGame(g *record.Game) (string, error) {
	current := s.current
	gs, err := s.addGame(g)
	s.current = current // the sender's chosen game stays theirs
	if err != nil {
		return "", err
	}
	if s.sender == nil { // a clock event: startGame compares keys with the sender's
		s.sender = &record.Player{}
		defer func() { s.sender = nil }()
	}
	return g.ID, s.startGame(gs)
}

// ForfeitGame ends an event game lost by loser, who was withdrawn; it
// is not rated.
func (s *session) ForfeitGame(id, loser string) error {
	gs, err := s.game(id)
	if err != nil {
		return err
	}
	if c, ok := gs.rec.ColorOf(loser); ok && gs.rec.Status == Active {
		gs.rec.Unrated = true
		s.finish(gs, gs.pos().Resign(c))
		s.touch(id)
	}
	return nil
}

// EventsPerOrganiser is Options.EventsPerOrganiser, or its default.
func (s *session) EventsPerOrganiser() int {
	return cmp.Or(max(s.r.opts.EventsPerOrganiser, 0), event.DefaultMaxRunning)
}

// EventGames are the event games this session changed.
func (s *session) EventGames() []*record.Game {
	var out []*record.Game
	for _, gs := range s.games {
		if gs.dirty && gs.rec.Event != nil {
			out = append(out, gs.rec)
		}
	}
	return out
}

// withEventStripe adds to want the lock stripe of the event of game id,
// if it is an event's: a clock event that ends it records its result.
func (r *Referee) withEventStripe(ctx context.Context, id string, want map[int]bool) map[int]bool {
	rec, _, ok := r.cache.Game(id)
	if !ok {
		_ = r.store.View(ctx, func(tx Tx) error {
			var err error
			rec, err = tx.Game(id)
			return err
		})
	}
	if rec != nil && rec.Event != nil {
		want[stripeOf(event.LockKey(record.TourneyKey(rec.Event.Name)))] = true
	}
	return want
}

// settleEvents records the results of the event games the session ended
// and pairs the rounds they finish (package event).
func (s *session) settleEvents() error {
	err := event.Settle(s)
	var nl *needLock
	if errors.As(err, &nl) || err == nil {
		return err
	}
	s.r.logger().Error("event", "err", err)
	return err
}

// tickEvents starts the events whose start time came (event.TickAll),
// each under its lock in a session of its own.
func (r *Referee) tickEvents(ctx context.Context, now time.Time) ([]Reply, error) {
	return event.TickAll(ctx, r.view(ctx), now, func(d event.Due) (replies []Reply, err error) {
		ls := &lockSet{r: r}
		ls.lock(map[int]bool{stripeOf(event.LockKey(d.ID)): true})
		defer ls.unlock()
		s := r.newSession(ctx, ls, Message{}, fmt.Sprintf("event:%s:start:%d", d.ID, d.At.Unix()))
		defer func() {
			if v := recover(); v != nil {
				r.logger().Error("panic while starting an event", "event", d.ID, "panic", v)
				replies, err = nil, fmt.Errorf("internal error: %v", v)
			}
		}()
		if err := event.Tick(s, d.ID, d.At); err != nil {
			return nil, err
		}
		return s.commit(&ProcessedRecord{}, nil)
	}, r.SetAside)
}

// Tourney returns an event's record by its key (the web's /e/NAME), or
// an error wrapping ErrNotFound.
func (r *Referee) Tourney(ctx context.Context, key string) (*record.Tourney, error) {
	var t *record.Tourney
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		t, err = tx.Tourney(key)
		return err
	})
	return t, err
}
