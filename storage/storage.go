package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot"
)

// Version is the schema version this package writes.
const Version = 2

var (
	bMeta        = []byte("meta")
	bGames       = []byte("games")
	bPlayerGames = []byte("playergames")
	bActive      = []byte("active")
	bPlayers     = []byte("players")
	bMsgs        = []byte("msgs")
	bReplies     = []byte("replies")
	bReplyIDs    = []byte("replyids")
	bPending     = []byte("pending")
	kVersion     = []byte("version")
)

var allBuckets = [][]byte{bMeta, bGames, bPlayerGames, bActive, bPlayers, bMsgs, bReplies, bReplyIDs, bPending}

// ErrNewerSchema is returned when the file was written by a newer takbot.
var ErrNewerSchema = errors.New("database schema is newer than this program")

// ErrInUse is returned by Open when another process holds the file.
var ErrInUse = errors.New("database in use")

// DB is a bbolt-backed bot.Store.
type DB struct {
	db *bolt.DB
}

// Options tunes Open.
type Options struct {
	// Timeout bounds the wait for the file lock held by another process
	// (default 2s).
	Timeout time.Duration
	// ReadOnly opens the file without writing (export, inspection).
	ReadOnly bool
	// MaxBatchDelay and MaxBatchSize tune how concurrent updates are
	// coalesced into one transaction (defaults 10ms and 2000).
	MaxBatchDelay time.Duration
	MaxBatchSize  int
}

// Open opens or creates the database file and migrates it to Version.
func Open(path string, o Options) (*DB, error) {
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Second
	}
	// The freelist is rebuilt at open instead of written at every commit,
	// which keeps commits small; a hash-map freelist allocates fast.
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: o.Timeout, ReadOnly: o.ReadOnly,
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("open %s: %w: another process (a running takbot?) holds it; bbolt lets one process open a file, so back up from that process or stop it first", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	bdb.MaxBatchDelay = 10 * time.Millisecond
	if o.MaxBatchDelay > 0 {
		bdb.MaxBatchDelay = o.MaxBatchDelay
	}
	bdb.MaxBatchSize = 2000
	if o.MaxBatchSize > 0 {
		bdb.MaxBatchSize = o.MaxBatchSize
	}
	d := &DB{db: bdb}
	if o.ReadOnly {
		v, err := d.SchemaVersion()
		if err != nil {
			bdb.Close()
			return nil, err
		}
		if v != Version {
			bdb.Close()
			return nil, fmt.Errorf("open %s read-only: schema version %d, want %d (open it once read-write to migrate)", path, v, Version)
		}
		return d, nil
	}
	if err := d.migrate(); err != nil {
		bdb.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return d, nil
}

// Close closes the file.
func (d *DB) Close() error { return d.db.Close() }

// Bolt returns the underlying bbolt handle (for tools and tests).
func (d *DB) Bolt() *bolt.DB { return d.db }

// SchemaVersion returns the version recorded in the file (0 for a new file).
func (d *DB) SchemaVersion() (int, error) {
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
		return 0, fmt.Errorf("bad schema version %q: %w", raw, err)
	}
	return v, nil
}

// Backup writes a consistent copy of the database to w while it stays in
// use (a bbolt read transaction), and returns the bytes written.
func (d *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := d.db.View(func(tx *bolt.Tx) error {
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

// View implements bot.Store.
func (d *DB) View(ctx context.Context, fn func(bot.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.db.View(func(tx *bolt.Tx) error { return fn(&txn{tx: tx}) })
}

// Update implements bot.Store with bbolt's Batch, which coalesces
// concurrent updates into one transaction and may run fn more than once.
func (d *DB) Update(ctx context.Context, fn func(bot.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.db.Batch(func(tx *bolt.Tx) error { return fn(&txn{tx: tx}) })
}

type txn struct{ tx *bolt.Tx }

func (t *txn) bucket(name []byte) (*bolt.Bucket, error) {
	b := t.tx.Bucket(name)
	if b == nil {
		return nil, fmt.Errorf("bucket %s missing", name)
	}
	return b, nil
}

func getJSON(b *bolt.Bucket, key []byte, v any) error {
	raw := b.Get(key)
	if raw == nil {
		return bot.ErrNotFound
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode %s/%s: %w", "record", key, err)
	}
	return nil
}

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", key, err)
	}
	return b.Put(key, raw)
}

// Game implements bot.Tx.
func (t *txn) Game(id string) (*bot.GameRecord, error) {
	b, err := t.bucket(bGames)
	if err != nil {
		return nil, err
	}
	g := new(bot.GameRecord)
	if err := getJSON(b, []byte(id), g); err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return g, nil
}

// PutGame implements bot.Tx.
func (t *txn) PutGame(g *bot.GameRecord) error {
	b, err := t.bucket(bGames)
	if err != nil {
		return err
	}
	if err := putJSON(b, []byte(g.ID), g); err != nil {
		return err
	}
	pg, err := t.bucket(bPlayerGames)
	if err != nil {
		return err
	}
	for _, p := range g.Players {
		if p == "" {
			continue
		}
		if err := pg.Put([]byte(p+"\x00"+g.ID), nil); err != nil {
			return err
		}
	}
	act, err := t.bucket(bActive)
	if err != nil {
		return err
	}
	if g.ClockRunning() {
		return act.Put([]byte(g.ID), nil)
	}
	return act.Delete([]byte(g.ID))
}

// NewGameID implements bot.Tx.
func (t *txn) NewGameID() (string, error) {
	b, err := t.bucket(bGames)
	if err != nil {
		return "", err
	}
	n, err := b.NextSequence()
	if err != nil {
		return "", err
	}
	return "g" + strconv.FormatUint(n, 10), nil
}

func sortIDs(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		a, _ := strconv.Atoi(strings.TrimPrefix(ids[i], "g"))
		b, _ := strconv.Atoi(strings.TrimPrefix(ids[j], "g"))
		if a != b {
			return a < b
		}
		return ids[i] < ids[j]
	})
}

// GamesOf implements bot.Tx.
func (t *txn) GamesOf(player string) ([]string, error) {
	b, err := t.bucket(bPlayerGames)
	if err != nil {
		return nil, err
	}
	prefix := []byte(player + "\x00")
	var ids []string
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		ids = append(ids, string(k[len(prefix):]))
	}
	sortIDs(ids)
	return ids, nil
}

// ActiveGames implements bot.Tx.
func (t *txn) ActiveGames() ([]string, error) {
	b, err := t.bucket(bActive)
	if err != nil {
		return nil, err
	}
	var ids []string
	err = b.ForEach(func(k, _ []byte) error { ids = append(ids, string(k)); return nil })
	sortIDs(ids)
	return ids, err
}

// ForEachGame implements bot.Tx.
func (t *txn) ForEachGame(fn func(*bot.GameRecord) error) error {
	b, err := t.bucket(bGames)
	if err != nil {
		return err
	}
	var ids []string
	if err := b.ForEach(func(k, _ []byte) error { ids = append(ids, string(k)); return nil }); err != nil {
		return err
	}
	sortIDs(ids)
	for _, id := range ids {
		g, err := t.Game(id)
		if err != nil {
			return err
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return nil
}

// Player implements bot.Tx.
func (t *txn) Player(key string) (*bot.PlayerRecord, error) {
	b, err := t.bucket(bPlayers)
	if err != nil {
		return nil, err
	}
	p := new(bot.PlayerRecord)
	if err := getJSON(b, []byte(key), p); err != nil {
		return nil, fmt.Errorf("player %s: %w", key, err)
	}
	return p, nil
}

// PutPlayer implements bot.Tx.
func (t *txn) PutPlayer(p *bot.PlayerRecord) error {
	b, err := t.bucket(bPlayers)
	if err != nil {
		return err
	}
	return putJSON(b, []byte(p.Key), p)
}

// Processed implements bot.Tx.
func (t *txn) Processed(id string) (*bot.ProcessedRecord, error) {
	b, err := t.bucket(bMsgs)
	if err != nil {
		return nil, err
	}
	r := new(bot.ProcessedRecord)
	if err := getJSON(b, []byte(id), r); err != nil {
		return nil, err
	}
	return r, nil
}

// MarkProcessed implements bot.Tx.
func (t *txn) MarkProcessed(r *bot.ProcessedRecord) error {
	b, err := t.bucket(bMsgs)
	if err != nil {
		return err
	}
	return putJSON(b, []byte(r.ID), r)
}

func seqKey(n uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], n)
	return k[:]
}

// Enqueue implements bot.Tx.
func (t *txn) Enqueue(r *bot.Reply) error {
	ids, err := t.bucket(bReplyIDs)
	if err != nil {
		return err
	}
	if ids.Get([]byte(r.ID)) != nil {
		return fmt.Errorf("reply %s enqueued twice", r.ID)
	}
	log, err := t.bucket(bReplies)
	if err != nil {
		return err
	}
	n, err := log.NextSequence()
	if err != nil {
		return err
	}
	r.Seq = n
	stored := *r
	stored.Images = nil
	if err := putJSON(log, seqKey(n), &stored); err != nil {
		return err
	}
	if err := ids.Put([]byte(r.ID), seqKey(n)); err != nil {
		return err
	}
	pend, err := t.bucket(bPending)
	if err != nil {
		return err
	}
	tb, err := pend.CreateBucketIfNotExists([]byte(r.To.Transport))
	if err != nil {
		return err
	}
	return tb.Put(seqKey(n), nil)
}

// Pending implements bot.Tx.
func (t *txn) Pending(transport string, limit int) ([]bot.Reply, error) {
	pend, err := t.bucket(bPending)
	if err != nil {
		return nil, err
	}
	tb := pend.Bucket([]byte(transport))
	if tb == nil {
		return nil, nil
	}
	log, err := t.bucket(bReplies)
	if err != nil {
		return nil, err
	}
	var out []bot.Reply
	c := tb.Cursor()
	for k, _ := c.First(); k != nil && (limit <= 0 || len(out) < limit); k, _ = c.Next() {
		var r bot.Reply
		if err := getJSON(log, k, &r); err != nil {
			return nil, fmt.Errorf("outbox entry %x: %w", k, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// MarkDelivered implements bot.Tx.
func (t *txn) MarkDelivered(id string, at time.Time) error {
	ids, err := t.bucket(bReplyIDs)
	if err != nil {
		return err
	}
	k := ids.Get([]byte(id))
	if k == nil {
		return fmt.Errorf("reply %s: %w", id, bot.ErrNotFound)
	}
	k = append([]byte(nil), k...)
	log, err := t.bucket(bReplies)
	if err != nil {
		return err
	}
	var r bot.Reply
	if err := getJSON(log, k, &r); err != nil {
		return err
	}
	if !r.Delivered.IsZero() {
		return nil
	}
	r.Delivered = at
	if err := putJSON(log, k, &r); err != nil {
		return err
	}
	pend, err := t.bucket(bPending)
	if err != nil {
		return err
	}
	if tb := pend.Bucket([]byte(r.To.Transport)); tb != nil {
		return tb.Delete(k)
	}
	return nil
}

// ForEachReply implements bot.Tx.
func (t *txn) ForEachReply(fn func(*bot.Reply) error) error {
	log, err := t.bucket(bReplies)
	if err != nil {
		return err
	}
	return log.ForEach(func(k, v []byte) error {
		var r bot.Reply
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("reply log %x: %w", k, err)
		}
		return fn(&r)
	})
}
