package storage_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// openGames is the number of games of BenchmarkOpen's file.
var openGames = flag.Int("open-games", 10000, "games in BenchmarkOpen's file")

// benchStart is when the benchmarks' games start.
var benchStart = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

// update runs fn in an Update and stops the benchmark on an error.
func update(tb testing.TB, db *storage.DB, fn func(record.Tx) error) {
	tb.Helper()
	if err := db.Update(tb.Context(), fn); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkDueGames asks for the due games among 10,000 whose wakes are
// all still to come.
func BenchmarkDueGames(b *testing.B) {
	db := openWith(b, filepath.Join(b.TempDir(), "due.db"), storage.Options{NoSync: true})
	update(b, db, func(tx record.Tx) error {
		for i := range 10000 {
			g := &record.Game{ID: fmt.Sprintf("g%d", i+1), Status: record.Active,
				Players: [2]string{fmt.Sprintf("email:p%d@example.org", i), fmt.Sprintf("discord:%d", i)},
				Wake:    benchStart.Add(time.Hour + time.Duration(i)*time.Minute)}
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	for b.Loop() {
		err := db.View(b.Context(), func(tx record.Tx) error {
			ids, err := tx.DueGames(benchStart, 100)
			if len(ids) != 0 {
				b.Fatalf("%d games due", len(ids))
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPendingHeads lists the heads of 1,000 recipients with three
// pending replies each.
func BenchmarkPendingHeads(b *testing.B) {
	db := openWith(b, filepath.Join(b.TempDir(), "heads.db"), storage.Options{NoSync: true})
	rng := rand.New(rand.NewPCG(1, 2))
	var replies []*record.Reply
	for g := 1; len(replies) < 3000; g++ {
		_, rs := storage.SimulatedRecords(rng, g, 30)
		replies = append(replies, rs...)
	}
	update(b, db, func(tx record.Tx) error {
		for i, r := range replies[:3000] {
			r.To = record.Identity{Transport: "discord", Address: fmt.Sprintf("%d", 1e17+i%1000)}
			r.Delivery = record.Delivery{}
			if err := tx.Enqueue(r); err != nil {
				return err
			}
		}
		return nil
	})
	for _, limit := range []int{0, 100} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			want := cmpOr(limit, 1000)
			for b.Loop() {
				err := db.View(b.Context(), func(tx record.Tx) error {
					rs, err := tx.PendingHeads("discord", limit)
					if len(rs) != want {
						b.Fatalf("%d heads, want %d", len(rs), want)
					}
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cmpOr returns a unless it is 0, else b.
func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// BenchmarkTwoMoves stores what the referee writes for a game of two moves,
// in one transaction: the processed messages, the game, four replies and
// their deliveries. Updates are not left waiting for others to join their
// batch, so that it measures the work.
func BenchmarkTwoMoves(b *testing.B) {
	db := openWith(b, filepath.Join(b.TempDir(), "move.db"), storage.Options{NoSync: true})
	rng := rand.New(rand.NewPCG(1, 2))
	g := 0
	for b.Loop() {
		b.StopTimer()
		g++
		rec, replies := storage.SimulatedRecords(rng, g, 2)
		b.StartTimer()
		storeGame(b, db, rec, replies)
	}
}

// storeGame writes a game as the referee does, one message at a time:
// each move's message is marked processed with its two replies, and the
// replies are then delivered.
func storeGame(tb testing.TB, db *storage.DB, rec *record.Game, replies []*record.Reply) {
	tb.Helper()
	update(tb, db, func(tx record.Tx) error {
		if _, err := tx.NewGameID(); err != nil {
			return err
		}
		for i := 0; i+1 < len(replies); i += 2 {
			pair := replies[i : i+2]
			if err := tx.MarkProcessed(&record.Processed{ID: pair[0].Cause, At: pair[0].Created,
				Replies: []string{pair[0].ID, pair[1].ID}}); err != nil {
				return err
			}
			for _, r := range pair {
				delivered := r.Delivery
				r.Delivery = record.Delivery{}
				if err := tx.Enqueue(r); err != nil {
					return err
				}
				if err := tx.SetDelivery(r.ID, delivered); err != nil {
					return err
				}
			}
		}
		return tx.PutGame(rec)
	})
}

// BenchmarkOpen opens a file of 10,000 games of 30 moves with their
// 600,000 delivered replies and 300,000 processed messages, then the same
// file after Prune removed them (1,000 at a time, as a running referee
// would), and reports the file's size and the bytes in use.
func BenchmarkOpen(b *testing.B) {
	games, moves := *openGames, 30
	path := filepath.Join(b.TempDir(), "big.db")
	db := openWith(b, path, storage.Options{NoSync: true})
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Now()
	var last time.Time
	for g := 1; g <= games; g++ {
		rec, replies := storage.SimulatedRecords(rng, g, moves)
		storeGame(b, db, rec, replies)
		last = replies[len(replies)-1].Created
	}
	b.Logf("built %d games in %v", games, time.Since(start).Round(time.Second))
	inUse := logBuckets(b, db)
	openAgain := func(b *testing.B) {
		b.Helper()
		size := fileSize(b, path)
		for b.Loop() {
			d, err := storage.Open(path, storage.Options{})
			if err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
		b.ReportMetric(float64(size)/1e6, "file-MB")
		b.ReportMetric(float64(inUse)/1e6, "in-use-MB")
		b.ReportMetric(float64(inUse)/float64(games), "in-use-bytes/game")
	}
	db.Close()
	b.Run("600k-replies", openAgain)
	db = openWith(b, path, storage.Options{NoSync: true})
	for removed := -1; removed != 0; {
		update(b, db, func(tx record.Tx) error {
			var err error
			removed, err = tx.Prune(last.Add(time.Second), 1000)
			return err
		})
	}
	inUse = logBuckets(b, db)
	db.Close()
	b.Run("after-prune", openAgain)
}

// fileSize returns the size of a file.
func fileSize(tb testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}

// logBuckets logs the pages each bucket uses, largest first, and returns
// their total: the bytes in use (bbolt's file is larger, as it grows by
// doubling and keeps free pages).
func logBuckets(tb testing.TB, db *storage.DB) int {
	type usage struct {
		name        string
		keys, bytes int
	}
	var us []usage
	err := db.Bolt().View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			s := b.Stats()
			us = append(us, usage{string(name), s.KeyN, s.BranchAlloc + s.LeafAlloc})
			return nil
		})
	})
	if err != nil {
		tb.Fatal(err)
	}
	slices.SortFunc(us, func(a, b usage) int { return b.bytes - a.bytes })
	total := 0
	for _, u := range us {
		total += u.bytes
		if u.bytes > 0 {
			tb.Logf("%-15s %9d keys %8.1f MB", u.name, u.keys, float64(u.bytes)/1e6)
		}
	}
	return total
}
