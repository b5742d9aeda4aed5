package opponent_test

import (
	"bytes"
	"context"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func newClock() *fakeClock { return &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// openDB opens a real bbolt file in dir.
func openDB(t *testing.T, dir string) *storage.DB {
	t.Helper()
	db, err := storage.Open(filepath.Join(dir, "takbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// world is a referee on a bbolt file with the console and takbot.
type world struct {
	ref    *bot.Referee
	db     *storage.DB
	player *opponent.Player
	out    *bytes.Buffer
}

func newWorld(t *testing.T, dir string, s opponent.Searcher, cfg opponent.Config, notify func([]string)) *world {
	t.Helper()
	return newWorldClock(t, dir, s, cfg, notify, newClock())
}

// newWorldClock is newWorld on a given clock.
func newWorldClock(t *testing.T, dir string, s opponent.Searcher, cfg opponent.Config, notify func([]string), clock bot.Clock) *world {
	t.Helper()
	db := openDB(t, dir)
	pool := opponent.NewPool(cfg.Workers)
	out := &bytes.Buffer{}
	ref := bot.New(db, clock, bot.Options{Rand: func(int) int { return 0 }, Logger: quiet(), Notify: notify,
		Analyst: opponent.NewAnalyst(s, pool, cfg)})
	ref.Register(console.NewTransport(&lockedWriter{w: out}, ""))
	p := opponent.NewPlayer(ref, s, pool, cfg, quiet())
	ref.Register(p)
	return &world{ref: ref, db: db, player: p, out: out}
}

// script runs console lines with the engine answering at once.
func (w *world) script(t *testing.T, lines string) {
	t.Helper()
	err := console.Run(context.Background(), w.ref, strings.NewReader(lines),
		console.Options{Replayable: true, Notes: io.Discard, Also: []string{record.EngineTransport}})
	if err != nil {
		t.Fatal(err)
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update and read the diff):\n%s", name, got)
	}
}

// gate is a searcher that blocks every search until released, then
// answers as Greedy.
type gate struct {
	started chan struct{}
	release chan struct{}
}

func newGate() *gate { return &gate{started: make(chan struct{}, 100), release: make(chan struct{})} }

func (g *gate) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	g.started <- struct{}{}
	select {
	case <-g.release:
	case <-ctx.Done():
		return opponent.Result{}, ctx.Err()
	}
	return opponent.Greedy{}.Search(ctx, pos, lim)
}

// scripted is a searcher whose score is read from a table by ply.
type scripted map[int]int

func (s scripted) Search(ctx context.Context, pos *tak.Position, lim opponent.Limits) (opponent.Result, error) {
	r, err := opponent.Greedy{}.Search(ctx, pos, lim)
	r.Score = s[pos.Ply()]
	if pos.ToMove() == tak.Black {
		r.Score = -r.Score // the table is for White; a result is for the side to move
	}
	return r, err
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
