package outbox

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/record"
)

// Recorder is the referee's side of one transport's deliveries
// (bot/delivery.go): what only the referee can do with a reply, which
// reads its caches, its games and its locks.
type Recorder interface {
	// Prepare makes a reply read from the outbox ready for the
	// transport: its text boards drawn, its pictures rendered (for a
	// transport that shows them), its analyses carried out.
	Prepare(ctx context.Context, rp *record.Reply)
	// Send hands the reply to the transport (Transport.Send).
	Send(ctx context.Context, rp *record.Reply) error
	// MarkDelivered records a delivery made at a time; a recipient
	// marked unreachable is reachable again.
	MarkDelivered(ctx context.Context, rp *record.Reply, at time.Time) error
	// Declined records a reply the transport declined for want of
	// consent (DeliveryError.Unwanted), with the reason.
	Declined(ctx context.Context, rp *record.Reply, reason string) error
	// Undeliverable records a reply failed for good, marks its
	// recipient unreachable and tells the opponents of the games
	// concerned.
	Undeliverable(ctx context.Context, to record.Identity, replyID, reason string) error
}

// Courier delivers the replies of one transport one at a time: it sends a
// reply and records the outcome as the Policy decides. A reply sent before
// whose delivery the store could not record is recorded, not sent again;
// while the store cannot record, nothing is sent.
type Courier struct {
	Transport string // its name, for logs
	Referee   Recorder
	Store     record.Store
	Health    *Health
	Policy    Policy // with its defaults set (Policy.WithDefaults)
	Clock     backoff.Clock
	Rand      func(n int) int // draws the backoff's jitter
	Logger    *slog.Logger
	// Sent, when not nil, is told the result of each attempt
	// ("delivered", "declined", "failed", "retry", "held") and how long
	// the send took, for metrics.
	Sent func(result string, took time.Duration)
}

// Deliver sends one reply and records the outcome.
func (c Courier) Deliver(ctx context.Context, rp *record.Reply) Result {
	if res, done := c.recordUnrecorded(ctx, rp); done {
		return res
	}
	if _, down := c.Health.Wait(); down {
		return Retry
	}
	c.Referee.Prepare(ctx, rp)
	start := time.Now()
	sctx, cancel := SendContext(ctx, c.Policy.SendTimeout)
	err := c.Referee.Send(sctx, rp)
	cancel()
	took := time.Since(start)
	if ctx.Err() != nil && err != nil {
		return Stopped // shutting down: the reply stays pending as it was
	}
	// The outcome is recorded even when the pipeline is stopping: a mail
	// the server took and the bot did not record would go out again.
	ctx = context.WithoutCancel(ctx)
	result, outcome := "delivered", Delivered
	var de *DeliveryError
	switch {
	case err == nil:
		c.Logger.Debug("reply delivered", "transport", c.Transport, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "took", took)
		if rerr := c.Referee.MarkDelivered(ctx, rp, c.Clock.Now()); rerr != nil {
			c.Health.Gate.Remember(rp.ID, c.Clock.Now()) // never sent again; recorded when the store can
			c.Health.LogStoreError("delivery: record a delivery (kept in memory until the database records it)", rerr,
				"transport", c.Transport, "reply", rp.ID, "game", rp.Game)
		}
	case errors.As(err, &de) && de.Unwanted:
		result, outcome = "declined", Failed
		c.Logger.Debug("reply declined: its recipient does not take it", "transport", c.Transport, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "err", err)
		if ferr := c.Referee.Declined(ctx, rp, Reason(err)); ferr != nil {
			c.Health.LogStoreError("delivery: record a declined reply", ferr, "transport", c.Transport, "reply", rp.ID, "game", rp.Game)
		}
	default:
		result, outcome = c.failed(ctx, rp, err)
	}
	if c.Sent != nil {
		c.Sent(result, took)
	}
	return outcome
}

// failed records a failed send as the retry policy decides
// (Policy.Decide): failed for good, or retried after a wait.
func (c Courier) failed(ctx context.Context, rp *record.Reply, err error) (result string, outcome Result) {
	d := rp.Delivery
	d.Attempts++
	v := c.Policy.Decide(err, rp.Created, c.Clock.Now(), d.Attempts, c.Rand)
	if v.Fail {
		c.Logger.Warn("delivery failed for good", "transport", c.Transport, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "err", err)
		if ferr := c.Referee.Undeliverable(ctx, rp.To, rp.ID, v.Reason); ferr != nil {
			c.Logger.Error("delivery: record a failure", "transport", c.Transport, "reply", rp.ID, "game", rp.Game, "err", ferr)
		}
		return "failed", Failed
	}
	result, level := "retry", slog.LevelInfo
	c.Health.Damaged(err) // a transport's damaged state record: reported once
	if v.Held {
		result, level = "held", slog.LevelDebug // the transport said it once
	}
	d.LastError = err.Error()
	d.NextTry = c.Clock.Now().Add(v.Wait)
	c.Logger.Log(ctx, level, "delivery will be retried", "transport", c.Transport, "reply", rp.ID, "game", rp.Game, "attempt", d.Attempts, "next", d.NextTry, "err", err)
	if serr := c.Store.Update(ctx, func(tx record.Tx) error { return tx.SetDelivery(rp.ID, d) }); serr != nil {
		c.Health.LogStoreError("delivery: record a retry", serr, "transport", c.Transport, "reply", rp.ID)
	}
	return result, Retry
}

// recordUnrecorded records the delivery of a reply sent before whose
// record failed, instead of sending it again. done is false for any other
// reply.
func (c Courier) recordUnrecorded(ctx context.Context, rp *record.Reply) (res Result, done bool) {
	at, ok := c.Health.Gate.Unrecorded(rp.ID)
	if !ok {
		return 0, false
	}
	if err := c.Referee.MarkDelivered(ctx, rp, at); err != nil {
		c.Logger.Debug("delivery: record a delivery made before", "transport", c.Transport, "reply", rp.ID, "err", err)
		return Retry, true
	}
	c.Health.Gate.Forget(rp.ID)
	c.Logger.Debug("reply delivered before, recorded now", "transport", c.Transport, "reply", rp.ID, "game", rp.Game)
	return Delivered, true
}

// Prune removes from st the delivered replies and handled-message ids
// older than before, in small transactions, and returns how many entries
// it removed. Games, players and undelivered replies stay.
func Prune(ctx context.Context, st record.Store, before time.Time) (int, error) {
	const batch = 1000
	total := 0
	for {
		var n int
		if err := st.Update(ctx, func(tx record.Tx) error {
			var err error
			n, err = tx.Prune(before, batch)
			return err
		}); err != nil {
			return total, err
		}
		total += n
		if n < batch {
			return total, nil
		}
	}
}
