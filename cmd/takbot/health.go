package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// runHealth is "takbot health": a GET of a health endpoint, for a
// container's HEALTHCHECK (the distroless image has no curl).
func runHealth(ctx context.Context, e *env) int {
	fs := newFlagSet("health", e.stderr,
		"usage: takbot health [-url URL] [-timeout D]",
		"\nAsks a running takbot's health listener (http_listen) and exits 0 when it",
		"answers 200, 1 otherwise, printing the status and body on one line. The",
		"default asks /livez (the process answers): a container's HEALTHCHECK. /readyz",
		"says whether every transport is connected, /healthz adds the problems.")
	url := fs.String("url", "http://127.0.0.1:8080/livez", "the endpoint's `URL`")
	timeout := fs.Duration("timeout", 5*time.Second, "the longest the request may take")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		fmt.Fprintf(e.stderr, "health: %v\n", err)
		return exitUsage
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(e.stderr, "health: %v\n", err)
		return exitFailure
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	fmt.Fprintf(e.stdout, "%s %s %s\n", *url, resp.Status, compactJSON(body))
	if resp.StatusCode != http.StatusOK {
		return exitFailure
	}
	return exitOK
}

// compactJSON puts an indented body on one line.
func compactJSON(body []byte) string {
	out := make([]byte, 0, len(body))
	for _, b := range body {
		if b != '\n' && b != '\t' && b != '\r' {
			out = append(out, b)
		}
	}
	return string(out)
}
