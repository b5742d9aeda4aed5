package memstore

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/takbymail/takbot/record"
)

// ErrReadOnly is returned by a write inside View.
var ErrReadOnly = errors.New("memstore: write in a read-only transaction")

// ErrEmptyKey is returned when a record is written without its key (an
// empty game id, player key, message id, reply id, transport or state key).
var ErrEmptyKey = errors.New("memstore: empty key")

// ErrDuplicateReply is returned by Enqueue for a reply id enqueued before.
var ErrDuplicateReply = errors.New("memstore: reply enqueued twice")

// Store is an in-memory record.Store. The zero value is not usable: call New.
type Store struct {
	mu   sync.RWMutex
	data tables // the committed state; its maps are never changed in place
}

// stateKey names one key of a transport's adapter state.
type stateKey struct{ transport, key string }

// tables is the whole state. A transaction copies the struct (sharing the
// maps) and replaces a map by a copy before its first write to it.
type tables struct {
	games     map[string][]byte // game id → JSON
	gameSeq   uint64
	players   map[string][]byte // player key → JSON
	tourneys  map[string][]byte // event key → JSON
	processed map[string][]byte // message id → JSON
	replies   map[uint64][]byte // Seq → JSON
	replyIDs  map[string]uint64 // reply id → Seq
	replySeq  uint64
	state     map[stateKey][]byte
	owned     map[string]bool // the maps this transaction copied already
}

// New returns an empty store.
func New() *Store {
	return &Store{data: tables{
		games: map[string][]byte{}, players: map[string][]byte{}, tourneys: map[string][]byte{}, processed: map[string][]byte{},
		replies: map[uint64][]byte{}, replyIDs: map[string]uint64{}, state: map[stateKey][]byte{},
	}}
}

// View implements record.Store.
func (s *Store) View(ctx context.Context, fn func(record.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return fn(&txn{t: s.data})
}

// Update implements record.Store: fn runs once, on an overlay committed only
// if it returns nil.
func (s *Store) Update(ctx context.Context, fn func(record.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := &txn{t: s.data, writable: true}
	tx.t.owned = map[string]bool{}
	if err := fn(tx); err != nil {
		return err
	}
	tx.t.owned = nil
	s.data = tx.t
	return nil
}

// txn is a transaction on a private copy of the tables.
type txn struct {
	t        tables
	writable bool
}

// own makes *m the transaction's own copy before a first write to it.
func own[K comparable, V any](tx *txn, name string, m *map[K]V) error {
	if !tx.writable {
		return ErrReadOnly
	}
	if !tx.t.owned[name] {
		*m = maps.Clone(*m)
		tx.t.owned[name] = true
	}
	return nil
}

// put encodes v into table m under key.
func put[K comparable](tx *txn, name string, m *map[K][]byte, key K, v any) error {
	if err := own(tx, name, m); err != nil {
		return err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("memstore: encode %s %v: %w", name, key, err)
	}
	(*m)[key] = raw
	return nil
}

// get decodes the record under key of table m into a new T.
func get[K comparable, T any](name string, m map[K][]byte, key K) (*T, error) {
	raw, ok := m[key]
	if !ok {
		return nil, fmt.Errorf("%s %v: %w", name, key, record.ErrNotFound)
	}
	v := new(T)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, fmt.Errorf("memstore: decode %s %v: %w", name, key, err)
	}
	return v, nil
}

// each calls fn for each of vs until it fails, unless err is already set.
func each[T any](vs []T, err error, fn func(T) error) error {
	for _, v := range vs {
		if err != nil {
			break
		}
		err = fn(v)
	}
	return err
}

// compareGameIDs orders game ids as NewGameID allocates them: "g2"
// before "g10".
func compareGameIDs(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

var (
	_ record.Store = (*Store)(nil)
	_ record.Tx    = (*txn)(nil)
)
