package storage

import (
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/bot"
)

// encodeProcessed writes a processed record without its id (the key): the
// time, then the reply ids, each as the length it shares with the message
// id and the rest (the referee derives reply ids from the message id).
func encodeProcessed(r *bot.ProcessedRecord) []byte {
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

func decodeProcessed(id string, raw []byte) (*bot.ProcessedRecord, error) {
	d := decoder{b: raw}
	r := &bot.ProcessedRecord{ID: id, At: d.time()}
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

// processedTimeKey is a record's key in the processed-by-time index.
func processedTimeKey(at time.Time, id string) []byte { return append(timeKey(at), id...) }

// Processed implements bot.Tx.
func (t *txn) Processed(msgID string) (*bot.ProcessedRecord, error) {
	b, err := t.bucket(bProcessed)
	if err != nil {
		return nil, err
	}
	raw := b.Get([]byte(msgID))
	if raw == nil {
		return nil, fmt.Errorf("processed message %s: %w", msgID, bot.ErrNotFound)
	}
	r, err := decodeProcessed(msgID, raw)
	if err != nil {
		return nil, &bot.DamagedRecordError{Kind: "processed message", Key: msgID, Err: err}
	}
	return r, nil
}

// MarkProcessed implements bot.Tx.
func (t *txn) MarkProcessed(r *bot.ProcessedRecord) error {
	if r.ID == "" {
		return fmt.Errorf("processed message: %w", ErrEmptyKey)
	}
	bs, err := t.buckets(bProcessed, bProcTimes)
	if err != nil {
		return err
	}
	processed, times := bs[0], bs[1]
	switch old, err := t.Processed(r.ID); {
	case err == nil:
		if err := times.Delete(processedTimeKey(old.At, r.ID)); err != nil {
			return err
		}
	case !errors.Is(err, bot.ErrNotFound):
		return err
	}
	if err := processed.Put([]byte(r.ID), encodeProcessed(r)); err != nil {
		return err
	}
	return times.Put(processedTimeKey(r.At, r.ID), nil)
}
