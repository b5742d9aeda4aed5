package bot

import (
	"time"

	"github.com/takbymail/takbot/outbox"
)

// The delivery policy, the transports' error classes and the store-health
// gate live in package outbox, which the adapters name directly; these
// forwards keep the names bot's own code and tests use.

// DeliveryOptions tune the delivery pipeline: see outbox.Policy, the one
// place of the retry policy and its defaults.
type DeliveryOptions = outbox.Policy

// DeliveryError is a failure to deliver a reply: see outbox.DeliveryError.
type DeliveryError = outbox.DeliveryError

// Temporary returns a temporary delivery failure: see outbox.Temporary.
func Temporary(err error, retryAfter time.Duration) error { return outbox.Temporary(err, retryAfter) }

// Permanent returns a permanent delivery failure: see outbox.Permanent.
func Permanent(reason string, err error) error { return outbox.Permanent(reason, err) }
