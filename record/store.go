package record

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned by a Tx for a missing record.
var ErrNotFound = errors.New("not found")

// Store keeps games, players, processed message ids, the outbox and the
// transports' adapter state. Package storage implements it on a bbolt
// file; package memstore in memory, for fast adapter tests. Both are held
// to one contract by package storetest.
type Store interface {
	// View runs fn in a read-only transaction.
	View(ctx context.Context, fn func(Tx) error) error
	// Update runs fn in one durable read-write transaction. Concurrent
	// calls may be coalesced into one transaction and fn may be run more
	// than once, so fn must have no effect outside tx.
	Update(ctx context.Context, fn func(Tx) error) error
}

// Tx is a storage transaction. Records returned are fresh copies that the
// caller may change; nothing is written until a Put.
type Tx interface {
	// Game returns a game, or an error wrapping ErrNotFound.
	Game(id string) (*Game, error)
	// PutGame stores g and maintains the indexes: player → games, and the
	// clock index ordered by g.Wake (a zero Wake is not indexed).
	PutGame(g *Game) error
	// NewGameID allocates a game id ("g1", "g2", ...).
	NewGameID() (string, error)
	// GamesOf returns the ids of the games of a player key, oldest first.
	GamesOf(player string) ([]string, error)
	// DueGames returns the ids of the games whose Wake is set and not
	// after now, earliest Wake first, at most limit (0: all).
	DueGames(now time.Time, limit int) ([]string, error)
	// CountGames returns how many games there are with each status.
	CountGames() (map[Status]int, error)
	// ForEachGame calls fn for every game, by id order. A game that
	// cannot be decoded is skipped, and the error then wraps
	// ErrDamagedRecord (a *DamagedRecordError each).
	ForEachGame(fn func(*Game) error) error

	// Player returns a player, or an error wrapping ErrNotFound.
	Player(key string) (*Player, error)
	// PutPlayer stores p and indexes it by its lower-cased Name.
	PutPlayer(p *Player) error
	// PlayersNamed returns the keys of the players whose Name is name,
	// compared without case.
	PlayersNamed(name string) ([]string, error)

	// Tourney returns the event whose key (TourneyKey) is key, or an
	// error wrapping ErrNotFound.
	Tourney(key string) (*Tourney, error)
	// PutTourney stores t under its Key.
	PutTourney(t *Tourney) error
	// Tourneys returns the keys of every event, in order.
	Tourneys() ([]string, error)

	// Processed returns the record of a handled message, or ErrNotFound.
	Processed(msgID string) (*Processed, error)
	// MarkProcessed records a handled message.
	MarkProcessed(r *Processed) error

	// Enqueue appends r to the outbox and sets r.Seq. A reply id enqueued
	// before is an error.
	Enqueue(r *Reply) error
	// Reply returns a reply of the outbox or the log, or ErrNotFound.
	Reply(id string) (*Reply, error)
	// PendingHeads returns, for each lane of a recipient on transport
	// with replies waiting for delivery, the oldest of them (whether due
	// or not), in outbox order, at most limit (0: all). A recipient has
	// two lanes, its events and its answers (Reply.Lane): replies of one
	// lane are delivered in order; one lane never holds up another, nor
	// one recipient another. A head that cannot be decoded is left out,
	// the others are returned, and the error then wraps ErrDamagedRecord
	// (a *DamagedRecordError each).
	PendingHeads(transport string, limit int) ([]Reply, error)
	// PendingLane counts the replies of one lane of a transport (a
	// recipient's events or answers, LaneOf) that wait for delivery, and
	// returns the first limit of them in outbox order (limit 0: the count
	// only). It tells how many answers a limit holds back behind the
	// lane's head, and lists them to their recipient ("held").
	PendingLane(transport, lane string, limit int) (int, []Reply, error)
	// SetDelivery stores a reply's delivery state; a delivered or failed
	// reply leaves the outbox (the log keeps it until pruned).
	SetDelivery(id string, d Delivery) error
	// OutboxStats counts the replies waiting for delivery on every
	// transport and returns the creation time of the oldest.
	OutboxStats() (pending int, oldest time.Time, err error)
	// ForEachReply calls fn for every reply of the log, in outbox order.
	ForEachReply(fn func(*Reply) error) error

	// State returns a key of a transport's adapter state, or ErrNotFound.
	State(transport, key string) ([]byte, error)
	// PutState sets a key of a transport's adapter state.
	PutState(transport, key string, value []byte) error
	// DeleteState removes a key (no error if absent).
	DeleteState(transport, key string) error
	// ScanState calls fn for each key with the prefix, in key order.
	ScanState(transport, prefix string, fn func(key string, value []byte) error) error

	// Prune removes at most limit old entries: delivered or failed replies
	// created before before, and processed-message records handled before
	// before. Replies waiting for delivery, games and players are never
	// pruned. Call it until it returns fewer than limit.
	Prune(before time.Time, limit int) (removed int, err error)
}

// Preparer is implemented by a Store that can encode records before the
// transaction that writes them. A store runs one write transaction at a
// time, with the updates of concurrent callers coalesced into it, so the
// work done inside holds up every caller; the referee hands the games and
// replies it is about to write to Prepare, outside, and the transaction
// writes what was prepared instead of encoding them again. The records
// must not change until the returned function is called, after the
// Update (a reply is recognised by its fields and its Parts slice, not by
// the parts' contents); a reply enqueued with other fields or other parts
// than prepared is encoded afresh.
type Preparer interface {
	Prepare(games []*Game, replies []Reply) (done func())
}

// StateTx reads and writes one transport's adapter state in a
// transaction: each transport has its own key-value space in the store
// (an IMAP cursor, the mail thread of each game, a Discord thread id),
// never mixed with another transport's.
type StateTx interface {
	Get(key string) ([]byte, error) // ErrNotFound when absent
	Put(key string, value []byte) error
	Delete(key string) error
	Scan(prefix string, fn func(key string, value []byte) error) error
}

// StateOf is the adapter state of one transport in tx.
func StateOf(tx Tx, transport string) StateTx { return stateTx{tx, transport} }

type stateTx struct {
	tx        Tx
	transport string
}

func (t stateTx) Get(key string) ([]byte, error)     { return t.tx.State(t.transport, key) }
func (t stateTx) Put(key string, value []byte) error { return t.tx.PutState(t.transport, key, value) }
func (t stateTx) Delete(key string) error            { return t.tx.DeleteState(t.transport, key) }
func (t stateTx) Scan(prefix string, fn func(key string, value []byte) error) error {
	return t.tx.ScanState(t.transport, prefix, fn)
}
