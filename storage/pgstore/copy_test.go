package pgstore_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/storage/pgstore"
	"github.com/takbymail/takbot/tak"
)

var t0 = time.Date(2026, 11, 21, 9, 30, 15, 123456789, time.UTC)

// fill writes records of every kind into s: games (with and without a
// wake), players, processed messages, replies pending, delivered and
// failed, with a pruned gap in the sequence, and adapter state.
func fill(t *testing.T, s record.Store) storage.Counts {
	t.Helper()
	ids := []record.Identity{{Transport: "email", Address: "alice@example.org"},
		{Transport: "discord", Address: "1234567890"}, {Transport: "email", Address: "carol@example.org"}}
	err := s.Update(t.Context(), func(tx record.Tx) error {
		for i, id := range ids {
			p := &record.Player{Key: id.Key(), Identity: id, Name: fmt.Sprintf("Player%d", i), Created: t0}
			if err := tx.PutPlayer(p); err != nil {
				return err
			}
		}
		for i := range 7 {
			gid, err := tx.NewGameID()
			if err != nil {
				return err
			}
			g := &record.Game{ID: gid, Status: record.Active, Players: [2]string{ids[i%3].Key(), ids[(i+1)%3].Key()},
				Config: tak.DefaultConfig(5), Created: t0, Updated: t0,
				Moves: []record.Move{{PTN: "a1", At: t0.Truncate(time.Second)}}}
			if i%2 == 0 {
				g.Wake = t0.Add(time.Duration(i) * time.Hour)
			}
			if i == 6 {
				g.Status = record.Over
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		for i := range 40 {
			cause := fmt.Sprintf("email:<m%d@example.org>", i)
			r := &record.Reply{ID: fmt.Sprintf("%s/%d", cause, i), To: ids[i%3], Cause: cause,
				Created: t0.Add(time.Duration(i) * time.Minute), Subject: "Tak game g1",
				Parts: []record.Part{{Kind: record.Prose, Text: fmt.Sprintf("reply %d: alice played a1", i)}}}
			if i%4 == 1 {
				r.Class = record.Answer
			}
			if err := tx.Enqueue(r); err != nil {
				return err
			}
			if err := tx.MarkProcessed(&record.Processed{ID: cause, At: r.Created, Replies: []string{r.ID}}); err != nil {
				return err
			}
			var err error
			switch i % 5 {
			case 0, 1:
				err = tx.SetDelivery(r.ID, record.Delivery{Delivered: r.Created.Add(time.Second), Attempts: 1})
			case 2:
				err = tx.SetDelivery(r.ID, record.Delivery{Failed: t0, Attempts: 9, LastError: "550 no such user"})
			case 3:
				err = tx.SetDelivery(r.ID, record.Delivery{Attempts: 2, NextTry: t0.Add(time.Hour), LastError: "451"})
			}
			if err != nil {
				return err
			}
		}
		for _, kv := range [][3]string{{"email", "uidvalidity", "17"}, {"email", "cursor\x00bin", "\x00\xff"},
			{"discord", "gateway", "session 9"}, {"email", "empty", ""}} {
			if err := tx.PutState(kv[0], kv[1], []byte(kv[2])); err != nil {
				return err
			}
		}
		ev := &record.Tourney{Name: "Spring", Organiser: ids[0].Key(), Format: "swiss", Rounds: 3, Status: record.TourneyRunning, Created: t0,
			Entrants: []record.Entrant{{Key: ids[0].Key(), Name: "Player0", Rating: 1500}, {Key: ids[1].Key(), Name: "Player1", WithdrawnFrom: 2}},
			Schedule: []record.TourneyRound{{Number: 1, Boards: []record.Board{{White: ids[0].Key(), Black: ids[1].Key(), Game: "g1", Result: "1-0"}}}},
			Round:    1, History: []record.TourneyAction{{At: t0, By: ids[0].Key(), What: "created"}}}
		return tx.PutTourney(ev)
	})
	if err != nil {
		t.Fatal(err)
	}
	// old delivered replies and messages pruned: gaps in the sequence
	err = s.Update(t.Context(), func(tx record.Tx) error { _, err := tx.Prune(t0.Add(5*time.Minute), 0); return err })
	if err != nil {
		t.Fatal(err)
	}
	var c storage.Counts
	err = s.View(t.Context(), func(tx record.Tx) error {
		c.Games, c.Players, c.State, c.Tourneys = 7, 3, 4, 1
		return tx.ForEachReply(func(*record.Reply) error { c.Replies++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	c.Processed, c.GameCounter, c.ReplyCounter = 35, 7, 40 // m0..m4 pruned
	return c
}

// heads lists the pending heads of a transport.
func heads(t *testing.T, s record.Store, transport string) []string {
	t.Helper()
	var ids []string
	err := s.View(t.Context(), func(tx record.Tx) error {
		rs, err := tx.PendingHeads(transport, 0)
		for _, r := range rs {
			ids = append(ids, r.ID)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// A bbolt file copied to PostgreSQL and back holds the same records,
// counters and lanes, and both copies go on numbering where it stopped.
func TestCopyBothWays(t *testing.T) {
	dir := t.TempDir()
	src, err := storage.Open(filepath.Join(dir, "src.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	want := fill(t, src)
	pg := open(t, pgtest.NewDatabase(t), pgstore.Options{})
	got, err := storage.Copy(t.Context(), src, pg)
	if err != nil || got != want {
		t.Fatalf("copy to PostgreSQL: %v, %v; want %v", got, err, want)
	}
	back, err := storage.Open(filepath.Join(dir, "back.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if got, err = storage.Copy(t.Context(), pg, back); err != nil || got != want {
		t.Fatalf("copy back to bbolt: %v, %v; want %v", got, err, want)
	}
	for _, transport := range []string{"email", "discord"} {
		h := heads(t, src, transport)
		if len(h) == 0 || !slices.Equal(heads(t, pg, transport), h) || !slices.Equal(heads(t, back, transport), h) {
			t.Errorf("PendingHeads(%s): source %v, PostgreSQL %v, back %v", transport, h, heads(t, pg, transport), heads(t, back, transport))
		}
	}
	for name, s := range map[string]record.Store{"PostgreSQL": pg, "bbolt": back} {
		err := s.Update(t.Context(), func(tx record.Tx) error {
			id, err := tx.NewGameID()
			if err != nil || id != "g8" {
				t.Errorf("%s: NewGameID after the copy = %s, %v; want g8", name, id, err)
			}
			r := &record.Reply{ID: "new", To: record.Identity{Transport: "email", Address: "x@example.org"}, Created: t0}
			if err := tx.Enqueue(r); err != nil || r.Seq != 41 {
				t.Errorf("%s: Enqueue after the copy: Seq %d, %v; want 41", name, r.Seq, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// the same copy again is refused: the targets are not empty
	if _, err := storage.Copy(t.Context(), src, pg); err == nil {
		t.Error("a copy into a database holding records succeeded")
	}
	if _, err := storage.Copy(context.Background(), src, back); err == nil {
		t.Error("a copy into a bbolt file holding records succeeded")
	}
}
