package opponent_test

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/tak"
)

// drifting is a searcher whose every answer differs from the last, as a
// search by time differs with the machine's load: a review computed twice
// from it would not be the same review. It counts the searches of a
// review (Fresh) apart from the others.
type drifting struct {
	mu            sync.Mutex
	calls, review int
}

func (d *drifting) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	d.mu.Lock()
	d.calls++
	if lim.Fresh {
		d.review++
	}
	score := 7 * d.calls
	d.mu.Unlock()
	r, err := opponent.Greedy{}.Search(ctx, pos, lim)
	r.Score = score
	return r, err
}

func (d *drifting) counts() (calls, review int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.calls, d.review
}

// reviewTo is the review a console reader received: its lines from the
// summary to the end of the annotated PTN, without the "[to NAME]" prefix.
func reviewTo(out, name string) string {
	var lines []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		text, ok := strings.CutPrefix(l, "[to "+name+"] ")
		switch {
		case !ok && l != "[to "+name+"]":
			in = in && !strings.HasPrefix(l, "[to ")
			continue
		case strings.HasPrefix(text, "takbot's review of game"):
			in = true
		case text == "You can send:":
			in = false
		}
		if in {
			lines = append(lines, text)
		}
	}
	return strings.Join(lines, "\n")
}

// endedGame is a 3x3 game between ann and bob that carol watches, ended
// by ann's road; the three read PTN.
const endedGame = `ann: new bob size=3 color=white
bob: accept
carol: watch g1
ann: notation ptn
bob: notation ptn
carol: notation ptn
ann: c3
bob: a3
ann: a1
bob: b3
ann: b1
bob: b2
ann: c1
`

// TestOneReviewForPlayersAndWatchers (issue 26): the review of a finished
// game is computed once, kept with the game in the store, and the same
// review goes to both players and to the spectator, byte for byte, though
// the engine answers differently at every search. After a restart on the
// same bbolt file the review is still there, and "analyse" of the
// finished game answers from it instead of searching its evaluation again.
func TestOneReviewForPlayersAndWatchers(t *testing.T) {
	dir := t.TempDir()
	d := &drifting{}
	w := newWorld(t, dir, d, opponent.Config{Sync: true}, nil)
	w.script(t, endedGame)
	out := w.out.String()
	ann, bob, carol := reviewTo(out, "ann"), reviewTo(out, "bob"), reviewTo(out, "carol")
	if ann == "" || !strings.Contains(ann, "g1-ann-vs-bob-review.ptn") {
		t.Fatalf("ann got no review:\n%s", out)
	}
	if bob != ann || carol != ann {
		t.Errorf("the readers got different reviews:\nann:\n%s\nbob:\n%s\ncarol:\n%s", ann, bob, carol)
	}
	g, err := w.ref.Game(t.Context(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Review == nil || g.Review.Of != analysis.Key(g) || len(g.Review.Scores) != len(g.Moves)+1 {
		t.Fatalf("the stored review: %+v, want one of %s with %d scores", g.Review, analysis.Key(g), len(g.Moves)+1)
	}
	// Positions searched once each: the start and the six before the road.
	if _, review := d.counts(); review != len(g.Moves) {
		t.Errorf("%d review searches, want %d: one evaluation of the game for all its readers", review, len(g.Moves))
	}
	stored := *g.Review
	if err := w.db.Close(); err != nil {
		t.Fatal(err)
	}

	d2 := &drifting{calls: 1000}
	w2 := newWorld(t, dir, d2, opponent.Config{Sync: true}, nil)
	defer w2.db.Close()
	g2, err := w2.ref.Game(t.Context(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g2.Review == nil || !reflect.DeepEqual(*g2.Review, stored) {
		t.Fatalf("after a restart the review is %+v, want %+v", g2.Review, stored)
	}
	w2.script(t, "bob: analyse 3\n")
	want := "to move: " + opponent.Verdict(stored.Scores[3]) + " (searched"
	if got := w2.out.String(); !strings.Contains(got, want) {
		t.Errorf("analyse of the finished game after a restart, want the review's %q:\n%s", want, got)
	}
	if calls, review := d2.counts(); calls != 1001 || review != 1 {
		t.Errorf("after the restart %d searches (%d of a review), want the one best line", calls-1000, review)
	}
}

// engineSearcher is the real engine behind opponent.Searcher, one search
// at a time, with the given clock.
type engineSearcher struct {
	mu sync.Mutex
	e  *engine.Engine
}

func newEngineSearcher(clock func() time.Time) *engineSearcher {
	return &engineSearcher{e: engine.New(engine.Options{HashMB: 1, Clock: clock})}
}

func (s *engineSearcher) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lim.Fresh {
		s.e.NewGame()
	}
	r, err := s.e.Search(ctx, pos, engine.Limits{MoveTime: lim.MoveTime, Depth: lim.Depth, Nodes: lim.Nodes})
	return opponent.Result{Move: r.Move, Score: r.Score, Depth: r.Depth, Nodes: r.Nodes, PV: r.PV}, err
}

// slowClock is a clock on which every reading is a second later: a
// search that looked at the time would stop at once.
type slowClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *slowClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// TestReviewSameOnAnyLoad (issue 26): the real engine's review of a game
// is the same evaluation whether the machine is idle, or loaded with other
// searches and so slow that a second passes between two readings of its
// clock, on an engine that searched another game before: the review
// searches a fixed number of nodes from a cleared table, never by time.
func TestReviewSameOnAnyLoad(t *testing.T) {
	ptn := "[Size \"5\"]\n\n1. a1 e5\n2. c3 c2\n3. d3 b3\n4. d2 d4\n5. b4 e2\n6. a5 b2\n7. e4 a2\n"
	req := bot.AnalysisRequest{Kind: bot.AnalyseReview, Game: "g1", PTN: ptn, Base: "g1"}
	cfg := opponent.Config{ReviewNodes: 4000}
	calm := opponent.NewAnalyst(newEngineSearcher(nil), opponent.NewPool(1), cfg)
	want, nodes, err := calm.Evaluate(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if nodes != 4000 || len(want) != 15 {
		t.Fatalf("the calm review: %d scores at %d nodes, want 15 at 4000", len(want), nodes)
	}

	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	var load sync.WaitGroup
	for range 2 { // other searches at once, by time
		load.Add(1)
		go func() {
			defer load.Done()
			e := newEngineSearcher(nil)
			pos, err := tak.NewPosition(tak.DefaultConfig(6))
			if err != nil {
				return
			}
			for ctx.Err() == nil {
				_, _ = e.Search(ctx, pos, opponent.Limits{MoveTime: 20 * time.Millisecond})
			}
		}()
	}
	slow := &slowClock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	used := newEngineSearcher(slow.now)
	if pos, err := tak.NewPosition(tak.DefaultConfig(5)); err == nil { // its table and history full of another game
		_, _ = used.Search(t.Context(), pos, opponent.Limits{Nodes: 20000})
	}
	busy := opponent.NewAnalyst(used, opponent.NewPool(1), cfg)
	got, _, err := busy.Evaluate(t.Context(), req)
	stop()
	load.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the review under load and a slow clock\n%v\ndiffers from the calm one\n%v", got, want)
	}
}

// cutShort is a searcher whose time runs out in the search of the last
// position, after which it answers, like the engine, with what it has,
// without an error.
type cutShort struct {
	cancel context.CancelFunc
	last   int
}

func (c cutShort) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	if pos.Ply() == c.last {
		c.cancel()
	}
	return opponent.Greedy{}.Search(context.WithoutCancel(ctx), pos, lim)
}

// TestReviewCutShortIsNoReview: a review whose searches were cut short (out
// of time) fails rather than be kept with the game with the numbers of
// unfinished searches.
func TestReviewCutShortIsNoReview(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	a := opponent.NewAnalyst(cutShort{cancel: cancel, last: 4}, opponent.NewPool(1), opponent.Config{})
	req := bot.AnalysisRequest{Kind: bot.AnalyseReview, Game: "g1", PTN: "[Size \"3\"]\n\n1. a1 c3\n2. b2 b3\n", Base: "g1"}
	if scores, _, err := a.Evaluate(ctx, req); err == nil {
		t.Errorf("a review cut short gave %v, want an error", scores)
	}
}
