package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/ops"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// fixedClock is a clock stopped at one time.
type fixedClock time.Time

func (c fixedClock) Now() time.Time { return time.Time(c) }

// prepareOverdueGame writes a database holding game g1, started ten days
// ago between two console players: white's three days to move ran out
// a week ago, so the first tick of the clocks ends it.
func prepareOverdueGame(t *testing.T, path string) {
	t.Helper()
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ref := bot.New(db, fixedClock(time.Now().Add(-10*24*time.Hour)), bot.Options{Logger: slog.New(slog.DiscardHandler)})
	ref.Register(console.NewTransport(io.Discard, ""))
	ctx := context.Background()
	for i, m := range []struct{ from, text string }{{"alice", "new bob color=white"}, {"bob", "accept"}} {
		msg := bot.Message{ID: fmt.Sprint("m", i), From: record.Identity{Transport: console.Name, Address: m.from}, Text: m.text}
		if _, err := ref.Handle(ctx, msg); err != nil {
			t.Fatal(err)
		}
	}
	if g, err := ref.Game(ctx, "g1"); err != nil || g.Status != record.Active {
		t.Fatalf("game g1: %+v, %v; want an active game", g, err)
	}
}

// writeConfig writes a configuration file into dir.
func writeConfig(t *testing.T, dir, text string) string {
	t.Helper()
	path := filepath.Join(dir, "takbot.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServeWithoutTransports runs "takbot serve" with no transport as a
// subprocess: it serves /healthz, /metrics and the control socket, runs
// the clocks, and stops cleanly on SIGTERM.
func TestServeWithoutTransports(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "takbot.db")
	prepareOverdueGame(t, dbPath)
	cfg := writeConfig(t, dir, fmt.Sprintf(`db: %s
tick_interval: 50ms
http_listen: 127.0.0.1:0
log_format: json
shutdown_timeout: 5s
`, dbPath))
	p := startTakbot(t, "serve", "-config", cfg)
	addr := p.waitLog(t, 20*time.Second, "http listening", nil).str("addr")
	started := p.waitLog(t, 5*time.Second, "takbot serving", nil)
	if started.str("transports") != "none" || started.str("database") != dbPath || started.str("control_socket") != dbPath+".ctl" {
		t.Errorf("startup line %v", started)
	}

	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	public, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || strings.Join(strings.Fields(string(public)), "") != `{"status":"ok"}` {
		t.Errorf("/healthz without the token: %d %s %v, want the status alone", resp.StatusCode, public, err)
	}
	// The details are on the control socket.
	code, out, errs := runTakbot(t, "status", "-db", dbPath)
	var health ops.HealthReport
	err = json.Unmarshal([]byte(out), &health)
	if code != 0 || err != nil || health.Status != ops.StatusOK || !health.Database.Open || len(health.Transports) != 0 {
		t.Errorf("takbot status: exit %d, stderr %q, %+v %v", code, errs, health, err)
	}

	// The first tick of the clocks ends the overdue game.
	p.waitLog(t, 5*time.Second, "clock event", func(l logLine) bool { return l.str("game") == "g1" })
	code, out, errs = runTakbot(t, "export", "-db", dbPath)
	if code != 0 || !strings.Contains(out, `[Result "0-1"]`) {
		t.Errorf("export through the control socket: exit %d, stderr %q, output:\n%s", code, errs, out)
	}
	backup := filepath.Join(dir, "backup.db")
	code, out, errs = runTakbot(t, "backup", "-db", dbPath, "-o", backup)
	if code != 0 || !strings.Contains(out, "from the running takbot") {
		t.Errorf("backup through the control socket: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, _ := runCmd(t, "export", "-db", backup); code != 0 || !strings.Contains(out, `[Result "0-1"]`) {
		t.Errorf("the backup: exit %d, export:\n%s", code, out)
	}
	resp, err = http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"takbot_games{status=\"over\"} 1\n", "takbot_games{status=\"active\"} 0\n", "takbot_replies_pending "} {
		if !bytes.Contains(metrics, []byte(want)) {
			t.Errorf("/metrics lacks %q", want)
		}
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := p.exitCode(t, 5*time.Second); code != 0 {
		t.Fatalf("exit %d after SIGTERM; standard error:\n%s", code, p.output())
	}
	p.waitLog(t, time.Second, "stopped", nil)
	if _, err := os.Lstat(dbPath + ".ctl"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("control socket left behind: %v", err)
	}
}

// TestServeSecondSignal: a second signal during the shutdown exits at
// once. The shutdown is held by an HTTP request under way: its client
// announced a body it never sends, and the server waits for it before
// answering.
func TestServeSecondSignal(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "takbot.db")
	cfg := writeConfig(t, dir, fmt.Sprintf(`db: %s
http_listen: 127.0.0.1:0
log_format: json
log_level: debug
shutdown_timeout: 1m
`, dbPath))
	p := startTakbot(t, "serve", "-config", cfg)
	addr := p.waitLog(t, 20*time.Second, "http listening", nil).str("addr")
	p.waitLog(t, 5*time.Second, "takbot serving", nil)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: takbot\r\nContent-Length: 10\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	p.waitLog(t, 5*time.Second, "http request", func(l logLine) bool { return l.str("path") == "/healthz" })

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	p.waitLog(t, 5*time.Second, "shutting down", nil)
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.exitCode(t, 10*time.Second); code != 1 {
		t.Fatalf("exit %d after a second signal, want 1; standard error:\n%s", code, p.output())
	}
	l := p.waitLog(t, time.Second, "second signal: exiting at once without finishing the shutdown; the outbox keeps every reply not delivered", nil)
	if l.str("signal") != "interrupt" || strings.Contains(p.output(), `"msg":"stopped"`) {
		t.Errorf("second signal line %v; standard error:\n%s", l, p.output())
	}
}

// TestServeInProcess runs serve through Main with an injected signal,
// sent before it has even started: it starts, then stops cleanly.
func TestServeInProcess(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "t.db")
	cfg := writeConfig(t, dir, "db: "+dbPath+"\nlog_format: json\nhttp_listen: 127.0.0.1:0\n")
	signals := make(chan os.Signal, 1)
	signals <- syscall.SIGTERM
	var stderr bytes.Buffer
	if code := Main(env{args: []string{"serve", "-config", cfg}, stderr: &stderr, signals: signals}); code != 0 {
		t.Fatalf("exit %d; standard error:\n%s", code, stderr.String())
	}
	for _, want := range []string{`"msg":"takbot serving"`, `"cause":"received terminated"`, `"msg":"stopped"`} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("standard error lacks %s:\n%s", want, stderr.String())
		}
	}
	if _, err := os.Lstat(dbPath + ".ctl"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("control socket left behind: %v", err)
	}
}

// TestServeStartFailure: when a listener cannot open, serve exits 1 and
// leaves the database closed and no control socket behind.
func TestServeStartFailure(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "t.db")
	cfg := writeConfig(t, dir, "db: "+dbPath+"\nhttp_listen: "+taken.Addr().String()+"\n")
	code, _, stderr := runCmd(t, "serve", "-config", cfg)
	if code != 1 || !strings.Contains(stderr, "http_listen") || !strings.Contains(stderr, "address already in use") {
		t.Errorf("exit %d, standard error:\n%s", code, stderr)
	}
	if _, err := os.Lstat(dbPath + ".ctl"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("control socket left behind: %v", err)
	}
	holdDB(t, dbPath) // the database was closed
}
