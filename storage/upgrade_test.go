package storage_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(raw)
}

// rawVersion reads the schema version of a file with bbolt directly.
func rawVersion(t *testing.T, path string) string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	db.View(func(tx *bolt.Tx) error {
		v = string(tx.Bucket([]byte("meta")).Get([]byte("version")))
		return nil
	})
	return v
}

// TestReadOnlyOpenReadsAnOldSchema: a read-only Open of a schema 2 file
// reads its games through a migrated copy, checks it sound, backs it up in
// schema 2, leaves the file as it was and its temporary copy removed.
func TestReadOnlyOpenReadsAnOldSchema(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	path := filepath.Join(t.TempDir(), "v2.db")
	writeV2(t, path)
	before := fileSum(t, path)
	db, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := db.SchemaVersion(); v != 2 || err != nil {
		t.Errorf("SchemaVersion = %d, %v; want the file's, 2", v, err)
	}
	err = db.View(t.Context(), func(tx record.Tx) error {
		g, err := tx.Game("g1")
		if err == nil && (g.Status != record.Active || len(g.Moves) != 3) {
			t.Errorf("g1 read through the copy: %+v", g)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if problems, err := db.Check(t.Context()); len(problems) > 0 || err != nil {
		t.Errorf("Check = %v, %v; want sound", problems, err)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := db.BackupFile(backup); err != nil {
		t.Fatal(err)
	}
	if copies, _ := filepath.Glob(filepath.Join(tmp, "takbot-schema2-*.db")); len(copies) != 1 {
		t.Errorf("temporary copies while open: %v; want one", copies)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if v := rawVersion(t, backup); v != "2" {
		t.Errorf("the backup has schema %q; want the file's, 2", v)
	}
	if fileSum(t, path) != before {
		t.Error("the read-only Open changed the file")
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("left in the temporary directory after Close: %v", left)
	}
	if problems, err := storage.CheckFile(t.Context(), path); len(problems) > 0 || err != nil {
		t.Errorf("CheckFile = %v, %v; want sound", problems, err)
	}
}

// TestMigrationLogsAndCopies: a read-write Open of a schema 2 file
// copies it to FILE.pre-v2 first, then logs each step as it starts and
// ends; a file of the current schema is neither copied nor logged.
func TestMigrationLogsAndCopies(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	writeV2(t, path)
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	db, err := storage.Open(path, storage.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	pre := storage.PreMigrationPath(path, 2)
	if pre != path+".pre-v2" {
		t.Errorf("PreMigrationPath = %s", pre)
	}
	if v := rawVersion(t, pre); v != "2" {
		t.Errorf("%s has schema %q; want 2", pre, v)
	}
	type line struct {
		Msg        string
		Schema     int
		FromSchema int `json:"from_schema"`
		ToSchema   int `json:"to_schema"`
		Copy       string
		Step       string
		Took       any
	}
	var got []line
	dec := json.NewDecoder(&logs)
	for dec.More() {
		var l line
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		got = append(got, l)
	}
	want := []line{
		{Msg: "database copied before its migration", Schema: 2, ToSchema: 4, Copy: pre},
		{Msg: "migrating the database", FromSchema: 2, ToSchema: 3},
		{Msg: "database migrated", FromSchema: 2, ToSchema: 3},
		{Msg: "migrating the database", FromSchema: 3, ToSchema: 4},
		{Msg: "database migrated", FromSchema: 3, ToSchema: 4},
	}
	if len(got) != len(want) {
		t.Fatalf("logged %d lines, want %d:\n%+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Msg != w.Msg || g.Schema != w.Schema || g.FromSchema != w.FromSchema || g.ToSchema != w.ToSchema || g.Copy != w.Copy {
			t.Errorf("line %d: %+v; want %+v", i, g, w)
		}
		if (g.Msg == "migrating the database") != (g.Step != "") {
			t.Errorf("line %d: step %q", i, g.Step)
		}
		if g.Msg != "migrating the database" && g.Took == nil {
			t.Errorf("line %d has no duration", i)
		}
	}
	logs.Reset()
	db, err = storage.Open(path, storage.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if logs.Len() > 0 {
		t.Errorf("opening a current file logged:\n%s", logs.String())
	}
	if copies, _ := filepath.Glob(path + ".pre-v*"); len(copies) != 1 {
		t.Errorf("copies %v; want only the one of schema 2", copies)
	}
}
