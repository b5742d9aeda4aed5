package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Identity is a player on a transport: an email address, a Discord user id
// or a console name.
type Identity struct {
	Transport string // "email", "discord", "console", ...
	Address   string
}

// Key returns the identity's canonical key "transport:address", with the
// address lower-cased. Player records are stored under it.
func (id Identity) Key() string {
	return strings.ToLower(id.Transport) + ":" + strings.ToLower(strings.TrimSpace(id.Address))
}

// String returns the key.
func (id Identity) String() string { return id.Key() }

// ParseIdentity reads a key written by Key ("console:bob").
func ParseIdentity(key string) (Identity, bool) {
	t, a, ok := strings.Cut(key, ":")
	if !ok || t == "" || a == "" {
		return Identity{}, false
	}
	return Identity{Transport: t, Address: a}, true
}

// Message is one message from a player.
type Message struct {
	ID       string   // unique per transport; a replayed ID is ignored
	From     Identity // the sender
	Name     string   // display name, if the transport knows one
	Text     string   // the commands
	Thread   string   // optional game id hint (e.g. from a mail thread)
	Received time.Time
}

// Attachment is a rendered picture.
type Attachment struct {
	Name string
	PNG  []byte
}

// Picture describes a board picture to render at delivery time. It is what
// the outbox stores instead of PNG bytes.
type Picture struct {
	Name        string               // file name, e.g. "g3-move7.png"
	Config      tak.Config           // the game's configuration
	TPS         string               // the position shown
	BeforeTPS   string               // the position before Last ("" if none)
	Last        string               // the last move in PTN ("" if none)
	Players     [2]string            // White's and Black's names
	Orientation notation.Orientation // the reader's orientation
	Result      ResultRecord         // set when the game is over
	Score       int
}

// Reply is one answer to one player.
type Reply struct {
	ID       string   // unique; derived from the message id or the clock event
	Seq      uint64   // outbox order, set by the store
	To       Identity // recipient, on their own transport
	ToName   string   // recipient's display name
	Thread   string   // the game id the reply is about ("" if none)
	Subject  string
	Text     string
	Pictures []Picture    // rendered into Images by Pending
	Images   []Attachment // filled at delivery time, never stored
	Cause    string       // the message id (or clock event) that caused it
	Created  time.Time
	// Delivered is the time the adapter confirmed delivery (zero while pending).
	Delivered time.Time
}

// Clock tells the time. Tests inject a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// ErrNotFound is returned by a Tx for a missing record.
var ErrNotFound = errors.New("not found")

// Store keeps games, players, processed message ids and the outbox.
type Store interface {
	// View runs fn in a read-only transaction.
	View(ctx context.Context, fn func(Tx) error) error
	// Update runs fn in one durable read-write transaction. Concurrent
	// calls may be coalesced into one transaction and fn may be run more
	// than once, so fn must have no effect outside tx.
	Update(ctx context.Context, fn func(Tx) error) error
}

// Tx is a storage transaction. Records returned are fresh copies.
type Tx interface {
	Game(id string) (*GameRecord, error)
	// PutGame stores g and maintains the player→game and active-clock indexes.
	PutGame(g *GameRecord) error
	// NewGameID allocates a game id ("g1", "g2", ...).
	NewGameID() (string, error)
	// GamesOf returns the ids of the games of a player key, oldest first.
	GamesOf(player string) ([]string, error)
	// ActiveGames returns the ids of the games whose clocks run.
	ActiveGames() ([]string, error)
	// ForEachGame calls fn for every game, by id order.
	ForEachGame(fn func(*GameRecord) error) error
	Player(key string) (*PlayerRecord, error)
	PutPlayer(p *PlayerRecord) error
	// Processed returns the record of a processed message, or ErrNotFound.
	Processed(msgID string) (*ProcessedRecord, error)
	MarkProcessed(r *ProcessedRecord) error
	// Enqueue appends r to the outbox and to the reply log.
	Enqueue(r *Reply) error
	// Pending returns up to limit undelivered replies for a transport, oldest first.
	Pending(transport string, limit int) ([]Reply, error)
	// MarkDelivered removes a reply from the outbox (the log keeps it).
	MarkDelivered(replyID string, at time.Time) error
	// ForEachReply calls fn for every reply ever enqueued, in order.
	ForEachReply(fn func(*Reply) error) error
}
