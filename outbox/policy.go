package outbox

import (
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/backoff"
)

// This file is the one place of delivery's retry policy: Policy (the
// retries of a reply, configurable through bot.Options.Delivery and the
// "delivery" section of takbot's configuration) and GatePolicy (the backoff
// while the database cannot record).

// The defaults of Policy.
const (
	DefaultMinBackoff  = 30 * time.Second
	DefaultMaxBackoff  = time.Hour
	DefaultGiveUpAfter = 7 * 24 * time.Hour
	DefaultConcurrency = 8
	DefaultSendTimeout = 2 * time.Minute
	DefaultPoll        = time.Minute
)

// Policy tunes the delivery pipeline. Zero values take the defaults (see
// WithDefaults).
type Policy struct {
	// MinBackoff is the wait before the first retry of a temporary
	// failure (default 30 s); each further failure doubles it, up to
	// MaxBackoff (default 1 h), with jitter (the wait is between half and
	// all of it).
	MinBackoff, MaxBackoff time.Duration
	// GiveUpAfter fails a reply for good when it still cannot be
	// delivered this long after it was written (default 7 days).
	GiveUpAfter time.Duration
	// Concurrency is how many replies of one transport are in flight at
	// once, each to a different lane of a recipient (default 8).
	Concurrency int
	// SendTimeout bounds one call of Transport.Send (default 2 min).
	SendTimeout time.Duration
	// Poll is how often a delivery loop looks at the outbox when nothing
	// wakes it (default 1 min): a safety net, since commits wake it.
	Poll time.Duration
}

// WithDefaults returns p with its zero (or negative) fields set to the
// defaults, and MaxBackoff at least MinBackoff.
func (p Policy) WithDefaults() Policy {
	if p.MinBackoff <= 0 {
		p.MinBackoff = DefaultMinBackoff
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = DefaultMaxBackoff
	}
	if p.MaxBackoff < p.MinBackoff {
		p.MaxBackoff = p.MinBackoff
	}
	if p.GiveUpAfter <= 0 {
		p.GiveUpAfter = DefaultGiveUpAfter
	}
	if p.Concurrency <= 0 {
		p.Concurrency = DefaultConcurrency
	}
	if p.SendTimeout <= 0 {
		p.SendTimeout = DefaultSendTimeout
	}
	if p.Poll <= 0 {
		p.Poll = DefaultPoll
	}
	return p
}

// Backoff is the backoff of a reply's retries: capped exponential from
// MinBackoff to MaxBackoff, with jitter.
func (p Policy) Backoff() backoff.Policy {
	return backoff.Policy{Min: p.MinBackoff, Max: p.MaxBackoff, Jitter: true}
}

// HeadBatch is how many lane heads a delivery loop reads at once: a
// backlog is read a batch at a time, not once per send.
func (p Policy) HeadBatch() int { return max(64, 4*p.Concurrency) }

// Verdict is what becomes of a reply a transport failed to deliver.
type Verdict struct {
	// Fail: the reply failed for good (a permanent failure, or
	// GiveUpAfter passed since it was written); Reason is what the
	// players are told.
	Fail   bool
	Reason string
	// Wait, when it does not fail, is the wait before the next try: the
	// transport's RetryAfter, else the backoff after attempts failures.
	Wait time.Duration
	// Held: a transport's limit holds the reply back on purpose (logged
	// once by the transport).
	Held bool
}

// Decide judges a failed send (err is not nil) of a reply written at
// written, at now, after attempts failed tries counting this one. rnd
// draws the backoff's jitter (see backoff.Policy.Wait).
func (p Policy) Decide(err error, written, now time.Time, attempts int, rnd func(n int) int) Verdict {
	if IsPermanent(err) || now.Sub(written) >= p.GiveUpAfter {
		reason := Reason(err)
		if !IsPermanent(err) {
			reason = fmt.Sprintf("it could not be delivered for %s (%s)", p.GiveUpAfter.Round(time.Hour), reason)
		}
		return Verdict{Fail: true, Reason: reason}
	}
	v := Verdict{Wait: p.Backoff().Wait(attempts, rnd)}
	var de *DeliveryError
	if errors.As(err, &de) && de.RetryAfter > 0 {
		v.Wait = de.RetryAfter
	}
	v.Held = de != nil && de.Held
	return v
}

// The defaults of GatePolicy.
const (
	DefaultStoreMinBackoff = time.Second
	DefaultStoreMaxBackoff = time.Minute
	DefaultStoreReminder   = 10 * time.Minute
	DefaultStoreQuiet      = time.Minute
)

// GatePolicy tunes the store-health gate (Gate). Zero values take the
// defaults; takbot does not expose it in its configuration.
type GatePolicy struct {
	// MinBackoff and MaxBackoff bound delivery's wait after a failed
	// write of the store (a full disk, a file system gone read-only):
	// MinBackoff (default 1 s), doubling at each failure in a row up to
	// MaxBackoff (default 1 min), without jitter.
	MinBackoff, MaxBackoff time.Duration
	// Reminder is how often a failure that lasts is logged again
	// (default 10 min).
	Reminder time.Duration
	// Quiet is how long after its last failed write a store that records
	// again is healthy (default 1 min): on a nearly full disk some writes
	// fit and others fail, and the state must not flap with them.
	Quiet time.Duration
}

// WithDefaults returns p with its zero fields set to the defaults.
func (p GatePolicy) WithDefaults() GatePolicy {
	if p.MinBackoff <= 0 {
		p.MinBackoff = DefaultStoreMinBackoff
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = DefaultStoreMaxBackoff
	}
	if p.Reminder <= 0 {
		p.Reminder = DefaultStoreReminder
	}
	if p.Quiet <= 0 {
		p.Quiet = DefaultStoreQuiet
	}
	return p
}

// Backoff is the gate's backoff: capped exponential, no jitter.
func (p GatePolicy) Backoff() backoff.Policy {
	return backoff.Policy{Min: p.MinBackoff, Max: p.MaxBackoff}
}
