package storage

import (
	"errors"
	"fmt"
	"os"

	bolt "go.etcd.io/bbolt"
)

// Reading an older schema without migrating it.
//
// A read-only Open (db check, backup, export) of a file of an older
// schema leaves the file as it is: it copies it, in one read transaction
// of the file, to a temporary file, migrates the copy there and reads the
// copy. The file stays open read-only meanwhile (its shared lock keeps a
// takbot from opening it for writing), Backup copies the file itself, in
// its own schema, and Check checks the file's pages and the copy's
// records. Close removes the copy.

// olderFile is a file of an older schema opened read-only.
type olderFile struct {
	db      *bolt.DB // the file itself, read-only
	version int      // its schema version
	tmp     string   // the migrated copy's path
}

// close closes the file and removes the copy.
func (o *olderFile) close() error {
	return errors.Join(o.db.Close(), os.Remove(o.tmp))
}

// openOlder reads the file at path, open read-only in orig, through a
// migrated temporary copy. It closes orig on failure.
func openOlder(path string, orig *bolt.DB, o Options) (*DB, error) {
	var version int
	err := orig.View(func(tx *bolt.Tx) error {
		var err error
		version, err = readVersion(tx)
		return err
	})
	if err != nil {
		orig.Close()
		return nil, err
	}
	tmp, err := os.CreateTemp("", "takbot-schema"+fmt.Sprint(version)+"-*.db")
	if err != nil {
		orig.Close()
		return nil, fmt.Errorf("read schema %d without migrating the file: %w", version, err)
	}
	err = orig.View(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(tmp)
		return err
	})
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	fail := func(err error) (*DB, error) {
		orig.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("read schema %d through a migrated copy %s: %w", version, tmp.Name(), err)
	}
	if err != nil {
		return fail(err)
	}
	// The copy is migrated without a copy of its own, without logs and
	// without syncs: it is thrown away at Close.
	d, err := open(tmp.Name(), Options{Timeout: o.Timeout, MaxBatchSize: o.MaxBatchSize, NoSync: true, scratch: true})
	if err != nil {
		return fail(err)
	}
	d.older = &olderFile{db: orig, version: version, tmp: tmp.Name()}
	return d, nil
}
