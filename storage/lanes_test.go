package storage_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

var errRefused = errors.New("refused")

func enqueueTo(tx record.Tx, id, to string) error {
	return tx.Enqueue(&record.Reply{ID: id, To: record.Identity{Transport: "console", Address: to}})
}

// heads returns the ids of the pending heads on the console.
func heads(t *testing.T, tx record.Tx) []string {
	t.Helper()
	rs, err := tx.PendingHeads("console", 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	return ids
}

func viewHeads(t *testing.T, db *storage.DB) (ids []string) {
	t.Helper()
	if err := db.View(t.Context(), func(tx record.Tx) error { ids = heads(t, tx); return nil }); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestLanesFollowCommitsOnly: the lanes kept in memory take a write's
// changes only when its transaction is committed. Updates run in groups;
// one that fails is taken out and the others are committed without it.
func TestLanesFollowCommitsOnly(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "lanes.db"))
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			err := db.Update(context.Background(), func(tx record.Tx) error {
				if err := enqueueTo(tx, fmt.Sprint("r", i), fmt.Sprint("p", i)); err != nil {
					return err
				}
				if i%4 == 0 {
					return errRefused
				}
				return nil
			})
			if (i%4 == 0) != errors.Is(err, errRefused) {
				t.Errorf("update %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	var want []string
	for i := range 40 {
		if i%4 != 0 {
			want = append(want, fmt.Sprint("r", i))
		}
	}
	got := viewHeads(t, db)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("heads %v; want %v", got, want)
	}
	// a write sees its own changes before they are committed
	err := db.Update(t.Context(), func(tx record.Tx) error {
		if err := enqueueTo(tx, "mine", "q"); err != nil {
			return err
		}
		if !slices.Contains(heads(t, tx), "mine") {
			t.Error("a write does not see the reply it enqueued")
		}
		return errRefused
	})
	if !errors.Is(err, errRefused) || slices.Contains(viewHeads(t, db), "mine") {
		t.Errorf("a refused write left its reply: %v", err)
	}
}

// TestLanesOlderSnapshot: a read that began before a commit, while the
// lanes in memory have moved on, returns no reply of the later commit
// (its snapshot has not got it) and none the later commit delivered
// (it would be sent twice): a reply is a head only when pending in both.
func TestLanesOlderSnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lanes.db")
	db := open(t, path)
	// Grow the file and free its pages, so that the commit below need not
	// grow the map bbolt reads through, which waits for every reader.
	big := make([]byte, 1<<20)
	err := errors.Join(
		db.Update(t.Context(), func(tx record.Tx) error { return tx.PutState("console", "big", big) }),
		db.Update(t.Context(), func(tx record.Tx) error { return tx.DeleteState("console", "big") }),
		db.Update(t.Context(), func(tx record.Tx) error {
			return errors.Join(enqueueTo(tx, "a1", "ann"), enqueueTo(tx, "a2", "ann"))
		}))
	if err != nil {
		t.Fatal(err)
	}
	began, committed := make(chan struct{}), make(chan struct{})
	done := make(chan []string)
	go func() {
		var ids []string
		err := db.View(context.Background(), func(tx record.Tx) error {
			close(began)
			<-committed
			ids = heads(t, tx)
			return nil
		})
		if err != nil {
			t.Error(err)
		}
		done <- ids
	}()
	<-began
	err = db.Update(t.Context(), func(tx record.Tx) error {
		if err := tx.SetDelivery("a1", record.Delivery{Delivered: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}); err != nil {
			return err
		}
		return enqueueTo(tx, "b1", "bob")
	})
	if err != nil {
		t.Fatal(err)
	}
	close(committed)
	if got := <-done; !slices.Equal(got, []string{"a2"}) {
		t.Errorf("the older read's heads %v; want [a2]", got)
	}
	if got := viewHeads(t, db); !slices.Equal(got, []string{"a2", "b1"}) {
		t.Errorf("heads after the commit %v; want [a2 b1]", got)
	}
	// and the same after a reopen, rebuilt from the file
	db.Close()
	db = open(t, path)
	if got := viewHeads(t, db); !slices.Equal(got, []string{"a2", "b1"}) {
		t.Errorf("heads after a reopen %v; want [a2 b1]", got)
	}
}
