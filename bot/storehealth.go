package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// StoreObserver is an optional interface of an Observer: told about the
// store's failures to record, for metrics. Its methods must be fast and
// safe for concurrent use.
type StoreObserver interface {
	// StoreError is called once per write of the store that failed.
	StoreError()
	// StoreFailing is called when the store starts failing to record
	// (true) and when it records again (false).
	StoreFailing(failing bool)
}

// The store's backoff: after a failed write (a full disk, a file system
// gone read-only), delivery waits storeMinBackoff, doubling at each
// failure in a row up to storeMaxBackoff. While it lasts, a reminder is
// logged every storeReminder.
const (
	storeMinBackoff = time.Second
	storeMaxBackoff = time.Minute
	storeReminder   = 10 * time.Minute
	// storeQuiet is how long after its last failed write a store that
	// records again is healthy: on a nearly full disk some writes fit and
	// others fail, and the state must not flap with them.
	storeQuiet = time.Minute
)

// storeTrouble is the state of the store's writes: healthy, or failing
// since a time, with the backoff delivery keeps, and the replies sent but
// whose delivery could not be recorded.
type storeTrouble struct {
	down     atomic.Bool // failing, read without the lock by every write
	mu       sync.Mutex
	failing  bool
	since    time.Time
	failures int // failed writes in a row
	lastErr  string
	retryAt  time.Time // delivery sends nothing before
	reminded time.Time
	lastFail time.Time // the last failed write
	// okAfter: a write succeeded after the last failed one
	okAfter bool
	// unrecorded holds the replies a transport took whose delivery the
	// store could not record, by id, with the time they were delivered:
	// they are recorded before anything else is sent and never sent again.
	unrecorded map[string]time.Time
}

// watchedStore is the referee's store: every write that fails for a
// reason of the store's own (not an error of the transaction's function)
// is reported, and so is the first one that succeeds again.
type watchedStore struct {
	Store
	r *Referee
}

// Prepare implements Preparer when the store underneath does, and does
// nothing otherwise: the wrapper must not hide it, or every record would be
// encoded again inside the one write transaction that runs at a time.
func (w watchedStore) Prepare(games []*GameRecord, replies []Reply) (done func()) {
	if p, ok := w.Store.(Preparer); ok {
		return p.Prepare(games, replies)
	}
	return func() {}
}

// Update implements Store.
func (w watchedStore) Update(ctx context.Context, fn func(Tx) error) error {
	var fnErr error
	err := w.Store.Update(ctx, func(tx Tx) error {
		fnErr = fn(tx)
		return fnErr
	})
	switch {
	case err == nil:
		w.r.storeRecorded()
	case fnErr != nil, ctx.Err() != nil, errors.Is(err, ErrDamagedRecord), errors.Is(err, ErrNotFound):
		// the transaction's own refusal, a shutdown, or one record
	default:
		w.r.storeFailed(err)
	}
	return err
}

// storeFailed notes a failed write: the first of a row is logged, and a
// reminder every storeReminder while it lasts; delivery backs off.
func (r *Referee) storeFailed(err error) {
	st := &r.trouble
	now := r.clock.Now()
	st.mu.Lock()
	st.failures++
	wait := storeMinBackoff
	for i := 1; i < st.failures && wait < storeMaxBackoff; i++ {
		wait *= 2
	}
	wait = min(wait, storeMaxBackoff)
	st.retryAt = now.Add(wait)
	st.lastErr = err.Error()
	st.lastFail, st.okAfter = now, false
	started := !st.failing
	remind := !started && now.Sub(st.reminded) >= storeReminder
	if started {
		st.failing, st.since = true, now
		st.down.Store(true)
	}
	if started || remind {
		st.reminded = now
	}
	since, failures := st.since, st.failures
	st.mu.Unlock()
	if o, ok := r.opts.Observer.(StoreObserver); ok {
		o.StoreError()
		if started {
			o.StoreFailing(true)
		}
	}
	switch {
	case started:
		r.logger().Error("the database cannot record: delivery backs off (at most a minute between tries) until it can; nothing is lost",
			"err", err, "retry_in", wait)
	case remind:
		r.logger().Warn("the database still cannot record", "since", since, "failures", failures, "err", err, "retry_in", wait)
	}
}

// storeRecorded notes a successful write: a failing store records again,
// and is healthy once storeQuiet has passed since its last failure.
func (r *Referee) storeRecorded() {
	st := &r.trouble
	if !st.down.Load() {
		return // the common case: no lock
	}
	st.mu.Lock()
	st.okAfter = true
	st.retryAt = time.Time{} // it records: delivery need not wait (a new failure backs off longer)
	st.mu.Unlock()
	r.storeRecovered()
}

// storeRecovered ends a failing state when a write succeeded after the
// last failure and storeQuiet has passed since it.
func (r *Referee) storeRecovered() {
	st := &r.trouble
	if !st.down.Load() {
		return
	}
	now := r.clock.Now()
	st.mu.Lock()
	if !st.failing || !st.okAfter || now.Sub(st.lastFail) < storeQuiet {
		st.mu.Unlock()
		return
	}
	since, failures := st.since, st.failures
	st.failing, st.failures, st.retryAt = false, 0, time.Time{}
	st.down.Store(false)
	st.mu.Unlock()
	if o, ok := r.opts.Observer.(StoreObserver); ok {
		o.StoreFailing(false)
	}
	r.logger().Info("the database records again", "failing_for", now.Sub(since), "failures", failures)
}

// storeBackoff returns how long delivery still waits for a failing store
// before it tries again; ok is false when it need not wait.
func (r *Referee) storeBackoff() (wait time.Duration, ok bool) {
	r.storeRecovered()
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.failing {
		return 0, false
	}
	d := st.retryAt.Sub(r.clock.Now())
	return d, d > 0
}

// rememberUnrecorded keeps a reply whose delivery could not be recorded.
func (r *Referee) rememberUnrecorded(id string, at time.Time) {
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.unrecorded == nil {
		st.unrecorded = map[string]time.Time{}
	}
	st.unrecorded[id] = at
}

// unrecordedAt says whether a reply was delivered without its record, and
// when.
func (r *Referee) unrecordedAt(id string) (time.Time, bool) {
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	at, ok := st.unrecorded[id]
	return at, ok
}

// probesFirst returns the replies of queue whose delivery is to be
// recorded, if any, else queue; stale reports replies to record that are
// not in queue (read before they were sent).
func (r *Referee) probesFirst(queue []Reply) (probes []Reply, stale bool) {
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.unrecorded) == 0 {
		return queue, false
	}
	var out []Reply
	for _, h := range queue {
		if _, ok := st.unrecorded[h.ID]; ok {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return queue, true
	}
	return out, false
}

// forgetUnrecorded drops a reply once its delivery is recorded.
func (r *Referee) forgetUnrecorded(id string) {
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.unrecorded, id)
}

// recordUnrecorded records the delivery of a reply sent before whose
// record failed, instead of sending it again. done is false for any other
// reply.
func (r *Referee) recordUnrecorded(ctx context.Context, e *transportEntry, rp *Reply) (res sendResult, done bool) {
	at, ok := r.unrecordedAt(rp.ID)
	if !ok {
		return 0, false
	}
	if err := r.markDeliveredAt(ctx, rp, at); err != nil {
		r.logger().Debug("delivery: record a delivery made before", "transport", e.info.Name, "reply", rp.ID, "err", err)
		return sendRetry, true
	}
	r.forgetUnrecorded(rp.ID)
	r.logger().Debug("reply delivered before, recorded now", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game)
	return sendDelivered, true
}

// Problems describes, for a health check, what leaves the referee
// degraded: the store failing to record, replies delivered and not yet
// recorded, damaged records set aside. None when all is well.
func (r *Referee) Problems() []string {
	return append(r.storeProblems(), r.damagedProblems()...)
}

func (r *Referee) storeProblems() []string {
	r.storeRecovered()
	st := &r.trouble
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []string
	if st.failing {
		out = append(out, fmt.Sprintf("the database cannot record since %s (%d failures in a row: %s); replies wait",
			st.since.UTC().Format(time.RFC3339), st.failures, st.lastErr))
	}
	if n := len(st.unrecorded); n > 0 {
		out = append(out, fmt.Sprintf("%d replies delivered but not yet recorded", n))
	}
	return out
}

// markDelivered records a delivery made now.
func (r *Referee) markDelivered(ctx context.Context, rp *Reply) error {
	return r.markDeliveredAt(ctx, rp, r.clock.Now())
}

// logStoreError logs a failed write of the delivery pipeline: a damaged
// record as an error; a failing store at debug level, since storeFailed
// logs when it starts failing and reminds while it lasts.
func (r *Referee) logStoreError(msg string, err error, args ...any) {
	args = append(args, "err", err)
	if errors.Is(err, ErrDamagedRecord) || errors.Is(err, ErrNotFound) {
		r.logger().Error(msg, args...)
		return
	}
	r.logger().Debug(msg, args...)
}
