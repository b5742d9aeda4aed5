package engine

import (
	"context"
	"math/rand/v2"

	"github.com/takbymail/takbot/tak"
)

// SelfPlayOptions set a self-play run: Games games of Size (default 6)
// between two engines with the given weights, each move a search of
// Nodes nodes (default 2000), from openings of RandomPlies random legal
// plies (default 4; the random generator is seeded by Seed, so that a run
// is the same every time), a game drawn after MaxPlies (default 300).
// Skip, if set, refuses an opening: it is given the opening's first moves
// (the claim openings of matches are kept out of training this way).
// HalfKomi, if not empty, gives the games' komi in half flats, game i
// playing with HalfKomi[i % len(HalfKomi)] (komi 0 when empty).
type SelfPlayOptions struct {
	Games       int
	Size        int
	Nodes       int64
	RandomPlies int
	Seed        uint64
	MaxPlies    int
	Weights     *Weights
	Skip        func(opening []tak.Move) bool
	HalfKomi    []tak.Komi
}

// SelfPlayGame is one game of a self-play run.
type SelfPlayGame struct {
	Komi   tak.Komi // in half flats
	Moves  []tak.Move
	Result tak.Result
	// White is White's score: 1 won, 0 lost, 0.5 drawn (by flats or by length).
	White float64
}

// SelfPlay plays the games of a self-play run and returns them with their
// samples: every position from the end of the opening on, with the game's
// score for its side to move. It is deterministic: node-limited searches
// from fresh engines, openings from the seeded generator.
func SelfPlay(ctx context.Context, opts SelfPlayOptions) ([]SelfPlayGame, []Sample, error) {
	if opts.Size == 0 {
		opts.Size = 6
	}
	if opts.Nodes <= 0 {
		opts.Nodes = 2000
	}
	if opts.RandomPlies <= 0 {
		opts.RandomPlies = 4
	}
	if opts.MaxPlies <= 0 {
		opts.MaxPlies = 300
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x7a6b))
	var games []SelfPlayGame
	var samples []Sample
	engines := [2]*Engine{New(Options{HashMB: 4, Weights: opts.Weights}), New(Options{HashMB: 4, Weights: opts.Weights})}
	for len(games) < opts.Games {
		if err := ctx.Err(); err != nil {
			return games, samples, err
		}
		cfg := tak.DefaultConfig(opts.Size)
		if len(opts.HalfKomi) > 0 {
			cfg.Komi = opts.HalfKomi[len(games)%len(opts.HalfKomi)]
		}
		p, err := tak.NewPosition(cfg)
		if err != nil {
			return nil, nil, err
		}
		var moves []tak.Move
		for len(moves) < opts.RandomPlies && !p.Over() {
			legal := p.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			if p, err = p.Play(m); err != nil {
				return nil, nil, err
			}
			moves = append(moves, m)
		}
		if p.Over() || (opts.Skip != nil && opts.Skip(moves)) {
			continue
		}
		for _, e := range engines {
			e.NewGame()
		}
		var ps []*tak.Position
		for !p.Over() && p.Ply() < opts.MaxPlies {
			res, err := engines[p.ToMove()].Search(ctx, p, Limits{Nodes: opts.Nodes})
			if err != nil {
				return games, samples, err
			}
			if p, err = p.Play(res.Move); err != nil {
				return nil, nil, err
			}
			moves = append(moves, res.Move)
			ps = append(ps, p)
		}
		g := SelfPlayGame{Komi: cfg.Komi, Moves: moves, Result: p.Result(), White: 0.5}
		if g.Result.Over() && !g.Result.Draw {
			g.White = 0
			if g.Result.Winner == tak.White {
				g.White = 1
			}
		}
		games = append(games, g)
		for _, q := range ps {
			if q.Over() {
				continue
			}
			res := g.White
			if q.ToMove() == tak.Black {
				res = 1 - res
			}
			samples = append(samples, Sample{Pos: q, Result: res})
		}
	}
	return games, samples, nil
}
