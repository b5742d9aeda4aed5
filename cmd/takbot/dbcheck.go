package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/takbymail/takbot/storage"
)

// runDB runs "takbot db SUBCOMMAND": check or migrate.
func runDB(ctx context.Context, e *env) int {
	if len(e.args) > 0 && e.args[0] == "migrate" {
		return runDBMigrate(ctx, e)
	}
	if len(e.args) > 0 && e.args[0] == "copy" {
		e.args = e.args[1:]
		return runDBCopy(ctx, e)
	}
	if len(e.args) == 0 || e.args[0] != "check" {
		fmt.Fprintln(e.stderr, "usage: takbot db check FILE")
		fmt.Fprintln(e.stderr, "       takbot db migrate FILE")
		fmt.Fprintln(e.stderr, "       takbot db copy FROM TO")
		return 2
	}
	fs := newFlagSet("db check", e.stderr,
		"usage: takbot db check FILE",
		"\nChecks a database file without changing it: every page (bbolt's consistency",
		"check) and every record (games, with their moves replayed, players, processed",
		"messages, replies, indexes). It prints each damage found as the bucket, the key",
		"and what is wrong, and exits 0 when the file is sound, 65 when it is damaged,",
		"79 when a newer takbot wrote it, 1 when it cannot be checked (missing, or held",
		"by a running takbot: check a backup of it instead, \"takbot backup -o FILE\").",
		"A file of an older schema is checked as it is, without migrating it.")
	if code, done := parseFlags(fs, e.args[1:]); done {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	path := fs.Arg(0)
	problems, err := storage.CheckFile(ctx, path)
	if errors.Is(err, storage.ErrInUse) {
		fmt.Fprintf(e.stderr, "db check: %s is in use by another process (a running takbot?): check a backup of it (\"takbot backup -o FILE\"), or stop it first\n", path)
		return 1
	}
	if err != nil {
		return reportOpenError("db check", path, err, e.stderr)
	}
	if len(problems) == 0 {
		fmt.Fprintf(e.stdout, "%s: sound: every page and every record reads\n", path)
		return 0
	}
	for _, p := range problems {
		fmt.Fprintf(e.stdout, "%s: %s\n", path, p)
	}
	fmt.Fprintf(e.stderr, "db check: %s is damaged (%d problem%s): restore it from a backup\n",
		path, len(problems), renderPlural(len(problems)))
	return exitDamaged
}

// runDBMigrate runs "takbot db migrate FILE": the migration a takbot
// would run at its start, on purpose, with each step logged.
func runDBMigrate(_ context.Context, e *env) int {
	fs := newFlagSet("db migrate", e.stderr,
		"usage: takbot db migrate FILE",
		"\nMigrates a stopped takbot's database file to the schema of this binary, as",
		"\"takbot serve\" would at its start, logging each step on standard error. The",
		"file is first copied to FILE.pre-vN (N its schema version), which the binary",
		"that wrote it can run again after a rollback. Exits 0 when the file has this",
		"binary's schema (migrated, or already), 79 when a newer takbot wrote it, 65",
		"when it is damaged, 1 when it cannot be opened (held by a running takbot?).")
	if code, done := parseFlags(fs, e.args[1:]); done {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	path := fs.Arg(0)
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintf(e.stderr, "db migrate: %v\n", err) // never create a new file
		return exitFailure
	}
	before := 0
	if ro, err := storage.Open(path, storage.Options{ReadOnly: true, Timeout: readTimeout}); err == nil {
		before, _ = ro.SchemaVersion()
		ro.Close()
	} else {
		return reportOpenError("db migrate", path, err, e.stderr)
	}
	log := newLogger(e.stderr, "info", "text").With("component", "storage")
	db, err := openStore(path, storage.Options{Log: log})
	if err != nil {
		return reportOpenError("db migrate", path, err, e.stderr)
	}
	after, err := db.SchemaVersion()
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "db migrate: %v\n", err)
		return exitFailure
	}
	if before == after {
		fmt.Fprintf(e.stdout, "%s: schema %d already, nothing to migrate\n", path, after)
		return exitOK
	}
	fmt.Fprintf(e.stdout, "%s: migrated from schema %d to %d; the file as it was is %s\n",
		path, before, after, storage.PreMigrationPath(path, before))
	return exitOK
}
