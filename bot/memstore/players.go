package memstore

import (
	"slices"
	"strings"

	"github.com/takbymail/takbot/bot"
)

// Player implements bot.Tx.
func (tx *txn) Player(key string) (*bot.PlayerRecord, error) {
	return get[string, bot.PlayerRecord]("player", tx.t.players, key)
}

// PutPlayer implements bot.Tx.
func (tx *txn) PutPlayer(p *bot.PlayerRecord) error {
	if p.Key == "" {
		return ErrEmptyKey
	}
	return put(tx, "players", &tx.t.players, p.Key, p)
}

// PlayersNamed implements bot.Tx: the keys in order.
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

// Processed implements bot.Tx.
func (tx *txn) Processed(msgID string) (*bot.ProcessedRecord, error) {
	return get[string, bot.ProcessedRecord]("processed message", tx.t.processed, msgID)
}

// MarkProcessed implements bot.Tx.
func (tx *txn) MarkProcessed(r *bot.ProcessedRecord) error {
	if r.ID == "" {
		return ErrEmptyKey
	}
	return put(tx, "processed", &tx.t.processed, r.ID, r)
}
