package main

import (
	"context"
	"fmt"
	"io"

	"github.com/takbymail/takbot/storage"
)

func init() {
	register(command{
		name:    "backup",
		summary: "write a consistent copy of the database (a running takbot makes one on SIGUSR1)",
		run:     runBackup,
	})
}

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("backup", stderr,
		"usage: takbot backup -db FILE -o OUT",
		"\nCopies the database to OUT in one read transaction (a hot backup: the bot",
		"may keep running). OUT is written to a temporary file and renamed.",
		"bbolt lets one process open a file: while \"takbot console\" (or another",
		"takbot) has it open, send that process SIGUSR1 instead; it writes FILE.backup.")
	load := configFlags(fs)
	out := fs.String("o", "", "backup `file` to write")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	db, _, code := openDB("backup", load, storage.Options{ReadOnly: true}, stderr)
	if db == nil {
		return code
	}
	defer db.Close()
	n, err := db.BackupFile(*out)
	if err != nil {
		fmt.Fprintln(stderr, "backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backup: wrote %d bytes to %s\n", n, *out)
	return 0
}
