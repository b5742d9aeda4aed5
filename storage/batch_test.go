package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// groupFixture is a database whose first update is held inside its
// transaction until release is closed, so that the updates started
// meanwhile queue for the next commit.
type groupFixture struct {
	d       *DB
	release chan struct{}
	first   chan error
}

var bTest = []byte("test")

func newGroupFixture(t *testing.T) *groupFixture {
	t.Helper()
	d, err := Open(filepath.Join(t.TempDir(), "group.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	f := &groupFixture{d: d, release: make(chan struct{}), first: make(chan error, 1)}
	started := make(chan struct{})
	go func() {
		f.first <- d.batch(func(tx *bolt.Tx) error {
			close(started)
			<-f.release
			return put(tx, "first")
		})
	}()
	<-started
	return f
}

// put writes key into the test bucket.
func put(tx *bolt.Tx, key string) error {
	b, err := tx.CreateBucketIfNotExists(bTest)
	if err != nil {
		return err
	}
	return b.Put([]byte(key), []byte("v"))
}

// waitQueued waits until n updates wait for the next commit.
func (f *groupFixture) waitQueued(n int) {
	for {
		f.d.group.mu.Lock()
		q := len(f.d.group.queue)
		f.d.group.mu.Unlock()
		if q >= n {
			return
		}
		runtime.Gosched()
	}
}

// keys returns the keys of the test bucket.
func (f *groupFixture) keys(t *testing.T) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	err := f.d.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bTest)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, _ []byte) error { got[string(k)] = true; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestGroupCommit holds one commit open while 50 updates arrive: they are
// committed together in the next transaction, and each sees its result.
func TestGroupCommit(t *testing.T) {
	f := newGroupFixture(t)
	const n = 50
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = f.d.batch(func(tx *bolt.Tx) error { return put(tx, fmt.Sprint("k", i)) }) })
	}
	f.waitQueued(n)
	close(f.release)
	wg.Wait()
	if err := <-f.first; err != nil {
		t.Fatal(err)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("update %d: %v", i, err)
		}
	}
	if got := len(f.keys(t)); got != n+1 {
		t.Errorf("%d keys written, want %d", got, n+1)
	}
	if c := f.d.group.commits; c != 2 {
		t.Errorf("%d transactions, want 2 (the held one, then the 50 queued behind it together)", c)
	}
}

// TestGroupCommitFailure: an update that fails, or panics, in a group is
// run again on its own and its caller gets its error or panic; the
// others of the group are committed and their callers get nil.
func TestGroupCommitFailure(t *testing.T) {
	errRefused := errors.New("refused")
	for _, tc := range []struct {
		name string
		fn   func(tx *bolt.Tx) error
	}{
		{"error", func(tx *bolt.Tx) error {
			if err := put(tx, "bad"); err != nil {
				return err
			}
			return errRefused
		}},
		{"panic", func(tx *bolt.Tx) error {
			if err := put(tx, "bad"); err != nil {
				return err
			}
			panic(errRefused)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newGroupFixture(t)
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for i := range errs {
				wg.Go(func() {
					defer func() {
						if v := recover(); v != nil {
							errs[i] = fmt.Errorf("panicked: %w", v.(error))
						}
					}()
					if i == 2 {
						errs[i] = f.d.batch(tc.fn)
						return
					}
					errs[i] = f.d.batch(func(tx *bolt.Tx) error { return put(tx, fmt.Sprint("k", i)) })
				})
				f.waitQueued(i + 1) // in this order in the queue
			}
			close(f.release)
			wg.Wait()
			<-f.first
			for i, err := range errs {
				if want := i == 2; errors.Is(err, errRefused) != want || (!want && err != nil) {
					t.Errorf("update %d: %v", i, err)
				}
			}
			got := f.keys(t)
			for _, k := range []string{"first", "k0", "k1", "k3"} {
				if !got[k] {
					t.Errorf("%s was not written", k)
				}
			}
			if got["bad"] {
				t.Error("the failed update's write was committed")
			}
		})
	}
}
