package main

import (
	"context"
	"fmt"
	"io"

	"github.com/takbymail/takbot/control"
)

func runBackup(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("backup", stderr,
		"usage: takbot backup -db FILE -o OUT",
		"\nCopies the database to OUT in one read transaction (a hot backup: the bot",
		"may keep running). OUT is written to a temporary file, synced and renamed,",
		"so a failed backup never leaves a truncated OUT.",
		"While another takbot holds FILE (bbolt lets one process open it), the copy",
		"is fetched from that process through its control socket FILE.ctl.")
	load := configFlags(fs, e)
	out := fs.String("o", "", "backup `file` to write")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	db, cfg, socket, code := openForReading("backup", load, stderr)
	if db == nil && socket == "" {
		return code
	}
	from := ""
	backup := func(w io.Writer) (int64, error) { return control.Backup(ctx, socket, cfg.DB, w) }
	if db != nil {
		defer db.Close()
		backup = db.Backup
	} else {
		from = " (from the running takbot)"
	}
	n, err := writeFileAtomic(*out, backup)
	if err != nil {
		reportControlError("backup", cfg, socket, err, stderr)
		return 1
	}
	fmt.Fprintf(stdout, "backup: wrote %d bytes to %s%s\n", n, *out, from)
	return 0
}
