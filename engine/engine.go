package engine

import (
	"context"
	"errors"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Limits bounds one search. A zero field is no limit of that kind; with all
// three zero the search stops at MaxDepth.
type Limits struct {
	MoveTime time.Duration // wall time for the move, from the call of Search
	Depth    int           // deepest full iteration, in plies
	Nodes    int64         // nodes to visit (checked every few hundred nodes)
	// UseAll says MoveTime is this move's alone (a fixed time a move, not a
	// share of a clock): time left over cannot be saved, so the search goes
	// on to the deadline, taking the unfinished iteration's best move,
	// instead of starting no iteration once half of MoveTime has gone.
	UseAll bool
}

// Result is the outcome of a search: the move to play and what the engine
// thinks of it.
type Result struct {
	Move  tak.Move
	Score int // evaluation units from the side to move's point of view, roughly centiflats (a flat more on top is worth 175 in the opening to 95 at the end, before the features that come with it: a stone less in hand adds 187 to 109); beyond ±(WinScore-1000) a forced win or loss
	Depth int // the last completed iteration
	Nodes int64
	PV    []tak.Move // principal variation, starting with Move
}

// WinScore is the score of a won position (a road or flat win on the
// board); a win in n plies scores WinScore-n.
const WinScore = 1_000_000

// MaxDepth is the deepest iteration the search ever starts.
const MaxDepth = 64

// ErrNoMove is returned by Search when the position has no legal move: the
// game is over.
var ErrNoMove = errors.New("engine: the game is over, there is no move to search")

// Options configure an Engine. The zero value is a good default.
type Options struct {
	// HashMB is the size of the transposition table in MiB (default 16, at most 1024).
	HashMB int
	// Weights are the evaluation weights; nil uses DefaultWeights.
	Weights *Weights
	// Clock returns the current time; nil uses time.Now. Tests inject one.
	Clock func() time.Time
	// Info, if set, is called after every completed iteration with the
	// result so far (TEI prints it as an info line). It runs on the
	// searching goroutine.
	Info func(Result)
}

// Engine searches positions. It keeps its transposition table and history
// between searches of one game; it is not safe for concurrent use (give
// each goroutine its own Engine).
type Engine struct {
	opts    Options
	weights *Weights
	clock   func() time.Time
	tt      []ttEntry
	ttMask  uint64 // the index of a key's bucket: key & ttMask
	gen     uint8  // the number of searches, mod 256
	roads   *roadCache
	s       searcher
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	mb := opts.HashMB
	if mb <= 0 {
		mb = 16
	}
	if mb > 1024 {
		mb = 1024
	}
	w := opts.Weights
	if w == nil {
		w = DefaultWeights()
	}
	clock := opts.Clock
	if clock == nil {
		clock = time.Now
	}
	n := 1
	for n*2*ttEntrySize <= mb<<20 {
		n *= 2
	}
	n = max(n, ttBucket)
	e := &Engine{opts: opts, weights: w, clock: clock, tt: make([]ttEntry, n), roads: new(roadCache)}
	e.ttMask = uint64(n-1) &^ (ttBucket - 1)
	return e
}

// NewGame forgets what earlier searches learnt (transposition table,
// killers, history), so that a new game starts fresh.
func (e *Engine) NewGame() {
	clear(e.tt)
	e.gen = 0
	e.s = searcher{}
}

// Search looks for the best move in pos within the limits. It returns the
// best move of the last completed iteration (or the first ordered move if
// none completed) when the time, the node budget or ctx run out; the error
// is ErrNoMove when the game is over and nil otherwise.
func (e *Engine) Search(ctx context.Context, pos *tak.Position, lim Limits) (Result, error) {
	if pos == nil || pos.Over() {
		return Result{}, ErrNoMove
	}
	return e.search(ctx, pos, lim), nil
}

// Evaluate returns the static evaluation of pos in centiflats from the side
// to move's point of view (a finished game scores ±WinScore or 0).
func (e *Engine) Evaluate(pos *tak.Position) int {
	if pos.Over() {
		return terminalScore(pos, 0)
	}
	var b board
	b.load(pos)
	return evaluate(&b, e.weights, pos.ToMove())
}

// TimeForClock returns how long to think for a move with the given time
// left on the clock and increment per move: a twentieth of the time left
// plus most of the increment, never more than a third of the time left, and
// with a safety margin for the answer's way back.
func TimeForClock(left, inc time.Duration) time.Duration {
	if left <= 0 {
		return 10 * time.Millisecond
	}
	t := left/20 + inc*3/4
	if t > left/3 {
		t = left / 3
	}
	t -= 20 * time.Millisecond
	if t < 10*time.Millisecond {
		t = 10 * time.Millisecond
	}
	return t
}
