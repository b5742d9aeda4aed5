package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// damagedFiles writes a sound database holding a game into dir and three
// damaged copies of it, and returns the paths by name.
func damagedFiles(t *testing.T, dir string) (sound string, damaged map[string]string) {
	t.Helper()
	sound = filepath.Join(dir, "sound.db")
	prepareOverdueGame(t, sound)
	raw, err := os.ReadFile(sound)
	if err != nil {
		t.Fatal(err)
	}
	ps := os.Getpagesize()
	root := int(binary.NativeEndian.Uint64(raw[16+16:])) // meta page 0's root bucket page
	damage := map[string]func(b []byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)/2] },
		"random bytes in a page": func(b []byte) []byte {
			for i := root*ps + 16; i < (root+1)*ps; i++ {
				b[i] = byte(i*7919 + i>>3)
			}
			return b
		},
		"meta pages zeroed": func(b []byte) []byte { clear(b[:2*ps]); return b },
	}
	damaged = map[string]string{}
	for name, fn := range damage {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".db")
		if err := os.WriteFile(path, fn(append([]byte{}, raw...)), 0o600); err != nil {
			t.Fatal(err)
		}
		damaged[name] = path
	}
	return sound, damaged
}

// TestDamagedDatabaseExits65: every subcommand that opens the database
// exits with status 65 and one line naming the file and what to do, with
// no Go trace, for a file cut short, with random bytes over a page in use
// or with its meta pages zeroed; "db check" lists the damage.
func TestDamagedDatabaseExits65(t *testing.T) {
	dir := t.TempDir()
	sound, damaged := damagedFiles(t, dir)
	if code, stdout, stderr := runTakbot(t, "db", "check", sound); code != 0 || !strings.Contains(stdout, "sound") {
		t.Fatalf("db check of the sound file: exit %d, %q %q", code, stdout, stderr)
	}
	for name, path := range damaged {
		cfg := filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), ".db")+".yaml")
		if err := os.WriteFile(cfg, []byte("db: "+path+"\nlog_format: text\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"serve", "-config", cfg},
			{"console", "-db", path},
			{"backup", "-db", path, "-o", filepath.Join(dir, "backup.db")},
			{"export", "-db", path},
			{"export", "-config", cfg},
		} {
			t.Run(name+"/"+args[0], func(t *testing.T) {
				code, stdout, stderr := runTakbot(t, args...)
				if code != exitDamaged {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, exitDamaged, stderr)
				}
				lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
				if args[0] == "serve" && strings.Contains(lines[0], `msg="takbot starting"`) {
					lines = lines[1:] // which binary runs: serve's first line, always
				}
				if len(lines) != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, "restore the database from a backup") ||
					!strings.Contains(stderr, "takbot db check "+path) {
					t.Errorf("stderr is not one line naming %s and what to do:\n%s", path, stderr)
				}
				if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") || stdout != "" {
					t.Errorf("a trace or output:\n%s%s", stdout, stderr)
				}
			})
		}
		t.Run(name+"/db check", func(t *testing.T) {
			code, stdout, stderr := runTakbot(t, "db", "check", path)
			if code != exitDamaged || !strings.Contains(stdout, path+": pages: ") || strings.Contains(stderr, "goroutine") {
				t.Errorf("exit %d, want %d, with the problems listed; stdout:\n%sstderr:\n%s", code, exitDamaged, stdout, stderr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "backup.db")); !os.IsNotExist(err) {
		t.Errorf("a backup of a damaged file was written: %v", err)
	}
}

// TestUnitDoesNotRestartOnDamage: the systemd unit's
// RestartPreventExitStatus lists exitDamaged, so a damaged database is
// not restarted for ever.
func TestUnitDoesNotRestartOnDamage(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", "takbot.service"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "RestartPreventExitStatus="); ok {
			for _, f := range strings.Fields(v) {
				if f == strconv.Itoa(exitDamaged) {
					return
				}
			}
			t.Fatalf("RestartPreventExitStatus=%s lacks %d", v, exitDamaged)
		}
	}
	t.Fatal("deploy/takbot.service has no RestartPreventExitStatus")
}

// TestExportSkipsADamagedGame: export writes every game but a damaged one,
// names it on one line and exits 65; db check names it too.
func TestExportSkipsADamagedGame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "two.db")
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref := bot.New(db, bot.SystemClock{}, bot.Options{Logger: slog.New(slog.DiscardHandler)})
	ref.Register(console.NewTransport(io.Discard, ""))
	for i, m := range [][2]string{{"alice", "new bob"}, {"bob", "accept"}, {"carol", "new dave"}, {"dave", "accept g2"}, {"carol", "a1"}} {
		msg := bot.Message{ID: fmt.Sprint("m", i), From: record.Identity{Transport: console.Name, Address: m[0]}, Text: m[1]}
		if _, err := ref.Handle(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// break the JSON of game g1 where it lies, keeping every page sound
	damaged := bytes.ReplaceAll(raw, []byte(`{"ID":"g1",`), []byte(`{"ID":"g1"!`))
	if bytes.Equal(damaged, raw) {
		t.Fatal("game g1's record not found in the file")
	}
	if err := os.WriteFile(path, damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runTakbot(t, "export", "-db", path)
	if code != exitDamaged || !strings.Contains(stdout, "carol") || strings.Contains(stdout, "alice") ||
		strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "game record g1") {
		t.Errorf("export: exit %d; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, stdout, _ = runTakbot(t, "db", "check", path)
	if code != exitDamaged || !strings.Contains(stdout, "bucket games, key g1:") {
		t.Errorf("db check: exit %d; stdout:\n%s", code, stdout)
	}
}

// TestServeSetsADamagedGameAside runs "takbot serve" on a sound file in
// which game g1's record is damaged: it starts, ends the other overdue
// game g2 on time, logs the damaged game once, counts it, and /healthz
// says degraded.
func TestServeSetsADamagedGameAside(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "takbot.db")
	db, err := storage.Open(dbPath, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref := bot.New(db, fixedClock(time.Now().Add(-10*24*time.Hour)), bot.Options{Logger: slog.New(slog.DiscardHandler)})
	ref.Register(console.NewTransport(io.Discard, ""))
	for i, m := range [][2]string{{"alice", "new bob color=white"}, {"bob", "accept"}, {"carol", "new dave color=white"}, {"dave", "accept g2"}} {
		msg := bot.Message{ID: fmt.Sprint("m", i), From: record.Identity{Transport: console.Name, Address: m[0]}, Text: m[1]}
		if _, err := ref.Handle(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	raw, err := os.ReadFile(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dbPath, bytes.ReplaceAll(raw, []byte(`{"ID":"g1",`), []byte(`{"ID":"g1"!`)), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := writeConfig(t, dir, fmt.Sprintf("db: %s\ntick_interval: 50ms\nhttp_listen: 127.0.0.1:0\nlog_format: json\n", dbPath))
	p := startTakbot(t, "serve", "-config", cfg)
	addr := p.waitLog(t, 20*time.Second, "http listening", nil).str("addr")
	p.mu.Lock()
	first := p.logs[0]
	p.mu.Unlock()
	// the first line says which binary runs (version.go)
	if v := buildVersion(); first.str("msg") != "takbot starting" || first.str("commit") == "" || first["schema"] != float64(4) ||
		first.str("go") != v.Go || first.str("version") == "" {
		t.Errorf("the first log line: %v", first)
	}
	p.waitLog(t, 5*time.Second, "clock event", func(l logLine) bool { return l.str("game") == "g2" })
	const aside = "a damaged record is set aside; everything else goes on (\"takbot db check\" on a backup lists the damage; restore the record from a backup)"
	p.waitLog(t, 5*time.Second, aside, func(l logLine) bool { return l.str("kind") == "game" && l.str("key") == "g1" })
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !bytes.Contains(body, []byte(`"degraded"`)) {
		t.Errorf("/healthz: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(metrics, []byte(`takbot_records_damaged_total{kind="game"} 1`+"\n")) {
		t.Errorf("/metrics does not count the damaged game")
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	if code := p.exitCode(t, 10*time.Second); code != 0 {
		t.Fatalf("exit %d; standard error:\n%s", code, p.output())
	}
	if n := strings.Count(p.output(), `"key":"g1"`); n != 1 {
		t.Errorf("the damaged game logged %d times, want once:\n%s", n, p.output())
	}
}
