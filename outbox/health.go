package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/record"
)

// StoreObserver is an optional interface of the referee's Observer: told
// about the store's failures to record, for metrics. Its methods must be
// fast and safe for concurrent use.
type StoreObserver interface {
	// StoreError is called once per write of the store that failed.
	StoreError()
	// StoreFailing is called when the store starts failing to record
	// (true) and when it records again (false).
	StoreFailing(failing bool)
}

// DamageObserver is an optional interface of the referee's Observer: told
// about each damaged record set aside, once, for metrics.
type DamageObserver interface {
	RecordDamaged(kind string)
}

// Health watches the referee's store for delivery: the store-health Gate,
// whose transitions it logs (one line when the store starts failing, a
// reminder every GatePolicy.Reminder while it lasts, one when it records
// again) and counts through the Observer, and the damaged records set
// aside, each reported once. Set its fields before first use; its methods
// are safe for concurrent use.
type Health struct {
	Gate   Gate
	Clock  backoff.Clock
	Logger *slog.Logger
	// Observer counts what happens when it is a StoreObserver or a
	// DamageObserver; it may be nil.
	Observer any

	damaged damagedSet
}

// Failed notes a write of the store that failed for a reason of the
// store's own: the first of a row is logged, and a reminder while it
// lasts; delivery backs off.
func (h *Health) Failed(err error) {
	f := h.Gate.Failed(err, h.Clock.Now())
	if o, ok := h.Observer.(StoreObserver); ok {
		o.StoreError()
		if f.Started {
			o.StoreFailing(true)
		}
	}
	switch {
	case f.Started:
		h.Logger.Error("the database cannot record: delivery backs off (at most a minute between tries) until it can; nothing is lost",
			"err", err, "retry_in", f.Wait)
	case f.Remind:
		h.Logger.Warn("the database still cannot record", "since", f.Since, "failures", f.Failures, "err", err, "retry_in", f.Wait)
	}
}

// Recorded notes a successful write: a failing store records again, and
// is healthy once GatePolicy.Quiet has passed since its last failure.
func (h *Health) Recorded() {
	if h.Gate.Recorded() {
		h.recovered()
	}
}

// recovered ends a failing state when a write succeeded after the last
// failure and the quiet time has passed since it.
func (h *Health) recovered() {
	if !h.Gate.Down() {
		return
	}
	now := h.Clock.Now()
	rec, ok := h.Gate.Recover(now)
	if !ok {
		return
	}
	if o, ok := h.Observer.(StoreObserver); ok {
		o.StoreFailing(false)
	}
	h.Logger.Info("the database records again", "failing_for", now.Sub(rec.Since), "failures", rec.Failures)
}

// Wait returns how long delivery still waits for a failing store before
// it tries again; ok is false when it need not wait.
func (h *Health) Wait() (wait time.Duration, ok bool) {
	h.recovered()
	return h.Gate.Wait(h.Clock.Now())
}

// Problems describes, for a health check, what leaves the referee
// degraded: the store failing to record, replies delivered and not yet
// recorded, damaged records set aside. None when all is well.
func (h *Health) Problems() []string {
	h.recovered()
	return append(h.Gate.Problems(), h.damaged.problems()...)
}

// LogStoreError logs a failed write of the delivery pipeline: a damaged
// record as an error; a failing store at debug level, since Failed logs
// when it starts failing and reminds while it lasts.
func (h *Health) LogStoreError(msg string, err error, args ...any) {
	args = append(args, "err", err)
	if errors.Is(err, record.ErrDamagedRecord) || errors.Is(err, record.ErrNotFound) {
		h.Logger.Error(msg, args...)
		return
	}
	h.Logger.Debug(msg, args...)
}

// Watched is a store whose writes Health watches: every write that fails
// for a reason of the store's own (not an error of the transaction's
// function, a shutdown, a damaged or missing record) is reported, and so
// is every one that succeeds.
type Watched struct {
	record.Store
	Health *Health
}

// Prepare implements record.Preparer when the store underneath does, and
// does nothing otherwise: the wrapper must not hide it, or every record
// would be encoded again inside the one write transaction that runs at a
// time.
func (w Watched) Prepare(games []*record.Game, replies []record.Reply) (done func()) {
	if p, ok := w.Store.(record.Preparer); ok {
		return p.Prepare(games, replies)
	}
	return func() {}
}

// Update implements record.Store.
func (w Watched) Update(ctx context.Context, fn func(record.Tx) error) error {
	var fnErr error
	err := w.Store.Update(ctx, func(tx record.Tx) error {
		fnErr = fn(tx)
		return fnErr
	})
	switch {
	case err == nil:
		w.Health.Recorded()
	case fnErr != nil, ctx.Err() != nil, errors.Is(err, record.ErrDamagedRecord), errors.Is(err, record.ErrNotFound):
		// the transaction's own refusal, a shutdown, or one record
	default:
		w.Health.Failed(err)
	}
	return err
}

// maxDamagedKept bounds the damaged records Health remembers.
const maxDamagedKept = 1000

// damagedSet are the damaged records met and set aside.
type damagedSet struct {
	mu    sync.Mutex
	seen  map[string]bool // kind + " " + key
	names []string        // the first few, for health checks
}

// Damaged reports the damaged records err names (a
// *record.DamagedRecordError, or several joined), each once: logged,
// counted, and listed in Problems from then on. The caller goes on
// without them, so every other game goes on. It returns them; none when
// err is not about damaged records.
func (h *Health) Damaged(err error) []*record.DamagedRecordError {
	if err == nil || !errors.Is(err, record.ErrDamagedRecord) {
		return nil
	}
	var found []*record.DamagedRecordError
	var walk func(error)
	walk = func(e error) {
		var de *record.DamagedRecordError
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
		} else if errors.As(e, &de) {
			found = append(found, de)
		} else if errors.Is(e, record.ErrDamagedRecord) {
			found = append(found, &record.DamagedRecordError{Kind: "record", Key: e.Error(), Err: e})
		}
	}
	walk(err)
	for _, de := range found {
		h.damagedOnce(de)
	}
	return found
}

func (h *Health) damagedOnce(de *record.DamagedRecordError) {
	d := &h.damaged
	name := de.Kind + " " + de.Key
	d.mu.Lock()
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if d.seen[name] || len(d.seen) >= maxDamagedKept {
		d.mu.Unlock()
		return
	}
	d.seen[name] = true
	if len(d.names) < 5 {
		d.names = append(d.names, name)
	}
	d.mu.Unlock()
	if o, ok := h.Observer.(DamageObserver); ok {
		o.RecordDamaged(de.Kind)
	}
	h.Logger.Error("a damaged record is set aside; everything else goes on (\"takbot db check\" on a backup lists the damage; restore the record from a backup)",
		"kind", de.Kind, "key", de.Key, "err", de.Err)
}

// replyRemover is an optional interface of a record.Tx: it takes a
// damaged pending reply, named by its DamagedRecordError's Key, out of its
// recipient's queue (package storage implements it).
type replyRemover interface {
	SetAsideReply(key string) error
}

// SetAsideReplies reports the damaged records err names (Damaged) and
// takes the damaged replies out of their recipients' queues in st, so
// that the replies behind them go out. It returns whether err was about
// damaged records.
func (h *Health) SetAsideReplies(ctx context.Context, st record.Store, err error) bool {
	found := h.Damaged(err)
	for _, de := range found {
		if de.Kind != "reply" {
			continue
		}
		if uerr := st.Update(ctx, func(tx record.Tx) error {
			if rm, ok := tx.(replyRemover); ok {
				return rm.SetAsideReply(de.Key)
			}
			return nil
		}); uerr != nil {
			h.Logger.Debug("delivery: set a damaged reply aside", "reply", de.Key, "err", uerr)
		}
	}
	return len(found) > 0
}

// problems describes the damaged records set aside.
func (d *damagedSet) problems() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.seen) == 0 {
		return nil
	}
	more := ""
	if len(d.seen) > len(d.names) {
		more = ", …"
	}
	return []string{fmt.Sprintf("%d damaged records set aside (%s%s): \"takbot db check\" on a backup lists them", len(d.seen), strings.Join(d.names, ", "), more)}
}
