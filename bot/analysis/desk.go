package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Desk carries out the Analysis parts of replies at delivery (Expand),
// and keeps the review of a finished game with the game: computed once,
// whoever asks first, then read back for everyone else.
type Desk struct {
	// Analyst analyses; nil: there is no engine, and a request is
	// answered with a line saying so.
	Analyst Analyst
	// Timeout bounds one analysis.
	Timeout time.Duration
	Logger  *slog.Logger
	// Game reads a game as stored.
	Game func(ctx context.Context, id string) (*record.Game, error)
	// Keep stores a review with its game, when the game still has the
	// moves it is of (rv.Of): its referee does it under the game's lock.
	Keep func(ctx context.Context, id string, rv *record.Review) error

	cache cache

	mu       sync.Mutex
	inFlight map[string]*computing // by game and Key: the reviews being computed
}

// computing is one review being computed, which later askers wait for.
type computing struct {
	done chan struct{}
	rv   *record.Review
	err  error
}

// Expand replaces each Analysis part of a reply with the analysis. An
// analysis that fails is replaced with a line saying so: the rest of the
// reply (a game's result) goes out anyway. pictures says whether the
// reply's transport shows pictures: without, the images are left out.
func (d *Desk) Expand(ctx context.Context, rp *record.Reply, pictures bool) {
	if !slices.ContainsFunc(rp.Parts, func(p record.Part) bool { return p.Kind == record.Analysis }) {
		return
	}
	var out []record.Part
	for _, p := range rp.Parts {
		if p.Kind != record.Analysis {
			out = append(out, p)
			continue
		}
		var req Request
		if err := json.Unmarshal([]byte(p.Text), &req); err != nil {
			d.Logger.Warn("delivery: an analysis request that cannot be read", "reply", rp.ID, "err", err)
			continue
		}
		if d.Analyst == nil {
			out = append(out, prose(words.AnalysisMissing{NoEngine: true}))
			continue
		}
		req.Pictures = pictures
		actx, cancel := context.WithTimeout(ctx, d.Timeout)
		parts, images, err := d.analyse(actx, req)
		cancel()
		if err != nil {
			d.Logger.Warn("delivery: an analysis failed", "reply", rp.ID, "game", rp.Game, "err", err)
			out = append(out, prose(words.AnalysisMissing{Review: req.Kind == Review, TooLong: errors.Is(err, context.DeadlineExceeded)}))
			continue
		}
		for _, q := range parts {
			if q.Kind == record.Image && !pictures {
				continue
			}
			out = append(out, q)
		}
		if pictures {
			rp.Images = append(rp.Images, images...)
		}
	}
	rp.Parts = out
}

// prose is the part that says why an analysis is missing.
func prose(o words.AnalysisMissing) record.Part {
	return record.Part{Kind: record.Prose, Text: o.Words(words.Reader{})}
}

// analyse answers one request: a finished game's from its stored review
// (computed now when it has none), the kept result of the same request,
// or a search.
func (d *Desk) analyse(ctx context.Context, req Request) ([]record.Part, []record.Attachment, error) {
	if ev, ok := d.Analyst.(Evaluator); ok && req.Of != "" {
		rv, err := d.review(ctx, req, ev)
		if err != nil {
			return nil, nil, err
		}
		req.Scores = rv.Scores
	}
	return d.cache.get(ctx, req, func() ([]record.Part, []record.Attachment, error) { return d.Analyst.Analyse(ctx, req) })
}

// review returns the review of req's game kept with it, or computes it
// once, for every delivery that asks meanwhile, and keeps it.
func (d *Desk) review(ctx context.Context, req Request, ev Evaluator) (*record.Review, error) {
	if g, err := d.Game(ctx, req.Game); err == nil && g.Review != nil && g.Review.Of == req.Of {
		return g.Review, nil
	}
	key := req.Game + "/" + req.Of
	d.mu.Lock()
	if c, ok := d.inFlight[key]; ok {
		d.mu.Unlock()
		select {
		case <-c.done:
			if c.err == nil {
				return c.rv, nil
			}
			return d.review(ctx, req, ev) // the first one failed (perhaps out of time): try again
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if d.inFlight == nil {
		d.inFlight = map[string]*computing{}
	}
	c := &computing{done: make(chan struct{})}
	d.inFlight[key] = c
	d.mu.Unlock()
	var scores []int
	var nodes int64
	var err error
	if g, gerr := d.Game(ctx, req.Game); gerr == nil && g.Review != nil && g.Review.Of == req.Of {
		c.rv = g.Review // kept by the one that finished since this one looked
	} else if scores, nodes, err = ev.Evaluate(ctx, req); err == nil {
		c.rv = &record.Review{Of: req.Of, Nodes: nodes, Scores: scores}
		if kerr := d.Keep(ctx, req.Game, c.rv); kerr != nil {
			d.Logger.Warn("delivery: a game's review could not be kept", "game", req.Game, "err", kerr)
		}
	}
	c.err = err
	d.mu.Lock()
	delete(d.inFlight, key)
	d.mu.Unlock()
	close(c.done)
	return c.rv, err
}
