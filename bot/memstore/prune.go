package memstore

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
)

// Prune implements record.Tx: the oldest replies first, then the oldest
// processed records.
func (tx *txn) Prune(before time.Time, limit int) (int, error) {
	if !tx.writable {
		return 0, ErrReadOnly
	}
	rs, err := tx.log()
	if err != nil {
		return 0, err
	}
	rs = slices.DeleteFunc(rs, func(r *record.Reply) bool { return r.Delivery.Pending() || !r.Created.Before(before) })
	slices.SortStableFunc(rs, func(a, b *record.Reply) int { return a.Created.Compare(b.Created) })
	var ps []*record.Processed
	for id := range tx.t.processed {
		p, err := tx.Processed(id)
		if err != nil {
			return 0, err
		}
		if p.At.Before(before) {
			ps = append(ps, p)
		}
	}
	slices.SortFunc(ps, func(a, b *record.Processed) int { return cmp.Or(a.At.Compare(b.At), strings.Compare(a.ID, b.ID)) })
	_ = own(tx, "replies", &tx.t.replies)
	_ = own(tx, "replyIDs", &tx.t.replyIDs)
	_ = own(tx, "processed", &tx.t.processed)
	removed := 0
	for _, r := range rs {
		if limit > 0 && removed == limit {
			return removed, nil
		}
		delete(tx.t.replies, r.Seq)
		delete(tx.t.replyIDs, r.ID)
		removed++
	}
	for _, p := range ps {
		if limit > 0 && removed == limit {
			break
		}
		delete(tx.t.processed, p.ID)
		removed++
	}
	return removed, nil
}
