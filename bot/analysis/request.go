package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
)

// Request is what a reply asks the engine to analyse, stored in an
// Analysis part (as JSON in its Text) and carried out at delivery by a
// Desk's Analyst.
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
	// Of, for a finished game, names its moves (Key): its review, stored
	// with the game, answers the request.
	Of string `json:",omitempty"`
	// Scores are the stored review's evaluations (record.Review.Scores),
	// filled in at delivery: the Analyst draws from them, without a search.
	Scores []int `json:",omitempty"`
}

// The kinds of analysis.
const (
	Line   = "line"
	Review = "review"
)

// Analyst analyses games for "analyse" and the end-of-game review, at
// delivery time (package opponent does it with the engine). It returns
// the parts that stand in the reply for the request (prose, blocks, files,
// and Image parts whose Picture names only a file of images) and those
// images, already encoded (PNG or GIF by their names). It may take
// seconds; ctx bounds it. Given a request's Scores, it takes the
// evaluations from them.
type Analyst interface {
	Analyse(ctx context.Context, req Request) ([]record.Part, []record.Attachment, error)
}

// Evaluator is an Analyst that evaluates every position of a game alone,
// at a fixed budget, for the review kept with the game: scores as in
// record.Review.Scores, and the nodes each position was searched. An
// Analyst without it reviews a game for every reader on its own.
type Evaluator interface {
	Evaluate(ctx context.Context, req Request) (scores []int, nodes int64, err error)
}

// PartOf is the reply part that asks for an analysis.
func PartOf(req Request) record.Part {
	b, _ := json.Marshal(req) // plain data: never fails
	return record.Part{Kind: record.Analysis, Text: string(b), Caption: req.Kind}
}

// Key names a game's moves, for record.Review.Of: a digest of where the
// game started and of every move since.
func Key(g *record.Game) string {
	h := sha256.New()
	h.Write([]byte(g.Start))
	for _, m := range g.Moves {
		h.Write([]byte{' '})
		h.Write([]byte(m.PTN))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
