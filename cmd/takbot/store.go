package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/storage/pgstore"
)

// store is what serve needs of its database: the referee's record.Store,
// closed when serve stops. *storage.DB (the bbolt file) and
// *pgstore.Store (PostgreSQL) are ones; database.driver chooses.
type store interface {
	record.Store
	Close() error
}

// errLostLead ends a server whose leader lock is lost.
var errLostLead = errors.New("lost the database's leader lock: another takbot may lead now")

// openServeStore opens cfg's store for serve: the bbolt file, or the
// PostgreSQL database with the epoch of lead, this process's leadership.
func openServeStore(cfg config, lead *pgstore.Leader, o storage.Options) (store, error) {
	if !cfg.Database.postgres() {
		return openStore(cfg.DB, o)
	}
	var epoch int64
	if lead != nil {
		epoch = lead.Epoch()
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return pgstore.Open(ctx, cfg.Database.DSN.Value, pgstore.Options{Epoch: epoch})
}

// waitForLead makes this process the leader of cfg's PostgreSQL database,
// waiting as a standby (reading no mailbox, running no clock, delivering
// nothing) while another holds the lock. It returns nil for bbolt, which
// one process holds alone anyway, and ctx's error if ctx ends first.
func waitForLead(ctx context.Context, cfg config, log *slog.Logger) (*pgstore.Leader, error) {
	if !cfg.Database.postgres() {
		return nil, nil
	}
	return pgstore.Lead(ctx, cfg.Database.DSN.Value, pgstore.LeaderOptions{
		Poll: time.Duration(cfg.Database.LeaderPoll),
		Log:  log,
	})
}

// backupOf returns what the control socket's backup runs: the bbolt
// file's consistent copy; PostgreSQL is backed up with its own tools.
func backupOf(db store) func(io.Writer) (int64, error) {
	if b, ok := db.(interface {
		Backup(io.Writer) (int64, error)
	}); ok {
		return b.Backup
	}
	return func(io.Writer) (int64, error) {
		return 0, fmt.Errorf("the database is PostgreSQL: back it up with pg_dump, or copy it to a bbolt file with \"takbot db copy\"")
	}
}
