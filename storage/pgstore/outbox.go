package pgstore

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// decodeReply decodes a stored reply, a damaged one as a
// *record.DamagedRecordError.
func decodeReply(seq int64, raw []byte) (*record.Reply, error) {
	r, err := storage.DecodeReply(uint64(seq), raw)
	if err != nil {
		return nil, &record.DamagedRecordError{Kind: "reply", Key: strconv.FormatInt(seq, 10), Err: err}
	}
	return r, nil
}

// Enqueue implements record.Tx.
func (t *txn) Enqueue(r *record.Reply) error {
	if err := t.write(); err != nil {
		return err
	}
	if r.ID == "" || r.To.Transport == "" {
		return fmt.Errorf("reply %q to %q: %w", r.ID, r.To, ErrEmptyKey)
	}
	raw, err := storage.EncodeReply(r)
	if err != nil {
		return fmt.Errorf("reply %s: %w", r.ID, err)
	}
	seq, err := t.next("replies")
	if err != nil {
		return err
	}
	// a duplicate id fails at the INSERT, when the writes are sent
	// (txn.flush): ErrDuplicateReply
	if err := t.insertReply(seq, r, raw); err != nil {
		return err
	}
	r.Seq = uint64(seq)
	return nil
}

// insertReply writes a reply's row under a sequence number of its own.
func (t *txn) insertReply(seq int64, r *record.Reply, raw []byte) error {
	s, ns := timeArgs(r.Created)
	return t.exec(`INSERT INTO takbot_replies (seq, id, transport, lane, pending, created_s, created_ns, data)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		seq, []byte(r.ID), []byte(r.To.Transport), []byte(r.Lane()), r.Delivery.Pending(), s, ns, raw)
}

// Reply implements record.Tx.
func (t *txn) Reply(id string) (*record.Reply, error) {
	var seq int64
	var raw []byte
	err := t.queryRow(`SELECT seq, data FROM takbot_replies WHERE id = $1`, []byte(id)).Scan(&seq, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("reply %s: %w", id, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	return decodeReply(seq, raw)
}

// replies runs a query whose rows are a seq and a stored reply.
func (t *txn) replies(sql string, args ...any) ([]row, error) {
	rows, err := t.query(sql, args...)
	if err != nil {
		return nil, t.fail(err)
	}
	rs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.seq, &x.raw)
		return x, err
	})
	if err != nil {
		return nil, t.fail(err)
	}
	return rs, nil
}

// PendingHeads implements record.Tx: the first pending reply of each lane,
// in outbox order.
func (t *txn) PendingHeads(transport string, limit int) ([]record.Reply, error) {
	rs, err := t.replies(`SELECT seq, data FROM (SELECT DISTINCT ON (lane) seq, data FROM takbot_replies
		WHERE transport = $1 AND pending ORDER BY lane, seq) heads ORDER BY seq LIMIT $2`, []byte(transport), limitArg(limit))
	if err != nil {
		return nil, err
	}
	heads := make([]record.Reply, 0, len(rs))
	var bad []error
	for _, x := range rs {
		r, err := decodeReply(x.seq, x.raw)
		if err != nil {
			bad = append(bad, err)
			continue
		}
		heads = append(heads, *r)
	}
	return heads, errors.Join(bad...)
}

// PendingLane implements record.Tx: the replies of one lane waiting for
// delivery, counted, and the first limit of them in outbox order.
func (t *txn) PendingLane(transport, lane string, limit int) (int, []record.Reply, error) {
	var n int64
	if err := t.queryRow(`SELECT count(*) FROM takbot_replies WHERE transport = $1 AND lane = $2 AND pending`,
		[]byte(transport), []byte(lane)).Scan(&n); err != nil {
		return 0, nil, t.fail(err)
	}
	if limit <= 0 || n == 0 {
		return int(n), nil, nil
	}
	rs, err := t.replies(`SELECT seq, data FROM takbot_replies WHERE transport = $1 AND lane = $2 AND pending
		ORDER BY seq LIMIT $3`, []byte(transport), []byte(lane), limit)
	if err != nil {
		return 0, nil, err
	}
	out := make([]record.Reply, 0, len(rs))
	for _, x := range rs {
		r, err := decodeReply(x.seq, x.raw)
		if err != nil {
			return 0, nil, err
		}
		out = append(out, *r)
	}
	return int(n), out, nil
}

// SetDelivery implements record.Tx: the reply's header is rewritten, its
// body copied as it is.
func (t *txn) SetDelivery(id string, d record.Delivery) error {
	if err := t.write(); err != nil {
		return err
	}
	var seq int64
	var raw []byte
	err := t.queryRow(`SELECT seq, data FROM takbot_replies WHERE id = $1`, []byte(id)).Scan(&seq, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("reply %s: %w", id, record.ErrNotFound)
	}
	if err != nil {
		return t.fail(err)
	}
	raw, err = storage.ReplyWithDelivery(raw, d)
	if err != nil {
		return &record.DamagedRecordError{Kind: "reply", Key: strconv.FormatInt(seq, 10), Err: err}
	}
	return t.exec(`UPDATE takbot_replies SET pending = $2, data = $3 WHERE seq = $1`, seq, d.Pending(), raw)
}

// OutboxStats implements record.Tx.
func (t *txn) OutboxStats() (pending int, oldest time.Time, err error) {
	var n int64
	var s *int64
	var ns *int32
	err = t.queryRow(`SELECT (SELECT count(*) FROM takbot_replies WHERE pending), o.created_s, o.created_ns
		FROM (SELECT 1) one LEFT JOIN (SELECT created_s, created_ns FROM takbot_replies WHERE pending
		ORDER BY created_s, created_ns, seq LIMIT 1) o ON true`).Scan(&n, &s, &ns)
	if err != nil {
		return 0, time.Time{}, t.fail(err)
	}
	if n > 0 && s != nil && ns != nil {
		oldest = time.Unix(*s, int64(*ns)).UTC()
	}
	return int(n), oldest, nil
}

// ForEachReply implements record.Tx, a page of replies at a time.
func (t *txn) ForEachReply(fn func(*record.Reply) error) error {
	after := int64(-1)
	for {
		rs, err := t.replies(`SELECT seq, data FROM takbot_replies WHERE seq > $1 ORDER BY seq LIMIT $2`, after, page)
		if err != nil {
			return err
		}
		for _, x := range rs {
			r, err := decodeReply(x.seq, x.raw)
			if err != nil {
				return err
			}
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(rs) < page {
			return nil
		}
		after = rs[len(rs)-1].seq
	}
}
