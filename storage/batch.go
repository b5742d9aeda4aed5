package storage

import (
	"errors"
	"fmt"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// Group commit. A commit syncs the file twice (the pages, then the meta
// page): about 2 ms on the project machine's disk, whatever it writes. So
// updates that arrive while one commit is running wait for it, and the
// next commit runs all of them in one transaction as soon as it is done.
// A lone update commits at once: nothing waits for a timer (bbolt's own
// Batch waits up to MaxBatchDelay for company, which bounds a transport
// handling 8 messages at once to 8 commits per delay).
//
// The commits run in a goroutine of their own, started by the update that
// finds none running: it takes the queue, commits it, hands every caller
// its result and goes on with the updates queued meanwhile until there are
// none. It used to be the first caller's goroutine, which then handed the
// lead to the next caller through its channel: that goroutine waited in
// the scheduler's queue behind the callers just answered, about 3.5 ms a
// commit under load, a quarter of the time with no commit running
// (BenchmarkRefereeMoves, BENCHMARKS.md). A function that fails is taken
// out and run again on its own by its caller (bbolt's Batch does the
// same), so one failing update never fails the others, and a panic
// surfaces in the caller's goroutine.

// groupCommit is the queue of updates waiting for a commit.
type groupCommit struct {
	mu      sync.Mutex
	queue   []*batchCall
	leading bool // the commit goroutine runs
	max     int  // the most updates of one transaction
	commits int  // transactions run (for tests)
}

// batchCall is one update waiting in the queue. done receives its result
// or errSolo (run fn again on its own).
type batchCall struct {
	fn   func(*bolt.Tx) error
	done chan error
}

var errSolo = errors.New("storage: run the update on its own")

// batch runs fn in a transaction that may hold other concurrent updates,
// and returns once that transaction is committed. fn may run more than
// once.
func (d *DB) batch(fn func(*bolt.Tx) error) error {
	g := &d.group
	c := &batchCall{fn: fn, done: make(chan error, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, c)
	start := !g.leading
	g.leading = true
	g.mu.Unlock()
	if start {
		go d.commitLoop()
	}
	if err := <-c.done; err != errSolo {
		return err
	}
	return d.update(fn)
}

// commitLoop commits the queued updates until none is left.
func (d *DB) commitLoop() {
	for d.commitGroup() {
	}
}

// commitGroup commits the updates queued now and reports whether more
// were queued meanwhile; if not, the commit goroutine ends.
func (d *DB) commitGroup() bool {
	g := &d.group
	g.mu.Lock()
	n := min(len(g.queue), g.max)
	calls := make([]*batchCall, n)
	copy(calls, g.queue)
	g.queue = append(g.queue[:0], g.queue[n:]...)
	g.commits++
	g.mu.Unlock()

	for len(calls) > 0 {
		failed := -1
		err := d.update(func(tx *bolt.Tx) error {
			for i, c := range calls {
				if err := callSafely(c.fn, tx); err != nil {
					failed = i
					return err
				}
			}
			return nil
		})
		if failed < 0 {
			for _, c := range calls {
				c.done <- err
			}
			break
		}
		calls[failed].done <- errSolo
		calls = append(calls[:failed], calls[failed+1:]...)
	}

	g.mu.Lock()
	more := len(g.queue) > 0
	if !more {
		g.leading = false
	}
	g.mu.Unlock()
	return more
}

// panicked is a panic of an update function, caught so that it fails only
// its own update (run again on its own, it panics in its caller).
type panicked struct{ v any }

func (p panicked) Error() string { return fmt.Sprintf("panic: %v", p.v) }

func callSafely(fn func(*bolt.Tx) error, tx *bolt.Tx) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = panicked{v}
		}
	}()
	return fn(tx)
}

// update runs fn in a bbolt write transaction and, once it is committed,
// applies what it changed in the lanes kept in memory (lanes.go).
func (d *DB) update(fn func(*bolt.Tx) error) error {
	var tx *bolt.Tx
	err := d.db.Update(func(t *bolt.Tx) error {
		tx = t
		d.lanes.begin(t)
		return fn(t)
	})
	if tx != nil {
		d.lanes.end(tx, err == nil)
	}
	return err
}
