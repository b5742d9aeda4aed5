package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var outboxCases = []suiteCase{
	{"EnqueueSetsSeq", testEnqueueSetsSeq},
	{"EnqueueRefuses", testEnqueueRefuses},
	{"ReplyRoundTrip", testReplyRoundTrip},
	{"PendingHeads", testPendingHeads},
	{"PendingHeadsFairness", testPendingHeadsFairness},
	{"PendingHeadsLanes", testPendingHeadsLanes},
	{"PendingLane", testPendingLane},
	{"SetDelivery", testSetDelivery},
	{"OutboxStats", testOutboxStats},
	{"ForEachReply", testForEachReply},
}

// enqueue stores replies in one transaction and returns their Seqs.
func enqueue(t *testing.T, s record.Store, rs ...*record.Reply) []uint64 {
	t.Helper()
	var seqs []uint64
	update(t, s, func(tx record.Tx) error {
		seqs = seqs[:0]
		for _, r := range rs {
			if err := tx.Enqueue(r); err != nil {
				return err
			}
			seqs = append(seqs, r.Seq)
		}
		return nil
	})
	return seqs
}

// setDelivery stores a delivery state.
func setDelivery(t *testing.T, s record.Store, id string, d record.Delivery) {
	t.Helper()
	update(t, s, func(tx record.Tx) error { return tx.SetDelivery(id, d) })
}

// headIDs returns the ids of PendingHeads(transport, limit).
func headIDs(t *testing.T, s record.Store, transport string, limit int) []string {
	t.Helper()
	var ids []string
	view(t, s, func(tx record.Tx) error {
		rs, err := tx.PendingHeads(transport, limit)
		for _, r := range rs {
			ids = append(ids, r.ID)
		}
		return err
	})
	return ids
}

func testEnqueueSetsSeq(t *testing.T, open Opener) {
	s := fresh(t, open)
	a := enqueue(t, s, pendingReply("r1", alice, t0), pendingReply("r2", bob, t0))
	b := enqueue(t, s, pendingReply("r3", alice, t0))
	all := append(a, b...)
	if len(all) != 3 || all[0] == 0 || !slices.IsSorted(all) || all[0] == all[1] || all[1] == all[2] {
		t.Errorf("Enqueue set Seqs %v, want increasing from 1 on", all)
	}
}

func testEnqueueRefuses(t *testing.T, open Opener) {
	s := fresh(t, open)
	enqueue(t, s, pendingReply("r1", alice, t0))
	cases := []struct {
		name string
		rs   []*record.Reply
	}{
		{"an id enqueued in an earlier transaction", []*record.Reply{pendingReply("r2", alice, t0), pendingReply("r1", bob, t0)}},
		{"an id enqueued in the same transaction", []*record.Reply{pendingReply("r3", alice, t0), pendingReply("r3", bob, t0)}},
		{"no id", []*record.Reply{pendingReply("", alice, t0)}},
		{"no transport", []*record.Reply{pendingReply("r4", record.Identity{Address: "x"}, t0)}},
	}
	for _, c := range cases {
		err := s.Update(t.Context(), func(tx record.Tx) error {
			for _, r := range c.rs {
				if err := tx.Enqueue(r); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			t.Errorf("Enqueue accepted %s", c.name)
		}
	}
	// nothing of the refused transactions was written
	view(t, s, func(tx record.Tx) error {
		n := 0
		err := tx.ForEachReply(func(r *record.Reply) error { n++; return nil })
		if n != 1 {
			t.Errorf("the log holds %d replies after refused enqueues, want 1", n)
		}
		return err
	})
}

func testReplyRoundTrip(t *testing.T, open Opener) {
	s := fresh(t, open)
	full := fullReply("r1", alice)      // delivered and failed: goes to the log only
	pend := pendingReply("r2", bob, t0) // pending: in the outbox
	pend.Delivery = record.Delivery{Attempts: 1, NextTry: t0.Add(time.Hour), LastError: "rate limited"}
	pend.Parts = append(pend.Parts, full.Parts[len(full.Parts)-1])
	seqs := enqueue(t, s, full, pend)
	if full.Seq != seqs[0] || full.Images == nil {
		t.Errorf("Enqueue changed the caller's reply beyond its Seq: Seq %d (want %d), Images %v", full.Seq, seqs[0], full.Images)
	}
	want := map[string]record.Reply{"r1": stored(fullReply("r1", alice), seqs[0]), "r2": stored(pend, seqs[1])}
	view(t, s, func(tx record.Tx) error {
		for id, w := range want {
			got, err := tx.Reply(id)
			if err != nil || !reflect.DeepEqual(*got, w) {
				t.Errorf("Reply(%s) =\n%+v, %v; want\n%+v", id, got, err, w)
			}
		}
		heads, err := tx.PendingHeads(bob.Transport, 0)
		if err != nil || len(heads) != 1 || !reflect.DeepEqual(heads[0], want["r2"]) {
			t.Errorf("PendingHeads = %+v, %v; want [%+v]", heads, err, want["r2"])
		}
		err = tx.ForEachReply(func(r *record.Reply) error {
			if !reflect.DeepEqual(*r, want[r.ID]) {
				t.Errorf("ForEachReply gave\n%+v; want\n%+v", *r, want[r.ID])
			}
			return nil
		})
		if _, err := tx.Reply("r404"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Reply of a missing id: %v, want ErrNotFound", err)
		}
		return err
	})
}

func testPendingHeads(t *testing.T, open Opener) {
	s := fresh(t, open)
	aliceShouting := record.Identity{Transport: alice.Transport, Address: "ALICE@example.org"}
	enqueue(t, s,
		pendingReply("a1", alice, t0), pendingReply("b1", bob, t0), pendingReply("a2", aliceShouting, t0),
		pendingReply("c1", carol, t0), pendingReply("c2", carol, t0), pendingReply("a3", alice, t0))
	check := func(transport string, limit int, want ...string) {
		t.Helper()
		if got := headIDs(t, s, transport, limit); !slices.Equal(got, want) {
			t.Errorf("PendingHeads(%s, %d) = %v, want %v", transport, limit, got, want)
		}
	}
	check("email", 0, "a1", "c1") // one head per recipient, whatever the address's case
	check("email", 1, "a1")
	check("discord", 0, "b1")
	check("console", 0)
	setDelivery(t, s, "a1", record.Delivery{Delivered: t0})
	check("email", 0, "a2", "c1")
	setDelivery(t, s, "c1", record.Delivery{Attempts: 3, Failed: t0, LastError: "550 no such user"})
	check("email", 0, "a2", "c2")
	setDelivery(t, s, "a2", record.Delivery{Attempts: 1, NextTry: t0.Add(time.Hour)}) // still pending
	check("email", 0, "a2", "c2")
	setDelivery(t, s, "a3", record.Delivery{Delivered: t0}) // a reply behind the head
	setDelivery(t, s, "a2", record.Delivery{Delivered: t0})
	check("email", 0, "c2")
	setDelivery(t, s, "a1", record.Delivery{}) // back to pending: back in the outbox, in its place
	check("email", 0, "a1", "c2")
}

func testPendingHeadsFairness(t *testing.T, open Opener) {
	s := fresh(t, open)
	update(t, s, func(tx record.Tx) error {
		for i := range 1000 {
			if err := tx.Enqueue(pendingReply(fmt.Sprintf("a%d", i), alice, t0)); err != nil {
				return err
			}
		}
		if err := tx.Enqueue(pendingReply("c0", carol, t0)); err != nil {
			return err
		}
		return tx.Enqueue(pendingReply("b0", bob, t0))
	})
	if got, want := headIDs(t, s, "email", 2), []string{"a0", "c0"}; !slices.Equal(got, want) {
		t.Errorf("PendingHeads with a busy recipient = %v, want %v", got, want)
	}
	if got, want := headIDs(t, s, "discord", 1), []string{"b0"}; !slices.Equal(got, want) {
		t.Errorf("PendingHeads(discord) = %v, want %v", got, want)
	}
}

// answerTo returns a pending answer (Class Answer) to a recipient.
func answerTo(id string, to record.Identity) *record.Reply {
	r := pendingReply(id, to, t0)
	r.Class = record.Answer
	return r
}

// A recipient's events and answers are two lanes: each has its own head,
// in outbox order; a pending answer (failing, or waiting for its next
// try) never hides the events behind it, and order within a lane holds,
// across a reopening too.
func testPendingHeadsLanes(t *testing.T, open Opener) {
	s, reopen := open(t)
	enqueue(t, s, answerTo("q1", alice), pendingReply("e1", alice, t0), answerTo("q2", alice),
		pendingReply("e2", alice, t0), answerTo("c1", carol))
	check := func(step string, want ...string) {
		t.Helper()
		if got := headIDs(t, s, "email", 0); !slices.Equal(got, want) {
			t.Errorf("%s: PendingHeads = %v, want %v", step, got, want)
		}
	}
	check("enqueued", "q1", "e1", "c1")
	if got, want := headIDs(t, s, "email", 2), []string{"q1", "e1"}; !slices.Equal(got, want) {
		t.Errorf("PendingHeads(email, 2) = %v, want %v", got, want)
	}
	setDelivery(t, s, "q1", record.Delivery{Attempts: 5, NextTry: t0.Add(time.Hour), LastError: "held back"})
	check("the first answer waits", "q1", "e1", "c1")
	setDelivery(t, s, "e1", record.Delivery{Delivered: t0})
	check("the first event delivered", "q1", "e2", "c1")
	setDelivery(t, s, "e2", record.Delivery{Delivered: t0})
	check("the events delivered", "q1", "c1")
	s = reopen() // the lanes are as they were
	check("reopened", "q1", "c1")
	setDelivery(t, s, "q1", record.Delivery{Delivered: t0})
	check("the first answer delivered", "q2", "c1")
	view(t, s, func(tx record.Tx) error {
		r, err := tx.Reply("q2")
		if err == nil && r.Class != record.Answer {
			t.Errorf("Reply(q2).Class = %v, want answer", r.Class)
		}
		return err
	})
}

// PendingLane counts a lane's pending replies and lists the first ones in
// order, within a write transaction too (its own changes count); a Play
// answer goes in its recipient's events lane, never behind the answers.
func testPendingLane(t *testing.T, open Opener) {
	s, reopen := open(t)
	play := pendingReply("p1", alice, t0)
	play.Class = record.Play
	enqueue(t, s, answerTo("q1", alice), pendingReply("e1", alice, t0), answerTo("q2", alice), play,
		answerTo("q3", alice), answerTo("c1", carol))
	answers, events := record.LaneOf(alice, record.Answer), record.LaneOf(alice, record.Event)
	check := func(step, lane string, limit, wantN int, want ...string) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			n, rs, err := tx.PendingLane("email", lane, limit)
			var ids []string
			for _, r := range rs {
				ids = append(ids, r.ID)
			}
			if err != nil || n != wantN || !slices.Equal(ids, want) {
				t.Errorf("%s: PendingLane(%q, %d) = %d, %v, %v; want %d, %v", step, lane, limit, n, ids, err, wantN, want)
			}
			return nil
		})
	}
	check("enqueued", answers, 0, 3)
	check("enqueued", answers, 2, 3, "q1", "q2")
	check("enqueued", events, 5, 2, "e1", "p1")
	check("enqueued", record.LaneOf(carol, record.Answer), 5, 1, "c1")
	check("enqueued", record.LaneOf(bob, record.Answer), 5, 0)
	setDelivery(t, s, "q2", record.Delivery{Delivered: t0})
	setDelivery(t, s, "q1", record.Delivery{Attempts: 1, NextTry: t0.Add(time.Hour)}) // held: still pending
	check("one delivered", answers, 5, 2, "q1", "q3")
	s = reopen()
	check("reopened", answers, 5, 2, "q1", "q3")
	update(t, s, func(tx record.Tx) error {
		if err := tx.Enqueue(answerTo("q4", alice)); err != nil {
			return err
		}
		if err := tx.SetDelivery("q1", record.Delivery{Delivered: t0}); err != nil {
			return err
		}
		n, rs, err := tx.PendingLane("email", answers, 5)
		if err != nil || n != 2 || len(rs) != 2 || rs[0].ID != "q3" || rs[1].ID != "q4" {
			t.Errorf("in a write transaction: PendingLane = %d, %+v, %v; want q3 and q4", n, rs, err)
		}
		return nil
	})
	check("committed", answers, 5, 2, "q3", "q4")
}

func testSetDelivery(t *testing.T, open Opener) {
	s := fresh(t, open)
	enqueue(t, s, pendingReply("r1", alice, t0))
	d := record.Delivery{Attempts: 4, NextTry: t0.Add(time.Minute), LastError: "451", Delivered: t0.Add(time.Hour), Failed: t0.Add(2 * time.Hour)}
	setDelivery(t, s, "r1", d)
	view(t, s, func(tx record.Tx) error {
		r, err := tx.Reply("r1")
		if err != nil || !reflect.DeepEqual(r.Delivery, d) {
			t.Errorf("Delivery = %+v, %v; want %+v", r, err, d)
		}
		return nil
	})
	err := s.Update(t.Context(), func(tx record.Tx) error { return tx.SetDelivery("r404", d) })
	if !errors.Is(err, record.ErrNotFound) {
		t.Errorf("SetDelivery of an unknown reply: %v, want ErrNotFound", err)
	}
}

func testOutboxStats(t *testing.T, open Opener) {
	s := fresh(t, open)
	check := func(wantN int, wantOldest time.Time) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			n, oldest, err := tx.OutboxStats()
			if err != nil || n != wantN || !oldest.Equal(wantOldest) {
				t.Errorf("OutboxStats = %d, %v, %v; want %d, %v", n, oldest, err, wantN, wantOldest)
			}
			return nil
		})
	}
	check(0, time.Time{})
	// the oldest by creation, which need not be the first enqueued
	enqueue(t, s, pendingReply("r1", alice, t0.Add(time.Hour)), pendingReply("r2", bob, t0), pendingReply("r3", alice, t0.Add(2*time.Hour)))
	check(3, t0)
	setDelivery(t, s, "r2", record.Delivery{Delivered: t0})
	check(2, t0.Add(time.Hour))
	setDelivery(t, s, "r1", record.Delivery{Attempts: 1, NextTry: t0}) // still pending
	check(2, t0.Add(time.Hour))
	setDelivery(t, s, "r1", record.Delivery{Failed: t0})
	setDelivery(t, s, "r3", record.Delivery{Delivered: t0})
	check(0, time.Time{})
}

func testForEachReply(t *testing.T, open Opener) {
	s := fresh(t, open)
	enqueue(t, s, pendingReply("r1", alice, t0), pendingReply("r2", bob, t0))
	enqueue(t, s, pendingReply("r0", carol, t0))
	setDelivery(t, s, "r1", record.Delivery{Delivered: t0})
	stop := errors.New("stop")
	view(t, s, func(tx record.Tx) error {
		var ids []string
		var seqs []uint64
		err := tx.ForEachReply(func(r *record.Reply) error {
			ids, seqs = append(ids, r.ID), append(seqs, r.Seq)
			return nil
		})
		if want := []string{"r1", "r2", "r0"}; err != nil || !slices.Equal(ids, want) || !slices.IsSorted(seqs) {
			t.Errorf("ForEachReply visited %v (Seqs %v), %v; want %v", ids, seqs, err, want)
		}
		ids = nil
		err = tx.ForEachReply(func(r *record.Reply) error { ids = append(ids, r.ID); return stop })
		if !errors.Is(err, stop) || len(ids) != 1 {
			t.Errorf("ForEachReply went on after an error: %v, %v", ids, err)
		}
		return nil
	})
}
