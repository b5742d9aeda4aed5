package storage

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

// TestPrepare writes prepared records, and another reply under a prepared
// reply's id as it is, not as prepared.
func TestPrepare(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "prep.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	g := &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"post:a", "post:b"}, Version: 3}
	reply := func(id, text string) record.Reply {
		return record.Reply{ID: id, To: record.Identity{Transport: "post", Address: "a"}, Game: "g1", Cause: "m", Created: at,
			Parts: []record.Part{{Kind: record.Prose, Text: text}}}
	}
	same, changed := reply("m/1", "same"), reply("m/2", "as prepared")
	done := d.Prepare([]*record.Game{g}, []record.Reply{same, changed})
	if n := len(d.prep.replies) + len(d.prep.games); n != 3 {
		t.Fatalf("%d records prepared, want 3", n)
	}
	changed = reply("m/2", "changed after") // the same id, other parts
	err = d.Update(t.Context(), func(tx record.Tx) error {
		for _, r := range []record.Reply{same, changed} {
			if err := tx.Enqueue(&r); err != nil {
				return err
			}
		}
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	done()
	if n := len(d.prep.replies) + len(d.prep.games); n != 0 {
		t.Errorf("%d records still prepared after done", n)
	}
	err = d.View(t.Context(), func(tx record.Tx) error {
		for id, want := range map[string]string{"m/1": "same", "m/2": "changed after"} {
			r, err := tx.Reply(id)
			if err != nil {
				return err
			}
			if got := r.Parts[0].Text; got != want {
				t.Errorf("reply %s says %q, want %q", id, got, want)
			}
		}
		got, err := tx.Game("g1")
		if err == nil && got.Version != 3 {
			t.Errorf("game version %d, want 3", got.Version)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
