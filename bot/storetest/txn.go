package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var txCases = []suiteCase{
	{"UpdateIsAtomic", testUpdateIsAtomic},
	{"ViewCannotWrite", testViewCannotWrite},
	{"UpdateIsIsolated", testUpdateIsIsolated},
	{"ReopenKeepsEverything", testReopenKeepsEverything},
}

// writeAll writes one of each kind of record.
func writeAll(tx record.Tx) error {
	id, err := tx.NewGameID()
	if err != nil {
		return err
	}
	steps := []func() error{
		func() error { return tx.PutGame(fullGame(id)) },
		func() error { return tx.PutPlayer(fullPlayer(alice, "alice")) },
		func() error { return tx.MarkProcessed(fullProcessed("email:m1", t0)) },
		func() error { return tx.Enqueue(pendingReply("r1", alice, t0)) },
		func() error { return tx.Enqueue(fullReply("r2", bob)) },
		func() error { return tx.PutState("email", "cursor", []byte("41")) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// checkNothing fails the test if the store holds any record.
func checkNothing(t *testing.T, s record.Store) {
	t.Helper()
	view(t, s, func(tx record.Tx) error {
		if _, err := tx.Game("g1"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Game(g1): %v, want ErrNotFound", err)
		}
		if _, err := tx.Player(alice.Key()); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Player: %v, want ErrNotFound", err)
		}
		if _, err := tx.Processed("email:m1"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Processed: %v, want ErrNotFound", err)
		}
		for _, id := range []string{"r1", "r2"} {
			if _, err := tx.Reply(id); !errors.Is(err, record.ErrNotFound) {
				t.Errorf("Reply(%s): %v, want ErrNotFound", id, err)
			}
		}
		if _, err := tx.State("email", "cursor"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("State: %v, want ErrNotFound", err)
		}
		if ids, err := tx.GamesOf(alice.Key()); len(ids) != 0 || err != nil {
			t.Errorf("GamesOf = %v, %v; want none", ids, err)
		}
		if ids, err := tx.DueGames(t0.Add(1000*time.Hour), 0); len(ids) != 0 || err != nil {
			t.Errorf("DueGames = %v, %v; want none", ids, err)
		}
		if n, err := tx.CountGames(); len(n) != 0 || err != nil {
			t.Errorf("CountGames = %v, %v; want none", n, err)
		}
		if keys, err := tx.PlayersNamed("alice"); len(keys) != 0 || err != nil {
			t.Errorf("PlayersNamed = %v, %v; want none", keys, err)
		}
		if n, _, err := tx.OutboxStats(); n != 0 || err != nil {
			t.Errorf("OutboxStats = %d, %v; want 0", n, err)
		}
		if rs, err := tx.PendingHeads(alice.Transport, 0); len(rs) != 0 || err != nil {
			t.Errorf("PendingHeads = %v, %v; want none", rs, err)
		}
		return nil
	})
}

func testUpdateIsAtomic(t *testing.T, open Opener) {
	s := fresh(t, open)
	boom := errors.New("boom")
	err := s.Update(t.Context(), func(tx record.Tx) error {
		if err := writeAll(tx); err != nil {
			return err
		}
		return fmt.Errorf("after writing: %w", boom)
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update returned %v, want fn's error", err)
	}
	checkNothing(t, s)
}

func testViewCannotWrite(t *testing.T, open Opener) {
	s := fresh(t, open)
	writes := map[string]func(record.Tx) error{
		"NewGameID":     func(tx record.Tx) error { _, err := tx.NewGameID(); return err },
		"PutGame":       func(tx record.Tx) error { return tx.PutGame(fullGame("g1")) },
		"PutPlayer":     func(tx record.Tx) error { return tx.PutPlayer(fullPlayer(alice, "alice")) },
		"MarkProcessed": func(tx record.Tx) error { return tx.MarkProcessed(fullProcessed("email:m1", t0)) },
		"Enqueue":       func(tx record.Tx) error { return tx.Enqueue(pendingReply("r1", alice, t0)) },
		"PutState":      func(tx record.Tx) error { return tx.PutState("email", "cursor", []byte("1")) },
	}
	for name, w := range writes {
		if err := s.View(t.Context(), w); err == nil {
			t.Errorf("%s in a View succeeded", name)
		}
	}
	checkNothing(t, s)
}

// testUpdateIsIsolated runs writers, some of whose updates fail, against
// readers: a reader sees all of an update or none of it, and nothing of a
// failed one.
func testUpdateIsIsolated(t *testing.T, open Opener) {
	s := fresh(t, open)
	const writers, rounds, keys = 4, 12, 5
	boom := errors.New("boom")
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := range writers {
		wg.Go(func() {
			for i := range rounds {
				value := fmt.Appendf(nil, "w%d-%d", w, i)
				fail := i%3 == 2
				err := s.Update(t.Context(), func(tx record.Tx) error {
					for k := range keys {
						if err := tx.PutState("test", fmt.Sprintf("k%d", k), value); err != nil {
							return err
						}
					}
					if fail {
						return boom
					}
					return tx.PutState("done", string(value), nil)
				})
				if fail != errors.Is(err, boom) || (!fail && err != nil) {
					t.Errorf("writer %d round %d: %v", w, i, err)
				}
			}
		})
	}
	var readers sync.WaitGroup
	for range 2 {
		readers.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				err := s.View(t.Context(), func(tx record.Tx) error {
					var seen [][]byte
					err := tx.ScanState("test", "k", func(_ string, v []byte) error { seen = append(seen, v); return nil })
					if len(seen) != 0 && len(seen) != keys {
						t.Errorf("a reader saw %d of the %d keys of an update", len(seen), keys)
					}
					for _, v := range seen {
						if string(v) != string(seen[0]) {
							t.Errorf("a reader saw parts of two updates: %q", seen)
							break
						}
					}
					return err
				})
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	close(done)
	readers.Wait()
	view(t, s, func(tx record.Tx) error {
		var committed []string
		err := tx.ScanState("done", "", func(k string, _ []byte) error { committed = append(committed, k); return nil })
		if len(committed) != writers*rounds*2/3 {
			t.Errorf("%d updates committed, want %d", len(committed), writers*rounds*2/3)
		}
		last, _ := tx.State("test", "k0")
		if slices.Contains([]int{2, 5, 8, 11}, lastRound(last)) {
			t.Errorf("the store holds %q, written by a failed update", last)
		}
		return err
	})
}

// lastRound reads the round of a value "wW-R".
func lastRound(v []byte) int {
	var w, r int
	if _, err := fmt.Sscanf(string(v), "w%d-%d", &w, &r); err != nil {
		return -1
	}
	return r
}

func testReopenKeepsEverything(t *testing.T, open Opener) {
	s, reopen := open(t)
	update(t, s, writeAll)
	setDelivery(t, s, "r1", record.Delivery{Attempts: 1, NextTry: t0})
	s = reopen()
	view(t, s, func(tx record.Tx) error {
		if g, err := tx.Game("g1"); err != nil || !reflect.DeepEqual(g, fullGame("g1")) {
			t.Errorf("Game after reopening = %+v, %v", g, err)
		}
		if p, err := tx.Player(alice.Key()); err != nil || !reflect.DeepEqual(p, fullPlayer(alice, "alice")) {
			t.Errorf("Player after reopening = %+v, %v", p, err)
		}
		if r, err := tx.Processed("email:m1"); err != nil || !reflect.DeepEqual(r, fullProcessed("email:m1", t0)) {
			t.Errorf("Processed after reopening = %+v, %v", r, err)
		}
		if r, err := tx.Reply("r2"); err != nil || !reflect.DeepEqual(*r, stored(fullReply("r2", bob), r.Seq)) {
			t.Errorf("Reply after reopening = %+v, %v", r, err)
		}
		if v, err := tx.State("email", "cursor"); err != nil || string(v) != "41" {
			t.Errorf("State after reopening = %q, %v", v, err)
		}
		if ids, err := tx.GamesOf(bob.Key()); err != nil || !slices.Equal(ids, []string{"g1"}) {
			t.Errorf("GamesOf after reopening = %v, %v", ids, err)
		}
		if ids, err := tx.DueGames(fullGame("g1").Wake, 0); err != nil || !slices.Equal(ids, []string{"g1"}) {
			t.Errorf("DueGames after reopening = %v, %v", ids, err)
		}
		if n, err := tx.CountGames(); err != nil || !reflect.DeepEqual(n, map[record.Status]int{record.Active: 1}) {
			t.Errorf("CountGames after reopening = %v, %v", n, err)
		}
		if keys, err := tx.PlayersNamed("ALICE"); err != nil || !slices.Equal(keys, []string{alice.Key()}) {
			t.Errorf("PlayersNamed after reopening = %v, %v", keys, err)
		}
		if n, oldest, err := tx.OutboxStats(); err != nil || n != 1 || !oldest.Equal(t0) {
			t.Errorf("OutboxStats after reopening = %d, %v, %v", n, oldest, err)
		}
		if rs, err := tx.PendingHeads(alice.Transport, 0); err != nil || len(rs) != 1 || rs[0].Delivery.Attempts != 1 {
			t.Errorf("PendingHeads after reopening = %+v, %v", rs, err)
		}
		return nil
	})
	// counters go on where they were
	var id string
	var seq uint64
	update(t, s, func(tx record.Tx) error {
		var err error
		if id, err = tx.NewGameID(); err != nil {
			return err
		}
		r := pendingReply("r3", carol, t0)
		err = tx.Enqueue(r)
		seq = r.Seq
		return err
	})
	if id != "g2" || seq < 3 {
		t.Errorf("after reopening NewGameID = %s and Seq = %d, want g2 and at least 3", id, seq)
	}
}
