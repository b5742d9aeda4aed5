package storage

import (
	"bytes"
	"fmt"

	"github.com/takbymail/takbot/record"
)

// State implements record.Tx.
func (t *txn) State(transport, key string) ([]byte, error) {
	b, err := t.sub(bState, transport, false)
	if err != nil {
		return nil, err
	}
	if b != nil {
		// a cursor, since Get cannot tell an empty value from none
		if k, v := b.Cursor().Seek([]byte(key)); k != nil && string(k) == key {
			return append([]byte{}, v...), nil
		}
	}
	return nil, fmt.Errorf("state %s %q: %w", transport, key, record.ErrNotFound)
}

// PutState implements record.Tx.
func (t *txn) PutState(transport, key string, value []byte) error {
	if transport == "" || key == "" {
		return fmt.Errorf("state %q %q: %w", transport, key, ErrEmptyKey)
	}
	b, err := t.sub(bState, transport, true)
	if err != nil {
		return err
	}
	// bbolt keeps the value's slice until the commit: give it a copy
	return b.Put([]byte(key), append([]byte{}, value...))
}

// DeleteState implements record.Tx.
func (t *txn) DeleteState(transport, key string) error {
	b, err := t.sub(bState, transport, false)
	if err != nil || b == nil {
		return err
	}
	return b.Delete([]byte(key))
}

// ScanState implements record.Tx.
func (t *txn) ScanState(transport, prefix string, fn func(key string, value []byte) error) error {
	b, err := t.sub(bState, transport, false)
	if err != nil || b == nil {
		return err
	}
	p := []byte(prefix)
	c := b.Cursor()
	for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
		if err := fn(string(k), append([]byte{}, v...)); err != nil {
			return err
		}
	}
	return nil
}
