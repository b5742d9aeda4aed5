package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/takbymail/takbot/control"
	"github.com/takbymail/takbot/ops"
)

func runStatus(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("status", stderr,
		"usage: takbot status -config FILE",
		"\nPrints the health of the takbot running on the database: the database and",
		"each transport, with the servers, user names and errors that /healthz shows",
		"only to a request carrying http.health_token. It asks the running takbot",
		"through its control socket (FILE.ctl beside the database, or control_socket).",
		"Exits 0 when all is well, 1 when something is degraded or no takbot answers.")
	load := configFlags(fs, e)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	cfg, err := load()
	if err != nil {
		fmt.Fprintf(stderr, "status: %v\n", err)
		return exitStatus(err)
	}
	socket, err := controlSocket(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "status: %v\n", err)
		return 1
	}
	var buf bytes.Buffer
	if _, err := control.Status(ctx, socket, cfg.DB, &buf); err != nil {
		fmt.Fprintf(stderr, "status: %v\n", err)
		return 1
	}
	stdout.Write(buf.Bytes())
	var rep ops.HealthReport
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		fmt.Fprintf(stderr, "status: the running takbot's answer is no health report: %v\n", err)
		return 1
	}
	if rep.Status != ops.StatusOK {
		return 1
	}
	return 0
}

// healthStatus writes h's whole report as indented JSON: the control
// socket's "status".
func healthStatus(h *ops.Health) func(ctx context.Context, w io.Writer) error {
	return func(ctx context.Context, w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(h.Report(ctx))
	}
}
