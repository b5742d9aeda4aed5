package bot

import (
	"context"
	"time"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/outbox"
)

// The delivery policy, the transports' error classes and the store-health
// gate live in package outbox, the backoff in package backoff; these
// forwards keep the names adapters and tests use.

// DeliveryOptions tune the delivery pipeline: see outbox.Policy, the one
// place of the retry policy and its defaults.
type DeliveryOptions = outbox.Policy

// DeliveryError is a failure to deliver a reply: see outbox.DeliveryError.
type DeliveryError = outbox.DeliveryError

// StoreObserver is an optional interface of an Observer, told about the
// store's failures to record: see outbox.StoreObserver.
type StoreObserver = outbox.StoreObserver

// DamageObserver is an optional interface of an Observer, told about each
// damaged record set aside: see outbox.DamageObserver.
type DamageObserver = outbox.DamageObserver

// Timer is an optional interface of a Clock: see backoff.Timer.
type Timer = backoff.Timer

// StopGrace is how long a send in flight may go on once the service is
// told to stop: see outbox.StopGrace.
const StopGrace = outbox.StopGrace

// Temporary returns a temporary delivery failure: see outbox.Temporary.
func Temporary(err error, retryAfter time.Duration) error { return outbox.Temporary(err, retryAfter) }

// HeldBack returns a failure for a reply held back by a transport's limit:
// see outbox.HeldBack.
func HeldBack(err error, retryAfter time.Duration) error { return outbox.HeldBack(err, retryAfter) }

// Permanent returns a permanent delivery failure: see outbox.Permanent.
func Permanent(reason string, err error) error { return outbox.Permanent(reason, err) }

// IsPermanent reports whether err is a permanent delivery failure: see
// outbox.IsPermanent.
func IsPermanent(err error) bool { return outbox.IsPermanent(err) }

// SendContext bounds one send: see outbox.SendContext.
func SendContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	return outbox.SendContext(ctx, timeout)
}
