package storage

import (
	"errors"
	"fmt"

	"github.com/takbymail/takbot/record"
)

// Tourney implements record.Tx. A file opened read-only that was last
// opened by a takbot without events has no bucket of them: it has none.
func (t *txn) Tourney(key string) (*record.Tourney, error) {
	b := t.tx.Bucket(bTourneys)
	if b == nil {
		return nil, fmt.Errorf("event %s: %w", key, record.ErrNotFound)
	}
	v := new(record.Tourney)
	if err := getJSON(b, []byte(key), v); errors.Is(err, ErrCorrupt) {
		return nil, &record.DamagedRecordError{Kind: "event", Key: key, Err: err}
	} else if err != nil {
		return nil, fmt.Errorf("event %s: %w", key, err)
	}
	return v, nil
}

// PutTourney implements record.Tx.
func (t *txn) PutTourney(v *record.Tourney) error {
	if v.Key() == "" {
		return fmt.Errorf("event: %w", ErrEmptyKey)
	}
	b, err := t.bucket(bTourneys)
	if err != nil {
		return err
	}
	if err := putJSON(b, []byte(v.Key()), v); err != nil {
		return fmt.Errorf("event %s: %w", v.Key(), err)
	}
	return nil
}

// Tourneys implements record.Tx: the keys in order.
func (t *txn) Tourneys() ([]string, error) {
	b := t.tx.Bucket(bTourneys)
	if b == nil {
		return nil, nil
	}
	var keys []string
	err := b.ForEach(func(k, _ []byte) error {
		keys = append(keys, string(k))
		return nil
	})
	return keys, err
}
