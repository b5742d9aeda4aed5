package opponent

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// Analyst is takbot as an analyst (bot.Analyst): the best line from a
// position, and the review of a whole game. Reviews of one game for its
// two players share their evaluations (a small cache).
type Analyst struct {
	s    Searcher
	pool *Pool
	cfg  Config

	mu    sync.Mutex
	evals map[string][]int // a game's PTN → its positions' scores for White
	order []string         // cache keys, oldest first
}

// reviewCacheSize bounds the evaluations kept for the second reader of a
// review.
const reviewCacheSize = 16

// maxReviewPlies bounds the moves of a game reviewed: longer games get a
// review of their first maxReviewPlies moves.
const maxReviewPlies = 400

// NewAnalyst returns an analyst searching with s in pool.
func NewAnalyst(s Searcher, pool *Pool, cfg Config) *Analyst {
	cfg.setDefaults()
	return &Analyst{s: s, pool: pool, cfg: cfg, evals: map[string][]int{}}
}

// Analyse carries out a request (see bot.Analyst).
func (a *Analyst) Analyse(ctx context.Context, req bot.AnalysisRequest) ([]record.Part, []record.Attachment, error) {
	games, err := notation.ReadPTN(strings.NewReader(req.PTN))
	if err != nil || len(games) != 1 {
		return nil, nil, fmt.Errorf("the game's PTN cannot be read: %v", err)
	}
	pg := games[0]
	tg, err := pg.Replay()
	if err != nil {
		return nil, nil, fmt.Errorf("the game's PTN does not replay: %w", err)
	}
	switch req.Kind {
	case bot.AnalyseLine:
		part, err := a.line(ctx, req, tg)
		if err != nil {
			return nil, nil, err
		}
		return []record.Part{part}, nil, nil
	case bot.AnalyseReview:
		return a.review(ctx, req, pg, tg)
	}
	return nil, nil, fmt.Errorf("unknown analysis %q", req.Kind)
}

// Evaluate scores every position of a game for White at Config.ReviewNodes
// each, from a cleared table (see analysis.Evaluator): the review that the
// referee keeps with the game, the same on any load.
func (a *Analyst) Evaluate(ctx context.Context, req bot.AnalysisRequest) ([]int, int64, error) {
	games, err := notation.ReadPTN(strings.NewReader(req.PTN))
	if err != nil || len(games) != 1 {
		return nil, 0, fmt.Errorf("the game's PTN cannot be read: %v", err)
	}
	tg, err := games[0].Replay()
	if err != nil {
		return nil, 0, fmt.Errorf("the game's PTN does not replay: %w", err)
	}
	scores, err := a.evaluate(ctx, req.PTN, tg)
	return scores, a.cfg.ReviewNodes, err
}

// line searches one position and says the evaluation and the best line.
func (a *Analyst) line(ctx context.Context, req bot.AnalysisRequest, tg *tak.Game) (record.Part, error) {
	i := req.Turn - tg.Start().Ply()
	if i < 0 || i > tg.Len() {
		return record.Part{}, fmt.Errorf("turn %d is not in the game", req.Turn)
	}
	pos := tg.PositionAfter(i)
	lim := Limits{MoveTime: a.cfg.MaxThink}
	if req.Scores != nil {
		lim = Limits{Nodes: a.cfg.ReviewNodes, Fresh: true} // a finished game: its review's search
	}
	var res Result
	var serr error
	if err := a.pool.Do(ctx, func() { res, serr = a.s.Search(ctx, pos, lim) }); err != nil {
		return record.Part{}, err
	}
	if serr != nil {
		return record.Part{}, serr
	}
	white := res.Score
	if pos.ToMove() == tak.Black {
		white = -white
	}
	if i < len(req.Scores) {
		white = req.Scores[i] // the evaluation the game's review keeps
	}
	var b strings.Builder
	where := fmt.Sprintf("after turn %d", req.Turn)
	if i == 0 && req.Turn == 0 {
		where = "at the start"
	}
	fmt.Fprintf(&b, "takbot's analysis of game %s %s, %s to move: %s (searched to depth %d).",
		req.Game, where, pos.ToMove(), Verdict(white), res.Depth)
	pv := res.PV
	if len(pv) == 0 {
		pv = []tak.Move{res.Move}
	}
	fmt.Fprintf(&b, "\nBest line: %s", formatLine(pos, pv, req.Orientation))
	return record.Part{Kind: record.Prose, Text: b.String()}, nil
}

// formatLine writes moves from pos in the reader's notation, each with
// its PTN move number ("7. c3 d4 8. ..."), stopping at the first move that
// does not play.
func formatLine(pos *tak.Position, pv []tak.Move, o notation.Orientation) string {
	var parts []string
	for k, m := range pv {
		if pos.ToMove() == tak.White || k == 0 {
			num := fmt.Sprintf("%d.", pos.MoveNumber())
			if pos.ToMove() == tak.Black {
				num += " ..."
			}
			parts = append(parts, num)
		}
		text := notation.FormatPTN(m, pos)
		if o == notation.Mail {
			text = notation.FormatMail(m, pos.Size())
		}
		next, err := pos.Play(m)
		if err != nil {
			break
		}
		parts = append(parts, text)
		pos = next
	}
	return strings.Join(parts, " ")
}

// Verdict says a score for White in words: "even", "White is 1.35 flats
// ahead", "Black wins".
func Verdict(white int) string {
	switch {
	case white >= WinScore/2:
		return "White wins"
	case white <= -WinScore/2:
		return "Black wins"
	case white > 10:
		return fmt.Sprintf("White is %s flats ahead", flats(white))
	case white < -10:
		return fmt.Sprintf("Black is %s flats ahead", flats(-white))
	}
	return "even"
}

// flats writes centiflats as flats with two decimals.
func flats(c int) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// evaluate scores every position of a game for White, from the cache when
// the game's other reader asked before.
func (a *Analyst) evaluate(ctx context.Context, key string, tg *tak.Game) ([]int, error) {
	a.mu.Lock()
	if ev, ok := a.evals[key]; ok {
		a.mu.Unlock()
		return ev, nil
	}
	a.mu.Unlock()
	n := min(tg.Len(), maxReviewPlies)
	out := make([]int, n+1)
	for i := 0; i <= n; i++ {
		pos := tg.PositionAfter(i)
		var s int
		if pos.Result().Over() {
			s = StaticScore(pos, tak.White)
		} else {
			var res Result
			var serr error
			if err := a.pool.Do(ctx, func() { res, serr = a.s.Search(ctx, pos, Limits{Nodes: a.cfg.ReviewNodes, Fresh: true}) }); err != nil {
				return nil, err
			}
			if serr != nil {
				return nil, serr
			}
			if err := ctx.Err(); err != nil {
				return nil, err // a search cut short is not the budget's: no review from it
			}
			s = res.Score
			if pos.ToMove() == tak.Black {
				s = -s
			}
		}
		out[i] = max(-WinScore, min(WinScore, s))
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.evals[key]; !ok {
		a.evals[key] = out
		a.order = append(a.order, key)
		if len(a.order) > reviewCacheSize {
			delete(a.evals, a.order[0])
			a.order = a.order[1:]
		}
	}
	return out, nil
}
