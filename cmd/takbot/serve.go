package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/internal/gctune"
)

func runServe(ctx context.Context, e *env) int {
	fs := newFlagSet("serve", e.stderr,
		"usage: takbot serve -config FILE [-check]",
		"\nRuns the referee: one process owning the database, driving the clocks every",
		"tick_interval, delivering replies, serving backups and exports on the control",
		"socket, the health and metrics listener (http_listen) and every transport whose",
		"section the configuration has (email:, discord:). SIGINT or SIGTERM stops it",
		"cleanly within shutdown_timeout (exit 0); a second signal exits at once (exit 1).",
		"With -check it validates the configuration, reading its secret files, and exits:",
		"0 with a summary, or 78 with every problem found (README lists the exit statuses).")
	path := fs.String("config", "", "YAML configuration `file` (see config.example.yaml)")
	check := fs.Bool("check", false, "validate the configuration and exit")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if *path == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	cfg, err := loadConfig(*path, decodeOptions{lookupEnv: e.lookupEnv, readSecrets: true, requireBuiltIn: true})
	if err != nil {
		var ce *configError
		if !errors.As(err, &ce) {
			fmt.Fprintf(e.stderr, "serve: %v\n", err)
			return exitStatus(err)
		}
		for _, p := range ce.Problems {
			fmt.Fprintf(e.stderr, "%s: %v\n", ce.File, p)
		}
		fmt.Fprintf(e.stderr, "serve: %s has %d problem%s\n", ce.File, len(ce.Problems), renderPlural(len(ce.Problems)))
		return exitStatus(err)
	}
	if *check {
		fmt.Fprintf(e.stdout, "%s: ok: %s\n", *path, summary(cfg))
		return 0
	}
	log := newLogger(e.stderr, cfg.LogLevel, cfg.LogFormat)
	log.Info("takbot starting", append(buildVersion().logAttrs(), "component", "serve", "config", *path)...)
	gctune.Apply(e.lookupEnv)
	lead, err := waitForLead(ctx, cfg, log.With("component", "leader"))
	if err != nil && ctx.Err() != nil {
		return 0 // stopped while a standby
	}
	if err != nil {
		code := exitStatus(err)
		log.Error("cannot start", "component", "serve", "err", err, "exit_status", code)
		return code
	}
	s, err := startServer(cfg, log, lead)
	switch code := exitStatus(err); {
	case err == nil:
	case code == exitDamaged:
		log.Error("cannot start: "+damagedAdvice(cfg.DB, err), "component", "serve", "exit_status", code)
		return code
	case code == exitNewerSchema:
		log.Error("cannot start: "+newerAdvice(err), "component", "serve", "exit_status", code)
		return code
	default:
		log.Error("cannot start", "component", "serve", "err", err, "exit_status", code)
		return code
	}
	done := make(chan int, 1)
	go func() { done <- s.wait(ctx) }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	select {
	case code := <-done:
		return code
	case sig := <-e.signals:
		log.Warn("second signal: exiting at once without finishing the shutdown; the outbox keeps every reply not delivered",
			"component", "serve", "signal", sig.String())
		return 1
	}
}

// summary describes a valid configuration in one line.
func summary(cfg config) string {
	var on []string
	for _, s := range transportSpecs() {
		if s.enabled(&cfg) {
			on = append(on, s.section)
		}
	}
	transports := strings.Join(on, ", ")
	if transports == "" {
		transports = "none"
	}
	httpAddr := cfg.HTTPListen
	if httpAddr == "" {
		httpAddr = "off"
	}
	socket, err := controlSocket(cfg)
	if err != nil {
		socket = "(" + err.Error() + ")"
	}
	return fmt.Sprintf("database %s, transports %s, http %s, control socket %s, clocks every %s",
		databaseName(cfg), transports, httpAddr, socket, cfg.TickInterval)
}
