package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var pruneCases = []suiteCase{
	{"PruneRemovesOnlyOld", testPruneRemovesOnlyOld},
	{"PruneLimit", testPruneLimit},
}

func testPruneRemovesOnlyOld(t *testing.T, open Opener) {
	s := fresh(t, open)
	cutoff := t0.Add(-24 * time.Hour)
	old := cutoff.Add(-time.Nanosecond)
	enqueue(t, s,
		pendingReply("delivered-old", alice, old), pendingReply("failed-old", bob, old),
		pendingReply("pending-old", carol, old.Add(-240*time.Hour)), pendingReply("delivered-new", alice, cutoff),
		pendingReply("retrying-old", bob, old))
	setDelivery(t, s, "delivered-old", record.Delivery{Delivered: t0})
	setDelivery(t, s, "failed-old", record.Delivery{Failed: t0})
	setDelivery(t, s, "delivered-new", record.Delivery{Delivered: t0})
	setDelivery(t, s, "retrying-old", record.Delivery{Attempts: 5, NextTry: t0})
	update(t, s, func(tx record.Tx) error {
		for _, r := range []*record.Processed{fullProcessed("m-old", old), fullProcessed("m-new", cutoff)} {
			if err := tx.MarkProcessed(r); err != nil {
				return err
			}
		}
		if err := tx.PutGame(&record.Game{ID: "g1", Status: record.Over, Created: old, Updated: old}); err != nil {
			return err
		}
		return tx.PutPlayer(&record.Player{Key: alice.Key(), Identity: alice, Created: old})
	})
	var removed int
	update(t, s, func(tx record.Tx) error {
		var err error
		removed, err = tx.Prune(cutoff, 100)
		return err
	})
	if removed != 3 {
		t.Errorf("Prune removed %d entries, want 3", removed)
	}
	view(t, s, func(tx record.Tx) error {
		for _, id := range []string{"delivered-old", "failed-old"} {
			if _, err := tx.Reply(id); !errors.Is(err, record.ErrNotFound) {
				t.Errorf("Reply(%s) after Prune: %v, want ErrNotFound", id, err)
			}
		}
		for _, id := range []string{"pending-old", "delivered-new", "retrying-old"} {
			if _, err := tx.Reply(id); err != nil {
				t.Errorf("Prune removed %s: %v", id, err)
			}
		}
		if _, err := tx.Processed("m-old"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Processed(m-old) after Prune: %v, want ErrNotFound", err)
		}
		if _, err := tx.Processed("m-new"); err != nil {
			t.Errorf("Prune removed m-new: %v", err)
		}
		if _, err := tx.Game("g1"); err != nil {
			t.Errorf("Prune removed a game: %v", err)
		}
		if _, err := tx.Player(alice.Key()); err != nil {
			t.Errorf("Prune removed a player: %v", err)
		}
		if n, oldest, err := tx.OutboxStats(); n != 2 || !oldest.Equal(old.Add(-240*time.Hour)) || err != nil {
			t.Errorf("OutboxStats after Prune = %d, %v, %v", n, oldest, err)
		}
		n := 0
		err := tx.ForEachReply(func(*record.Reply) error { n++; return nil })
		if n != 3 {
			t.Errorf("the log holds %d replies after Prune, want 3", n)
		}
		return err
	})
	if got := headIDs(t, s, "discord", 0); len(got) != 1 || got[0] != "retrying-old" {
		t.Errorf("PendingHeads(discord) after Prune = %v", got)
	}
}

func testPruneLimit(t *testing.T, open Opener) {
	s := fresh(t, open)
	var rs []*record.Reply
	for i := range 3 {
		rs = append(rs, pendingReply(fmt.Sprintf("r%d", i), alice, t0.Add(-time.Duration(i)*time.Hour)))
	}
	enqueue(t, s, rs...)
	update(t, s, func(tx record.Tx) error {
		for _, r := range rs {
			if err := tx.SetDelivery(r.ID, record.Delivery{Delivered: t0}); err != nil {
				return err
			}
		}
		for i := range 2 {
			if err := tx.MarkProcessed(&record.Processed{ID: fmt.Sprintf("m%d", i), At: t0}); err != nil {
				return err
			}
		}
		return nil
	})
	var got []int
	for range 4 {
		update(t, s, func(tx record.Tx) error {
			n, err := tx.Prune(t0.Add(time.Hour), 2)
			got = append(got, n)
			return err
		})
	}
	if want := []int{2, 2, 1, 0}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Prune with limit 2 removed %v, want %v", got, want)
	}
}
