package storage

import (
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// Enqueue implements record.Tx.
func (t *txn) Enqueue(r *record.Reply) error {
	if r.ID == "" || r.To.Transport == "" {
		return fmt.Errorf("reply %q to %q: %w", r.ID, r.To, ErrEmptyKey)
	}
	bs, err := t.buckets(bLog, bProcessed)
	if err != nil {
		return err
	}
	log, ids := bs[0], bs[1]
	idKey := replyIDKey(r.ID)
	if ids.Get(idKey) != nil {
		return fmt.Errorf("reply %s: %w", r.ID, ErrDuplicateReply)
	}
	seq, err := log.NextSequence()
	if err != nil {
		return err
	}
	raw, err := t.encodeReply(r)
	if err != nil {
		return fmt.Errorf("reply %s: %w", r.ID, err)
	}
	if err := log.Put(seqKey(seq), raw); err != nil {
		return err
	}
	if err := ids.Put(idKey, seqKey(seq)); err != nil {
		return err
	}
	h := headerOf(r)
	if err := t.indexReply(seq, &h, true); err != nil {
		return err
	}
	r.Seq = seq
	return nil
}

// indexReply adds (or, without add, removes) a reply's entries in the
// indexes of its delivery state. A pending reply is in the outbox's
// creation-time index, in the pending count and in its recipient's lane
// (kept in memory, lanes.go); a delivered or failed one is in the log's
// creation-time index, which Prune walks.
func (t *txn) indexReply(seq uint64, h *replyHeader, add bool) error {
	key := seqKey(seq)
	timed := append(timeKey(h.Created), key...)
	change := func(b *bolt.Bucket, k []byte) error {
		if add {
			return b.Put(k, nil)
		}
		return b.Delete(k)
	}
	if !h.Delivery.Pending() {
		logTimes, err := t.bucket(bLogTimes)
		if err != nil {
			return err
		}
		return change(logTimes, timed)
	}
	bs, err := t.buckets(bOutboxTimes, bMeta)
	if err != nil {
		return err
	}
	if err := change(bs[0], timed); err != nil {
		return err
	}
	delta := int64(1)
	if !add {
		delta = -1
	}
	if err := addCount(bs[1], kPending, delta); err != nil {
		return err
	}
	if t.lanes == nil {
		return nil // a migration: Open loads the lanes afterwards
	}
	d := t.lanes.delta(t.tx)
	if d == nil {
		return fmt.Errorf("storage: reply %d changed outside a write transaction", seq)
	}
	d.add(h.To.Transport, h.lane(), seq, add)
	return nil
}

// replySeq returns the sequence key of a reply id.
func (t *txn) replySeq(id string) ([]byte, error) {
	ids, err := t.bucket(bProcessed)
	if err != nil {
		return nil, err
	}
	k := ids.Get(replyIDKey(id))
	if k == nil {
		return nil, fmt.Errorf("reply %s: %w", id, record.ErrNotFound)
	}
	return append([]byte(nil), k...), nil
}

// reply reads and decodes the reply under a sequence key.
func reply(log *bolt.Bucket, key []byte) (*record.Reply, error) {
	seq, ok := keySeq(key)
	raw := log.Get(key)
	if !ok || raw == nil {
		return nil, fmt.Errorf("%w: reply %x is indexed but missing", ErrCorrupt, key)
	}
	r, err := decodeReply(seq, raw)
	if err != nil {
		return nil, &record.DamagedRecordError{Kind: "reply", Key: strconv.FormatUint(seq, 10), Err: err}
	}
	return r, nil
}

// Reply implements record.Tx.
func (t *txn) Reply(id string) (*record.Reply, error) {
	key, err := t.replySeq(id)
	if err != nil {
		return nil, err
	}
	log, err := t.bucket(bLog)
	if err != nil {
		return nil, err
	}
	return reply(log, key)
}

// PendingHeads implements record.Tx from the lanes kept in memory (lanes.go).
func (t *txn) PendingHeads(transport string, limit int) ([]record.Reply, error) {
	return t.pendingHeads(transport, limit)
}

// PendingLane implements record.Tx from the lanes kept in memory (lanes.go).
func (t *txn) PendingLane(transport, lane string, limit int) (int, []record.Reply, error) {
	return t.pendingLane(transport, lane, limit)
}

// SetDelivery implements record.Tx: it rewrites the reply's header and keeps
// its body's bytes.
func (t *txn) SetDelivery(id string, d record.Delivery) error {
	key, err := t.replySeq(id)
	if err != nil {
		return err
	}
	log, err := t.bucket(bLog)
	if err != nil {
		return err
	}
	raw := log.Get(key)
	if raw == nil {
		return fmt.Errorf("%w: reply %s is indexed but missing", ErrCorrupt, id)
	}
	updated, old, err := withDelivery(raw, d)
	if err != nil {
		return fmt.Errorf("reply %s: %w", id, err)
	}
	if err := log.Put(key, updated); err != nil {
		return err
	}
	if old.Delivery.Pending() == d.Pending() {
		return nil
	}
	seq, _ := keySeq(key)
	if err := t.indexReply(seq, &old, false); err != nil {
		return err
	}
	cur := old
	cur.Delivery = d
	return t.indexReply(seq, &cur, true)
}

// OutboxStats implements record.Tx from the pending count and the first
// entry of the outbox's creation-time index.
func (t *txn) OutboxStats() (int, time.Time, error) {
	bs, err := t.buckets(bMeta, bOutboxTimes)
	if err != nil {
		return 0, time.Time{}, err
	}
	n := count(bs[0], kPending)
	k, _ := bs[1].Cursor().First()
	if k == nil {
		return n, time.Time{}, nil
	}
	oldest, ok := keyTime(k)
	if !ok {
		return 0, time.Time{}, fmt.Errorf("%w: outbox time key %x", ErrCorrupt, k)
	}
	return n, oldest, nil
}

// ForEachReply implements record.Tx.
func (t *txn) ForEachReply(fn func(*record.Reply) error) error {
	log, err := t.bucket(bLog)
	if err != nil {
		return err
	}
	c := log.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		r, err := reply(log, k)
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}
