package storage

import (
	"fmt"
	"strconv"
)

// SetAsideReply takes a damaged pending reply out of its recipient's
// queue, so that the replies behind it go out; its bytes stay in the log
// for "takbot db check" and a restore. key is the reply's sequence, as a
// record.DamagedRecordError of kind "reply" names it. A reply whose header
// is damaged too cannot be placed in the queues and stays: the error says
// so. The referee finds it through an optional interface of record.Tx.
func (t *txn) SetAsideReply(key string) error {
	seq, err := strconv.ParseUint(key, 10, 64)
	if err != nil {
		return fmt.Errorf("set aside reply %q: %w", key, err)
	}
	log, err := t.bucket(bLog)
	if err != nil {
		return err
	}
	raw := log.Get(seqKey(seq))
	if raw == nil {
		return nil
	}
	h, _, _, err := splitReply(raw)
	if err != nil {
		return fmt.Errorf("set aside reply %d: %w", seq, err)
	}
	if !h.Delivery.Pending() {
		return nil
	}
	return t.indexReply(seq, &h, false)
}
