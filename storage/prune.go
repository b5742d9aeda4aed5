package storage

import (
	"bytes"
	"fmt"
	"time"
)

// Prune implements record.Tx: it walks the creation-time index of the
// delivered and failed replies, then the processed records' time index,
// from their oldest entries, so it reads only what it removes.
func (t *txn) Prune(before time.Time, limit int) (int, error) {
	bs, err := t.buckets(bLog, bLogTimes, bProcessed, bProcTimes)
	if err != nil {
		return 0, err
	}
	log, logTimes, processed, procTimes := bs[0], bs[1], bs[2], bs[3]
	cutoff := timeKey(before)
	removed := 0
	more := func() bool { return limit <= 0 || removed < limit }
	for more() {
		k, _ := logTimes.Cursor().First()
		if k == nil || bytes.Compare(k[:min(len(k), timeKeyLen)], cutoff) >= 0 {
			break
		}
		k = append([]byte(nil), k...)
		seq := k[timeKeyLen:]
		if raw := log.Get(seq); raw != nil {
			h, _, _, err := splitReply(raw)
			if err != nil {
				return removed, fmt.Errorf("prune reply %x: %w", seq, err)
			}
			if !h.Delivery.Pending() { // always so: only finished replies are in logtimes
				if err := processed.Delete(replyIDKey(h.ID)); err != nil {
					return removed, err
				}
				if err := log.Delete(seq); err != nil {
					return removed, err
				}
			}
		}
		if err := logTimes.Delete(k); err != nil {
			return removed, err
		}
		removed++
	}
	for more() {
		k, _ := procTimes.Cursor().First()
		if k == nil || bytes.Compare(k[:min(len(k), timeKeyLen)], cutoff) >= 0 {
			break
		}
		k = append([]byte(nil), k...)
		if err := processed.Delete(processedKey(string(k[timeKeyLen:]))); err != nil {
			return removed, err
		}
		if err := procTimes.Delete(k); err != nil {
			return removed, err
		}
		removed++
	}
	return removed, nil
}
