package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/takbymail/takbot/backoff"
)

// Result is the outcome of one delivery attempt.
type Result uint8

// The outcomes of a delivery attempt.
const (
	Delivered Result = iota + 1
	Retry            // a temporary failure: tried again later
	Failed           // a permanent failure: the reply is out of the way
	Stopped          // shutting down: nothing recorded
)

// Source is the referee's side of one transport's delivery, the small
// interface a delivery loop needs: the outbox's lane heads, the sending of
// one reply (which renders its pictures, calls the transport and records
// the outcome as Policy.Decide says), and the store-health gate's wait. T
// is the referee's reply record.
type Source[T any] interface {
	// Heads reads the oldest pending reply of each lane of the
	// transport, in outbox order: at most limit of them (0: all).
	Heads(ctx context.Context, limit int) ([]T, error)
	// Deliver sends one reply and records the outcome.
	Deliver(ctx context.Context, rp *T) Result
	// StoreWait is how long delivery still waits for a failing store
	// before it tries again (see Gate.Wait); ok is false when it need
	// not wait.
	StoreWait() (wait time.Duration, ok bool)
	// Lane, NextTry and ID read a reply: its lane's key, when it is due,
	// and its id (for the Gate).
	Lane(rp *T) string
	NextTry(rp *T) time.Time
	ID(rp *T) string
}

// Loop delivers one transport's outbox.
type Loop[T any] struct {
	Transport string // its name, for logs
	Source    Source[T]
	Policy    Policy // with its defaults set (Policy.WithDefaults)
	Gate      *Gate
	Clock     backoff.Clock
	// Wake, when it delivers, makes the loop read the outbox at once (a
	// commit put replies in it).
	Wake   <-chan struct{}
	Logger *slog.Logger
}

// sent is the end of one send, reported to the loop.
type sent struct{ lane string }

// Run delivers until ctx ends and returns once the sends in flight have
// finished. Replies of one lane go out in order, one at a time; up to
// Policy.Concurrency lanes are served at once, so an answer that is held
// back or failing never holds up an event, nor one recipient another.
// While the store cannot record, nothing is sent until the Gate's backoff
// ends, and then one reply at a time.
func (l Loop[T]) Run(ctx context.Context) {
	o, src := l.Policy, l.Source
	inflight := Lanes{}
	done := make(chan sent, o.Concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()
	// queue holds due heads read from the outbox and not sent yet: a
	// backlog is read a batch at a time, not once per send.
	var queue []T
	rescan := true
	wait := o.Poll
	for {
		fresh := rescan // the queue is read now, not before the store failed
		if rescan {
			heads, err := src.Heads(ctx, o.HeadBatch())
			if err != nil && ctx.Err() == nil {
				l.Logger.Error("delivery: read the outbox", "transport", l.Transport, "err", err)
			}
			queue, wait = Due(queue[:0], heads, l.Clock.Now(), o.Poll, inflight, src.Lane, src.NextTry)
			rescan = false
		}
		if d, down := src.StoreWait(); down {
			queue, wait = queue[:0], d // the database cannot record: send nothing until the backoff ends
		}
		limit := o.Concurrency
		if l.Gate.Down() {
			// The database cannot record: one reply probes it at a time,
			// and a reply sent before and not recorded yet is the probe
			// while there is one, so that nothing new goes out.
			limit = 1
			probes, stale := ProbesFirst(l.Gate, queue, src.ID)
			if stale && !fresh {
				// a batch read before the failure, without the reply
				// sent and not recorded: read the heads again, so that
				// that reply is the probe and nothing new goes out
				rescan = true
				continue
			}
			queue = probes
		}
		for len(queue) > 0 && len(inflight) < limit {
			h := queue[0]
			queue = queue[1:]
			key := src.Lane(&h)
			if inflight[key] {
				continue
			}
			inflight[key] = true
			wg.Add(1)
			go func() {
				defer wg.Done()
				src.Deliver(ctx, &h)
				done <- sent{lane: key}
			}()
		}
		select {
		case <-ctx.Done():
			return
		case s := <-done:
			delete(inflight, s.lane)
			// the lane's next reply is its new head: read the outbox
			// again once the batch read before is sent
			rescan = len(queue) == 0
		case <-l.Wake:
			rescan = true
		case <-backoff.After(l.Clock, wait):
			rescan = true
		}
	}
}

// DeliverDue delivers, one at a time and in outbox order, every reply that
// is due now, and returns how many it delivered. A reply that fails holds
// up the later replies of its lane only. An error reading the outbox is
// wrapped ("deliver: ..."); ctx's own error is returned as it is.
func (l Loop[T]) DeliverDue(ctx context.Context) (int, error) {
	src := l.Source
	n := 0
	skip := map[string]bool{} // lanes whose head failed this round
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		heads, err := src.Heads(ctx, 0)
		if err != nil {
			return n, fmt.Errorf("deliver: %w", err)
		}
		now := l.Clock.Now()
		var next *T
		for i := range heads {
			h := &heads[i]
			if !skip[src.Lane(h)] && !src.NextTry(h).After(now) {
				next = h
				break
			}
		}
		if next == nil {
			return n, nil
		}
		switch src.Deliver(ctx, next) {
		case Delivered:
			n++
		case Retry:
			skip[src.Lane(next)] = true // its later replies wait behind it
		}
	}
}
