package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// engineConfig is the engine as an opponent and an analyst (package
// opponent): its CPU budget and its times.
type engineConfig struct {
	Enabled    bool     `config:"enabled"`
	Workers    int      `config:"workers"`
	MaxThink   duration `config:"max_think"`
	ReviewTime duration `config:"review_time"`
}

func defaultEngineConfig() engineConfig {
	return engineConfig{Enabled: true, Workers: 1, MaxThink: duration(5 * time.Second), ReviewTime: duration(100 * time.Millisecond)}
}

func (e engineConfig) check(c *checker) {
	if e.Workers < 1 || e.Workers > 64 {
		c.bad("engine.workers", fmt.Errorf("must be from 1 to 64, not %d", e.Workers))
	}
	if time.Duration(e.MaxThink) < 100*time.Millisecond || time.Duration(e.MaxThink) > time.Minute {
		c.bad("engine.max_think", fmt.Errorf("must be from 100ms to 1m, not %s", e.MaxThink))
	}
	if time.Duration(e.ReviewTime) < 10*time.Millisecond || time.Duration(e.ReviewTime) > 10*time.Second {
		c.bad("engine.review_time", fmt.Errorf("must be from 10ms to 10s, not %s", e.ReviewTime))
	}
}

// newSearcher is the one place the engine is connected to the opponent:
// engine.Engine behind opponent.Searcher (see engineSearcher).
func newSearcher(workers int) opponent.Searcher {
	s := &engineSearcher{engines: make(chan *engine.Engine, workers)}
	for range workers {
		s.engines <- engine.New(engine.Options{})
	}
	return s
}

// engineSearcher adapts engine.Engine to opponent.Searcher. An Engine is
// not safe for concurrent use, so it keeps one per worker: the opponent's
// pool never runs more searches at once.
type engineSearcher struct{ engines chan *engine.Engine }

// Search searches with a free engine.
func (s *engineSearcher) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	var e *engine.Engine
	select {
	case e = <-s.engines:
	case <-ctx.Done():
		return opponent.Result{}, ctx.Err()
	}
	defer func() { s.engines <- e }()
	if lim.Fresh {
		e.NewGame()
	}
	r, err := e.Search(ctx, pos, engine.Limits{MoveTime: lim.MoveTime, Depth: lim.Depth, Nodes: lim.Nodes})
	if errors.Is(err, engine.ErrNoMove) {
		err = fmt.Errorf("%w: %w", opponent.ErrNoMove, err)
	}
	return opponent.Result{Move: r.Move, Score: opponentScore(r.Score), Depth: r.Depth, Nodes: r.Nodes, PV: r.PV}, err
}

// opponentScore maps the engine's score to the opponent's scale: a forced
// win or loss (beyond ±engine.WinScore/2) is ±opponent.WinScore, and
// anything else stays below a win.
func opponentScore(s int) int {
	switch {
	case s >= engine.WinScore/2:
		return opponent.WinScore
	case s <= -engine.WinScore/2:
		return -opponent.WinScore
	}
	return max(-opponent.WinScore/2+1, min(opponent.WinScore/2-1, s))
}

// botEngine is the opponent's parts for one referee: nil when the
// configuration turns the engine off.
type botEngine struct {
	cfg     opponent.Config
	s       opponent.Searcher
	pool    *opponent.Pool
	analyst *opponent.Analyst
}

// newEngine builds the engine's parts; sync makes its moves come before
// Send returns (the console).
func newEngine(c engineConfig, sync bool) *botEngine {
	if !c.Enabled {
		return nil
	}
	cfg := opponent.Config{Workers: c.Workers, MaxThink: time.Duration(c.MaxThink), ReviewTime: time.Duration(c.ReviewTime), Sync: sync}
	s := newSearcher(c.Workers)
	pool := opponent.NewPool(c.Workers)
	return &botEngine{cfg: cfg, s: s, pool: pool, analyst: opponent.NewAnalyst(s, pool, cfg)}
}

// options plugs the analyst into the referee's options.
func (e *botEngine) options(o *bot.Options) {
	if e != nil {
		o.Analyst = e.analyst
	}
}

// register registers takbot as a player of ref and returns it (nil when
// the engine is off).
func (e *botEngine) register(ref *bot.Referee, log *slog.Logger) *opponent.Player {
	if e == nil {
		return nil
	}
	p := opponent.NewPlayer(ref, e.s, e.pool, e.cfg, log.With("transport", record.EngineTransport))
	ref.Register(p)
	return p
}
