package pgstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage/pgstore"
)

// poll is the tests' lock poll: short, so that take-overs are quick.
const poll = 50 * time.Millisecond

// lead starts Lead in the background and returns where its result comes.
func lead(ctx context.Context, dsn string) <-chan *pgstore.Leader {
	ch := make(chan *pgstore.Leader, 1)
	go func() {
		l, err := pgstore.Lead(ctx, dsn, pgstore.LeaderOptions{Poll: poll})
		if err != nil {
			l = nil
		}
		ch <- l
	}()
	return ch
}

// within waits for a leader from ch, failing the test after d.
func within(t *testing.T, ch <-chan *pgstore.Leader, d time.Duration, what string) *pgstore.Leader {
	t.Helper()
	select {
	case l := <-ch:
		if l == nil {
			t.Fatalf("%s: Lead failed", what)
		}
		return l
	case <-time.After(d):
		t.Fatalf("%s: no leadership within %s", what, d)
		return nil
	}
}

// terminateLeader ends the session that holds the lock, as the death of
// its process or the loss of its connection would.
func terminateLeader(t *testing.T, dsn string) {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	err = conn.QueryRow(t.Context(), `SELECT count(pg_terminate_backend(pid)) FROM pg_locks
		WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1`,
		int64(pgstore.LeaderLock)).Scan(&n)
	if err != nil || n != 1 {
		t.Fatalf("terminated %d sessions holding the lock: %v", n, err)
	}
}

// put writes a state key through s.
func put(s record.Store, value string) error {
	return s.Update(context.Background(), func(tx record.Tx) error { return tx.PutState("test", "k", []byte(value)) })
}

// Two leaders on one database, each with its own connections: one leads,
// the other waits; when the leader's session ends, it learns that it lost
// the lock, its store can no longer write, and the standby leads.
func TestLeaderTakeOver(t *testing.T) {
	dsn := pgtest.NewDatabase(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := within(t, lead(ctx, dsn), 10*time.Second, "the first")
	defer first.Release()
	firstStore := open(t, dsn, pgstore.Options{Epoch: first.Epoch()})
	if err := put(firstStore, "first"); err != nil {
		t.Fatalf("the leader's update: %v", err)
	}

	second := lead(ctx, dsn)
	select {
	case l := <-second:
		t.Fatalf("a second leader (%v) while the first (epoch %d) holds the lock", l != nil, first.Epoch())
	case <-time.After(10 * poll): // the standby tried the lock several times
	}

	start := time.Now()
	terminateLeader(t, dsn)
	select {
	case <-first.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("the first leader did not notice its loss")
	}
	if !errors.Is(first.Err(), pgstore.ErrLostLeadership) {
		t.Errorf("Err = %v, want ErrLostLeadership", first.Err())
	}
	next := within(t, second, 5*time.Second, "the standby")
	defer next.Release()
	t.Logf("the standby led %s after the leader's session ended", time.Since(start).Round(time.Millisecond))
	if next.Epoch() <= first.Epoch() {
		t.Errorf("the new epoch %d is not after %d", next.Epoch(), first.Epoch())
	}
	// the deposed leader's store writes nothing
	if err := put(firstStore, "deposed"); !errors.Is(err, pgstore.ErrNotLeader) {
		t.Errorf("the deposed leader's update: %v, want ErrNotLeader", err)
	}
	nextStore := open(t, dsn, pgstore.Options{Epoch: next.Epoch()})
	if err := put(nextStore, "second"); err != nil {
		t.Errorf("the new leader's update: %v", err)
	}
	err := nextStore.View(t.Context(), func(tx record.Tx) error {
		v, err := tx.State("test", "k")
		if string(v) != "second" {
			t.Errorf("state = %q, want the new leader's", v)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A leader that releases the lock hands over at the standby's next poll.
func TestLeaderRelease(t *testing.T) {
	dsn := pgtest.NewDatabase(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := within(t, lead(ctx, dsn), 10*time.Second, "the first")
	second := lead(ctx, dsn)
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-first.Lost():
		t.Error("Release reported a loss")
	default:
	}
	next := within(t, second, 5*time.Second, "the standby")
	next.Release()
}

// A standby whose context ends stops waiting.
func TestLeadCancelled(t *testing.T) {
	dsn := pgtest.NewDatabase(t)
	first := within(t, lead(t.Context(), dsn), 10*time.Second, "the first")
	defer first.Release()
	ctx, cancel := context.WithTimeout(t.Context(), 5*poll)
	defer cancel()
	if l, err := pgstore.Lead(ctx, dsn, pgstore.LeaderOptions{Poll: poll}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Lead = %v, %v; want the context's error", l, err)
	}
}

// A takbot starting while PostgreSQL cannot be reached waits as a
// standby, trying again, instead of exiting.
func TestLeadWaitsForTheServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 5*poll)
	defer cancel()
	dsn := "host=" + t.TempDir() + " port=5432 user=postgres dbname=none sslmode=disable connect_timeout=1"
	if l, err := pgstore.Lead(ctx, dsn, pgstore.LeaderOptions{Poll: poll}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Lead with no server = %v, %v; want to wait until the context ends", l, err)
	}
}
