package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/takbymail/takbot/storage"
)

// runDB runs "takbot db SUBCOMMAND": today only check.
func runDB(ctx context.Context, e *env) int {
	if len(e.args) > 0 && e.args[0] == "copy" {
		e.args = e.args[1:]
		return runDBCopy(ctx, e)
	}
	if len(e.args) == 0 || e.args[0] != "check" {
		fmt.Fprintln(e.stderr, "usage: takbot db check FILE")
		fmt.Fprintln(e.stderr, "       takbot db copy FROM TO")
		return 2
	}
	fs := newFlagSet("db check", e.stderr,
		"usage: takbot db check FILE",
		"\nChecks a database file without changing it: every page (bbolt's consistency",
		"check) and every record (games, with their moves replayed, players, processed",
		"messages, replies, indexes). It prints each damage found as the bucket, the key",
		"and what is wrong, and exits 0 when the file is sound, 65 when it is damaged,",
		"1 when it cannot be checked (missing, or held by a running takbot: check a",
		"backup of it instead, \"takbot backup -o FILE\").")
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
		fmt.Fprintf(e.stderr, "db check: %v\n", err)
		return 1
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
