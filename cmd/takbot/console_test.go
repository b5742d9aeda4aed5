package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/control"
	"github.com/takbymail/takbot/storage"
)

func TestConsoleBackupExport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	script := filepath.Join(dir, "game.script")
	if err := os.WriteFile(script, []byte("alice: new bob color=white\nbob: accept\nalice: ps a1\nbob: ps e5\nalice: c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Main(env{args: []string{"console", "-db", db, "-in", script}, stdout: &out, stderr: &errb}); code != 0 {
		t.Fatalf("console exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "[to alice] Turn 3 (PTN move 2, white) of game g1: you (white) played ps c3 (PTN c3).") {
		t.Fatalf("console output lacks the third move:\n%s", out.String())
	}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "[to ") {
			t.Fatalf("non-reply line on stdout: %q", l)
		}
	}
	// The same script file again changes nothing and prints nothing; each
	// line skipped is noted on standard error.
	out.Reset()
	errb.Reset()
	if code := Main(env{args: []string{"console", "-db", db, "-in", script}, stdout: &out, stderr: &errb}); code != 0 || out.Len() != 0 ||
		strings.Count(errb.String(), "was handled before (the same input fed again); skipped") != 5 {
		t.Fatalf("replay: exit %d, output %q, notes %q", code, out.String(), errb.String())
	}
	bk := filepath.Join(dir, "backup.db")
	out.Reset()
	if code := Main(env{args: []string{"backup", "-db", db, "-o", bk}, stdout: &out, stderr: &errb}); code != 0 {
		t.Fatalf("backup exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := Main(env{args: []string{"export", "-db", bk}, stdout: &out, stderr: &errb}); code != 0 {
		t.Fatalf("export exit %d: %s", code, errb.String())
	}
	for _, want := range []string{`[Player1 "alice"]`, `[Player2 "bob"]`, "1. a5 e1", "2. c3"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("export lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReferee_BadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"console", "extra"}, {"console", "-nope"}, {"backup"}, {"backup", "-db", "x"},
		{"export", "extra"}, {"console", "-config", "/nonexistent.yaml"},
	} {
		var out, errb bytes.Buffer
		if code := Main(env{args: args, stdout: &out, stderr: &errb}); code == 0 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errb.String())
		}
	}
}

// TestBackupExportWhileConsoleRuns backs up and exports a database while
// "takbot console" holds it, through the console's control socket.
func TestBackupExportWhileConsoleRuns(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	pr, pw := io.Pipe()
	var out bytes.Buffer
	var errb syncBuffer
	done := make(chan int, 1)
	go func() {
		code := Main(env{args: []string{"console", "-db", db}, stdin: pr, stdout: &out, stderr: &errb})
		pr.CloseWithError(errors.New("the console has ended"))
		done <- code
	}()
	// A write to the pipe returns once the console has read the line, and
	// it reads a line only after handling the one before: when the last
	// line (a comment) is taken, the moves are stored and the control
	// socket, opened before the first read, is listening.
	for _, l := range []string{"alice: new bob color=white\n", "bob: accept\n", "alice: ps a1\n", "bob: ps e5\n", "alice: c3\n", "# sync\n"} {
		if _, err := io.WriteString(pw, l); err != nil {
			t.Fatalf("console: %v; stderr:\n%s", err, errb.String())
		}
	}

	bk := filepath.Join(dir, "backup.db")
	var bout, berr bytes.Buffer
	if code := Main(env{args: []string{"backup", "-db", db, "-o", bk}, stdout: &bout, stderr: &berr}); code != 0 {
		t.Fatalf("backup while the console runs: exit %d: %s", code, berr.String())
	}
	if !strings.Contains(bout.String(), "from the running takbot") {
		t.Errorf("backup output %q does not say it came from the running takbot", bout.String())
	}
	wantGame := []string{`[Player1 "alice"]`, `[Player2 "bob"]`, "1. a5 e1", "2. c3"}
	var eout, eerr bytes.Buffer
	if code := Main(env{args: []string{"export", "-db", bk}, stdout: &eout, stderr: &eerr}); code != 0 {
		t.Fatalf("export of the backup: exit %d: %s", code, eerr.String())
	}
	fromBackup := eout.String()
	eout.Reset()
	if code := Main(env{args: []string{"export", "-db", db}, stdout: &eout, stderr: &eerr}); code != 0 {
		t.Fatalf("export while the console runs: exit %d: %s", code, eerr.String())
	}
	for _, want := range wantGame {
		if !strings.Contains(eout.String(), want) {
			t.Errorf("export while the console runs lacks %q:\n%s", want, eout.String())
		}
	}
	if eout.String() != fromBackup {
		t.Errorf("export from the running console:\n%s\ndiffers from the export of its backup:\n%s", eout.String(), fromBackup)
	}

	pw.Close()
	if code := <-done; code != 0 {
		t.Fatalf("console exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "played ps c3") {
		t.Errorf("console output lacks the last move:\n%s", out.String())
	}
	sock, _ := control.SocketPath(db)
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("control socket left behind: %v", err)
	}
}

// TestBackupOfHeldFileWithoutServer: when the process holding the file
// serves no control socket, backup fails clearly and writes nothing.
func TestBackupOfHeldFileWithoutServer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "held.db")
	holdDB(t, path)
	out := filepath.Join(dir, "out.db")
	for _, args := range [][]string{{"backup", "-db", path, "-o", out}, {"export", "-db", path}} {
		var stdout, stderr bytes.Buffer
		code := Main(env{args: args, stdout: &stdout, stderr: &stderr})
		if code != 1 || !strings.Contains(stderr.String(), "no takbot answers on its control socket") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v, want only the database", entries)
	}
}

// holdDB opens the database at path for the test, as a running takbot
// would hold it.
func holdDB(t *testing.T, path string) *storage.DB {
	t.Helper()
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestFailedRemoteBackupKeepsOut: when the running takbot's transfer fails
// halfway, backup exits 1 and OUT keeps what it held, with no temporary
// file left beside it.
func TestFailedRemoteBackupKeepsOut(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "held.db")
	db := holdDB(t, path)
	sock, err := control.SocketPath(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := control.Listen(sock, control.Service{Backup: func(w io.Writer) (int64, error) {
		n, _ := db.Backup(w) // all of it, then a failure
		return n, errors.New("disk on fire")
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()
	defer func() { cancel(); <-served }()

	out := filepath.Join(dir, "out.db")
	os.WriteFile(out, []byte("yesterday"), 0o600)
	var stdout, stderr bytes.Buffer
	code := Main(env{args: []string{"backup", "-db", path, "-o", out}, stdout: &stdout, stderr: &stderr})
	if code != 1 || !strings.Contains(stderr.String(), "disk on fire") {
		t.Errorf("backup: exit %d, stderr %q; want 1 and the server's error", code, stderr.String())
	}
	if b, _ := os.ReadFile(out); string(b) != "yesterday" {
		t.Errorf("OUT now holds %d bytes, want its old content", len(b))
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left beside OUT", e.Name())
		}
	}
}
