package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the database to w while it stays in
// use (a bbolt read transaction), and returns the bytes written. The copy
// of a file of an older schema opened read-only is that file, in its own
// schema, not the migrated copy read meanwhile.
func (d *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	src := d.db
	if d.older != nil {
		src = d.older.db
	}
	err := src.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a backup to path atomically (a temporary file renamed).
func (d *DB) BackupFile(path string) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".takbot-backup-*")
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(tmp.Name())
	n, err := d.Backup(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	return n, nil
}
