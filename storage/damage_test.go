package storage_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// damageFixture writes a database of 8 stored games with their replies
// and processed messages, and returns its bytes.
func damageFixture(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sound.db")
	db, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(15, 4))
	for n := 1; n <= 8; n++ {
		rec, replies := storage.SimulatedRecords(rng, n, 12)
		storeGame(t, db, rec, replies)
	}
	update(t, db, func(tx record.Tx) error {
		return tx.PutState("email", "cursor", []byte(`{"Mailbox":"INBOX","UIDValidity":7,"LastUID":41}`))
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// rootPage returns the page of the root bucket named by meta page 0.
func rootPage(raw []byte) int { return int(binary.NativeEndian.Uint64(raw[16+16:])) }

// TestOpenDamagedFile: a file cut short, with random bytes over a page in
// use or with its meta pages zeroed is refused with ErrDamaged, naming
// the file, and never panics.
func TestOpenDamagedFile(t *testing.T) {
	sound := damageFixture(t)
	ps := os.Getpagesize()
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"truncated to a third", func(b []byte) []byte { return b[:len(b)/3] }},
		{"truncated inside a meta page", func(b []byte) []byte { return b[:100] }},
		{"truncated after the meta pages", func(b []byte) []byte { return b[:2*ps+10] }},
		{"meta pages zeroed", func(b []byte) []byte { clear(b[:2*ps]); return b }},
		{"random bytes over the root page", func(b []byte) []byte {
			p := rootPage(b)
			for i := p * ps; i < (p+1)*ps; i++ {
				b[i] = byte(rng.Uint32())
			}
			return b
		}},
		{"random bytes in the root page's elements", func(b []byte) []byte {
			p := rootPage(b)
			for i := p*ps + 16; i < p*ps+200; i++ {
				b[i] = byte(rng.Uint32())
			}
			return b
		}},
		{"not a database", func(b []byte) []byte { return []byte("this is not a database, only words\n") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "damaged.db")
			if err := os.WriteFile(path, c.damage(append([]byte{}, sound...)), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, ro := range []bool{false, true} {
				db, err := storage.Open(path, storage.Options{ReadOnly: ro})
				if err == nil {
					db.Close()
					t.Fatalf("read-only %v: Open succeeded", ro)
				}
				var de *storage.DamagedError
				if !errors.Is(err, storage.ErrDamaged) || !errors.As(err, &de) || de.Path != path {
					t.Fatalf("read-only %v: %v, want a DamagedError naming %s", ro, err, path)
				}
				t.Log(err)
			}
		})
	}
}

// TestOpenSurvivesAnyPageDamage overwrites each page of a sound file in
// turn (the whole page, its body after the header, a few bytes) and
// opens it: Open either refuses it with ErrDamaged or opens it, and then
// the check and every read of the records return, damaged or not,
// without a panic. A free page may be damaged harmlessly.
func TestOpenSurvivesAnyPageDamage(t *testing.T) {
	sound := damageFixture(t)
	ps := os.Getpagesize()
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	refused, opened := 0, 0
	for p := 2; p < len(sound)/ps; p++ {
		for v, span := range [][2]int{{0, ps}, {16, ps}, {16 + rng.IntN(ps-32), 8}} {
			b := append([]byte{}, sound...)
			for i := p*ps + span[0]; i < p*ps+span[0]+span[1] && i < (p+1)*ps; i++ {
				b[i] = byte(rng.Uint32())
			}
			path := filepath.Join(dir, "d.db")
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := storage.Open(path, storage.Options{ReadOnly: true})
			if err != nil {
				if !errors.Is(err, storage.ErrDamaged) {
					t.Fatalf("page %d variant %d: %v, want ErrDamaged", p, v, err)
				}
				refused++
				continue
			}
			opened++
			if _, err := db.Check(t.Context()); err != nil {
				t.Errorf("page %d variant %d: Check: %v", p, v, err)
			}
			readEverything(t, db)
			db.Close()
		}
	}
	t.Logf("%d damaged files refused, %d opened", refused, opened)
	if refused == 0 || opened == 0 {
		t.Errorf("refused %d, opened %d: the damage missed the pages in use, or none was harmless", refused, opened)
	}
}

// readEverything reads every record through record.Tx, ignoring the errors:
// only a panic fails.
func readEverything(t *testing.T, db *storage.DB) {
	t.Helper()
	db.View(t.Context(), func(tx record.Tx) error {
		tx.ForEachGame(func(g *record.Game) error {
			for _, p := range g.Players {
				tx.Player(p)
				tx.GamesOf(p)
			}
			return nil
		})
		tx.ForEachReply(func(r *record.Reply) error { tx.Reply(r.ID); return nil })
		tx.PendingHeads("email", 0)
		tx.OutboxStats()
		tx.CountGames()
		tx.DueGames(benchStart.AddDate(1, 0, 0), 0)
		tx.ScanState("email", "", func(string, []byte) error { return nil })
		return nil
	})
}

// TestCheckFindsDamagedRecords: in a sound file, Check names each record
// that does not decode (a game, a player, a reply, a processed message)
// by bucket and key, and finds nothing in the file before the damage.
func TestCheckFindsDamagedRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "records.db")
	if err := os.WriteFile(path, damageFixture(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if ps, err := storage.CheckFile(t.Context(), path); err != nil || len(ps) != 0 {
		t.Fatalf("the sound file: %v, %v; want no problem", ps, err)
	}
	var replyKey []byte
	writeRaw(t, path, func(tx *bolt.Tx) error {
		replyKey, _ = tx.Bucket([]byte("log")).Cursor().Last()
		replyKey = append([]byte{}, replyKey...)
		for _, kv := range [][3]string{
			{"games", "g3", `{"ID":"g3","Status":"active","Moves":[{"PTN":"zz9"}]`},
			{"games", "g5", `{"ID":"g5","Status":"active","Config":{"Size":5},"Moves":["e9+"]}`},
			{"players", "email:x@example.org", "\x00\x01garbage"},
			{"processed", "email:<m1@x>\x00", "\xff\xff\xff"}, // its tagged key
			{"log", string(replyKey), "\x02\x07garbage"},
		} {
			if err := tx.Bucket([]byte(kv[0])).Put([]byte(kv[1]), []byte(kv[2])); err != nil {
				return err
			}
		}
		return nil
	})
	ps, err := storage.CheckFile(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"games g3": true, "games g5": true, "players email:x@example.org": true,
		"processed email:<m1@x>": true, "log " + fmt.Sprintf("%x", replyKey): true}
	for _, p := range ps {
		t.Log(p)
		if !want[p.Bucket+" "+p.Key] {
			t.Errorf("unexpected problem %s", p)
		}
		delete(want, p.Bucket+" "+p.Key)
	}
	if len(want) > 0 {
		t.Errorf("not found: %v", want)
	}
}

// TestOpenBadSchemaVersion: a sound file whose schema version is not a
// number is damaged too (exit 65 in takbot), for both kinds of Open.
func TestOpenBadSchemaVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "version.db")
	writeRaw(t, path, func(tx *bolt.Tx) error { return putAll(tx, "meta", "version", "3\x00\xff") })
	for _, ro := range []bool{false, true} {
		db, err := storage.Open(path, storage.Options{ReadOnly: ro})
		if err == nil {
			db.Close()
			t.Fatalf("read-only %v: Open succeeded", ro)
		}
		if !errors.Is(err, storage.ErrDamaged) {
			t.Errorf("read-only %v: %v, want ErrDamaged", ro, err)
		}
	}
}
