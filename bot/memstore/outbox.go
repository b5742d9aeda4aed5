package memstore

import (
	"fmt"
	"slices"
	"time"

	"github.com/takbymail/takbot/record"
)

// Enqueue implements record.Tx.
func (tx *txn) Enqueue(r *record.Reply) error {
	if r.ID == "" || r.To.Transport == "" {
		return ErrEmptyKey
	}
	if !tx.writable {
		return ErrReadOnly
	}
	if _, ok := tx.t.replyIDs[r.ID]; ok {
		return fmt.Errorf("reply %s: %w", r.ID, ErrDuplicateReply)
	}
	if err := own(tx, "replyIDs", &tx.t.replyIDs); err != nil {
		return err
	}
	seq := tx.t.replySeq + 1
	stored := *r
	stored.Seq = seq
	if err := put(tx, "replies", &tx.t.replies, seq, &stored); err != nil {
		return err
	}
	tx.t.replySeq, r.Seq = seq, seq
	tx.t.replyIDs[r.ID] = seq
	return nil
}

// Reply implements record.Tx.
func (tx *txn) Reply(id string) (*record.Reply, error) {
	seq, ok := tx.t.replyIDs[id]
	if !ok {
		return nil, fmt.Errorf("reply %s: %w", id, record.ErrNotFound)
	}
	return get[uint64, record.Reply]("reply", tx.t.replies, seq)
}

// log decodes every reply, in outbox order.
func (tx *txn) log() ([]*record.Reply, error) {
	seqs := slices.Sorted(func(yield func(uint64) bool) {
		for seq := range tx.t.replies {
			if !yield(seq) {
				return
			}
		}
	})
	out := make([]*record.Reply, 0, len(seqs))
	for _, seq := range seqs {
		r, err := get[uint64, record.Reply]("reply", tx.t.replies, seq)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// PendingHeads implements record.Tx: a recipient is a player key, and each
// recipient has a lane per class.
func (tx *txn) PendingHeads(transport string, limit int) ([]record.Reply, error) {
	rs, err := tx.log()
	if err != nil {
		return nil, err
	}
	var heads []record.Reply
	seen := map[string]bool{}
	for _, r := range rs {
		if limit > 0 && len(heads) == limit {
			break
		}
		if r.To.Transport != transport || !r.Delivery.Pending() || seen[r.Lane()] {
			continue
		}
		seen[r.Lane()] = true
		heads = append(heads, *r)
	}
	return heads, nil
}

// PendingLane implements record.Tx.
func (tx *txn) PendingLane(transport, lane string, limit int) (int, []record.Reply, error) {
	rs, err := tx.log()
	if err != nil {
		return 0, nil, err
	}
	n := 0
	var out []record.Reply
	for _, r := range rs {
		if r.To.Transport != transport || !r.Delivery.Pending() || r.Lane() != lane {
			continue
		}
		n++
		if len(out) < limit {
			out = append(out, *r)
		}
	}
	return n, out, nil
}

// SetDelivery implements record.Tx.
func (tx *txn) SetDelivery(id string, d record.Delivery) error {
	r, err := tx.Reply(id)
	if err != nil {
		return err
	}
	r.Delivery = d
	return put(tx, "replies", &tx.t.replies, r.Seq, r)
}

// OutboxStats implements record.Tx.
func (tx *txn) OutboxStats() (pending int, oldest time.Time, err error) {
	rs, err := tx.log()
	for _, r := range rs {
		if r.Delivery.Pending() {
			if pending == 0 || r.Created.Before(oldest) {
				oldest = r.Created
			}
			pending++
		}
	}
	return pending, oldest, err
}

// ForEachReply implements record.Tx.
func (tx *txn) ForEachReply(fn func(*record.Reply) error) error {
	rs, err := tx.log()
	return each(rs, err, fn)
}
