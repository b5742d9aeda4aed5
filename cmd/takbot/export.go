package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/control"
	"github.com/takbymail/takbot/record"
)

func runExport(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("export", stderr,
		"usage: takbot export -db FILE",
		"\nWrites every started game (active or over) as PTN to standard output,",
		"one after another, in game order. While another takbot holds FILE, the",
		"games come from that process through its control socket FILE.ctl.")
	load := configFlags(fs, e)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	db, cfg, socket, code := openForReading("export", load, stderr)
	if db == nil && socket == "" {
		return code
	}
	var err error
	if db != nil {
		defer db.Close()
		err = exportPTN(ctx, db, stdout)
	} else {
		_, err = control.Export(ctx, socket, cfg.DB, stdout)
	}
	if errors.Is(err, record.ErrDamagedRecord) {
		fmt.Fprintf(stderr, "export: every other game is exported, but %s: restore the database from a backup, or run \"takbot db check\" on a backup of it to see what is damaged\n",
			strings.ReplaceAll(err.Error(), "\n", "; "))
		return exitDamaged
	}
	if err != nil {
		reportControlError("export", cfg, socket, err, stderr)
		return 1
	}
	return 0
}

// exportPTN writes every started game of store (active or over) as PTN to
// w, a blank line between games, in game order. A damaged game (its
// record unreadable, or its moves not replaying) is left out and the
// others are written; the error then wraps record.ErrDamagedRecord.
func exportPTN(ctx context.Context, store record.Store, w io.Writer) error {
	n := 0
	var damaged []error
	err := store.View(ctx, func(tx record.Tx) error {
		return tx.ForEachGame(func(g *record.Game) error {
			if g.Status != record.Active && g.Status != record.Over {
				return nil
			}
			ptn, err := bot.PTN(g)
			if err != nil {
				damaged = append(damaged, &record.DamagedRecordError{Kind: "game", Key: g.ID, Err: fmt.Errorf("%w: %w", record.ErrDamagedRecord, err)})
				return nil
			}
			if n > 0 {
				fmt.Fprintln(w)
			}
			n++
			_, err = fmt.Fprintln(w, ptn)
			return err
		})
	})
	return errors.Join(append([]error{err}, damaged...)...)
}
