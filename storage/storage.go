package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/takbymail/takbot/record"
)

// Version is the schema version this package writes.
const Version = 4

// The buckets of schema 4 (see the package documentation).
var (
	bMeta        = []byte("meta")
	bGames       = []byte("games")
	bGameIndex   = []byte("gameindex")
	bPlayerGames = []byte("playergames")
	bWake        = []byte("wake")
	bGameCounts  = []byte("gamecounts")
	bPlayers     = []byte("players")
	bNames       = []byte("names")
	bProcessed   = []byte("processed")
	bProcTimes   = []byte("processedtimes")
	bLog         = []byte("log")
	bOutboxTimes = []byte("outboxtimes")
	bLogTimes    = []byte("logtimes")
	bState       = []byte("state")
	bTourneys    = []byte("tourneys") // created in files of schema 4 at their next open

	kVersion = []byte("version")
	kPending = []byte("pending") // in meta: the number of replies in the outbox
)

var allBuckets = [][]byte{bMeta, bGames, bGameIndex, bPlayerGames, bWake, bGameCounts, bPlayers, bNames,
	bProcessed, bProcTimes, bLog, bOutboxTimes, bLogTimes, bState, bTourneys}

// ErrNewerSchema is returned when the file was written by a newer takbot.
var ErrNewerSchema = errors.New("database schema is newer than this program")

// ErrInUse is returned by Open when another process holds the file.
var ErrInUse = errors.New("database in use")

// ErrOldSchema marks a file that needs a migration. A read-only Open
// does not return it: it reads such a file through a migrated temporary
// copy, leaving the file as it is.
var ErrOldSchema = errors.New("database schema is older than this program")

// DB is a bbolt-backed record.Store.
type DB struct {
	db    *bolt.DB
	group groupCommit
	prep  prepared
	lanes laneIndex
	// older is set when a read-only Open met an older schema: the file as
	// it is, read through a migrated temporary copy (upgrade.go).
	older *olderFile
}

// Options tunes Open.
type Options struct {
	// Timeout bounds the wait for the file lock held by another process
	// (default 2s).
	Timeout time.Duration
	// ReadOnly opens the file without writing (export, inspection).
	ReadOnly bool
	// MaxBatchSize bounds the updates coalesced into one transaction
	// (default 2000); see batch.go.
	MaxBatchSize int
	// NoSync skips the fsync of each commit: much faster, but a crash of
	// the machine may lose the last commits. For tests only.
	NoSync bool
	// Log receives a line for each migration step, and for the copy of
	// the file taken before the first (upgrade.go); nil logs nothing.
	Log *slog.Logger

	scratch bool // a temporary copy (upgrade.go): migrated without a copy of its own
}

// Open opens or creates the database file and migrates it to Version.
// Every error names the file once. Before bbolt reads the file, every
// page reachable from its meta pages is checked: a damaged file (cut
// short, a page overwritten, its meta pages lost) is refused with an
// error wrapping ErrDamaged (a *DamagedError), never a panic.
func Open(path string, o Options) (*DB, error) {
	d, err := open(path, o)
	if err == nil {
		return d, nil
	}
	var pe *fs.PathError
	var de *DamagedError
	if errors.As(err, &pe) && pe.Path == path || errors.As(err, &de) {
		return nil, err // it names the file already
	}
	return nil, fmt.Errorf("open %s: %w", path, err)
}

// errInUse is the error of a file another process holds.
func errInUse() error {
	return fmt.Errorf("%w: another process (a running takbot?) holds it; bbolt lets one process open a file, so back up from that process or stop it first", ErrInUse)
}

func open(path string, o Options) (*DB, error) {
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Second
	}
	// The freelist is written at every commit: rebuilding it at open reads
	// every page of the file (90 ms for a year of play, measured by
	// internal/yearbench), against 0.3 ms to read it. A hash-map freelist
	// allocates fast.
	f, err := openChecked(path, o.ReadOnly, o.Timeout)
	if err != nil {
		return nil, err
	}
	var bdb *bolt.DB
	err = guardOpen(path, func() error {
		var err error
		bdb, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: o.Timeout, ReadOnly: o.ReadOnly,
			FreelistType: bolt.FreelistMapType,
			// the file checked and locked above: bbolt locks it again at once
			OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil }})
		return err
	})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, errInUse()
	}
	if err != nil {
		f.Close() // bbolt closed it already, unless it panicked
		return nil, err
	}
	bdb.NoSync = o.NoSync
	d := &DB{db: bdb, group: groupCommit{max: 2000}}
	if o.MaxBatchSize > 0 {
		d.group.max = o.MaxBatchSize
	}
	err = guardOpen(path, func() error {
		if o.ReadOnly {
			return d.checkReadOnly()
		}
		if o.scratch {
			return d.migrate("", nil)
		}
		return d.migrate(path, o.Log)
	})
	if errors.Is(err, ErrOldSchema) {
		// read through a migrated copy; the file stays as it is
		return openOlder(path, bdb, o)
	}
	var de *DamagedError
	if errors.Is(err, ErrCorrupt) && !errors.As(err, &de) {
		err = &DamagedError{Path: path, Problems: []string{err.Error()}} // the schema version or a bucket
	}
	if err == nil {
		err = guardOpen(path, func() error { return bdb.View(d.lanes.load) })
	}
	if err != nil {
		bdb.Close()
		return nil, err
	}
	return d, nil
}

// checkReadOnly refuses a file a read-only Open cannot use.
func (d *DB) checkReadOnly() error {
	v, err := d.SchemaVersion()
	switch {
	case err != nil:
		return err
	case v > Version:
		return fmt.Errorf("version %d, this program knows %d: %w", v, Version, ErrNewerSchema)
	case v < Version:
		return fmt.Errorf("read-only: version %d, want %d (open it once read-write to migrate): %w", v, Version, ErrOldSchema)
	}
	return nil
}

// Close closes the file (and removes the temporary copy of an older
// schema's file opened read-only).
func (d *DB) Close() error {
	err := d.db.Close()
	if d.older != nil {
		err = errors.Join(err, d.older.close())
	}
	return err
}

// Bolt returns the underlying bbolt handle (for tools and tests).
func (d *DB) Bolt() *bolt.DB { return d.db }

// SchemaVersion returns the version recorded in the file (0 for a new
// file); for an older file opened read-only, the version it has on disk.
func (d *DB) SchemaVersion() (int, error) {
	if d.older != nil {
		return d.older.version, nil
	}
	v := 0
	err := d.db.View(func(tx *bolt.Tx) error {
		var err error
		v, err = readVersion(tx)
		return err
	})
	return v, err
}

func readVersion(tx *bolt.Tx) (int, error) {
	b := tx.Bucket(bMeta)
	if b == nil {
		return 0, nil
	}
	raw := b.Get(kVersion)
	if raw == nil {
		return 0, nil
	}
	v, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, fmt.Errorf("%w: bad schema version %q: %w", ErrCorrupt, raw, err)
	}
	return v, nil
}

// View implements record.Store.
func (d *DB) View(ctx context.Context, fn func(record.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.db.View(func(tx *bolt.Tx) error { return fn(&txn{tx: tx, lanes: &d.lanes}) })
}

// Update implements record.Store with a group commit (batch.go), which
// coalesces concurrent updates into one transaction and may run fn more
// than once.
func (d *DB) Update(ctx context.Context, fn func(record.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.batch(func(tx *bolt.Tx) error { return fn(&txn{tx: tx, prep: &d.prep, lanes: &d.lanes}) })
}

var (
	_ record.Store    = (*DB)(nil)
	_ record.Preparer = (*DB)(nil)
)
