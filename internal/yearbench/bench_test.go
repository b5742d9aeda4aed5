package yearbench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

// end is the simulated now at the end of every workload.
var end = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

var (
	dir     string
	genOnce = map[string]*sync.Once{"year": {}, "week": {}}
	genPath = map[string]string{}
	genErr  = map[string]error{}
	genTook = map[string]time.Duration{}
)

func TestMain(m *testing.M) {
	var err error
	dir, err = os.MkdirTemp("", "takbot-yearbench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// database generates a workload's database once per process.
func database(b testing.TB, name string) string {
	b.Helper()
	if p := os.Getenv("TAKBOT_YEARBENCH_" + strings.ToUpper(name)); p != "" {
		return p // a database generated before, to measure it again
	}
	w := map[string]Workload{"year": Year, "week": Week}[name]
	genOnce[name].Do(func() {
		genPath[name] = filepath.Join(dir, name+".db")
		start := time.Now()
		genErr[name] = Generate(context.Background(), genPath[name], w, end)
		genTook[name] = time.Since(start)
	})
	if genErr[name] != nil {
		b.Fatal(genErr[name])
	}
	return genPath[name]
}

// TestGenerate checks the generator on a small workload: every reply
// delivered, about the expected number of games still in progress, and
// nothing delivered older than the retention left.
func TestGenerate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.db")
	w := Workload{Games: 60, Plies: 12, Span: 60 * 24 * time.Hour, Pace: 29 * time.Hour, Prune: true, Retention: 20 * 24 * time.Hour}
	if err := Generate(context.Background(), path, w, end); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var counts map[bot.Status]int
	var pending, old, kept int
	err = db.View(context.Background(), func(tx bot.Tx) error {
		if counts, err = tx.CountGames(); err != nil {
			return err
		}
		if pending, _, err = tx.OutboxStats(); err != nil {
			return err
		}
		return tx.ForEachReply(func(r *bot.Reply) error {
			if r.Created.Before(end.Add(-21 * 24 * time.Hour)) {
				old++
			}
			kept++
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	// Games last 13 paces (15.7 days): those started in the last 15.7 of
	// 60 days are in progress.
	if counts[bot.Over] < 40 || counts[bot.Active] < 10 || counts[bot.Active] > 20 || pending != 0 || old != 0 || kept == 0 {
		t.Errorf("games %v, %d replies pending, %d delivered replies older than the retention, %d kept", counts, pending, old, kept)
	}
}

func size(b *testing.B, path string) float64 {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return float64(st.Size()) / 1e6
}

func benchOpen(b *testing.B, name string) {
	path := database(b, name)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		db, err := storage.Open(path, storage.Options{})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
	b.StopTimer()
	b.ReportMetric(size(b, path), "MB")
	b.ReportMetric(genTook[name].Seconds(), "s-to-generate")
}

// BenchmarkYearOpen opens the year's database (after daily retention).
func BenchmarkYearOpen(b *testing.B) { benchOpen(b, "year") }

// BenchmarkWeekOpen opens the database of the same games played in a week.
func BenchmarkWeekOpen(b *testing.B) { benchOpen(b, "week") }

type fixed struct{ t time.Time }

func (c fixed) Now() time.Time { return c.t }

// BenchmarkYearTickNothingDue is one clock tick over the year's database
// when no game is due.
func BenchmarkYearTickNothingDue(b *testing.B) {
	db, err := storage.Open(database(b, "year"), storage.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ref := bot.New(db, fixed{end}, bot.Options{})
	ctx := context.Background()
	if rs, err := ref.Tick(ctx); err != nil || len(rs) != 0 {
		b.Fatalf("first tick: %d replies, %v", len(rs), err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if rs, err := ref.Tick(ctx); err != nil || len(rs) != 0 {
			b.Fatalf("tick: %d replies, %v", len(rs), err)
		}
	}
}
