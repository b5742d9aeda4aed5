package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/storage/pgstore"
)

// runDBCopy runs "takbot db copy FROM TO".
func runDBCopy(ctx context.Context, e *env) int {
	fs := newFlagSet("db copy", e.stderr,
		"usage: takbot db copy FROM TO",
		"\nCopies every record of a database into another, empty one: games, players,",
		"processed messages, the outbox and log of replies, the transports' state and",
		"the counters. FROM and TO are each a bbolt file or a PostgreSQL URL",
		"(postgres://USER@HOST/DB; the password from PGPASSWORD or ~/.pgpass rather",
		"than the command line). The copy is written in one transaction, then read",
		"back and compared with the source record by record. Stop the takbot using a",
		"bbolt source first; a PostgreSQL source copies consistently while it runs.",
		"Exit 0 when the copy reads back as the source, 1 otherwise.")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	from, closeFrom, err := openCopyEnd(ctx, fs.Arg(0), true)
	if err != nil {
		fmt.Fprintf(e.stderr, "db copy: %s: %v\n", redactDSN(fs.Arg(0)), err)
		return 1
	}
	defer closeFrom()
	to, closeTo, err := openCopyEnd(ctx, fs.Arg(1), false)
	if err != nil {
		fmt.Fprintf(e.stderr, "db copy: %s: %v\n", redactDSN(fs.Arg(1)), err)
		return 1
	}
	defer closeTo()
	counts, err := storage.Copy(ctx, from, to)
	if err != nil {
		fmt.Fprintf(e.stderr, "db copy: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "%s -> %s: copied and read back: %s\n", redactDSN(fs.Arg(0)), redactDSN(fs.Arg(1)), counts)
	return 0
}

// isPostgresURL reports whether a copy's end names PostgreSQL.
func isPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// openCopyEnd opens one end of a copy: a bbolt file (the source
// read-only and existing; the target created) or a PostgreSQL database.
func openCopyEnd(ctx context.Context, arg string, source bool) (storage.Copier, func(), error) {
	if isPostgresURL(arg) {
		s, err := pgstore.Open(ctx, arg, pgstore.Options{})
		if err != nil {
			return nil, nil, err
		}
		return s, func() { s.Close() }, nil
	}
	o := storage.Options{}
	if source {
		if _, err := os.Stat(arg); err != nil {
			return nil, nil, err
		}
		o = storage.Options{ReadOnly: true, Timeout: readTimeout}
	}
	db, err := storage.Open(arg, o)
	if errors.Is(err, storage.ErrInUse) {
		return nil, nil, fmt.Errorf("%w: stop the takbot using it first", err)
	}
	if err != nil {
		return nil, nil, err
	}
	return db, func() { db.Close() }, nil
}

// redactDSN hides the password of a PostgreSQL URL.
func redactDSN(s string) string {
	if !isPostgresURL(s) {
		return s
	}
	scheme, rest, _ := strings.Cut(s, "://")
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return s
	}
	if user, _, hasPassword := strings.Cut(userinfo, ":"); hasPassword {
		return scheme + "://" + user + ":xxxxx@" + host
	}
	return s
}
