package storage

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// FuzzCheckGame: no stored bytes make decoding a game record, or
// replaying its moves, panic. Seeds: simulated games, as stored.
func FuzzCheckGame(f *testing.F) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 1; n <= 3; n++ {
		rec, _ := simulatedRecords(rng, n, 5*n)
		raw, err := json.Marshal(rec)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(rec.ID, raw)
	}
	f.Add("g9", []byte(`{"ID":"g9","Status":"active","Config":{"Size":3},"Moves":[{"PTN":"a1","At":"2026-11-21T09:00:00Z"}]}`))
	f.Fuzz(func(t *testing.T, id string, raw []byte) {
		checkGame([]byte(id), raw)
		checkPlayer([]byte(id), raw)
	})
}

// FuzzVerifyLayout: no file makes verifyLayout panic, and a file it finds
// sound opens and reads (every bucket, every record through record.Tx)
// without a panic. Seed: a small database with a game, a player, replies
// and adapter state.
func FuzzVerifyLayout(f *testing.F) {
	path := filepath.Join(f.TempDir(), "seed.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		f.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	rec, replies := simulatedRecords(rng, 1, 4)
	err = db.Update(context.Background(), func(tx record.Tx) error {
		if _, err := tx.NewGameID(); err != nil {
			return err
		}
		for _, r := range replies {
			if err := tx.Enqueue(r); err != nil {
				return err
			}
		}
		if err := tx.PutPlayer(&record.Player{Key: rec.Players[0], Name: rec.Names[0]}); err != nil {
			return err
		}
		if err := tx.PutState("email", "cursor", []byte(`{"LastUID":4}`)); err != nil {
			return err
		}
		return tx.PutGame(rec)
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		f.Fatal(err)
	}
	seed, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, file []byte) {
		problems := verifyLayout(file, int64(len(file)))
		p := filepath.Join(dir, "f.db")
		if err := os.WriteFile(p, file, 0o600); err != nil {
			t.Fatal(err)
		}
		// the check Open runs, reading the file a page at a time into
		// buffers it reuses, finds what the check of the whole file does
		fh, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		fromFile, err := verifyFile(fh, int64(len(file)))
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(problems, fromFile) {
			t.Fatalf("the check of the file read a page at a time found %q, of the whole file %q", fromFile, problems)
		}
		if len(problems) > 0 {
			return
		}
		db, err := Open(p, Options{ReadOnly: true})
		if err != nil {
			return
		}
		defer db.Close()
		db.db.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
				if b == nil {
					return nil // a key at the top, not a bucket
				}
				return walkBucket(b)
			})
		})
		db.View(context.Background(), func(tx record.Tx) error {
			tx.ForEachGame(func(*record.Game) error { return nil })
			tx.ForEachReply(func(*record.Reply) error { return nil })
			tx.PendingHeads("discord", 0)
			tx.PendingHeads("email", 0)
			tx.Player(rec.Players[0])
			tx.ScanState("email", "", func(string, []byte) error { return nil })
			return nil
		})
	})
}

// walkBucket reads every key and value of a bucket and its nested ones.
func walkBucket(b *bolt.Bucket) error {
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			if nb := b.Bucket(k); nb != nil {
				return walkBucket(nb)
			}
		}
		return nil
	})
}
