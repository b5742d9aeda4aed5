package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/analysis"
)

// reviewingAnalyst evaluates games (analysis.Evaluator) with scores that
// differ at every evaluation, as a search by time would, and writes what
// it is asked from the scores and the PTN it is given.
type reviewingAnalyst struct {
	mu    sync.Mutex
	evals int
}

func (a *reviewingAnalyst) Evaluate(_ context.Context, req bot.AnalysisRequest) ([]int, int64, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.evals++
	scores := make([]int, strings.Count(req.PTN, " ")+1)
	for i := range scores {
		scores[i] = 100*a.evals + i
	}
	return scores, 1000, nil
}

func (a *reviewingAnalyst) Analyse(_ context.Context, req bot.AnalysisRequest) ([]bot.Part, []bot.Attachment, error) {
	text := fmt.Sprintf("Review of %s from %v.", req.Game, req.Scores)
	if req.Kind == bot.AnalyseLine {
		text = fmt.Sprintf("Analysis of %s after turn %d: %d.", req.Game, req.Turn, req.Scores[req.Turn])
	}
	return []bot.Part{{Kind: bot.Prose, Text: text}, {Kind: bot.File, Caption: "review.ptn", Text: req.PTN}}, nil, nil
}

func (a *reviewingAnalyst) count() int { a.mu.Lock(); defer a.mu.Unlock(); return a.evals }

// deliverAll delivers the console's outbox and returns what was delivered.
func (h *harness) deliverAll() []bot.Reply {
	h.t.Helper()
	before := len(h.console.replies())
	if _, err := h.ref.DeliverDue(context.Background(), "console"); err != nil {
		h.t.Fatal(err)
	}
	return h.console.replies()[before:]
}

// reviewParts is the review a reader received: the parts from the
// review's prose to its file, each as text.
func reviewParts(rs []bot.Reply, name string) string {
	var b strings.Builder
	for _, r := range rs {
		if r.To != player(name) {
			continue
		}
		in := false
		for _, p := range r.Parts {
			in = in || strings.HasPrefix(p.Text, "Review of ")
			if in {
				fmt.Fprintf(&b, "%d %s %s\n", p.Kind, p.Caption, p.Text)
			}
			in = in && p.Caption != "review.ptn"
		}
	}
	return b.String()
}

// TestReviewOnceThroughHandle (issue 26): the game's end brings the review
// to both players and to the spectator, from one evaluation kept with the
// game: the same parts for all three (the same PTN file too); "analyse" of
// the finished game answers from the kept evaluation, without another.
// Keeping the review leaves the time the game ended as it was.
func TestReviewOnceThroughHandle(t *testing.T) {
	a := &reviewingAnalyst{}
	h := newHarness(t, func(o *bot.Options, _ *harness) { o.Analyst = a })
	id := h.start("ann", "bob", "")
	h.send("carol", "watch "+id)
	playMoves(h, id, "ann", "bob", "ps a1", "ps e5", "ps b2", "ps d4")
	h.deliverAll()
	h.send("ann", "game "+id+"; resign")
	ended := h.game(id).Updated
	h.clock.Advance(time.Minute) // the review is computed later, at delivery
	rs := h.deliverAll()
	ann, bob, carol := reviewParts(rs, "ann"), reviewParts(rs, "bob"), reviewParts(rs, "carol")
	if ann == "" || !strings.Contains(ann, "review.ptn") {
		t.Fatalf("no review for ann:\n%s", textTo(rs, "ann"))
	}
	if bob != ann || carol != ann {
		t.Errorf("the readers got different reviews:\nann:\n%s\nbob:\n%s\ncarol:\n%s", ann, bob, carol)
	}
	g := h.game(id)
	if a.count() != 1 || g.Review == nil || g.Review.Of != analysis.Key(g) || g.Review.Nodes != 1000 {
		t.Fatalf("%d evaluations, kept %+v; want one, kept with the game", a.count(), g.Review)
	}
	if !g.Updated.Equal(ended) {
		t.Errorf("keeping the review moved the time the game ended from %v to %v", ended, g.Updated)
	}
	h.send("ann", "game "+id+"; analyse 3")
	want := fmt.Sprintf("Analysis of %s after turn 3: %d.", id, g.Review.Scores[3])
	if got := textTo(h.deliverAll(), "ann"); !strings.Contains(got, want) || a.count() != 1 {
		t.Errorf("analyse of the finished game (%d evaluations):\n%s\nwant %q", a.count(), got, want)
	}
}
