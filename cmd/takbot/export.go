package main

import (
	"context"
	"fmt"
	"io"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

func init() {
	register(command{
		name:    "export",
		summary: "print every game of the database as PTN",
		run:     runExport,
	})
}

func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("export", stderr,
		"usage: takbot export -db FILE",
		"\nWrites every started game (active or over) as PTN to standard output,",
		"one after another, in game order.")
	load := configFlags(fs)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	db, _, code := openDB("export", load, storage.Options{ReadOnly: true}, stderr)
	if db == nil {
		return code
	}
	defer db.Close()
	n := 0
	err := db.View(ctx, func(tx bot.Tx) error {
		return tx.ForEachGame(func(g *bot.GameRecord) error {
			if g.Status != bot.Active && g.Status != bot.Over {
				return nil
			}
			ptn, err := bot.PTN(g)
			if err != nil {
				return err
			}
			if n > 0 {
				fmt.Fprintln(stdout)
			}
			n++
			_, err = fmt.Fprintln(stdout, ptn)
			return err
		})
	})
	if err != nil {
		fmt.Fprintln(stderr, "export:", err)
		return 1
	}
	return 0
}
