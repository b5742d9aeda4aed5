package opponent

import (
	"context"
	"errors"
	"time"
)

// Errors of the opponent.
var (
	// ErrNoMove is returned by a searcher for a position without legal
	// moves (a game over).
	ErrNoMove = errors.New("opponent: no legal move")
	// ErrBusy is a full queue: every worker is busy and Config.Queue
	// games wait already.
	ErrBusy = errors.New("opponent: the engine is busy")
)

// Config is the engine's CPU budget and its limits. Zero values take the
// defaults.
type Config struct {
	// Workers is how many searches run at once, for moves and analyses
	// together (default 1): the CPU the engine may use, in cores.
	Workers int
	// MaxThink is the time per move at level 10 (default 5 s); a level L
	// thinks L/10 of it, at least 50 ms. An "analyse" thinks MaxThink too.
	MaxThink time.Duration
	// ReviewTime is no longer used: a review searches ReviewNodes a
	// position (kept so that configurations that set it still load).
	ReviewTime time.Duration
	// ReviewNodes is the search of each position of a review (default
	// 100,000 nodes, about 30-50 ms of one core here): a fixed budget, from
	// a cleared table, so a review is the same on any load, and the
	// analyst's cache computes it once per game.
	ReviewNodes int64
	// Queue is how many games may wait for a move (default 256); beyond
	// it, Send holds replies back and the outbox keeps them.
	Queue int
	// MaxReplayBytes caps the GIF replay of a review (default 2 MB).
	MaxReplayBytes int
	// Sync makes Send search and answer before it returns (the console
	// and tests: replies come out in a fixed order), instead of queueing.
	Sync bool
}

func (c *Config) setDefaults() {
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.MaxThink <= 0 {
		c.MaxThink = 5 * time.Second
	}
	if c.ReviewTime <= 0 {
		c.ReviewTime = 100 * time.Millisecond
	}
	if c.ReviewNodes <= 0 {
		c.ReviewNodes = 100_000
	}
	if c.Queue <= 0 {
		c.Queue = 256
	}
	if c.MaxReplayBytes <= 0 {
		c.MaxReplayBytes = 2 << 20
	}
}

// Pool bounds the searches that run at once: the player and the analyst
// share one.
type Pool struct{ slots chan struct{} }

// NewPool returns a pool of n slots (at least 1).
func NewPool(n int) *Pool { return &Pool{slots: make(chan struct{}, max(1, n))} }

// Do runs fn in a slot, waiting for one until ctx ends.
func (p *Pool) Do(ctx context.Context, fn func()) error {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.slots }()
	fn()
	return nil
}
