package storage_test

import (
	"path/filepath"
	"testing"

	"github.com/takbymail/takbot/bot/storetest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// open opens path, closing it at the end of the test.
func open(t testing.TB, path string) *storage.DB {
	t.Helper()
	return openWith(t, path, storage.Options{})
}

// openWith opens path with options, closing it at the end of the test.
func openWith(t testing.TB, path string, o storage.Options) *storage.DB {
	t.Helper()
	db, err := storage.Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (record.Store, func() record.Store) {
		path := filepath.Join(t.TempDir(), "takbot.db")
		fast := storage.Options{NoSync: true} // a reopen still reads the file back
		db := openWith(t, path, fast)
		return db, func() record.Store {
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			db = openWith(t, path, fast)
			return db
		}
	})
}
