package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// TestDBCopy: "takbot db copy" moves a bbolt file into PostgreSQL and
// back, reporting the counts it verified; a copy into a database that
// holds records and a bbolt source held by another process are refused.
func TestDBCopy(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	db, err := storage.Open(src, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 28, 7, 0, 0, 0, time.UTC)
	ann := record.Identity{Transport: "email", Address: "ann@example.test"}
	err = db.Update(context.Background(), func(tx record.Tx) error {
		id, err := tx.NewGameID()
		if err != nil {
			return err
		}
		steps := []func() error{
			func() error {
				return tx.PutGame(&record.Game{ID: id, Status: record.Active, Players: [2]string{ann.Key(), "engine:takbot"}, Wake: at,
					Config: tak.DefaultConfig(5), Created: at, Updated: at})
			},
			func() error {
				return tx.PutPlayer(&record.Player{Key: ann.Key(), Identity: ann, Name: "Ann", Created: at})
			},
			func() error {
				return tx.MarkProcessed(&record.Processed{ID: "email:<1@x>", At: at, Replies: []string{"email:<1@x>/1"}})
			},
			func() error {
				return tx.Enqueue(&record.Reply{ID: "email:<1@x>/1", To: ann, Cause: "email:<1@x>", Created: at,
					Parts: []record.Part{{Kind: record.Prose, Text: "Game g1 begins."}}})
			},
			func() error { return tx.PutState("email", "uidvalidity", []byte("7")) },
		}
		for _, step := range steps {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// held by a running takbot: refused
	if code, _, stderr := runTakbot(t, "db", "copy", src, pgtest.NewDatabaseURL(t)); code != 1 || !strings.Contains(stderr, "stop the takbot using it first") {
		t.Errorf("copying a file in use: exit %d, %s", code, stderr)
	}
	db.Close()

	url := pgtest.NewDatabaseURL(t)
	const counts = "1 games, 1 players, 1 processed messages, 1 replies, 1 adapter state keys; counters: game 1, reply 1"
	code, stdout, stderr := runTakbot(t, "db", "copy", src, url)
	if code != 0 || !strings.Contains(stdout, "copied and read back: "+counts) {
		t.Fatalf("db copy to PostgreSQL: exit %d\n%s%s", code, stdout, stderr)
	}
	back := filepath.Join(dir, "back.db")
	code, stdout, stderr = runTakbot(t, "db", "copy", url, back)
	if code != 0 || !strings.Contains(stdout, "copied and read back: "+counts) {
		t.Fatalf("db copy back to bbolt: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr = runTakbot(t, "db", "copy", src, url); code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("copying into a database that holds records: exit %d, %s", code, stderr)
	}
	if code, _, stderr = runTakbot(t, "db", "copy", src); code != 2 || !strings.Contains(stderr, "usage: takbot db copy FROM TO") {
		t.Errorf("db copy with one argument: exit %d, %s", code, stderr)
	}
	// the file copied back reads as the source: db check finds it sound
	if code, stdout, stderr := runTakbot(t, "db", "check", back); code != 0 {
		t.Errorf("db check of the file copied back: exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestRedactDSN(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://takbot:s3cret@db.example.org/takbot": "postgres://takbot:xxxxx@db.example.org/takbot",
		"postgresql://takbot@db/takbot":                  "postgresql://takbot@db/takbot",
		"/var/lib/takbot/takbot.db":                      "/var/lib/takbot/takbot.db",
	} {
		if got := redactDSN(in); got != want {
			t.Errorf("redactDSN(%q) = %q, want %q", in, got, want)
		}
	}
}
