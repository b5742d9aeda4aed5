package record

import (
	"errors"
	"fmt"
)

// ErrDamagedRecord is wrapped by a store's errors about a record that
// cannot be decoded. Such a record is set aside; it is not a failing
// store.
var ErrDamagedRecord = errors.New("damaged record")

// DamagedRecordError is a store's error about one record that cannot be
// decoded. It wraps the decoding error, which wraps ErrDamagedRecord.
type DamagedRecordError struct {
	Kind string // "game", "player", "reply", ...
	Key  string // the record's key, as the store names it
	Err  error
}

func (e *DamagedRecordError) Error() string {
	return fmt.Sprintf("damaged %s record %s: %v", e.Kind, e.Key, e.Err)
}

func (e *DamagedRecordError) Unwrap() error { return e.Err }
