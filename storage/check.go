package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// Problem is one damage Check found: in a bucket, under a key (both
// empty for the file's pages), and what is wrong.
type Problem struct {
	Bucket string
	Key    string // printable: the key as text, or in hex when it is not
	Err    string
}

func (p Problem) String() string {
	switch {
	case p.Bucket == "":
		return "pages: " + p.Err
	case p.Key == "":
		return "bucket " + p.Bucket + ": " + p.Err
	}
	return "bucket " + p.Bucket + ", key " + p.Key + ": " + p.Err
}

// maxCheckProblems bounds the problems Check lists.
const maxCheckProblems = 1000

// printableKey shows a key as text when it is, else in hex.
func printableKey(k []byte) string {
	if utf8.Valid(k) {
		s := strconv.Quote(string(k))
		return s[1 : len(s)-1]
	}
	return fmt.Sprintf("%x", k)
}

// checker collects problems.
type checker struct{ problems []Problem }

func (c *checker) add(bucket []byte, key []byte, err error) {
	if len(c.problems) < maxCheckProblems {
		p := Problem{Bucket: string(bucket), Err: err.Error()}
		if key != nil {
			p.Key = printableKey(key)
		}
		c.problems = append(c.problems, p)
	}
}

// decodeSafely runs a decoder, turning a panic into an error.
func decodeSafely(fn func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: decoding panicked: %v", ErrCorrupt, v)
		}
	}()
	return fn()
}

// Check runs bbolt's consistency check on the file and decodes every
// record (games, with their moves replayed, players, processed messages,
// replies, the indexes' entries), and returns what is damaged; none for a
// sound file. Adapter state is opaque here: each transport decodes its
// own. The error is for a check that could not run.
//
// A file of an older schema opened read-only has its own pages checked,
// then the records of its migrated copy.
func (d *DB) Check(ctx context.Context) ([]Problem, error) {
	c := &checker{}
	if d.older != nil {
		if err := d.older.db.View(func(tx *bolt.Tx) error {
			for err := range tx.Check() {
				c.add(nil, nil, err)
			}
			return nil
		}); err != nil {
			return c.problems, err
		}
	}
	err := d.db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			c.add(nil, nil, err)
		}
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil && string(name) != string(bTourneys) { // a file of schema 4 from before events
				c.add(name, nil, fmt.Errorf("missing"))
			}
		}
		if v, err := readVersion(tx); err != nil {
			c.add(bMeta, kVersion, err)
		} else if v != Version {
			c.add(bMeta, kVersion, fmt.Errorf("schema version %d, want %d", v, Version))
		}
		checks := []struct {
			bucket []byte
			fn     func(k, v []byte) error
		}{
			{bGames, checkGame},
			{bGameIndex, func(_, v []byte) error { _, err := decodeGameIndex(v); return err }},
			{bPlayers, checkPlayer},
			{bProcessed, func(k, v []byte) error { return checkProcessedEntry(tx, k, v) }},
			{bLog, func(k, v []byte) error {
				seq, ok := keySeq(k)
				if !ok {
					return fmt.Errorf("%w: bad sequence key", ErrCorrupt)
				}
				_, err := decodeReply(seq, v)
				return err
			}},
		}
		for _, ch := range checks {
			b := tx.Bucket(ch.bucket)
			if b == nil {
				continue
			}
			if err := b.ForEach(func(k, v []byte) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := decodeSafely(func() error { return ch.fn(k, v) }); err != nil {
					c.add(ch.bucket, untagged(ch.bucket, k), err)
				}
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return c.problems, err
}

// checkGame decodes a game record and replays its moves.
func checkGame(k, v []byte) error {
	g := new(record.Game)
	if err := json.Unmarshal(v, g); err != nil {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if g.ID != string(k) {
		return fmt.Errorf("%w: the record is game %q", ErrCorrupt, g.ID)
	}
	if g.Status == record.Active || g.Status == record.Over {
		if _, err := g.History(); err != nil {
			return fmt.Errorf("%w: its moves do not replay: %w", ErrCorrupt, err)
		}
	}
	return nil
}

// checkPlayer decodes a player record.
func checkPlayer(k, v []byte) error {
	p := new(record.Player)
	if err := json.Unmarshal(v, p); err != nil {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if p.Key != string(k) {
		return fmt.Errorf("%w: the record is player %q", ErrCorrupt, p.Key)
	}
	return nil
}

// untagged returns a key of the processed bucket without its tag, as the
// id a person knows, and other keys as they are.
func untagged(bucket, k []byte) []byte {
	if bytes.Equal(bucket, bProcessed) && len(k) > 0 && k[len(k)-1] <= tagReply {
		return k[:len(k)-1]
	}
	return k
}

// checkProcessedEntry checks an entry of the processed bucket: a
// processed record or a reply's sequence number, by its key's tag.
func checkProcessedEntry(tx *bolt.Tx, k, v []byte) error {
	switch {
	case len(k) == 0:
		return fmt.Errorf("%w: empty key", ErrCorrupt)
	case k[len(k)-1] == tagProcessed:
		_, err := decodeProcessed(string(k[:len(k)-1]), v)
		return err
	case k[len(k)-1] == tagReply:
		return checkSeqRef(tx, v)
	}
	return fmt.Errorf("%w: key without a tag", ErrCorrupt)
}

// checkSeqRef checks that v is the sequence key of a reply in the log.
func checkSeqRef(tx *bolt.Tx, v []byte) error {
	if _, ok := keySeq(v); !ok {
		return fmt.Errorf("%w: bad sequence %x", ErrCorrupt, v)
	}
	if log := tx.Bucket(bLog); log != nil && log.Get(v) == nil {
		return fmt.Errorf("%w: its reply %x is missing from the log", ErrCorrupt, v)
	}
	return nil
}

// CheckFile opens the file at path read-only and checks it: the pages
// (a damaged file gives its problems, not an error) and then, when they
// are sound, Check; a file of an older schema is checked without being
// migrated (through a migrated copy). The error is for a file that could
// not be checked: missing, in use, of a newer schema.
func CheckFile(ctx context.Context, path string) ([]Problem, error) {
	db, err := Open(path, Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	var de *DamagedError
	if errors.As(err, &de) {
		ps := make([]Problem, len(de.Problems))
		for i, p := range de.Problems {
			ps[i] = Problem{Err: p}
		}
		return ps, nil
	}
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Check(ctx)
}
