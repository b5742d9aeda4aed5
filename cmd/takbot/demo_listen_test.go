package main

import (
	"bufio"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// TestDemoListenServesControl: "takbot demo -listen" serves its database's
// control socket and prints the export command; "takbot export" and
// "takbot backup", run as that command says while the demo holds the
// database, get the demo's game from it; SIGINT ends the demo with 0.
func TestDemoListenServesControl(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(takbotBinary(t), "demo", "-listen", "-dir", dir, "-imap", "127.0.0.1:0", "-smtp", "127.0.0.1:0")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	exited := make(chan error, 1)
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			cmd.Process.Kill()
			go func() {
				for range lines {
				}
			}()
			<-drained
			cmd.Wait()
		}
	})

	const wait = 3 * time.Minute // the race detector on a loaded machine
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	var db string
	for db == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the demo ended without printing the export command; standard error:\n%s", stderr.String())
			}
			if rest, found := strings.CutPrefix(strings.TrimSpace(l), "takbot export -db "); found {
				db = rest
			}
		case <-deadline.C:
			t.Fatalf("no export command printed within %s", wait)
		}
	}
	go func() {
		for range lines { // the demo must never block on its output
		}
	}()
	if want := filepath.Join(dir, "takbot.db"); db != want {
		t.Errorf("the export command names %s, want %s", db, want)
	}

	code, out, errs := runTakbot(t, "export", "-db", db)
	if code != 0 || !strings.Contains(out, `[Result "R-0"]`) || !strings.Contains(out, `[Player1 "Alice"]`) {
		t.Errorf("export against the demo: exit %d\n%s\n%s", code, out, errs)
	}
	copyPath := filepath.Join(dir, "copy.db")
	code, out, errs = runTakbot(t, "backup", "-db", db, "-o", copyPath)
	if code != 0 || !strings.Contains(out, "(from the running takbot)") {
		t.Errorf("backup against the demo: exit %d\n%s\n%s", code, out, errs)
	}
	if code == 0 {
		copyDB, err := storage.Open(copyPath, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("the backup does not open: %v", err)
		}
		err = copyDB.View(context.Background(), func(tx record.Tx) error {
			g, err := tx.Game("g1")
			if err == nil && (g.Result == nil || g.Result.Reason != record.EndRoad) {
				t.Errorf("the backup's game g1 has result %+v, want the demo's road win", g.Result)
			}
			return err
		})
		copyDB.Close()
		if err != nil {
			t.Errorf("the backup's game g1: %v", err)
		}
	}

	stopped = true
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	go func() { <-drained; exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("the demo ended with %v after SIGINT; standard error:\n%s", err, stderr.String())
		}
	case <-time.After(wait):
		cmd.Process.Kill()
		t.Fatalf("the demo still runs %s after SIGINT", wait)
	}
}
