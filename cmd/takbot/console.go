package main

import (
	"context"
	"fmt"
	"os"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

func runConsole(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("console", stderr,
		"usage: takbot console [-db FILE] [-images DIR] [-in SCRIPT] [-config FILE]",
		"\nReads lines \"NAME: MESSAGE\" (from standard input or SCRIPT); NAME is the",
		"player speaking. A line ending in a backslash continues on the next line.",
		"Replies are printed as \"[to NAME] ...\"; pictures are written to DIR.",
		"Feeding the same script again is harmless: messages already handled are skipped.",
		"While it runs, \"takbot backup\" and \"takbot export\" reach it through the",
		"control socket FILE.ctl (mode 0600; see README). It logs warnings and errors",
		"only, unless -log-level or the configuration asks for another level than info.")
	load := configFlags(fs, e)
	images := fs.String("images", "", "`dir`ectory for board pictures (default from the config; none if empty)")
	in := fs.String("in", "", "read messages from this `file` instead of standard input")
	session := fs.String("session", "console", "seed of the message ids: use another to send the same lines again")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "console: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	db, cfg, code := openDB("console", load, storage.Options{}, stderr)
	if db == nil {
		return code
	}
	defer db.Close()
	if *images != "" {
		cfg.ImagesDir = *images
	}
	if cfg.ImagesDir != "" {
		if err := os.MkdirAll(cfg.ImagesDir, 0o755); err != nil {
			fmt.Fprintln(stderr, "console:", err)
			return 1
		}
	}
	input := e.stdin
	if *in != "" {
		f, err := os.Open(*in)
		if err != nil {
			fmt.Fprintln(stderr, "console:", err)
			return 1
		}
		defer f.Close()
		input = f
	}
	level := cfg.LogLevel
	if level == defaultConfig().LogLevel {
		// A line per message would interleave with the replies on a
		// terminal: the console logs warnings unless told otherwise.
		level = "warn"
	}
	log := newLogger(stderr, level, cfg.LogFormat)
	opts := refereeOptions(cfg, log)
	eng := newEngine(cfg.Engine, true)
	eng.options(&opts)
	ref := bot.New(db, bot.SystemClock{}, opts)
	ref.Register(console.NewTransport(stdout, cfg.ImagesDir))
	knowTransports(ref)
	var also []string
	if eng.register(ref, log) != nil {
		also = []string{record.EngineTransport}
	}
	health := &ops.Health{Database: func(ctx context.Context) error { return db.View(ctx, func(record.Tx) error { return nil }) }}
	stopControl, err := serveControl(ctx, cfg, db, health, log)
	if err != nil {
		fmt.Fprintln(stderr, "console:", err)
		return 1
	}
	defer stopControl()
	if _, err := ref.Tick(ctx); err != nil {
		log.Error("clocks", "err", err)
	}
	if err := console.Run(ctx, ref, input, console.Options{Replayable: *in != "", Session: *session, TickEachMessage: true, Notes: stderr, Also: also}); err != nil {
		fmt.Fprintln(stderr, "console:", err)
		return 1
	}
	return 0
}
