package pgstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// LeaderLock is the key of the session-level advisory lock the leader
// holds ("takbot" 1). Advisory locks are per database, so two takbot
// services on two databases of one server do not meet.
const LeaderLock = 0x74616b626f74_01

// LeaderOptions tune Lead.
type LeaderOptions struct {
	// Poll is how often a standby tries the lock, and how often the
	// leader checks that its session still holds it (default 5s).
	Poll time.Duration
	// Log receives the standby's and the leader's messages (default: none).
	Log *slog.Logger
}

// Leader is this process's leadership of a database: a dedicated
// connection holding the advisory lock.
type Leader struct {
	conn  *pgx.Conn
	epoch int64
	poll  time.Duration
	log   *slog.Logger

	lost     chan struct{}
	lostErr  error
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
}

// ErrLostLeadership is the cause Lost reports: the lock's session ended or
// stopped answering.
var ErrLostLeadership = errors.New("pgstore: lost the leader lock")

// Lead waits until this process holds the leader lock of the database dsn
// names, trying every o.Poll (also while PostgreSQL cannot be reached:
// logged, and tried again), and returns its leadership; it returns ctx's
// error if ctx ends first. Winning, it bumps the leader epoch in
// takbot_meta (creating the tables if needed), which the Store opened with
// Options.Epoch = Epoch() checks on every Update.
func Lead(ctx context.Context, dsn string, o LeaderOptions) (*Leader, error) {
	if o.Poll <= 0 {
		o.Poll = 5 * time.Second
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	waiting, tables := false, false
	for {
		var l *Leader
		var err error
		if !tables { // the tables, for the epoch
			var s *Store
			if s, err = Open(ctx, dsn, Options{MaxConns: 1}); err == nil {
				s.Close()
				tables = true
			}
		}
		if tables {
			l, err = tryLead(ctx, dsn)
		}
		switch {
		case err == nil && l != nil:
			l.poll, l.log = o.Poll, o.Log
			l.lost, l.stop, l.done = make(chan struct{}), make(chan struct{}), make(chan struct{})
			go l.watch()
			o.Log.Info("leading: holding the database's leader lock", "epoch", l.epoch)
			return l, nil
		case err != nil && ctx.Err() == nil:
			o.Log.Warn("standby: cannot try the leader lock", "err", err, "retry_in", o.Poll.String())
		case err == nil && !waiting:
			o.Log.Info("standby: another takbot leads this database; waiting for its lock", "poll", o.Poll.String())
			waiting = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(o.Poll):
		}
	}
}

// tryLead connects and tries the lock once: a nil Leader when another
// session holds it.
func tryLead(ctx context.Context, dsn string) (*Leader, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, int64(LeaderLock)).Scan(&got); err != nil || !got {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	var epoch int64
	err = conn.QueryRow(ctx, `UPDATE takbot_meta SET value = value + 1 WHERE name = 'leader' RETURNING value`).Scan(&epoch)
	if err != nil {
		conn.Close(context.WithoutCancel(ctx)) // frees the lock
		return nil, fmt.Errorf("bump the leader epoch: %w", err)
	}
	return &Leader{conn: conn, epoch: epoch}, nil
}

// Epoch is this leadership's epoch, for Options.Epoch.
func (l *Leader) Epoch() int64 { return l.epoch }

// Lost is closed when the leadership is lost: the lock's connection
// failed or its session no longer holds the lock. The leader must then
// stop at once; its Store's updates fail already if another process
// leads.
func (l *Leader) Lost() <-chan struct{} { return l.lost }

// Err says why Lost was closed.
func (l *Leader) Err() error {
	select {
	case <-l.lost:
		return l.lostErr
	default:
		return nil
	}
}

// watch checks the lock every poll until Release or a failure.
func (l *Leader) watch() {
	defer close(l.done)
	t := time.NewTicker(l.poll)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		if err := l.check(); err != nil {
			l.lostErr = fmt.Errorf("%w: %w", ErrLostLeadership, err)
			l.log.Error("lost the leader lock: stepping down", "err", err)
			close(l.lost)
			l.conn.Close(context.Background())
			return
		}
	}
}

// minCheckTimeout is the least time the leader's check of its lock may
// take before the leader gives up and steps down. A check that is only
// slow (a loaded machine, a busy server) is no sign that the lock was
// lost, and giving up closes the connection, which frees the lock for a
// standby: so a short poll never makes a slow check a step-down. A session
// that really ended fails the check at once; and while a check waits, the
// epoch (Options.Epoch) still fences every write of an old leader.
const minCheckTimeout = 5 * time.Second

// check asks PostgreSQL whether this session still holds the lock,
// within a poll or minCheckTimeout, whichever is longer.
func (l *Leader) check() error {
	ctx, cancel := context.WithTimeout(context.Background(), max(l.poll, minCheckTimeout))
	defer cancel()
	var held bool
	err := l.conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
		AND pid = pg_backend_pid() AND granted AND objsubid = 1
		AND ((classid::bigint << 32) | objid::bigint) = $1)`, int64(LeaderLock)).Scan(&held)
	if err != nil {
		return err
	}
	if !held {
		return errors.New("the session no longer holds the lock")
	}
	return nil
}

// Release gives the lock up (closing its connection), for a clean stop.
func (l *Leader) Release() error {
	l.stopOnce.Do(func() { close(l.stop) })
	<-l.done
	select {
	case <-l.lost:
		return nil // closed already
	default:
	}
	return l.conn.Close(context.Background())
}
