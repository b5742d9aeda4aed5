package memstore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/takbymail/takbot/record"
)

// State implements record.Tx.
func (tx *txn) State(transport, key string) ([]byte, error) {
	v, ok := tx.t.state[stateKey{transport, key}]
	if !ok {
		return nil, fmt.Errorf("state %s %q: %w", transport, key, record.ErrNotFound)
	}
	return append([]byte{}, v...), nil
}

// PutState implements record.Tx.
func (tx *txn) PutState(transport, key string, value []byte) error {
	if transport == "" || key == "" {
		return ErrEmptyKey
	}
	if err := own(tx, "state", &tx.t.state); err != nil {
		return err
	}
	tx.t.state[stateKey{transport, key}] = append([]byte{}, value...)
	return nil
}

// DeleteState implements record.Tx.
func (tx *txn) DeleteState(transport, key string) error {
	if err := own(tx, "state", &tx.t.state); err != nil {
		return err
	}
	delete(tx.t.state, stateKey{transport, key})
	return nil
}

// ScanState implements record.Tx.
func (tx *txn) ScanState(transport, prefix string, fn func(key string, value []byte) error) error {
	var keys []string
	for k := range tx.t.state {
		if k.transport == transport && strings.HasPrefix(k.key, prefix) {
			keys = append(keys, k.key)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := fn(k, append([]byte{}, tx.t.state[stateKey{transport, k}]...)); err != nil {
			return err
		}
	}
	return nil
}
