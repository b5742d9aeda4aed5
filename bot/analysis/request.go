package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/words"
)

// Request is what a reply asks the engine to analyse, stored in an
// Analysis part (as JSON in its Text) and carried out at delivery by the
// referee's Analyst (package bot: bot.AnalysisRequest).
type Request struct {
	// Kind is Line (the best line from one position) or Review (the
	// whole game, for its end).
	Kind string
	Game string
	// PTN is the whole game as PTN, as "history" shows it.
	PTN string
	// Turn, for a line, is the position analysed: the one after turn Turn.
	Turn int
	// Base names the files of a review ("g3-Alice-vs-takbot").
	Base string
	// The reader's look, for the pictures, and notation, for the moves.
	Theme       render.Theme         `json:",omitempty"`
	Width       int                  `json:",omitempty"`
	Orientation notation.Orientation `json:",omitempty"`
	Pictures    bool                 `json:",omitempty"` // the reader's transport shows pictures
}

// The kinds of analysis.
const (
	Line   = "line"
	Review = "review"
)

// Part is the reply part that asks for the analysis req.
func Part(req Request) record.Part {
	b, _ := json.Marshal(req) // plain data: never fails
	return record.Part{Kind: record.Analysis, Text: string(b), Caption: req.Kind}
}

// Analyst analyses a request (package bot's Analyst).
type Analyst interface {
	Analyse(ctx context.Context, req Request) ([]record.Part, []record.Attachment, error)
}

// Expand replaces each Analysis part of reply rp with the analysis, at
// delivery, through the cache: a nil analyst means this takbot has no
// engine; each analysis may take timeout; pictures says whether rp's
// transport shows them. An analysis that fails is replaced with a line
// saying so (logged): the rest of the reply (a game's result) goes out
// anyway.
func (c *Cache) Expand(ctx context.Context, a Analyst, timeout time.Duration, pictures bool, rp *record.Reply, log *slog.Logger) {
	has := false
	for _, p := range rp.Parts {
		has = has || p.Kind == record.Analysis
	}
	if !has {
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
			log.Warn("delivery: an analysis request that cannot be read", "reply", rp.ID, "err", err)
			continue
		}
		if a == nil {
			out = append(out, record.Part{Kind: record.Prose, Text: words.AnalysisMissing{NoEngine: true}.Words(words.Reader{})})
			continue
		}
		req.Pictures = pictures
		actx, cancel := context.WithTimeout(ctx, timeout)
		parts, images, err := c.Get(actx, req, func() ([]record.Part, []record.Attachment, error) { return a.Analyse(actx, req) })
		cancel()
		if err != nil {
			log.Warn("delivery: an analysis failed", "reply", rp.ID, "game", rp.Game, "err", err)
			o := words.AnalysisMissing{Review: req.Kind == Review, TooLong: errors.Is(err, context.DeadlineExceeded)}
			out = append(out, record.Part{Kind: record.Prose, Text: o.Words(words.Reader{})})
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
