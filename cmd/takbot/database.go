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
		return nil, cfg, 2
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

// exitDamaged is the exit status of a command that found its database
// damaged (EX_DATAERR in sysexits.h). Restarting cannot fix it, so
// deploy/takbot.service does not restart on it.
const exitDamaged = 65

// reportOpenError writes on one line why the database at path did not
// open, with what to do when it is damaged, and returns the exit code:
// exitDamaged for a damaged file, 1 otherwise.
func reportOpenError(name, path string, err error, w io.Writer) int {
	if errors.Is(err, storage.ErrDamaged) {
		fmt.Fprintf(w, "%s: %s\n", name, damagedAdvice(path, err))
		return exitDamaged
	}
	fmt.Fprintf(w, "%s: %v\n", name, err)
	return 1
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
