package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/render"
)

// TransportInfo describes a transport to the referee: how players name an
// opponent on it, how its players are named, and what its messages can
// carry.
type TransportInfo struct {
	// Name is the transport's identity prefix: "email", "discord",
	// "console". Lower case letters and digits.
	Name string
	// Title names the transport in sentences ("email", "Discord").
	Title string
	// ParseAddress reads an opponent as a player writes one after "new"
	// ("ann@example.org", "<@1234>", "bob"), returning the canonical
	// address and true, or false when the text is not an address of this
	// transport. "transport:address" is read by the referee itself and
	// calls ParseAddress with the address part.
	ParseAddress func(text string) (address string, ok bool)
	// DisplayName names a player of this transport whose display name is
	// not known yet (default: the address).
	DisplayName func(address string) string
	// PTNFirst answers a new player of this transport in PTN until they
	// choose (Discord's Tak players write PTN); by default a new player is
	// answered in Tak by Mail notation.
	PTNFirst bool
	// DefaultTheme is the picture theme of a player of this transport who
	// has not chosen one with "set theme" ("" is render's default, dark,
	// made for Discord; mail reads best in render.Light).
	DefaultTheme render.Theme
	Limits       Limits
	// Lobby, when not "", is the address of the transport's lobby: the
	// referee posts every open challenge ("new anyone") to
	// Identity{Name, Lobby}, with an action to accept it, and later
	// replies about the same game (taken, withdrawn, expired) say what
	// became of it; a transport that can edits its post with them.
	Lobby string
}

// Limits are what one message of a transport can carry.
type Limits struct {
	MaxText   int  // the longest text of one message in characters; 0: no limit
	Pictures  bool // it shows pictures
	Monospace bool // it has monospace blocks
	Buttons   bool // it shows actions as buttons
}

// Transport is a running transport: the delivery pipeline hands it the
// replies addressed to its players.
type Transport interface {
	Info() TransportInfo
	// Send delivers one reply (with its pictures rendered in Images when
	// the transport shows pictures). It returns nil once the transport has
	// taken the reply, a *DeliveryError saying whether a failure is
	// temporary or permanent, or any other error, which counts as
	// temporary. Send may be called again for a reply it delivered before
	// (delivery is at least once): transports that can, deduplicate by
	// Reply.ID.
	Send(ctx context.Context, r *Reply) error
}

// DeliveryError is a failure to deliver a reply.
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
	// consent, not a broken address (see Unwanted).
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

// Receiver is a transport that also receives messages: takbot serve runs
// it beside the delivery pipeline.
type Receiver interface {
	Transport
	// Run receives messages and hands each to the referee until ctx ends;
	// it then stops taking new messages, finishes the ones in flight and
	// returns. It reconnects by itself when its service goes away, so an
	// error means it cannot go on at all (a bad configuration).
	Run(ctx context.Context) error
}

// HealthReporter is a transport that can say whether it is connected to
// its service, for health checks.
type HealthReporter interface {
	Health() Health
}

// Health is a transport's connection state.
type Health struct {
	Connected bool
	Detail    string    // what it is connected to, or why not ("IMAP: connection refused")
	Since     time.Time // when the state last changed
}
