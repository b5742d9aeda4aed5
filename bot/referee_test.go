package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

func newReferee(tb testing.TB) (*bot.Referee, *storage.DB) {
	tb.Helper()
	db, err := storage.Open(filepath.Join(tb.TempDir(), "r.db"), storage.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	ref := bot.New(db, fixedClock{time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}, bot.Options{Rand: func(int) int { return 0 }})
	return ref, db
}

func player(name string) bot.Identity { return bot.Identity{Transport: "console", Address: name} }

func send(tb testing.TB, ref *bot.Referee, id, from, text string) []bot.Reply {
	tb.Helper()
	rs, err := ref.Handle(context.Background(), bot.Message{ID: id, From: player(from), Name: from, Text: text})
	if err != nil {
		tb.Fatalf("%s %q: %v", from, text, err)
	}
	return rs
}

// startGame creates game white vs black and returns its id.
func startGame(tb testing.TB, ref *bot.Referee, white, black, opts string) string {
	tb.Helper()
	rs := send(tb, ref, "new-"+white+"-"+black, white, "new "+black+" color=white "+opts)
	id := rs[0].Thread
	send(tb, ref, "accept-"+id, black, "game "+id+"; accept")
	return id
}

func TestReplayedMessageIsHarmless(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	if rs := send(t, ref, "m1", "ann", "a1"); len(rs) != 2 {
		t.Fatalf("move answered with %d replies, want 2", len(rs))
	}
	if rs := send(t, ref, "m1", "ann", "a1"); len(rs) != 0 {
		t.Fatalf("replayed message answered: %v", rs)
	}
	g, err := ref.Game(context.Background(), id)
	if err != nil || len(g.Moves) != 1 {
		t.Fatalf("game after replay: %v moves, %v", len(g.Moves), err)
	}
}

func TestRefusedMoveLeavesGameUntouched(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	before, _ := ref.Game(context.Background(), id)
	for i, tc := range []struct{ from, text, want string }{
		{"ann", "pw a1", "must be a flat"},
		{"bob", "a1", "not your turn"},
		{"ann", "ps b4 #9", "marked #9"},
		{"ann", "zz", "unknown piece"},
		{"ann", "new ann", "cannot challenge yourself"},
	} {
		rs := send(t, ref, fmt.Sprint("bad", i), tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text, tc.want) {
			t.Errorf("%q: replies %+v, want one containing %q", tc.text, rs, tc.want)
		}
	}
	after, _ := ref.Game(context.Background(), id)
	if after.Version != before.Version || len(after.Moves) != 0 {
		t.Errorf("game changed by refused moves: version %d→%d", before.Version, after.Version)
	}
}

func TestStopsAtFirstError(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	rs := send(t, ref, "x", "ann", "a1; e5; board")
	if len(rs) == 0 || !strings.Contains(rs[len(rs)-1].Text, "not run") && !strings.Contains(rs[0].Text, "not run") {
		t.Errorf("replies %+v do not say the rest was not run", rs)
	}
	g, _ := ref.Game(context.Background(), id)
	if len(g.Moves) != 1 {
		t.Errorf("%d moves, want 1", len(g.Moves))
	}
}

// shuttle is a never-ending 6x6 game: after the opening each player moves
// one flat back and forth.
var shuttle = []string{"a1>", "f6<", "b1<", "e6>"}

func moveText(i int) string {
	switch i {
	case 0:
		return "f6"
	case 1:
		return "a1"
	}
	return shuttle[(i-2)%4]
}

func TestConcurrentGames(t *testing.T) {
	ref, _ := newReferee(t)
	const games, moves = 20, 12
	ids := make([]string, games)
	for i := range ids {
		ids[i] = startGame(t, ref, fmt.Sprintf("w%d", i), fmt.Sprintf("b%d", i), "size=6")
	}
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for m := 0; m < moves; m++ {
				from := fmt.Sprintf("w%d", i)
				if m%2 == 1 {
					from = fmt.Sprintf("b%d", i)
				}
				rs, err := ref.Handle(context.Background(), bot.Message{ID: fmt.Sprintf("%d-%d", i, m), From: player(from), Text: moveText(m)})
				if err != nil || len(rs) != 2 {
					t.Errorf("game %d move %d: %d replies, %v", i, m, len(rs), err)
					return
				}
			}
		}(i)
	}
	wg.Wait()
	for _, id := range ids {
		g, err := ref.Game(context.Background(), id)
		if err != nil || len(g.Moves) != moves {
			t.Errorf("game %s: %d moves, %v", id, len(g.Moves), err)
		}
	}
}

// BenchmarkRefereeMoves applies moves durably through the referee across
// 1,000 concurrent games (one goroutine per game).
func BenchmarkRefereeMoves(b *testing.B) {
	ref, _ := newReferee(b)
	const games = 1000
	ids := make([]string, games)
	var setup sync.WaitGroup
	for i := range ids {
		setup.Add(1)
		go func(i int) {
			defer setup.Done()
			ids[i] = startGame(b, ref, fmt.Sprintf("w%d", i), fmt.Sprintf("b%d", i), "size=6")
		}(i)
	}
	setup.Wait()
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < games; i++ {
		n := b.N / games
		if i < b.N%games {
			n++
		}
		wg.Add(1)
		go func(i, n int) {
			defer wg.Done()
			for m := 0; m < n; m++ {
				from := fmt.Sprintf("w%d", i)
				if m%2 == 1 {
					from = fmt.Sprintf("b%d", i)
				}
				if _, err := ref.Handle(context.Background(), bot.Message{ID: fmt.Sprintf("%d-%d", i, m), From: player(from), Text: moveText(m)}); err != nil {
					b.Error(err)
					return
				}
			}
		}(i, n)
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
}

func TestPendingRendersPictures(t *testing.T) {
	ref, _ := newReferee(t)
	startGame(t, ref, "ann", "bob", "")
	send(t, ref, "p1", "ann", "a1")
	rs, err := ref.Pending(context.Background(), "console", 0)
	if err != nil {
		t.Fatal(err)
	}
	last := rs[len(rs)-1]
	if len(last.Images) != 1 || len(last.Images[0].PNG) < 100 || string(last.Images[0].PNG[1:4]) != "PNG" {
		t.Fatalf("last reply has %d images; want one PNG", len(last.Images))
	}
}

// FuzzHandle sends arbitrary text into a live game: the referee must answer
// without an error, and the stored game must stay a legal game.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{"a1", "ps b4 t", "ms b2 p3 2 1", "rs\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0",
		"im because", "undo", "draw", "accept", "new bob size=3", "game g1; board", "vacation 2", "3c3>12*", "help", "notation ptn"} {
		f.Add(s)
	}
	ref, _ := newReferee(f)
	id := startGame(f, ref, "ann", "bob", "")
	n := 0
	f.Fuzz(func(t *testing.T, text string) {
		n++
		for i, from := range []string{"ann", "bob"} {
			rs, err := ref.Handle(context.Background(), bot.Message{ID: fmt.Sprintf("fz%d-%d", n, i), From: player(from), Text: text})
			if err != nil {
				t.Fatalf("%s %q: %v", from, text, err)
			}
			if len(rs) == 0 {
				t.Fatalf("%s %q: no answer", from, text)
			}
		}
		g, err := ref.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Replay(); err != nil {
			t.Fatalf("stored game no longer replays after %q: %v", text, err)
		}
	})
}

// Concurrent copies of one move (say, the same mail delivered twice under
// different ids) are serialised: exactly one is played, the others are
// refused by the move-number guard.
func TestConcurrentSameGameSerialised(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	var wg sync.WaitGroup
	var mu sync.Mutex
	played := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			rs, err := ref.Handle(context.Background(), bot.Message{ID: fmt.Sprint("dup", i), From: player("ann"), Text: "a1 #1"})
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, r := range rs {
				if r.To.Address == "ann" && strings.Contains(r.Text, "played") {
					played++
				}
			}
		}(i)
	}
	wg.Wait()
	g, _ := ref.Game(context.Background(), id)
	if played != 1 || len(g.Moves) != 1 {
		t.Fatalf("%d copies played, game has %d moves; want exactly 1", played, len(g.Moves))
	}
}
