package refbench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/gctune"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// loadTransport is a transport whose players write moves in one notation:
// "post" players write Tak by Mail commands ("ms b2 p3 2 1"), "chat"
// players PTN ("3b2-21"), as the referee answers them by default.
type loadTransport struct {
	name string
	ptn  bool
}

func (t loadTransport) Info() bot.TransportInfo {
	return bot.TransportInfo{Name: t.name, PTNFirst: t.ptn,
		ParseAddress: func(s string) (string, bool) { return s, s != "" && !strings.ContainsAny(s, "@:= ") }}
}

// Send takes every reply (the benchmark does not run delivery).
func (loadTransport) Send(context.Context, *bot.Reply) error { return nil }

var transports = []loadTransport{{name: "post"}, {name: "chat", ptn: true}}

// game is one game of the workload: its players and the texts of its
// moves, in the notation of its transport.
type game struct {
	white, black bot.Identity
	moves        []string
}

// randomGame returns plies legal moves of a 6x6 game that does not end,
// chosen at random, written in PTN or in Tak by Mail notation; false when
// the game could not go on without ending.
func randomGame(rng *rand.Rand, plies int, ptn bool) ([]string, bool) {
	p, err := tak.NewPosition(tak.DefaultConfig(6))
	if err != nil {
		panic(err)
	}
	var buf []tak.Move
	out := make([]string, 0, plies)
	for len(out) < plies {
		buf = p.LegalMoves(buf[:0])
		rng.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		var next *tak.Position
		var m tak.Move
		for _, c := range buf {
			if q, err := p.Play(c); err == nil && !q.Over() {
				next, m = q, c
				break
			}
		}
		if next == nil {
			return nil, false
		}
		if ptn {
			out = append(out, notation.FormatPTN(m, p))
		} else {
			out = append(out, notation.FormatMail(m, 6))
		}
		p = next
	}
	return out, true
}

// workload is a referee on a bbolt file synced at every commit (as takbot
// serve opens it) with games started and their moves chosen.
type workload struct {
	db    bot.Store
	ref   *bot.Referee
	games []game
}

// newWorkload starts games 6x6 games, half of them between players who
// write Tak by Mail notation, half PTN, and chooses plies random legal
// moves for each. workers goroutines hand the challenges and acceptances
// to the referee.
func newWorkload(tb testing.TB, games, plies, workers int) *workload {
	tb.Helper()
	db, err := storage.Open(filepath.Join(tb.TempDir(), "referee.db"), storage.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return newWorkloadOn(tb, db, games, plies, workers)
}

// newWorkloadOn is newWorkload on a store of the caller's.
func newWorkloadOn(tb testing.TB, db bot.Store, games, plies, workers int) *workload {
	tb.Helper()
	rng := rand.New(rand.NewPCG(15, 11))
	w := &workload{games: make([]game, games)}
	for i := range w.games {
		t := transports[i%2]
		g := &w.games[i]
		g.white = bot.Identity{Transport: t.name, Address: fmt.Sprintf("w%d", i)}
		g.black = bot.Identity{Transport: t.name, Address: fmt.Sprintf("b%d", i)}
		for ok := false; !ok; {
			g.moves, ok = randomGame(rng, plies, t.ptn)
		}
	}
	w.db = db
	w.ref = bot.New(db, nil, bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for _, t := range transports {
		w.ref.Register(t)
	}
	w.run(tb, workers, func(int) int { return 2 }, func(g, k int) error {
		if k == 0 {
			return w.handle(w.games[g].white, fmt.Sprintf("g%d-new", g), "new "+w.games[g].black.Address+" size=6 color=white")
		}
		return w.handle(w.games[g].black, fmt.Sprintf("g%d-accept", g), "accept")
	})
	return w
}

// handle hands one message to the referee and checks it was played.
func (w *workload) handle(from bot.Identity, id, text string) error {
	out, err := w.ref.Handle(context.Background(), bot.Message{ID: id, From: from, Text: text})
	if err == nil && (out.Refused || len(out.Replies) == 0) {
		err = fmt.Errorf("%q from %s was not played: %+v", text, from.Key(), out)
	}
	return err
}

// run sends every game's messages from workers goroutines, each going
// round its games one message at a time, so that messages of different
// games are handled at once and those of one game in order.
func (w *workload) run(tb testing.TB, workers int, msgs func(g int) int, send func(g, k int) error) {
	tb.Helper()
	var wg sync.WaitGroup
	var failed atomic.Bool
	for wk := range workers {
		wg.Go(func() {
			for k := 0; ; k++ {
				sent := false
				for g := wk; g < len(w.games); g += workers {
					if k >= msgs(g) {
						continue
					}
					if err := send(g, k); err != nil {
						if !failed.Swap(true) {
							tb.Error(err)
						}
						return
					}
					sent = true
				}
				if !sent || failed.Load() {
					return
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() {
		tb.FailNow()
	}
}

// play plays n moves over the games, spread evenly.
func (w *workload) play(tb testing.TB, n, workers int) {
	games := len(w.games)
	w.run(tb, workers, func(g int) int {
		m := n / games
		if g < n%games {
			m++
		}
		return m
	}, func(g, k int) error {
		from := w.games[g].white
		if k%2 == 1 {
			from = w.games[g].black
		}
		return w.handle(from, fmt.Sprintf("g%d-m%d", g, k), w.games[g].moves[k])
	})
}

// BenchmarkRefereeMoves plays b.N moves over 1,000 games of 6x6 on a
// bbolt file synced at every commit, as takbot serve opens it. Half the
// games are played in Tak by Mail notation, half in PTN, with random legal
// moves. The games are started before the timer (challenge, acceptance);
// then the sub-benchmark's number of goroutines hand the moves to
// Referee.Handle, each going round its games one move at a time: 8 is
// how many mails mailplay handles at once, 1,000 one message per game in
// flight (Discord hands each interaction to the referee in its own
// goroutine). Handle returns once the move, the game and both replies
// are committed and synced. Delivery does not run. The garbage collector
// runs as in takbot serve (package gctune). It reports moves/s (b.N
// over the wall time), the process's CPU time per move and the memory
// allocated per move.
func BenchmarkRefereeMoves(b *testing.B) {
	const games = 1000
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	gctune.Apply(os.LookupEnv) // as takbot serve runs
	for _, workers := range []int{8, 64, 1000} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			w := newWorkload(b, games, (b.N+games-1)/games, min(workers, 64))
			b.ReportAllocs()
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime(b)
			w.play(b, b.N, workers)
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
			b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/move")
		})
	}
}

// TestWorkload plays a small workload and checks that every move was
// played and stored, in both notations.
func TestWorkload(t *testing.T) {
	const games, plies = 20, 12
	w := newWorkload(t, games, plies, 4)
	w.play(t, games*plies, 4)
	for i := range games {
		g, err := w.ref.Game(t.Context(), fmt.Sprintf("g%d", i+1))
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != plies || g.Status != bot.Active {
			t.Errorf("game %s: %d moves, %s; want %d moves, active", g.ID, len(g.Moves), g.Status, plies)
		}
	}
}

// cpuTime returns the CPU time the process has used, user and system: on
// a shared machine it moves less with the load than the wall time.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
