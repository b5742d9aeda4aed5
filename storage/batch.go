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
// The goroutine that finds no commit running leads: it takes the queue,
// commits it and hands every caller its result, then passes the lead to
// the first update queued meanwhile, if any, and returns. A function that
// fails is taken out and run again on its own by its caller (bbolt's Batch
// does the same), so one failing update never fails the others, and a
// panic surfaces in the caller's goroutine.

// groupCommit is the queue of updates waiting for a commit.
type groupCommit struct {
	mu      sync.Mutex
	queue   []*batchCall
	leading bool // a goroutine is committing, or about to
	max     int  // the most updates of one transaction
	commits int  // transactions run (for tests)
}

// batchCall is one update waiting in the queue. done receives its result,
// errLead (take the lead) or errSolo (run fn again on its own).
type batchCall struct {
	fn   func(*bolt.Tx) error
	done chan error
}

var (
	errLead = errors.New("storage: lead the next group commit")
	errSolo = errors.New("storage: run the update on its own")
)

// batch runs fn in a transaction that may hold other concurrent updates,
// and returns once that transaction is committed. fn may run more than
// once.
func (d *DB) batch(fn func(*bolt.Tx) error) error {
	g := &d.group
	c := &batchCall{fn: fn, done: make(chan error, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, c)
	lead := !g.leading
	g.leading = true
	g.mu.Unlock()
	if lead {
		d.commitGroup()
	}
	for {
		switch err := <-c.done; err {
		case errLead:
			d.commitGroup()
		case errSolo:
			return d.update(fn)
		default:
			return err
		}
	}
}

// commitGroup commits the updates queued now (the leader's own among them)
// and passes the lead on.
func (d *DB) commitGroup() {
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
	if len(g.queue) > 0 {
		g.queue[0].done <- errLead
	} else {
		g.leading = false
	}
	g.mu.Unlock()
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
