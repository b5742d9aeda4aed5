package outbox

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Gate is the store-health gate of delivery: the state of the store's
// writes, healthy or failing since a time, with the backoff delivery keeps
// while it fails, and the replies a transport took whose delivery could
// not be recorded. While the store fails, delivery sends nothing before
// the backoff ends, and then one reply at a time (a probe); a reply sent
// and not recorded is recorded before anything else goes out, and is never
// sent again.
//
// Its methods are safe for concurrent use; the caller logs and counts what
// they report. The zero Gate is healthy and uses GatePolicy's defaults.
type Gate struct {
	// Policy tunes the gate; set it before first use.
	Policy GatePolicy

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
	// store could not record, by id, with the time they were delivered.
	unrecorded map[string]time.Time
}

// Failure is what Failed reports of a failed write.
type Failure struct {
	// Started: the store was healthy until this write (log it, count it).
	Started bool
	// Remind: the store still fails and Policy.Reminder has passed since
	// the last time it was logged.
	Remind bool
	// Wait is how long delivery now waits before it tries again.
	Wait time.Duration
	// Since is when the store started failing; Failures counts the failed
	// writes in a row.
	Since    time.Time
	Failures int
}

// Failed notes a write of the store that failed at now, for a reason of
// the store's own (not the transaction's refusal), and backs delivery off.
func (g *Gate) Failed(err error, now time.Time) Failure {
	p := g.Policy.WithDefaults()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.failures++
	wait := p.Backoff().Wait(g.failures, nil)
	g.retryAt = now.Add(wait)
	g.lastErr = err.Error()
	g.lastFail, g.okAfter = now, false
	started := !g.failing
	remind := !started && now.Sub(g.reminded) >= p.Reminder
	if started {
		g.failing, g.since = true, now
		g.down.Store(true)
	}
	if started || remind {
		g.reminded = now
	}
	return Failure{Started: started, Remind: remind, Wait: wait, Since: g.since, Failures: g.failures}
}

// Down reports, without locking, whether the store is failing.
func (g *Gate) Down() bool { return g.down.Load() }

// Recorded notes a successful write: delivery need not wait any longer (a
// new failure backs off longer). It reports whether the store was
// failing; then call Recover to see whether it is healthy again.
func (g *Gate) Recorded() bool {
	if !g.down.Load() {
		return false // the common case: no lock
	}
	g.mu.Lock()
	g.okAfter = true
	g.retryAt = time.Time{}
	g.mu.Unlock()
	return true
}

// Recovery is what Recover reports of a store that records again.
type Recovery struct {
	Since    time.Time // when it started failing
	Failures int       // the failed writes in a row
}

// Recover ends a failing state when a write succeeded after the last
// failure and Policy.Quiet has passed since it, at now; ok reports that it
// ended.
func (g *Gate) Recover(now time.Time) (rec Recovery, ok bool) {
	if !g.down.Load() {
		return Recovery{}, false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.failing || !g.okAfter || now.Sub(g.lastFail) < g.Policy.WithDefaults().Quiet {
		return Recovery{}, false
	}
	rec = Recovery{Since: g.since, Failures: g.failures}
	g.failing, g.failures, g.retryAt = false, 0, time.Time{}
	g.down.Store(false)
	return rec, true
}

// Wait returns how long delivery still waits, at now, for a failing store
// before it tries again; ok is false when it need not wait.
func (g *Gate) Wait(now time.Time) (wait time.Duration, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.failing {
		return 0, false
	}
	d := g.retryAt.Sub(now)
	return d, d > 0
}

// Remember keeps a reply, by id, that a transport took at at and whose
// delivery could not be recorded.
func (g *Gate) Remember(id string, at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.unrecorded == nil {
		g.unrecorded = map[string]time.Time{}
	}
	g.unrecorded[id] = at
}

// Unrecorded says whether a reply was delivered without its record, and
// when.
func (g *Gate) Unrecorded(id string) (time.Time, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	at, ok := g.unrecorded[id]
	return at, ok
}

// Forget drops a reply once its delivery is recorded.
func (g *Gate) Forget(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.unrecorded, id)
}

// ProbesFirst returns the replies of queue (their ids read by id) whose
// delivery is to be recorded, if any, else queue; stale reports replies
// to record that are not in queue (read before they were sent).
func ProbesFirst[T any](g *Gate, queue []T, id func(*T) string) (probes []T, stale bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.unrecorded) == 0 {
		return queue, false
	}
	var out []T
	for i := range queue {
		if _, ok := g.unrecorded[id(&queue[i])]; ok {
			out = append(out, queue[i])
		}
	}
	if len(out) == 0 {
		return queue, true
	}
	return out, false
}

// Problems describes, for a health check, a failing store and the
// replies delivered and not recorded yet; none when all is well.
func (g *Gate) Problems() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	if g.failing {
		out = append(out, fmt.Sprintf("the database cannot record since %s (%d failures in a row: %s); replies wait",
			g.since.UTC().Format(time.RFC3339), g.failures, g.lastErr))
	}
	if n := len(g.unrecorded); n > 0 {
		out = append(out, fmt.Sprintf("%d replies delivered but not yet recorded", n))
	}
	return out
}
