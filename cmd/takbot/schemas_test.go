package main

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/storage"
)

// The files of testdata/schemas were made by the takbot binaries of the
// last three schemas (2: commit 0e4a872^, 3: 8f0bb68^, 4: this one), each
// running "takbot console -in script.txt"; schema-N.ptn is what that
// binary's "takbot export" printed.

// copyFixture copies testdata/schemas/name to a temporary directory: the
// tests never open the committed file.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "schemas", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// fileSchema reads the schema version recorded in a database file with
// bbolt directly.
func fileSchema(t *testing.T, path string) string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	db.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket([]byte("meta")); b != nil {
			v = string(b.Get([]byte("version")))
		}
		return nil
	})
	return v
}

func sum(t *testing.T, path string) [32]byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(raw)
}

// TestOlderSchemas: on a file of each of the last three schemas, db
// check, export and backup work without changing the file (the backup
// keeps its schema); db migrate then copies it to FILE.pre-vN, logs each
// step and migrates it, and the games export as before.
func TestOlderSchemas(t *testing.T) {
	for _, schema := range []string{"2", "3", "4"} {
		t.Run("schema "+schema, func(t *testing.T) {
			path := copyFixture(t, "schema-"+schema+".db")
			want, err := os.ReadFile(filepath.Join("testdata", "schemas", "schema-"+schema+".ptn"))
			if err != nil {
				t.Fatal(err)
			}
			before := sum(t, path)

			code, out, errs := runTakbot(t, "db", "check", path)
			if code != 0 || out != path+": sound: every page and every record reads\n" {
				t.Errorf("db check: exit %d, stdout %q, stderr %q", code, out, errs)
			}
			code, out, errs = runTakbot(t, "export", "-db", path)
			if code != 0 || out != string(want) {
				t.Errorf("export: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
			}
			backup := filepath.Join(t.TempDir(), "backup.db")
			if code, _, errs := runTakbot(t, "backup", "-db", path, "-o", backup); code != 0 {
				t.Errorf("backup: exit %d, stderr %q", code, errs)
			} else if v := fileSchema(t, backup); v != schema {
				t.Errorf("the backup has schema %q; want the file's, %s", v, schema)
			}
			if sum(t, path) != before {
				t.Fatal("db check, export or backup changed the file")
			}
			if matches, _ := filepath.Glob(path + ".pre-v*"); len(matches) > 0 {
				t.Errorf("reading wrote %v", matches)
			}

			code, out, errs = runTakbot(t, "db", "migrate", path)
			if schema == "4" {
				if code != 0 || out != path+": schema 4 already, nothing to migrate\n" {
					t.Errorf("db migrate of schema 4: exit %d, stdout %q, stderr %q", code, out, errs)
				}
				return
			}
			pre := path + ".pre-v" + schema
			if code != 0 || out != path+": migrated from schema "+schema+" to 4; the file as it was is "+pre+"\n" {
				t.Fatalf("db migrate: exit %d, stdout %q, stderr:\n%s", code, out, errs)
			}
			for v := schema[0]; v < '4'; v++ {
				from, to := string(v), string(v+1)
				for _, line := range []string{
					`msg="migrating the database" component=storage from_schema=` + from + ` to_schema=` + to + ` step=`,
					`msg="database migrated" component=storage from_schema=` + from + ` to_schema=` + to + ` took=`,
				} {
					if !strings.Contains(errs, line) {
						t.Errorf("db migrate's log lacks %q:\n%s", line, errs)
					}
				}
			}
			if !strings.Contains(errs, `msg="database copied before its migration" component=storage schema=`+schema+` to_schema=4 copy=`+pre) {
				t.Errorf("db migrate's log lacks the copy:\n%s", errs)
			}
			if v := fileSchema(t, path); v != "4" {
				t.Errorf("after db migrate the file has schema %q", v)
			}
			if v := fileSchema(t, pre); v != schema {
				t.Errorf("%s has schema %q; want %s", pre, v, schema)
			}
			if code, out, _ := runTakbot(t, "export", "-db", path); code != 0 || out != string(want) {
				t.Errorf("export after the migration: exit %d:\n%s", code, out)
			}
		})
	}
}

// TestNewerSchemaExitStatus: every command refuses a file a newer takbot
// wrote with exit status 79, one line saying what to do.
func TestNewerSchemaExitStatus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "newer.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("meta"))
		if err == nil {
			err = b.Put([]byte("version"), []byte("5"))
		}
		return err
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(config, []byte("db: "+path+"\nlog_format: json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"db", "check", path},
		{"db", "migrate", path},
		{"export", "-db", path},
		{"backup", "-db", path, "-o", path + ".bak"},
		{"serve", "-config", config},
	} {
		code, _, errs := runTakbot(t, args...)
		if code != exitNewerSchema || !strings.Contains(errs, "a newer takbot wrote it") || !bytes.Contains([]byte(errs), []byte("version 5, this program knows 4")) {
			t.Errorf("%v: exit %d, stderr %q; want %d and the advice", args, code, errs, exitNewerSchema)
		}
	}
	if storage.Version != 4 {
		t.Errorf("the file above is one schema newer than 4; storage writes %d", storage.Version)
	}
}
