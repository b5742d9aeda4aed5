package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// keysOf returns a bucket's keys.
func keysOf(t *testing.T, db *DB, bucket []byte) []string {
	t.Helper()
	var out []string
	if err := db.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, _ []byte) error { out = append(out, string(k)); return nil })
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func openTemp(t *testing.T) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestPutGameLeavesUnchangedIndexes: PutGame skips the index entries
// whose part of the game did not change; the indexes stay exactly what
// they would be had every entry been written again, through changes of
// wake, status and players (swapped, replaced, emptied).
func TestPutGameLeavesUnchangedIndexes(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	steps := []record.Game{
		{Status: record.Challenged, Players: [2]string{"a", "b"}, Wake: at},
		{Status: record.Active, Players: [2]string{"a", "b"}, Wake: at},
		{Status: record.Active, Players: [2]string{"a", "b"}, Wake: at.Add(time.Hour)},
		{Status: record.Active, Players: [2]string{"a", "b"}, Wake: at.Add(time.Hour).In(time.FixedZone("", 3600))},
		{Status: record.Active, Players: [2]string{"b", "a"}, Wake: at.Add(time.Hour)},
		{Status: record.Active, Players: [2]string{"b", "c"}, Wake: at.Add(time.Hour)},
		{Status: record.Active, Players: [2]string{"b", "c"}, Version: 9},
		{Status: record.Over, Players: [2]string{"", "c"}},
		{Status: record.Over, Players: [2]string{"", "c"}, Version: 10},
	}
	for i, g := range steps {
		g.ID = "g1"
		if err := db.Update(ctx, func(tx record.Tx) error { return tx.PutGame(&g) }); err != nil {
			t.Fatal(err)
		}
		var wantPlayers []string
		for _, p := range slices.Compact(slices.Sorted(slices.Values(g.Players[:]))) {
			if p != "" {
				wantPlayers = append(wantPlayers, string(prefixed(p, []byte("g1"))))
			}
		}
		slices.Sort(wantPlayers)
		if got := keysOf(t, db, bPlayerGames); !slices.Equal(got, wantPlayers) {
			t.Errorf("step %d: player index %q, want %q", i, got, wantPlayers)
		}
		var wantWake []string
		if !g.Wake.IsZero() {
			wantWake = []string{string(wakeKey(g.Wake, "g1"))}
		}
		if got := keysOf(t, db, bWake); !slices.Equal(got, wantWake) {
			t.Errorf("step %d: wake index %q, want %q", i, got, wantWake)
		}
		if err := db.db.View(func(tx *bolt.Tx) error {
			want := gameIndex{status: g.Status, wake: g.Wake, players: g.Players}.encode()
			if got := tx.Bucket(bGameIndex).Get([]byte("g1")); string(got) != string(want) {
				t.Errorf("step %d: game index %x, want %x", i, got, want)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		err := db.View(ctx, func(tx record.Tx) error {
			counts, err := tx.CountGames()
			if err != nil || len(counts) != 1 || counts[g.Status] != 1 {
				t.Errorf("step %d: counts %v, %v", i, counts, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestMarkProcessedAfterProcessed: a message marked after Processed found
// it absent, or marked again with or without asking Processed first,
// keeps exactly one entry in the processed-by-time index, at its latest
// time.
func TestMarkProcessedAfterProcessed(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	mark := func(id string, n int, ask string) {
		t.Helper()
		err := db.Update(ctx, func(tx record.Tx) error {
			if ask != "" {
				if _, err := tx.Processed(ask); err != nil && !errors.Is(err, record.ErrNotFound) {
					return err
				}
			}
			return tx.MarkProcessed(&record.Processed{ID: id, At: at.Add(time.Duration(n) * time.Minute)})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	want := func(entries ...string) {
		t.Helper()
		slices.Sort(entries)
		if got := keysOf(t, db, bProcTimes); !slices.Equal(got, entries) {
			t.Errorf("time index %q, want %q", got, entries)
		}
	}
	key := func(id string, n int) string {
		return string(processedTimeKey(at.Add(time.Duration(n)*time.Minute), id))
	}
	mark("m1", 1, "m1") // absent: no second look
	want(key("m1", 1))
	mark("m1", 2, "") // marked again
	want(key("m1", 2))
	mark("m1", 3, "m1") // found, then marked again
	want(key("m1", 3))
	mark("m2", 4, "m3") // asked about another message
	want(key("m1", 3), key("m2", 4))
	mark("m2", 5, "m3")
	want(key("m1", 3), key("m2", 5))
	err := db.Update(ctx, func(tx record.Tx) error { // twice in one transaction
		if _, err := tx.Processed("m4"); !errors.Is(err, record.ErrNotFound) {
			return err
		}
		if err := tx.MarkProcessed(&record.Processed{ID: "m4", At: at.Add(6 * time.Minute)}); err != nil {
			return err
		}
		return tx.MarkProcessed(&record.Processed{ID: "m4", At: at.Add(7 * time.Minute)})
	})
	if err != nil {
		t.Fatal(err)
	}
	want(key("m1", 3), key("m2", 5), key("m4", 7))
}

// TestUnprocessedError: Processed's error for a new message reads as
// fmt.Errorf wrote it and is record.ErrNotFound.
func TestUnprocessedError(t *testing.T) {
	db := openTemp(t)
	err := db.View(context.Background(), func(tx record.Tx) error {
		_, err := tx.Processed("email:<m1@x>")
		return err
	})
	want := fmt.Errorf("processed message %s: %w", "email:<m1@x>", record.ErrNotFound)
	if !errors.Is(err, record.ErrNotFound) || err.Error() != want.Error() {
		t.Errorf("Processed of a new message: %v, want %v", err, want)
	}
}
