package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// migration moves a file from version From to From+1 inside one transaction.
type migration struct {
	From int
	What string
	Run  func(tx *bolt.Tx) error
}

// migrations is the migration table, in order. A new, empty file (version
// 0) gets the current layout at once.
var migrations = []migration{
	{1, "index games by player and by running clock", migrate1to2},
	{2, "compact replies and index wakes, statuses, names, recipients' queues and processed messages by time", migrate2to3},
	{3, "keep the recipients' queues in memory and the reply ids beside the processed messages", migrate3to4},
}

// The buckets of schema 3 that schema 4 dropped.
var (
	bOutbox3   = []byte("outbox")
	bHeads3    = []byte("heads")
	bReplyIDs3 = []byte("replyids")
)

// migrate3to4 drops the buckets of the recipients' queues and their heads
// (schema 4 rebuilds them in memory at open from the outbox's time index
// and the replies' headers, lanes.go), tags the keys of the processed
// records and moves the reply ids beside them (processed.go).
func migrate3to4(tx *bolt.Tx) error {
	processed := tx.Bucket(bProcessed)
	if processed == nil {
		return fmt.Errorf("%w: bucket %s missing", ErrCorrupt, bProcessed)
	}
	type entry struct{ k, v []byte }
	var entries []entry
	add := func(b *bolt.Bucket, tag byte) error {
		return b.ForEach(func(k, v []byte) error {
			entries = append(entries, entry{append(bytes.Clone(k), tag), bytes.Clone(v)})
			return nil
		})
	}
	if err := add(processed, tagProcessed); err != nil {
		return err
	}
	if ids := tx.Bucket(bReplyIDs3); ids != nil {
		if err := add(ids, tagReply); err != nil {
			return err
		}
	}
	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.k, b.k) })
	if err := tx.DeleteBucket(bProcessed); err != nil {
		return err
	}
	fresh, err := tx.CreateBucket(bProcessed)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := fresh.Put(e.k, e.v); err != nil {
			return err
		}
	}
	for _, name := range [][]byte{bOutbox3, bHeads3, bReplyIDs3} {
		if err := tx.DeleteBucket(name); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return fmt.Errorf("drop bucket %s: %w", name, err)
		}
	}
	return nil
}

// createBuckets creates the buckets of the current layout that are missing.
func createBuckets(tx *bolt.Tx) error { return createNamed(tx, allBuckets) }

func createNamed(tx *bolt.Tx, names [][]byte) error {
	for _, name := range names {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// v2Buckets are the buckets of schema 2.
var v2Buckets = [][]byte{[]byte("meta"), []byte("games"), []byte("playergames"), []byte("active"), []byte("players"),
	[]byte("msgs"), []byte("replies"), []byte("replyids"), []byte("pending")}

// migrate1to2: version 1 files kept games and players but no playergames
// or active index; build them from the game records.
func migrate1to2(tx *bolt.Tx) error {
	if err := createNamed(tx, v2Buckets); err != nil {
		return err
	}
	pg := tx.Bucket([]byte("playergames"))
	act := tx.Bucket([]byte("active"))
	return tx.Bucket(bGames).ForEach(func(k, v []byte) error {
		var g struct {
			ID       string
			Status   string
			Players  [2]string
			Deadline time.Time
		}
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game %s: %w", k, err)
		}
		for _, p := range g.Players {
			if p != "" {
				if err := pg.Put([]byte(p+"\x00"+g.ID), nil); err != nil {
					return err
				}
			}
		}
		if g.Status == "active" && !g.Deadline.IsZero() {
			return act.Put([]byte(g.ID), nil)
		}
		return nil
	})
}

// migrate runs the migrations a file needs, each in its own transaction
// with the version it reaches. Before the first, the file is copied to
// path.pre-vN (N its version; none for a new file, nor when path is ""),
// and each step is logged to log (when not nil) as it starts and ends.
func (d *DB) migrate(path string, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	from, err := d.SchemaVersion()
	if err != nil {
		return err
	}
	if from > 0 && from < Version && path != "" {
		copyPath := PreMigrationPath(path, from)
		start := time.Now()
		n, err := d.BackupFile(copyPath)
		if err != nil {
			return fmt.Errorf("copy the file before its migration from schema %d: %w", from, err)
		}
		log.Info("database copied before its migration", "schema", from, "to_schema", Version, "copy", copyPath, "bytes", n,
			"took", time.Since(start))
	}
	for {
		var done bool
		var step *migration
		start := time.Now()
		err := d.db.Update(func(tx *bolt.Tx) error {
			v, err := readVersion(tx)
			if err != nil {
				return err
			}
			next := v + 1
			switch {
			case v > Version:
				return fmt.Errorf("version %d, this program knows %d: %w", v, Version, ErrNewerSchema)
			case v == Version:
				done = true
				return createBuckets(tx)
			case v == 0:
				if err := createBuckets(tx); err != nil {
					return err
				}
				next = Version
			default:
				step = findMigration(v)
				if step != nil {
					log.Info("migrating the database", "from_schema", v, "to_schema", v+1, "step", step.What)
				}
				if err := runMigration(tx, v); err != nil {
					return err
				}
			}
			return tx.Bucket(bMeta).Put(kVersion, []byte(strconv.Itoa(next)))
		})
		if err != nil {
			if step != nil {
				log.Error("database migration failed; the file keeps its last schema", "from_schema", step.From, "err", err)
			}
			return err
		}
		if step != nil {
			log.Info("database migrated", "from_schema", step.From, "to_schema", step.From+1, "took", time.Since(start))
		}
		if done {
			return nil
		}
	}
}

// findMigration returns the step from version v, nil if none.
func findMigration(v int) *migration {
	for i := range migrations {
		if migrations[i].From == v {
			return &migrations[i]
		}
	}
	return nil
}

// PreMigrationPath is where a read-write Open copies the file at path of
// schema version v before migrating it: "path.pre-vN".
func PreMigrationPath(path string, v int) string {
	return path + ".pre-v" + strconv.Itoa(v)
}

// runMigration runs the step from version v.
func runMigration(tx *bolt.Tx, v int) error {
	m := findMigration(v)
	if m == nil {
		return fmt.Errorf("no migration from schema version %d", v)
	}
	if err := m.Run(tx); err != nil {
		return fmt.Errorf("migration %d→%d (%s): %w", v, v+1, m.What, err)
	}
	return nil
}
