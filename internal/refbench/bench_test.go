package refbench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// games is the number of games played at once.
const games = 1000

// workers is how many messages are handled at once, as the transports
// hand them to the referee (mailplay handles 8 mails of a batch at once;
// Discord one goroutine per interaction).
var workers = flag.Int("referee-workers", 64, "concurrent Handle calls of BenchmarkRefereeMoves")

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

// game is one game of the benchmark: its players and the texts of its
// moves, in the notation of its transport.
type game struct {
	white, black bot.Identity
	moves        []string
}

// randomGame returns plies legal moves of a 6x6 game that does not end,
// written in PTN or in Tak by Mail notation, chosen at random.
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
			q, err := p.Play(c)
			if err == nil && !q.Over() {
				next, m = q, c
				break
			}
		}
		if next == nil {
			return nil, false // every move ends the game
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

// BenchmarkRefereeMoves plays b.N moves over 1,000 games of 6x6 on a
// bbolt file synced at every commit, as takbot serve opens it. Half the
// games are played in Tak by Mail notation, half in PTN, with random legal
// moves. The games are started before the timer (challenge, acceptance);
// then -referee-workers goroutines hand the moves to Referee.Handle, each
// going round its games one move at a time, so that moves of different
// games are in flight together. Handle returns once the move, the game
// and both replies are committed (fsync'd). It reports moves/s: b.N over
// the wall time.
func BenchmarkRefereeMoves(b *testing.B) {
	ctx := context.Background()
	plies := (b.N + games - 1) / games
	rng := rand.New(rand.NewPCG(15, 11))
	gs := make([]game, games)
	for i := range gs {
		t := transports[i%2]
		gs[i].white = bot.Identity{Transport: t.name, Address: fmt.Sprintf("w%d", i)}
		gs[i].black = bot.Identity{Transport: t.name, Address: fmt.Sprintf("b%d", i)}
		for ok := false; !ok; {
			gs[i].moves, ok = randomGame(rng, plies, t.ptn)
		}
	}
	db, err := storage.Open(filepath.Join(b.TempDir(), "referee.db"), storage.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ref := bot.New(db, nil, bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for _, t := range transports {
		ref.Register(t)
	}
	handle := func(from bot.Identity, id, text string) error {
		out, err := ref.Handle(ctx, bot.Message{ID: id, From: from, Text: text})
		if err == nil && (out.Refused || len(out.Replies) == 0) {
			err = fmt.Errorf("%s from %s was not played: %+v", text, from.Key(), out)
		}
		return err
	}
	// run hands every game's messages to the workers, each worker going
	// round its games one message at a time.
	run := func(msgs func(g int) int, send func(g, k int) error) {
		var wg sync.WaitGroup
		var failed atomic.Bool
		for w := range *workers {
			wg.Go(func() {
				for k := 0; ; k++ {
					sent := false
					for g := w; g < games; g += *workers {
						if k >= msgs(g) {
							continue
						}
						if err := send(g, k); err != nil {
							if !failed.Swap(true) {
								b.Error(err)
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
			b.FailNow()
		}
	}
	run(func(int) int { return 2 }, func(g, k int) error {
		if k == 0 {
			return handle(gs[g].white, fmt.Sprintf("g%d-new", g), "new "+gs[g].black.Address+" size=6 color=white")
		}
		return handle(gs[g].black, fmt.Sprintf("g%d-accept", g), "accept")
	})
	movesOf := func(g int) int {
		n := b.N / games
		if g < b.N%games {
			n++
		}
		return n
	}
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime(b)
	run(movesOf, func(g, k int) error {
		from := gs[g].white
		if k%2 == 1 {
			from = gs[g].black
		}
		return handle(from, fmt.Sprintf("g%d-m%d", g, k), gs[g].moves[k])
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
	b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/move")

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
