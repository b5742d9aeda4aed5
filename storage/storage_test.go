package storage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

func TestNewFileHasCurrentVersion(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "x.db"))
	v, err := db.SchemaVersion()
	if err != nil || v != storage.Version {
		t.Fatalf("version %d, %v; want %d", v, err, storage.Version)
	}
}

// writeRaw creates a file with bbolt directly, as an older takbot left it.
func writeRaw(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = raw.Update(fn)
	if cerr := raw.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// putAll creates bucket name and puts the pairs key, value, ... in it.
func putAll(tx *bolt.Tx, name string, kv ...string) error {
	b, err := tx.CreateBucketIfNotExists([]byte(name))
	if err != nil {
		return err
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := b.Put([]byte(kv[i]), []byte(kv[i+1])); err != nil {
			return err
		}
	}
	return nil
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v9.db")
	writeRaw(t, path, func(tx *bolt.Tx) error { return putAll(tx, "meta", "version", "9") })
	for _, ro := range []bool{false, true} {
		if _, err := storage.Open(path, storage.Options{ReadOnly: ro}); !errors.Is(err, storage.ErrNewerSchema) {
			t.Errorf("open v9 (read-only %v): %v, want ErrNewerSchema", ro, err)
		}
	}
}

// TestOpenErrorsNameTheFileOnce checks every failure of Open names the
// file exactly once.
func TestOpenErrorsNameTheFileOnce(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("not a database "), 1000), 0o600); err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "newer.db")
	writeRaw(t, newer, func(tx *bolt.Tx) error { return putAll(tx, "meta", "version", "9") })
	locked := filepath.Join(dir, "locked.db")
	open(t, locked)
	cases := []struct {
		name, path string
		o          storage.Options
	}{
		{"no such directory", filepath.Join(dir, "missing", "y.db"), storage.Options{}},
		{"a directory", dir, storage.Options{}},
		{"not a database", garbage, storage.Options{}},
		{"newer schema", newer, storage.Options{}},
		{"in use", locked, storage.Options{Timeout: 20 * time.Millisecond}},
		{"read-only and missing", filepath.Join(dir, "none.db"), storage.Options{ReadOnly: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db, err := storage.Open(c.path, c.o)
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded")
			}
			t.Log(err)
			if n := strings.Count(err.Error(), c.path); n != 1 {
				t.Errorf("the error names %s %d times: %v", c.path, n, err)
			}
		})
	}
}

// TestMigrateFromVersion1 writes a file in the version 1 layout (games and
// players, no indexes) and checks that Open migrates it through version 2.
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	game := `{"ID":"g7","Status":"active","Players":["email:ann@example.org","console:bob"],"Challenger":0,` +
		`"Config":{"Size":5,"Stones":[21,21],"Caps":[1,1]},"Scoring":"","Style":"street","Days":3,` +
		`"TurnStart":"2026-11-21T00:00:00Z","Deadline":"2026-11-24T00:00:00Z","Moves":["a1@1795000000"]}`
	writeRaw(t, path, func(tx *bolt.Tx) error {
		return errors.Join(putAll(tx, "meta", "version", "1"), putAll(tx, "games", "g7", game), putAll(tx, "players"))
	})
	db := open(t, path)
	if v, _ := db.SchemaVersion(); v != storage.Version {
		t.Fatalf("version after migration %d, want %d", v, storage.Version)
	}
	err := db.View(context.Background(), func(tx record.Tx) error {
		ids, err := tx.GamesOf("console:bob")
		if err != nil || len(ids) != 1 || ids[0] != "g7" {
			t.Errorf("GamesOf = %v, %v; want [g7]", ids, err)
		}
		due, err := tx.DueGames(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), 0)
		if err != nil || len(due) != 1 {
			t.Errorf("DueGames = %v, %v; want [g7]", due, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestBackupIsAnOpenableCopy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := open(t, filepath.Join(dir, "a.db"))
	if err := db.Update(ctx, func(tx record.Tx) error { return tx.MarkProcessed(&record.Processed{ID: "m9"}) }); err != nil {
		t.Fatal(err)
	}
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
	err = cp.View(ctx, func(tx record.Tx) error {
		_, err := tx.Processed("m9")
		return err
	})
	if err != nil {
		t.Errorf("backup lacks m9: %v", err)
	}
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
			if err := db.Update(ctx, func(tx record.Tx) error { return tx.MarkProcessed(&record.Processed{ID: id}) }); err != nil {
				t.Error(err)
			}
			n++
			progress.Store(int64(n))
		}
	}()
	var copies []string
	for i := range 3 {
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
			cp.View(ctx, func(tx record.Tx) error {
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
