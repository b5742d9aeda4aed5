package bot

import (
	"context"
	"errors"
	"time"

	"github.com/takbymail/takbot/outbox"
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

// The store's backoff, reminder and quiet time are outbox.GatePolicy's
// defaults; the gate's state is Referee.trouble, an outbox.Gate.

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
// reminder every outbox.GatePolicy.Reminder while it lasts; delivery
// backs off.
func (r *Referee) storeFailed(err error) {
	f := r.trouble.Failed(err, r.clock.Now())
	if o, ok := r.opts.Observer.(StoreObserver); ok {
		o.StoreError()
		if f.Started {
			o.StoreFailing(true)
		}
	}
	switch {
	case f.Started:
		r.logger().Error("the database cannot record: delivery backs off (at most a minute between tries) until it can; nothing is lost",
			"err", err, "retry_in", f.Wait)
	case f.Remind:
		r.logger().Warn("the database still cannot record", "since", f.Since, "failures", f.Failures, "err", err, "retry_in", f.Wait)
	}
}

// storeRecorded notes a successful write: a failing store records again,
// and is healthy once outbox.GatePolicy.Quiet has passed since its last
// failure.
func (r *Referee) storeRecorded() {
	if r.trouble.Recorded() {
		r.storeRecovered()
	}
}

// storeRecovered ends a failing state when a write succeeded after the
// last failure and the quiet time has passed since it.
func (r *Referee) storeRecovered() {
	if !r.trouble.Down() {
		return
	}
	now := r.clock.Now()
	rec, ok := r.trouble.Recover(now)
	if !ok {
		return
	}
	if o, ok := r.opts.Observer.(StoreObserver); ok {
		o.StoreFailing(false)
	}
	r.logger().Info("the database records again", "failing_for", now.Sub(rec.Since), "failures", rec.Failures)
}

// storeBackoff returns how long delivery still waits for a failing store
// before it tries again; ok is false when it need not wait.
func (r *Referee) storeBackoff() (wait time.Duration, ok bool) {
	r.storeRecovered()
	return r.trouble.Wait(r.clock.Now())
}

// rememberUnrecorded keeps a reply whose delivery could not be recorded.
func (r *Referee) rememberUnrecorded(id string, at time.Time) { r.trouble.Remember(id, at) }

// recordUnrecorded records the delivery of a reply sent before whose
// record failed, instead of sending it again. done is false for any other
// reply.
func (r *Referee) recordUnrecorded(ctx context.Context, e *transportEntry, rp *Reply) (res outbox.Result, done bool) {
	at, ok := r.trouble.Unrecorded(rp.ID)
	if !ok {
		return 0, false
	}
	if err := r.markDeliveredAt(ctx, rp, at); err != nil {
		r.logger().Debug("delivery: record a delivery made before", "transport", e.info.Name, "reply", rp.ID, "err", err)
		return outbox.Retry, true
	}
	r.trouble.Forget(rp.ID)
	r.logger().Debug("reply delivered before, recorded now", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game)
	return outbox.Delivered, true
}

// Problems describes, for a health check, what leaves the referee
// degraded: the store failing to record, replies delivered and not yet
// recorded, damaged records set aside. None when all is well.
func (r *Referee) Problems() []string {
	return append(r.storeProblems(), r.damagedProblems()...)
}

func (r *Referee) storeProblems() []string {
	r.storeRecovered()
	return r.trouble.Problems()
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
