package storage_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// movingClock is a clock the test sets.
type movingClock struct{ t atomic.Pointer[time.Time] }

func (c *movingClock) Now() time.Time  { return *c.t.Load() }
func (c *movingClock) set(t time.Time) { c.t.Store(&t) }

// damageCounter counts the damaged records a referee reports.
type damageCounter struct{ n atomic.Int64 }

func (*damageCounter) MessageHandled(string, string, time.Duration) {}
func (*damageCounter) ReplySent(string, string, time.Duration)      {}
func (d *damageCounter) RecordDamaged(string)                       { d.n.Add(1) }

// TestDamagedRecordsAreSetAside: in a sound file, a damaged game and a
// damaged reply are set aside (logged once, counted once, reported to
// health checks) while the clocks and the delivery of every other game
// go on.
func TestDamagedRecordsAreSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "aside.db")
	clock := &movingClock{}
	start := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	clock.set(start)
	ctx := context.Background()
	var out bytes.Buffer
	newReferee := func(db *storage.DB, o bot.Observer, logs io.Writer) *bot.Referee {
		ref := bot.New(db, clock, bot.Options{Observer: o, Logger: slog.New(slog.NewTextHandler(logs, nil)), Rand: func(int) int { return 0 }})
		ref.Register(console.NewTransport(&out, ""))
		return ref
	}
	db, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref := newReferee(db, nil, io.Discard)
	for i, m := range [][2]string{{"alice", "new bob color=white"}, {"bob", "accept"}, {"carol", "new dave color=white"}, {"dave", "accept g2"}} {
		if _, err := ref.Handle(ctx, bot.Message{ID: "m" + string(rune('0'+i)), From: record.Identity{Transport: console.Name, Address: m[0]}, Text: m[1]}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	// damage game g1 and alice's oldest pending reply
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket([]byte("games")).Put([]byte("g1"), []byte(`{"ID":"g1","Status":`)); err != nil {
			return err
		}
		// the body of alice's first reply: its header (format, length,
		// fields) stays readable, so it can leave her queue
		log := tx.Bucket([]byte("log"))
		c := log.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if n := int(v[1]); n < 128 && bytes.Contains(v[2:2+n], []byte("alice")) {
				damaged := append(append([]byte{}, v[:2+n]...), bytes.Repeat([]byte{0xff}, 12)...)
				return log.Put(append([]byte{}, k...), damaged)
			}
		}
		return errors.New("no reply to alice")
	}); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db, err = storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatalf("a sound file with damaged records must open: %v", err)
	}
	defer db.Close()
	seen := &damageCounter{}
	var logs bytes.Buffer
	ref = newReferee(db, seen, &logs)
	clock.set(start.Add(10 * 24 * time.Hour)) // both games' clocks ran out
	for range 2 {
		if _, err := ref.Tick(ctx); err != nil {
			t.Fatalf("the clocks stopped at the damaged game: %v", err)
		}
		if _, err := ref.DeliverDue(ctx, console.Name); err != nil {
			t.Fatalf("delivery stopped at the damaged reply: %v", err)
		}
	}
	g2, err := ref.Game(ctx, "g2")
	if err != nil || g2.Status != record.Over {
		t.Errorf("game g2: %+v, %v; want it over on time", g2, err)
	}
	text := out.String()
	for _, name := range []string{"bob", "carol", "dave"} {
		if !strings.Contains(text, "[to "+name+"]") {
			t.Errorf("nothing delivered to %s:\n%s", name, text)
		}
	}
	if !strings.Contains(text, "[to alice]") {
		t.Errorf("alice's other replies waited behind her damaged one:\n%s", text)
	}
	if heads, err := pendingHeadsOf(db, console.Name); err != nil || len(heads) != 0 {
		t.Errorf("still pending: %d, %v", len(heads), err)
	}
	if n := seen.n.Load(); n != 2 {
		t.Errorf("%d damaged records counted, want 2 (the game and the reply, once each)", n)
	}
	if n := strings.Count(logs.String(), "a damaged record is set aside"); n != 2 {
		t.Errorf("%d log lines about damaged records, want 2:\n%s", n, logs.String())
	}
	if ps := ref.Problems(); len(ps) != 1 || !strings.Contains(ps[0], "2 damaged records") || !strings.Contains(ps[0], "game g1") {
		t.Errorf("problems %q", ps)
	}
}

// pendingHeadsOf reads the pending heads of a transport.
func pendingHeadsOf(db *storage.DB, transport string) ([]record.Reply, error) {
	var out []record.Reply
	err := db.View(context.Background(), func(tx record.Tx) error {
		var err error
		out, err = tx.PendingHeads(transport, 0)
		return err
	})
	return out, err
}
