package storage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

func open(t *testing.T, path string) *storage.DB {
	t.Helper()
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestNewFileHasCurrentVersion(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "x.db"))
	v, err := db.SchemaVersion()
	if err != nil || v != storage.Version {
		t.Fatalf("version %d, %v; want %d", v, err, storage.Version)
	}
}

// TestMigrateFromVersion1 writes a file in the version 1 layout (games and
// players, no indexes) and checks that Open migrates it.
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := bot.GameRecord{ID: "g7", Status: bot.Active, Players: [2]string{"email:ann@example.org", "console:bob"},
		Config: tak.DefaultConfig(5), Days: 3, Deadline: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)}
	err = raw.Update(func(tx *bolt.Tx) error {
		meta, _ := tx.CreateBucket([]byte("meta"))
		meta.Put([]byte("version"), []byte("1"))
		games, _ := tx.CreateBucket([]byte("games"))
		b, _ := json.Marshal(g)
		games.Put([]byte("g7"), b)
		_, err := tx.CreateBucket([]byte("players"))
		return err
	})
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	db := open(t, path)
	if v, _ := db.SchemaVersion(); v != storage.Version {
		t.Fatalf("version after migration %d, want %d", v, storage.Version)
	}
	err = db.View(context.Background(), func(tx bot.Tx) error {
		ids, err := tx.GamesOf("console:bob")
		if err != nil || len(ids) != 1 || ids[0] != "g7" {
			t.Errorf("GamesOf = %v, %v; want [g7]", ids, err)
		}
		act, err := tx.ActiveGames()
		if err != nil || len(act) != 1 {
			t.Errorf("ActiveGames = %v, %v", act, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v9.db")
	raw, _ := bolt.Open(path, 0o600, nil)
	raw.Update(func(tx *bolt.Tx) error {
		meta, _ := tx.CreateBucket([]byte("meta"))
		return meta.Put([]byte("version"), []byte("9"))
	})
	raw.Close()
	if _, err := storage.Open(path, storage.Options{}); !errors.Is(err, storage.ErrNewerSchema) {
		t.Fatalf("open v9: %v, want ErrNewerSchema", err)
	}
}

func TestOutboxAndProcessed(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "o.db"))
	at := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	err := db.Update(ctx, func(tx bot.Tx) error {
		if err := tx.MarkProcessed(&bot.ProcessedRecord{ID: "m1", At: at}); err != nil {
			return err
		}
		for i, to := range []bot.Identity{{Transport: "console", Address: "a"}, {Transport: "email", Address: "b@x.org"}, {Transport: "console", Address: "c"}} {
			r := &bot.Reply{ID: "m1/" + string(rune('1'+i)), To: to, Text: "hi"}
			if err := tx.Enqueue(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var pend []bot.Reply
	db.View(ctx, func(tx bot.Tx) error {
		if _, err := tx.Processed("m1"); err != nil {
			t.Errorf("m1 not processed: %v", err)
		}
		if _, err := tx.Processed("m2"); !errors.Is(err, bot.ErrNotFound) {
			t.Errorf("m2: %v, want ErrNotFound", err)
		}
		pend, _ = tx.Pending("console", 0)
		return nil
	})
	if len(pend) != 2 || pend[0].ID != "m1/1" || pend[1].ID != "m1/3" {
		t.Fatalf("pending console = %+v", pend)
	}
	if err := db.Update(ctx, func(tx bot.Tx) error { return tx.MarkDelivered("m1/1", at) }); err != nil {
		t.Fatal(err)
	}
	n := 0
	db.View(ctx, func(tx bot.Tx) error {
		pend, _ = tx.Pending("console", 0)
		return tx.ForEachReply(func(r *bot.Reply) error { n++; return nil })
	})
	if len(pend) != 1 || n != 3 {
		t.Fatalf("after delivery: %d pending, %d logged; want 1 and 3", len(pend), n)
	}
	// Enqueueing the same reply id twice is refused, and the transaction rolls back.
	err = db.Update(ctx, func(tx bot.Tx) error {
		return tx.Enqueue(&bot.Reply{ID: "m1/2", To: bot.Identity{Transport: "console", Address: "a"}})
	})
	if err == nil {
		t.Fatal("duplicate reply id accepted")
	}
}

func TestBackupIsAnOpenableCopy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := open(t, filepath.Join(dir, "a.db"))
	db.Update(ctx, func(tx bot.Tx) error { return tx.MarkProcessed(&bot.ProcessedRecord{ID: "m9"}) })
	var buf bytes.Buffer
	if n, err := db.Backup(&buf); err != nil || n == 0 {
		t.Fatalf("backup: %d, %v", n, err)
	}
	out := filepath.Join(dir, "b.db")
	if _, err := db.BackupFile(out); err != nil {
		t.Fatal(err)
	}
	cp, err := storage.Open(out, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	cp.View(ctx, func(tx bot.Tx) error {
		if _, err := tx.Processed("m9"); err != nil {
			t.Errorf("backup lacks m9: %v", err)
		}
		return nil
	})
}

func TestOpenLockedFileSaysInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.db")
	open(t, path)
	// bbolt's lock is per open file description, so a second Open in this
	// process meets it as another process would.
	_, err := storage.Open(path, storage.Options{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, storage.ErrInUse) {
		t.Fatalf("second open: %v, want ErrInUse", err)
	}
}

// TestHotBackup copies the database while another goroutine keeps writing:
// the copy opens and holds a consistent prefix of the writes.
func TestHotBackup(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := open(t, filepath.Join(dir, "hot.db"))
	stop := make(chan struct{})
	done := make(chan int)
	var progress atomic.Int64
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				done <- n
				return
			default:
			}
			id := fmt.Sprintf("m%06d", n)
			if err := db.Update(ctx, func(tx bot.Tx) error { return tx.MarkProcessed(&bot.ProcessedRecord{ID: id}) }); err != nil {
				t.Error(err)
			}
			n++
			progress.Store(int64(n))
		}
	}()
	var copies []string
	for i := 0; i < 3; i++ {
		// Back up while the writer is between commits of its stream.
		for want := int64(2 * (i + 1)); progress.Load() < want; {
			runtime.Gosched()
		}
		out := filepath.Join(dir, fmt.Sprintf("copy%d.db", i))
		if _, err := db.BackupFile(out); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, out)
	}
	close(stop)
	written := <-done
	for _, c := range copies {
		cp, err := storage.Open(c, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		// Every id below the highest one present must be there too.
		hi := -1
		for i := written - 1; i >= 0; i-- {
			found := false
			cp.View(ctx, func(tx bot.Tx) error {
				_, err := tx.Processed(fmt.Sprintf("m%06d", i))
				found = err == nil
				return nil
			})
			if found && hi < 0 {
				hi = i
			}
			if hi >= 0 && !found {
				t.Errorf("%s: has m%06d but not m%06d", c, hi, i)
				break
			}
		}
		cp.Close()
	}
}
