package storage

import (
	"fmt"
	"time"

	"github.com/takbymail/takbot/record"
)

// encodeProcessed writes a processed record without its id (the key): the
// time, then the reply ids, each as the length it shares with the message
// id and the rest (the referee derives reply ids from the message id).
func encodeProcessed(r *record.Processed) []byte {
	e := encoder{b: make([]byte, 0, 16+8*len(r.Replies))}
	e.time(r.At)
	e.count(len(r.Replies), r.Replies == nil)
	for _, id := range r.Replies {
		shared := sharedPrefix(r.ID, id)
		e.uvarint(uint64(shared))
		e.str(id[shared:])
	}
	return e.b
}

func decodeProcessed(id string, raw []byte) (*record.Processed, error) {
	d := decoder{b: raw}
	r := &record.Processed{ID: id, At: d.time()}
	n, isNil := d.count()
	if !isNil {
		r.Replies = make([]string, 0, n)
	}
	for range n {
		r.Replies = append(r.Replies, d.shared(id))
	}
	return r, d.end("processed record")
}

// sharedPrefix returns the length of the longest common prefix of a and b.
func sharedPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// shared reads a string written as the length it shares with base and the
// rest.
func (d *decoder) shared(base string) string {
	n := d.uvarint()
	if n > uint64(len(base)) {
		d.fail("shared prefix")
		return ""
	}
	return base[:n] + d.str()
}

// The processed bucket holds two kinds of keys since schema 4: a message's
// processed record under its id and the tag byte 0, and the sequence
// number of each reply under the reply's id and the tag byte 1. A reply id
// is its cause's id and a suffix ("email:<m1@x>/2"), so the entries of a
// move's replies sort beside its processed record: one page written for
// all three, where schema 3's replyids bucket took a page of its own at a
// random place for each reply. Tagging at the end keeps the two kinds
// apart whatever bytes an id holds.
const (
	tagProcessed = 0
	tagReply     = 1
)

// processedKey is a processed record's key.
func processedKey(id string) []byte { return append([]byte(id), tagProcessed) }

// replyIDKey is the key of a reply's sequence number.
func replyIDKey(id string) []byte { return append([]byte(id), tagReply) }

// processedTimeKey is a record's key in the processed-by-time index.
func processedTimeKey(at time.Time, id string) []byte { return append(timeKey(at), id...) }

// Processed implements record.Tx.
func (t *txn) Processed(msgID string) (*record.Processed, error) {
	b, err := t.bucket(bProcessed)
	if err != nil {
		return nil, err
	}
	raw := b.Get(processedKey(msgID))
	if raw == nil {
		t.absent = msgID
		return nil, &unprocessedError{id: msgID}
	}
	r, err := decodeProcessed(msgID, raw)
	if err != nil {
		return nil, &record.DamagedRecordError{Kind: "processed message", Key: msgID, Err: err}
	}
	return r, nil
}

// unprocessedError is Processed's answer for a message not processed:
// nearly every message the referee asks about, twice, so its text is
// only written when asked for (fmt.Errorf took three allocations).
type unprocessedError struct{ id string }

func (e *unprocessedError) Error() string {
	return "processed message " + e.id + ": " + record.ErrNotFound.Error()
}

func (e *unprocessedError) Unwrap() error { return record.ErrNotFound }

// MarkProcessed implements record.Tx.
func (t *txn) MarkProcessed(r *record.Processed) error {
	if r.ID == "" {
		return fmt.Errorf("processed message: %w", ErrEmptyKey)
	}
	bs, err := t.buckets(bProcessed, bProcTimes)
	if err != nil {
		return err
	}
	processed, times := bs[0], bs[1]
	key := processedKey(r.ID)
	// The referee asks Processed first: then the record is known absent
	// (only MarkProcessed adds one) and needs no second look.
	absent := r.ID == t.absent
	t.absent = ""
	if !absent {
		if raw := processed.Get(key); raw != nil { // marked again: its time index entry moves
			d := decoder{b: raw}
			at := d.time()
			if d.err != nil {
				return &record.DamagedRecordError{Kind: "processed message", Key: r.ID, Err: d.err}
			}
			if err := times.Delete(processedTimeKey(at, r.ID)); err != nil {
				return err
			}
		}
	}
	if err := processed.Put(key, encodeProcessed(r)); err != nil {
		return err
	}
	return times.Put(processedTimeKey(r.At, r.ID), nil)
}
