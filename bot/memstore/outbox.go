package memstore

import (
	"fmt"
	"slices"
	"time"

	"github.com/takbymail/takbot/bot"
)

// Enqueue implements bot.Tx.
func (tx *txn) Enqueue(r *bot.Reply) error {
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

// Reply implements bot.Tx.
func (tx *txn) Reply(id string) (*bot.Reply, error) {
	seq, ok := tx.t.replyIDs[id]
	if !ok {
		return nil, fmt.Errorf("reply %s: %w", id, bot.ErrNotFound)
	}
	return get[uint64, bot.Reply]("reply", tx.t.replies, seq)
}

// log decodes every reply, in outbox order.
func (tx *txn) log() ([]*bot.Reply, error) {
	seqs := slices.Sorted(func(yield func(uint64) bool) {
		for seq := range tx.t.replies {
			if !yield(seq) {
				return
			}
		}
	})
	out := make([]*bot.Reply, 0, len(seqs))
	for _, seq := range seqs {
		r, err := get[uint64, bot.Reply]("reply", tx.t.replies, seq)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// PendingHeads implements bot.Tx: a recipient is a player key, and each
// recipient has a lane per class.
func (tx *txn) PendingHeads(transport string, limit int) ([]bot.Reply, error) {
	rs, err := tx.log()
	if err != nil {
		return nil, err
	}
	var heads []bot.Reply
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

// PendingLane implements bot.Tx.
func (tx *txn) PendingLane(transport, lane string, limit int) (int, []bot.Reply, error) {
	rs, err := tx.log()
	if err != nil {
		return 0, nil, err
	}
	n := 0
	var out []bot.Reply
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

// SetDelivery implements bot.Tx.
func (tx *txn) SetDelivery(id string, d bot.Delivery) error {
	r, err := tx.Reply(id)
	if err != nil {
		return err
	}
	r.Delivery = d
	return put(tx, "replies", &tx.t.replies, r.Seq, r)
}

// OutboxStats implements bot.Tx.
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

// ForEachReply implements bot.Tx.
func (tx *txn) ForEachReply(fn func(*bot.Reply) error) error {
	rs, err := tx.log()
	return each(rs, err, fn)
}
