package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/control"
)

// backupPrefix and backupSuffix frame the names of the backups "takbot
// backup -dir" writes: takbot-20261128T031500Z.db. Only such names are
// counted and removed by -keep.
const (
	backupPrefix = "takbot-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
)

func runBackup(ctx context.Context, e *env) int {
	return backupAt(ctx, e, time.Now)
}

// backupAt is runBackup with a clock (for -dir's file names).
func backupAt(ctx context.Context, e *env, now func() time.Time) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("backup", stderr,
		"usage: takbot backup -db FILE -o OUT",
		"       takbot backup -db FILE -dir DIR [-keep N]",
		"\nCopies the database to OUT in one read transaction (a hot backup: the bot",
		"may keep running). OUT is written to a temporary file, synced and renamed,",
		"so a failed backup never leaves a truncated OUT.",
		"While another takbot holds FILE (bbolt lets one process open it), the copy",
		"is fetched from that process through its control socket FILE.ctl.",
		"With -dir, the copy is DIR/takbot-YYYYMMDDTHHMMSSZ.db (UTC), and -keep N then",
		"removes the oldest of DIR's takbot-*.db files beyond the N newest (0 keeps all):",
		"deploy/takbot-backup.timer runs it daily.")
	load := configFlags(fs, e)
	out := fs.String("o", "", "backup `file` to write")
	dir := fs.String("dir", "", "`directory` of dated backups (instead of -o)")
	keep := fs.Int("keep", 0, "with -dir: the `number` of backups to keep, the newest (0 keeps all)")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if (*out == "") == (*dir == "") || fs.NArg() > 0 || *keep < 0 || (*keep > 0 && *dir == "") {
		fs.Usage()
		return exitUsage
	}
	if *dir != "" {
		if err := os.MkdirAll(*dir, 0o700); err != nil {
			fmt.Fprintf(stderr, "backup: %v\n", err)
			return exitFailure
		}
		*out = filepath.Join(*dir, backupPrefix+now().UTC().Format(backupStamp)+backupSuffix)
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
		return exitFailure
	}
	fmt.Fprintf(stdout, "backup: wrote %d bytes to %s%s\n", n, *out, from)
	if *keep > 0 {
		removed, err := pruneBackups(*dir, *keep)
		for _, r := range removed {
			fmt.Fprintf(stdout, "backup: removed %s (keeping the %d newest)\n", r, *keep)
		}
		if err != nil {
			fmt.Fprintf(stderr, "backup: the backup is written, but removing the old ones failed: %v\n", err)
			return exitFailure
		}
	}
	return exitOK
}

// pruneBackups removes the oldest backups of dir (takbot-STAMP.db, by the
// time in their names) beyond the keep newest, and returns their paths.
func pruneBackups(dir string, keep int) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		stamp, ok := strings.CutPrefix(e.Name(), backupPrefix)
		stamp, ok2 := strings.CutSuffix(stamp, backupSuffix)
		if !ok || !ok2 || !e.Type().IsRegular() {
			continue
		}
		if _, err := time.Parse(backupStamp, stamp); err == nil {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names) // the stamps sort as the times do
	var removed []string
	for len(names) > keep {
		path := filepath.Join(dir, names[0])
		if err := os.Remove(path); err != nil {
			return removed, err
		}
		removed = append(removed, path)
		names = names[1:]
	}
	return removed, nil
}
