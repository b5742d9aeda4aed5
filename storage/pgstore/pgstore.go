package pgstore

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/takbymail/takbot/record"
)

// SchemaVersion is the version of the tables this package writes, kept in
// takbot_meta. Version 2 adds takbot_tourneys (events).
const SchemaVersion = 2

// ErrReadOnly is returned by a write inside View.
var ErrReadOnly = errors.New("pgstore: write in a read-only transaction")

// ErrEmptyKey is returned when a record is written without its key.
var ErrEmptyKey = errors.New("pgstore: empty key")

// ErrDuplicateReply is returned by Enqueue for a reply id enqueued before.
var ErrDuplicateReply = errors.New("pgstore: reply enqueued twice")

// ErrNotLeader is returned by Update on a Store opened with an epoch once
// another process has become the leader: this one must stop.
var ErrNotLeader = errors.New("pgstore: another takbot leads this database")

// ErrNewerSchema is returned by Open for tables of a newer takbot.
var ErrNewerSchema = errors.New("pgstore: the database's schema is newer than this program")

// maxAttempts bounds the runs of an Update's fn on serialization
// failures: far more than contention between one referee's goroutines
// causes.
const maxAttempts = 100

// Options tune Open.
type Options struct {
	// Epoch, when not 0, is the leader epoch Lead returned: every Update
	// checks that it is still the database's, and fails with
	// ErrNotLeader otherwise.
	Epoch int64
	// MaxConns bounds the pool's connections (0: pgxpool's default).
	MaxConns int32
}

// Store is a record.Store on a PostgreSQL database. It is safe for
// concurrent use.
type Store struct {
	pool  *pgxpool.Pool
	epoch int64

	mu         sync.Mutex
	queue      []*call // updates waiting for the next batch
	committing bool    // a commitLoop runs
}

var (
	_ record.Store = (*Store)(nil)
	_ record.Tx    = (*txn)(nil)
)

// Open connects to the database dsn names (a postgres:// URL or a
// "key=value" string, as libpq reads them) and creates takbot's tables
// if they are missing.
func Open(ctx context.Context, dsn string, o Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if o.MaxConns > 0 {
		cfg.MaxConns = o.MaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	s := &Store{pool: pool, epoch: o.Epoch}
	if err := s.createSchema(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the pool's connections.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// schemaLock is the transaction-level advisory lock that serialises the
// creation of the tables by processes starting at once.
const schemaLock = 0x74616b626f74_00 // "takbot" 0

var schema = []string{
	`CREATE TABLE IF NOT EXISTS takbot_meta (name text PRIMARY KEY, value bigint NOT NULL)`,
	`INSERT INTO takbot_meta (name, value) VALUES ('schema', 1), ('games', 0), ('replies', 0), ('leader', 0)
		ON CONFLICT (name) DO NOTHING`,
	`CREATE TABLE IF NOT EXISTS takbot_games (id bytea PRIMARY KEY, status bytea NOT NULL,
		wake_s bigint, wake_ns integer, p0 bytea NOT NULL, p1 bytea NOT NULL, data bytea NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS takbot_games_wake ON takbot_games (wake_s, wake_ns, id) WHERE wake_s IS NOT NULL`,
	`CREATE INDEX IF NOT EXISTS takbot_games_p0 ON takbot_games (p0)`,
	`CREATE INDEX IF NOT EXISTS takbot_games_p1 ON takbot_games (p1)`,
	`CREATE TABLE IF NOT EXISTS takbot_players (key bytea PRIMARY KEY, folded bytea NOT NULL, data bytea NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS takbot_players_folded ON takbot_players (folded, key)`,
	`CREATE TABLE IF NOT EXISTS takbot_processed (id bytea PRIMARY KEY, at_s bigint NOT NULL, at_ns integer NOT NULL,
		data bytea NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS takbot_processed_at ON takbot_processed (at_s, at_ns, id)`,
	`CREATE TABLE IF NOT EXISTS takbot_replies (seq bigint PRIMARY KEY, id bytea NOT NULL UNIQUE,
		transport bytea NOT NULL, lane bytea NOT NULL, pending boolean NOT NULL,
		created_s bigint NOT NULL, created_ns integer NOT NULL, data bytea NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS takbot_replies_lanes ON takbot_replies (transport, lane, seq) WHERE pending`,
	`CREATE INDEX IF NOT EXISTS takbot_replies_outbox ON takbot_replies (created_s, created_ns, seq) WHERE pending`,
	`CREATE INDEX IF NOT EXISTS takbot_replies_log ON takbot_replies (created_s, created_ns, seq) WHERE NOT pending`,
	`CREATE TABLE IF NOT EXISTS takbot_state (transport bytea NOT NULL, key bytea NOT NULL, value bytea NOT NULL,
		PRIMARY KEY (transport, key))`,
	`CREATE TABLE IF NOT EXISTS takbot_tourneys (key bytea PRIMARY KEY, data bytea NOT NULL)`,
	`UPDATE takbot_meta SET value = 2 WHERE name = 'schema' AND value < 2`,
}

// createSchema creates the tables and checks the schema version. Tables
// of this version are left alone: CREATE INDEX IF NOT EXISTS would lock
// each table against the leader's writes, if only for a moment, at every
// start of a standby or a copy.
func (s *Store) createSchema(ctx context.Context) error {
	var v int64
	err := s.pool.QueryRow(ctx, `SELECT value FROM takbot_meta WHERE name = 'schema'`).Scan(&v)
	switch {
	case err == nil && v == SchemaVersion:
		return nil
	case err == nil && v > SchemaVersion:
		return fmt.Errorf("%w: version %d, this program knows %d", ErrNewerSchema, v, SchemaVersion)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(schemaLock)); err != nil {
			return err
		}
		for _, q := range schema {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		var v int64
		if err := tx.QueryRow(ctx, `SELECT value FROM takbot_meta WHERE name = 'schema'`).Scan(&v); err != nil {
			return err
		}
		if v > SchemaVersion {
			return fmt.Errorf("%w: version %d, this program knows %d", ErrNewerSchema, v, SchemaVersion)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("pgstore: create the tables: %w", err)
	}
	return nil
}

// View implements record.Store: fn runs in one read-only snapshot.
func (s *Store) View(ctx context.Context, fn func(record.Tx) error) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	t := &txn{ctx: ctx, tx: tx}
	if err := fn(t); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Update implements record.Store. Concurrent updates are coalesced into one
// SERIALIZABLE transaction, as package storage's bbolt file does: one
// commit, one flush of the WAL, for all of them; each fn runs behind a
// savepoint of its own, so that one that fails is rolled back alone. When
// PostgreSQL reports a serialization failure or a deadlock, the whole
// batch runs again (the contract lets fn run more than once).
func (s *Store) Update(ctx context.Context, fn func(record.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c := &call{ctx: ctx, fn: fn, done: make(chan error, 1)}
	s.mu.Lock()
	s.queue = append(s.queue, c)
	if !s.committing {
		s.committing = true
		go s.commitLoop()
	}
	s.mu.Unlock()
	return <-c.done
}

// maxBatch bounds the updates one transaction holds.
const maxBatch = 128

// call is one Update waiting for its batch.
type call struct {
	ctx  context.Context
	fn   func(record.Tx) error
	done chan error
}

// commitLoop runs the queued updates a batch at a time until none waits.
func (s *Store) commitLoop() {
	for {
		s.mu.Lock()
		batch := s.queue[:min(len(s.queue), maxBatch)]
		s.queue = s.queue[len(batch):]
		if len(batch) == 0 {
			s.queue = nil
			s.committing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		s.runBatch(batch)
	}
}

// runBatch runs a batch to its end and tells each caller its result.
func (s *Store) runBatch(batch []*call) {
	for attempt := 1; ; attempt++ {
		results, err := s.tryBatch(batch)
		if err == nil {
			for i, c := range batch {
				c.done <- results[i]
			}
			return
		}
		if !retryable(err) || attempt == maxAttempts {
			for _, c := range batch {
				c.done <- err
			}
			return
		}
		// a short random pause, growing, so that the writers that
		// collided (another process: a leader starting, a copy) do not
		// collide again
		time.Sleep(time.Duration(rand.Int64N(int64(min(attempt, 20))*int64(time.Millisecond))) + 100*time.Microsecond)
	}
}

// tryBatch runs the batch's functions in one transaction and commits it.
// It returns each function's result, or the error that failed the whole
// transaction.
func (s *Store) tryBatch(batch []*call) ([]error, error) {
	ctx := context.Background()
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	defer tx.Rollback(ctx)
	t := &txn{ctx: ctx, tx: tx, writable: true}
	if s.epoch != 0 {
		var cur int64
		if err := tx.QueryRow(ctx, `SELECT value FROM takbot_meta WHERE name = 'leader'`).Scan(&cur); err != nil {
			return nil, t.fail(err)
		}
		if cur != s.epoch {
			return nil, fmt.Errorf("%w (epoch %d, this process has %d)", ErrNotLeader, cur, s.epoch)
		}
	}
	t.deferred = true
	results := make([]error, len(batch))
	alone, ok := len(batch) == 1, 0
	for i, c := range batch {
		if err := c.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if !alone {
			t.exec(`SAVEPOINT f`) // sent with fn's first statements
		}
		saved := t.counters
		t.stmtErr = nil
		err := c.fn(t)
		if err == nil {
			err = t.flush() // fn's writes: their errors are fn's
		}
		if t.failed != nil { // a serialization failure, whatever fn made of it
			return nil, t.failed
		}
		if err == nil && t.stmtErr != nil { // fn went on after a failed statement
			err = t.stmtErr
		}
		results[i] = err
		switch {
		case err != nil && alone:
			return results, nil // rolled back by the deferred Rollback
		case err != nil:
			t.counters = saved
			t.flushAll() // SAVEPOINT f may wait in the queue yet
			if _, rerr := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT f; RELEASE SAVEPOINT f`); rerr != nil {
				return nil, t.fail(rerr)
			}
		case !alone:
			t.exec(`RELEASE SAVEPOINT f`) // sent with the next statements
			ok++
		default:
			ok++
		}
	}
	if ok == 0 {
		return results, nil
	}
	if err := t.saveCounters(); err != nil {
		return nil, err
	}
	if err := t.flush(); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, t.fail(fmt.Errorf("commit: %w", err))
	}
	return results, nil
}

// retryable reports whether err is a serialization failure or a deadlock,
// after which the transaction may succeed when run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// txn is a PostgreSQL transaction seen as a record.Tx.
type txn struct {
	ctx      context.Context
	tx       pgx.Tx
	writable bool
	// failed is the first retryable error a statement met: the
	// transaction is then aborted, and Update runs fn again whatever fn
	// made of the error.
	failed error
	// stmtErr is the first error of a statement of the current fn: its
	// savepoint is rolled back even if fn goes on as if nothing failed.
	stmtErr error
	// deferred queues the writes (exec) in pending until the next read
	// or the end of fn: set in Update.
	deferred bool
	pending  *pgx.Batch
	// counters are takbot_meta's counters, read at their first use and
	// written back before the commit.
	counters counters
}

// counters are the counters of NewGameID and Enqueue, as a transaction
// has them.
type counters struct {
	games, replies               int64
	gamesRead, repliesRead       bool
	gamesChanged, repliesChanged bool
}

// fail records a statement's error and returns it wrapped.
func (t *txn) fail(err error) error {
	if retryable(err) && t.failed == nil {
		t.failed = err
	}
	err = fmt.Errorf("pgstore: %w", err)
	if t.stmtErr == nil {
		t.stmtErr = err
	}
	return err
}

// write returns ErrReadOnly in a View.
func (t *txn) write() error {
	if !t.writable {
		return ErrReadOnly
	}
	return nil
}

// exec runs a statement that returns nothing. In an Update it is queued
// and sent with the next read or at the end of fn (flush), in one round
// trip with the others: a move's writes cost one round trip, not five.
func (t *txn) exec(sql string, args ...any) error {
	if t.deferred {
		if t.pending == nil {
			t.pending = new(pgx.Batch)
		}
		t.pending.Queue(sql, args...)
		if t.pending.Len() >= maxQueued {
			return t.flush()
		}
		return nil
	}
	_, err := t.execNow(sql, args...)
	return err
}

// maxQueued bounds the statements queued before they are sent.
const maxQueued = 256

// execNow sends the queued statements and runs one more at once.
func (t *txn) execNow(sql string, args ...any) (pgconn.CommandTag, error) {
	if err := t.flush(); err != nil {
		return pgconn.CommandTag{}, err
	}
	tag, err := t.tx.Exec(t.ctx, sql, args...)
	if err != nil {
		return tag, t.fail(err)
	}
	return tag, nil
}

// flush sends the queued statements, in one round trip.
func (t *txn) flush() error {
	b := t.pending
	if b == nil || b.Len() == 0 {
		return nil
	}
	t.pending = nil
	br := t.tx.SendBatch(t.ctx, b)
	for range b.Len() {
		if _, err := br.Exec(); err != nil {
			br.Close()
			return t.fail(duplicateReply(err))
		}
	}
	if err := br.Close(); err != nil {
		return t.fail(err)
	}
	return nil
}

// duplicateReply wraps ErrDuplicateReply around the unique violation of a
// reply id.
func duplicateReply(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "takbot_replies_id_key" {
		return fmt.Errorf("%w: %w", ErrDuplicateReply, err)
	}
	return err
}

// queryRow runs a query of one row, after the queued statements and in the
// same round trip.
func (t *txn) queryRow(sql string, args ...any) pgx.Row {
	b := t.pending
	if b == nil || b.Len() == 0 {
		return t.tx.QueryRow(t.ctx, sql, args...)
	}
	t.pending = nil
	writes := b.Len()
	b.Queue(sql, args...)
	br := t.tx.SendBatch(t.ctx, b)
	for range writes {
		if _, err := br.Exec(); err != nil {
			br.Close()
			t.fail(duplicateReply(err))
			return errRow{duplicateReply(err)}
		}
	}
	return &batchRow{row: br.QueryRow(), br: br}
}

// query runs a query of rows after sending the queued statements.
func (t *txn) query(sql string, args ...any) (pgx.Rows, error) {
	if err := t.flush(); err != nil {
		return nil, err
	}
	return t.tx.Query(t.ctx, sql, args...)
}

// batchRow is the last row of a batch; its Scan ends the batch.
type batchRow struct {
	row pgx.Row
	br  pgx.BatchResults
}

func (r *batchRow) Scan(dest ...any) error {
	err := r.row.Scan(dest...)
	if cerr := r.br.Close(); err == nil {
		err = cerr
	}
	return err
}

// errRow is a row whose query could not run.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// flushAll sends the queued statements, ignoring their errors: before a
// ROLLBACK TO SAVEPOINT, which undoes them.
func (t *txn) flushAll() {
	b := t.pending
	if b == nil || b.Len() == 0 {
		return
	}
	t.pending = nil
	t.tx.SendBatch(t.ctx, b).Close()
}

// limitArg is a LIMIT's argument: NULL (no limit) for 0.
func limitArg(limit int) any {
	if limit <= 0 {
		return nil
	}
	return int64(limit)
}

// bytesArg is a bytea argument that is never NULL.
func bytesArg(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// timeArgs splits a time into the seconds and nanoseconds columns.
func timeArgs(t time.Time) (int64, int32) { return t.Unix(), int32(t.Nanosecond()) }
