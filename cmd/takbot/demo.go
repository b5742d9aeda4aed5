package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

func runDemo(ctx context.Context, e *env) int {
	fs := newFlagSet("demo", e.stderr,
		"usage: takbot demo [-dir DIR] [-listen] [-imap ADDR] [-smtp ADDR]",
		"\nPlays Tak by mail on this machine, with nothing to configure: an embedded",
		"IMAP and SMTP server on 127.0.0.1, the real referee and email transport,",
		"and two scripted players (alice and bob) who play a whole game by replying",
		"to the bot's mails. Every mail is printed; the .eml files and the board",
		"pictures are written to DIR. With -listen, the servers and the bot keep",
		"running afterwards, the database's control socket answers \"takbot export\"",
		"and \"takbot backup\", and the demo prints how to connect Thunderbird or",
		"mutt as the two players (stop with Ctrl-C).")
	dir := fs.String("dir", "", "`directory` for the mails, pictures and database (default: a new temporary directory)")
	listen := fs.Bool("listen", false, "keep the mail servers and the bot running for real mail clients")
	imapAddr := fs.String("imap", "", "IMAP listening `address` (default 127.0.0.1:1143 with -listen when free, else a free port)")
	smtpAddr := fs.String("smtp", "", "SMTP listening `address` (default 127.0.0.1:1587 with -listen when free, else a free port)")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "demo: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	log := newLogger(e.stderr, "warn", "text")
	ec := defaultEngineConfig()
	ec.ReviewTime = duration(20 * time.Millisecond) // the demo's review in about a second
	eng := newEngine(ec, false)
	_, err := demo.Run(ctx, demo.Options{Out: e.stdout, Dir: *dir, Listen: *listen,
		Analyst:  eng.analyst,
		Player:   func(ref *bot.Referee) bot.Receiver { return eng.register(ref, log) },
		IMAPAddr: *imapAddr, SMTPAddr: *smtpAddr, Logger: log,
		Control: func(ctx context.Context, db *storage.DB, path string, transports []bot.Transport) (func(), error) {
			health := &ops.Health{Transports: transports,
				Database: func(ctx context.Context) error { return db.View(ctx, func(record.Tx) error { return nil }) }}
			return serveControl(ctx, config{DB: path}, db, health, log)
		}})
	var sig *signalError
	switch {
	case err == nil:
		return 0
	case *listen && errors.As(context.Cause(ctx), &sig):
		return 0
	}
	fmt.Fprintln(e.stderr, "takbot demo:", err)
	return 1
}
