package outbox

import (
	"errors"
	"fmt"
	"time"
)

// DeliveryError is a failure to deliver a reply. A transport's Send
// returns one to say whether a failure is temporary or permanent; any
// other error counts as temporary.
type DeliveryError struct {
	// Permanent failures (a bounced address, a Discord user who cannot be
	// reached) are not retried: the reply is marked failed and the
	// recipient's opponent is told. Temporary ones are retried with
	// backoff.
	Permanent bool
	// RetryAfter, for a temporary failure, is the earliest time to try
	// again that the transport knows (a rate limit); zero lets the
	// pipeline's backoff decide.
	RetryAfter time.Duration
	// Reason says in a few words why, for players and logs ("the address
	// does not exist").
	Reason string
	// Held marks a temporary failure that is a transport's limit holding
	// the reply back on purpose (and telling its recipient): the
	// transport logged it once, so the pipeline's retries are logged at
	// debug level only.
	Held bool
	// Unwanted marks a permanent failure that is the recipient's want of
	// consent, not a broken address: the referee records it without
	// marking the recipient unreachable (bot.Unwanted).
	Unwanted bool
	Err      error
}

// Error returns the reason and the underlying error.
func (e *DeliveryError) Error() string {
	kind := "temporary"
	if e.Permanent {
		kind = "permanent"
	}
	switch {
	case e.Err != nil && e.Reason != "":
		return fmt.Sprintf("%s delivery failure: %s: %v", kind, e.Reason, e.Err)
	case e.Err != nil:
		return fmt.Sprintf("%s delivery failure: %v", kind, e.Err)
	}
	return fmt.Sprintf("%s delivery failure: %s", kind, e.Reason)
}

// Unwrap returns the underlying error.
func (e *DeliveryError) Unwrap() error { return e.Err }

// Temporary returns a temporary delivery failure; retryAfter may be zero.
func Temporary(err error, retryAfter time.Duration) error {
	return &DeliveryError{Err: err, RetryAfter: retryAfter}
}

// HeldBack returns a temporary failure for a reply that a transport's
// limit holds back until retryAfter has passed (see DeliveryError.Held).
func HeldBack(err error, retryAfter time.Duration) error {
	return &DeliveryError{Err: err, RetryAfter: retryAfter, Held: true}
}

// Permanent returns a permanent delivery failure with the reason players
// are told.
func Permanent(reason string, err error) error {
	return &DeliveryError{Permanent: true, Reason: reason, Err: err}
}

// IsPermanent reports whether err is a permanent delivery failure.
func IsPermanent(err error) bool {
	var de *DeliveryError
	return errors.As(err, &de) && de.Permanent
}

// Reason is what players are told of a failure: a DeliveryError's
// Reason, else the error's text.
func Reason(err error) string {
	var de *DeliveryError
	if errors.As(err, &de) && de.Reason != "" {
		return de.Reason
	}
	return err.Error()
}
