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
	db, err := openStore(cfg.DB, o)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, cfg, 1
	}
	return db, cfg, 0
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
