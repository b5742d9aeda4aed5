package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/takbymail/takbot/storage"
)

func TestConsoleBackupExport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	script := "alice: new bob color=white\nbob: accept\nalice: ps a1\nbob: ps e5\nalice: c3\n"
	consoleInput = strings.NewReader(script)
	defer func() { consoleInput = os.Stdin }()
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"console", "-db", db}, &out, &errb); code != 0 {
		t.Fatalf("console exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "[to alice] g1 turn 3: alice (white) played c3 (mail ps c3)") {
		t.Fatalf("console output lacks the third move:\n%s", out.String())
	}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "[to ") {
			t.Fatalf("non-reply line on stdout: %q", l)
		}
	}
	// The same script again changes nothing and prints nothing.
	consoleInput = strings.NewReader(script)
	out.Reset()
	if code := run(context.Background(), []string{"console", "-db", db}, &out, &errb); code != 0 || out.Len() != 0 {
		t.Fatalf("replay: exit %d, output %q", code, out.String())
	}
	bk := filepath.Join(dir, "backup.db")
	out.Reset()
	if code := run(context.Background(), []string{"backup", "-db", db, "-o", bk}, &out, &errb); code != 0 {
		t.Fatalf("backup exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"export", "-db", bk}, &out, &errb); code != 0 {
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
		if code := run(context.Background(), args, &out, &errb); code == 0 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errb.String())
		}
	}
}

func TestLoadConfigExample(t *testing.T) {
	c, err := loadConfig("../../config.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c != defaultConfig() {
		t.Errorf("config.example.yaml = %+v, want the defaults %+v", c, defaultConfig())
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("days_per_move: 0\n"), 0o644)
	if _, err := loadConfig(bad); err == nil {
		t.Error("days_per_move 0 accepted")
	}
}

func TestHotBackupsOnSignal(t *testing.T) {
	dir := t.TempDir()
	db, err := storage.Open(filepath.Join(dir, "h.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sigs := make(chan os.Signal)
	wrote := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := filepath.Join(dir, "h.db"+backupSuffix)
	go hotBackups(ctx, db.BackupFile, out, sigs, slog.New(slog.NewTextHandler(io.Discard, nil)), func() { wrote <- struct{}{} })
	sigs <- syscall.SIGUSR1
	<-wrote
	cp, err := storage.Open(out, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("backup written on signal does not open: %v", err)
	}
	cp.Close()
}
