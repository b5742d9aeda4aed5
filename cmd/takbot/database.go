package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/takbymail/takbot/storage"
)

// openDB loads the configuration and opens its database for subcommand
// name; on failure it reports on stderr and returns the exit code.
func openDB(name string, load func() (config, error), o storage.Options, stderr io.Writer) (*storage.DB, config, int) {
	cfg, err := load()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, cfg, exitStatus(err)
	}
	if cfg.Database.postgres() {
		fmt.Fprintf(stderr, "%s: works on a bbolt file, and this configuration's database is PostgreSQL (%s): "+
			"copy it to a file with \"takbot db copy\" first\n", name, databaseName(cfg))
		return nil, cfg, 2
	}
	db, err := openStore(cfg.DB, o)
	if err != nil {
		return nil, cfg, reportOpenError(name, cfg.DB, err, stderr)
	}
	return db, cfg, 0
}

// reportOpenError writes on one line why the database at path did not
// open, with what to do when it is damaged or newer than this binary, and
// returns the exit code (exitStatus).
func reportOpenError(name, path string, err error, w io.Writer) int {
	if errors.Is(err, storage.ErrDamaged) {
		fmt.Fprintf(w, "%s: %s\n", name, damagedAdvice(path, err))
		return exitDamaged
	}
	if errors.Is(err, storage.ErrNewerSchema) {
		fmt.Fprintf(w, "%s: %s\n", name, newerAdvice(err))
		return exitNewerSchema
	}
	fmt.Fprintf(w, "%s: %v\n", name, err)
	return exitStatus(err)
}

// damagedAdvice says, in one line, that the database at path is damaged
// and what to do.
func damagedAdvice(path string, err error) string {
	return fmt.Sprintf("%v; takbot will not use it: restore the database from a backup (\"takbot backup\" writes one), "+
		"or run \"takbot db check %s\" to see what is damaged", err, path)
}

// openStore opens the database for writing; when another process holds
// it, the error says what to do.
func openStore(path string, o storage.Options) (*storage.DB, error) {
	db, err := storage.Open(path, o)
	if errors.Is(err, storage.ErrInUse) {
		return nil, fmt.Errorf("%w: stop the takbot using %s first (\"takbot backup\" and \"takbot export\" work while it runs)", err, path)
	}
	return db, err
}

// newerAdvice says, in one line, that a newer takbot wrote the database
// and what to do.
func newerAdvice(err error) string {
	return fmt.Sprintf("%v; a newer takbot wrote it (this one is %s): run that one, or, to roll back, "+
		"restore the copy taken before its migration (FILE.pre-vN, see README's upgrade runbook)", err, buildVersion().Version)
}
