package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// ErrEmptyKey is returned when a record is written without its key: an
// empty game id, player key, message id, reply id, reply transport or
// adapter state transport or key.
var ErrEmptyKey = errors.New("storage: empty key")

// ErrDuplicateReply is returned by Enqueue for a reply id enqueued before.
var ErrDuplicateReply = errors.New("storage: reply enqueued twice")

// fillPercents are the fill factors of the buckets whose keys mostly grow
// at the end: their pages are filled before they split, instead of being
// left half empty. bbolt does not keep a bucket's FillPercent, so every
// transaction sets it.
var fillPercents = map[string]float64{
	string(bLog):         1.0, // keys are sequence numbers: strictly appended
	string(bLogTimes):    0.95,
	string(bOutboxTimes): 0.95,
	string(bProcTimes):   0.95,
}

// txn is a bbolt transaction seen as a record.Tx.
type txn struct {
	tx    *bolt.Tx
	prep  *prepared  // records encoded before the transaction; nil: none
	lanes *laneIndex // the recipients' lanes, in memory
	// absent is the message id Processed last found not processed, until
	// the next MarkProcessed.
	absent string
}

var _ record.Tx = (*txn)(nil)

// bucket returns a top-level bucket of the schema.
func (t *txn) bucket(name []byte) (*bolt.Bucket, error) {
	b := t.tx.Bucket(name)
	if b == nil {
		return nil, fmt.Errorf("%w: bucket %s missing", ErrCorrupt, name)
	}
	if f, ok := fillPercents[string(name)]; ok {
		b.FillPercent = f
	}
	return b, nil
}

// maxBuckets is the most buckets one call of buckets returns.
const maxBuckets = 5

// buckets returns several top-level buckets (at most maxBuckets), in an
// array: a slice took an allocation at every call, several per move.
func (t *txn) buckets(names ...[]byte) ([maxBuckets]*bolt.Bucket, error) {
	var out [maxBuckets]*bolt.Bucket
	for i, name := range names {
		b, err := t.bucket(name)
		if err != nil {
			return out, err
		}
		out[i] = b
	}
	return out, nil
}

// sub returns the nested bucket name of the top-level bucket parent,
// creating it when create is set; nil when it does not exist.
func (t *txn) sub(parent []byte, name string, create bool) (*bolt.Bucket, error) {
	p, err := t.bucket(parent)
	if err != nil {
		return nil, err
	}
	if !create {
		return p.Bucket([]byte(name)), nil
	}
	return p.CreateBucketIfNotExists([]byte(name))
}

// getJSON decodes the JSON under key into v.
func getJSON(b *bolt.Bucket, key []byte, v any) error {
	raw := b.Get(key)
	if raw == nil {
		return record.ErrNotFound
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return nil
}

// putJSON stores v as JSON under key.
func putJSON(b *bolt.Bucket, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, raw)
}

// addCount adds delta to the 8-byte counter under key, deleting it at 0.
func addCount(b *bolt.Bucket, key []byte, delta int64) error {
	n := int64(0)
	if raw := b.Get(key); len(raw) == 8 {
		n = int64(binary.BigEndian.Uint64(raw))
	}
	n += delta
	if n <= 0 {
		return b.Delete(key)
	}
	return b.Put(key, binary.BigEndian.AppendUint64(nil, uint64(n)))
}

// count reads a counter written by addCount.
func count(b *bolt.Bucket, key []byte) int {
	if raw := b.Get(key); len(raw) == 8 {
		return int(binary.BigEndian.Uint64(raw))
	}
	return 0
}
