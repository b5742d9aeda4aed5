package memstore

import (
	"slices"
	"strings"

	"github.com/takbymail/takbot/record"
)

// Player implements record.Tx.
func (tx *txn) Player(key string) (*record.Player, error) {
	return get[string, record.Player]("player", tx.t.players, key)
}

// PutPlayer implements record.Tx.
func (tx *txn) PutPlayer(p *record.Player) error {
	if p.Key == "" {
		return ErrEmptyKey
	}
	return put(tx, "players", &tx.t.players, p.Key, p)
}

// PlayersNamed implements record.Tx: the keys in order.
func (tx *txn) PlayersNamed(name string) ([]string, error) {
	var keys []string
	for key := range tx.t.players {
		p, err := tx.Player(key)
		if err != nil {
			return nil, err
		}
		if strings.EqualFold(p.Name, name) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// Processed implements record.Tx.
func (tx *txn) Processed(msgID string) (*record.Processed, error) {
	return get[string, record.Processed]("processed message", tx.t.processed, msgID)
}

// MarkProcessed implements record.Tx.
func (tx *txn) MarkProcessed(r *record.Processed) error {
	if r.ID == "" {
		return ErrEmptyKey
	}
	return put(tx, "processed", &tx.t.processed, r.ID, r)
}

// Tourney implements record.Tx.
func (tx *txn) Tourney(key string) (*record.Tourney, error) {
	return get[string, record.Tourney]("event", tx.t.tourneys, key)
}

// PutTourney implements record.Tx.
func (tx *txn) PutTourney(t *record.Tourney) error {
	if t.Key() == "" {
		return ErrEmptyKey
	}
	return put(tx, "tourneys", &tx.t.tourneys, t.Key(), t)
}

// Tourneys implements record.Tx: the keys in order.
func (tx *txn) Tourneys() ([]string, error) {
	keys := make([]string, 0, len(tx.t.tourneys))
	for key := range tx.t.tourneys {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys, nil
}
