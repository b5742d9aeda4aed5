package analysis_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/record"
)

// reviewer is an Analyst and Evaluator that writes a review from the
// scores it is given, and counts its evaluations; each evaluation gives
// other scores, as a search by time would.
type reviewer struct {
	mu    sync.Mutex
	evals int
	reads chan struct{} // when set, the first evaluation waits for four reads of the game
}

func (a *reviewer) Evaluate(ctx context.Context, req analysis.Request) ([]int, int64, error) {
	a.mu.Lock()
	a.evals++
	n := a.evals
	a.mu.Unlock()
	for range 4 * min(1, cap(a.reads)) * max(0, 2-n) { // the first only
		<-a.reads
	}
	return []int{0, 10 * n, -20 * n}, 500, nil
}

func (a *reviewer) Analyse(_ context.Context, req analysis.Request) ([]record.Part, []record.Attachment, error) {
	if req.Scores == nil {
		return nil, nil, errors.New("a review without its scores")
	}
	return []record.Part{{Kind: record.Prose, Text: fmt.Sprintf("review of %s: %v", req.Game, req.Scores)}}, nil, nil
}

// games is a store of one game, counting the reviews kept.
type games struct {
	mu    sync.Mutex
	g     *record.Game
	keeps int
	reads chan struct{} // when set, told of every read
}

func (s *games) game(context.Context, string) (*record.Game, error) {
	if s.reads != nil {
		s.reads <- struct{}{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Clone(), nil
}

func (s *games) keep(_ context.Context, _ string, rv *record.Review) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keeps++
	s.g.Review = rv
	return nil
}

func reviewReply(to string, g *record.Game) *record.Reply {
	req := analysis.Request{Kind: analysis.Review, Game: g.ID, PTN: "[Size \"3\"]\n\n1. a1 c3\n", Of: analysis.Key(g)}
	return &record.Reply{ID: to, Game: g.ID, Parts: []record.Part{{Kind: record.Prose, Text: "Game over."}, analysis.PartOf(req)}}
}

// TestDeskReviewsOnce: the deliveries of one game's review to three
// readers at once wait for one evaluation, which is kept with the game;
// a later delivery reads it back. Every reader gets the same review. The
// evaluation waits until the three have looked for a kept review (the
// first looks twice: before and after it says it computes it).
func TestDeskReviewsOnce(t *testing.T) {
	g := &record.Game{ID: "g1", Status: record.Over, Moves: []record.Move{{PTN: "a1"}, {PTN: "c3"}}}
	reads := make(chan struct{}, 16)
	a := &reviewer{reads: reads}
	st := &games{g: g, reads: reads}
	d := &analysis.Desk{Analyst: a, Timeout: time.Minute, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Game: st.game, Keep: st.keep}
	replies := []*record.Reply{reviewReply("ann", g), reviewReply("bob", g), reviewReply("carol", g)}
	var wg sync.WaitGroup
	for _, rp := range replies {
		wg.Go(func() { d.Expand(t.Context(), rp, false) })
	}
	wg.Wait()
	later := reviewReply("dave", g)
	d.Expand(t.Context(), later, true)
	if a.evals != 1 || st.keeps != 1 {
		t.Errorf("%d evaluations and %d reviews kept, want 1 and 1", a.evals, st.keeps)
	}
	want := []record.Part{{Kind: record.Prose, Text: "Game over."}, {Kind: record.Prose, Text: "review of g1: [0 10 -20]"}}
	for _, rp := range append(replies, later) {
		if !reflect.DeepEqual(rp.Parts, want) {
			t.Errorf("%s got %+v, want %+v", rp.ID, rp.Parts, want)
		}
	}
}

// TestDeskReviewOfOtherMoves: a review kept for other moves (the game was
// taken back and ended again) is not the review of the game now.
func TestDeskReviewOfOtherMoves(t *testing.T) {
	g := &record.Game{ID: "g1", Status: record.Over, Moves: []record.Move{{PTN: "a1"}, {PTN: "c3"}},
		Review: &record.Review{Of: "0123456789abcdef", Scores: []int{1, 2, 3}}}
	a := &reviewer{}
	st := &games{g: g}
	d := &analysis.Desk{Analyst: a, Timeout: time.Minute, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Game: st.game, Keep: st.keep}
	rp := reviewReply("ann", g)
	d.Expand(t.Context(), rp, false)
	if a.evals != 1 || st.g.Review.Of != analysis.Key(g) || rp.Parts[1].Text != "review of g1: [0 10 -20]" {
		t.Errorf("%d evaluations, kept %+v, sent %+v; want the review of the moves now", a.evals, st.g.Review, rp.Parts)
	}
}

// TestKeyNamesTheMoves: the key changes with any move and with the start.
func TestKeyNamesTheMoves(t *testing.T) {
	base := &record.Game{Moves: []record.Move{{PTN: "a1"}, {PTN: "c3"}}}
	same := &record.Game{Moves: []record.Move{{PTN: "a1"}, {PTN: "c3"}}, Status: record.Over}
	other := &record.Game{Moves: []record.Move{{PTN: "a1"}, {PTN: "b3"}}}
	started := &record.Game{Start: "x3/x3/x3 1 1", Moves: []record.Move{{PTN: "a1"}, {PTN: "c3"}}}
	if analysis.Key(base) != analysis.Key(same) {
		t.Error("one game's moves have two keys")
	}
	if analysis.Key(base) == analysis.Key(other) || analysis.Key(base) == analysis.Key(started) {
		t.Error("other moves or another start have the same key")
	}
}
