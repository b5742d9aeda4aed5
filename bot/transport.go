package bot

import (
	"context"
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
