package pgstore_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage/pgstore"
)

// Updates queued while one runs are committed together, each behind its
// own savepoint: one that fails, and one that goes on after a failed
// statement as if nothing happened, are rolled back alone, their ids
// given to the next; the others commit.
func TestBatchRollsBackOnlyTheFailed(t *testing.T) {
	s := open(t, pgtest.NewDatabase(t), pgstore.Options{})
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	enqueue := func(tx record.Tx, id string) (uint64, error) {
		r := &record.Reply{ID: id, To: ann, Created: time.Now().UTC()}
		err := tx.Enqueue(r)
		return r.Seq, err
	}
	if err := s.Update(t.Context(), func(tx record.Tx) error { _, err := enqueue(tx, "taken"); return err }); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	holding := make(chan struct{})
	go s.Update(t.Context(), func(tx record.Tx) error { // holds the committer while the others queue
		close(holding)
		<-release
		return nil
	})
	<-holding
	boom := errors.New("boom")
	kinds := []string{"ok", "fails", "ok", "swallows", "ok"}
	errs := make([]error, len(kinds))
	var wg sync.WaitGroup
	for i, kind := range kinds {
		wg.Go(func() {
			errs[i] = s.Update(context.Background(), func(tx record.Tx) error {
				if _, err := tx.NewGameID(); err != nil {
					return err
				}
				if _, err := enqueue(tx, fmt.Sprintf("%s-%d", kind, i)); err != nil {
					return err
				}
				switch kind {
				case "fails":
					return boom
				case "swallows":
					enqueue(tx, "taken") // a duplicate: its error ignored
				}
				return nil
			})
		})
	}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for pgstore.Queued(s) < len(kinds) { // the five queue behind the one holding the committer
		<-tick.C
	}
	close(release)
	wg.Wait()
	for i, kind := range kinds {
		switch {
		case kind == "ok" && errs[i] != nil:
			t.Errorf("update %d (%s): %v", i, kind, errs[i])
		case kind == "fails" && !errors.Is(errs[i], boom):
			t.Errorf("update %d (fails): %v, want its own error", i, errs[i])
		case kind == "swallows" && !errors.Is(errs[i], pgstore.ErrDuplicateReply):
			t.Errorf("update %d (swallows): %v, want ErrDuplicateReply", i, errs[i])
		}
	}
	err := s.View(t.Context(), func(tx record.Tx) error {
		var ids []string
		var seqs []uint64
		err := tx.ForEachReply(func(r *record.Reply) error { ids, seqs = append(ids, r.ID), append(seqs, r.Seq); return nil })
		slices.Sort(ids)
		if want := "[ok-0 ok-2 ok-4 taken]"; fmt.Sprint(ids) != want || fmt.Sprint(seqs) != "[1 2 3 4]" {
			t.Errorf("the log holds %v (seqs %v), want %s numbered without gaps", ids, seqs, want)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(t.Context(), func(tx record.Tx) error {
		id, err := tx.NewGameID()
		if id != "g4" {
			t.Errorf("NewGameID after three committed = %s, want g4", id)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A record that cannot be decoded is skipped by the walks, which then
// return an error wrapping record.ErrDamagedRecord, and named by the reads.
func TestDamagedRecords(t *testing.T) {
	dsn := pgtest.NewDatabase(t)
	s := open(t, dsn, pgstore.Options{})
	bob := record.Identity{Transport: "email", Address: "bob@example.org"}
	carol := record.Identity{Transport: "email", Address: "carol@example.org"}
	err := s.Update(t.Context(), func(tx record.Tx) error {
		for _, id := range []string{"g1", "g2", "g3"} {
			if err := tx.PutGame(&record.Game{ID: id, Status: record.Active}); err != nil {
				return err
			}
		}
		for _, r := range []*record.Reply{{ID: "r1", To: bob}, {ID: "r2", To: carol}} {
			if err := tx.Enqueue(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, q := range []string{`UPDATE takbot_games SET data = '\x7b6e6f'::bytea WHERE id = 'g2'::bytea`,
		`UPDATE takbot_replies SET data = '\x09'::bytea WHERE id = 'r1'::bytea`} {
		if _, err := conn.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	err = s.View(t.Context(), func(tx record.Tx) error {
		var ids []string
		err := tx.ForEachGame(func(g *record.Game) error { ids = append(ids, g.ID); return nil })
		var de *record.DamagedRecordError
		if fmt.Sprint(ids) != "[g1 g3]" || !errors.Is(err, record.ErrDamagedRecord) || !errors.As(err, &de) || de.Key != "g2" {
			t.Errorf("ForEachGame visited %v, %v; want g1 and g3, and g2 damaged", ids, err)
		}
		if _, err := tx.Game("g2"); !errors.Is(err, record.ErrDamagedRecord) {
			t.Errorf("Game(g2): %v, want ErrDamagedRecord", err)
		}
		heads, err := tx.PendingHeads("email", 0)
		if len(heads) != 1 || heads[0].ID != "r2" || !errors.Is(err, record.ErrDamagedRecord) {
			t.Errorf("PendingHeads = %v, %v; want r2, and r1 damaged", heads, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
