package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBackupKeep: "backup -dir DIR -keep N" writes a dated backup and
// keeps the N newest of DIR's takbot-STAMP.db files, leaving every other
// file alone.
func TestBackupKeep(t *testing.T) {
	db := copyFixture(t, "schema-4.db")
	dir := filepath.Join(t.TempDir(), "backups")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"notes.txt", "takbot-latest.db", "takbot-20261101T000000Z.db.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	clock := time.Date(2026, 11, 20, 3, 15, 0, 0, time.UTC)
	run := func(args ...string) (int, string, string) {
		var out, errs bytes.Buffer
		code := backupAt(t.Context(), &env{args: args, stdout: &out, stderr: &errs,
			lookupEnv: func(string) (string, bool) { return "", false }}, func() time.Time { return clock })
		return code, out.String(), errs.String()
	}
	for day := range 5 {
		clock = clock.Add(24 * time.Hour)
		code, out, errs := run("-db", db, "-dir", dir, "-keep", "3")
		want := filepath.Join(dir, "takbot-"+clock.Format("20060102T150405Z")+".db")
		if code != 0 || !strings.HasPrefix(out, "backup: wrote ") || !strings.Contains(out, " to "+want+"\n") {
			t.Fatalf("day %d: exit %d, stdout %q, stderr %q", day, code, out, errs)
		}
		if day >= 3 && !strings.Contains(out, "backup: removed ") {
			t.Errorf("day %d: nothing removed: %q", day, out)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"notes.txt", "takbot-20261101T000000Z.db.tmp", "takbot-20261123T031500Z.db", "takbot-20261124T031500Z.db",
		"takbot-20261125T031500Z.db", "takbot-latest.db"}
	if !slices.Equal(names, want) {
		t.Errorf("the directory holds %v; want %v", names, want)
	}
	if code, out, _ := runCmd(t, "export", "-db", filepath.Join(dir, "takbot-20261125T031500Z.db")); code != 0 || !strings.Contains(out, "[Site \"takbot\"]") {
		t.Errorf("export of the newest backup: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"-db", db, "-o", filepath.Join(dir, "x.db"), "-dir", dir},
		{"-db", db, "-o", filepath.Join(dir, "x.db"), "-keep", "2"},
		{"-db", db, "-dir", dir, "-keep", "-1"},
		{"-db", db},
	} {
		if code, _, errs := run(args...); code != 2 || !strings.Contains(errs, "usage: takbot backup") {
			t.Errorf("%v: exit %d, stderr %q; want the usage and 2", args, code, errs)
		}
	}
}
