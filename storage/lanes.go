package storage

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// The recipients' lanes are kept in memory. Schema 3 indexed every
// pending reply by recipient and lane in the file (the outbox and heads
// buckets): two keys at a random place of their buckets for every reply,
// so that every move rewrote some four more pages, a fifth of the CPU of a
// move and most of the one write transaction's time (BenchmarkRefereeMoves).
// The file keeps what delivery needs to be rebuilt: the pending replies'
// creation-time index (outboxtimes), whose keys end with the reply's
// sequence number, and each reply's header (recipient and class). Open
// reads them once; a write transaction records what it changes in a
// laneDelta, which the index takes when the transaction is committed.
//
// A reader's snapshot may be older or newer than the index by the commit
// being applied, so PendingHeads returns a reply only when it is pending
// in both: one the snapshot has not got yet is left for the next call;
// one the snapshot shows delivered, or that the index no longer holds
// (a later commit delivered it), gives way to the next of its lane.

// laneIndex holds the sequence numbers of the pending replies, per
// transport and lane, ascending.
type laneIndex struct {
	mu    sync.Mutex
	lanes map[string]map[string][]uint64 // transport → lane → seqs
	heads map[string][]laneHead          // transport → each lane's first seq, ascending
	open  map[*bolt.Tx]*laneDelta        // write transactions running
}

// laneHead is a lane's first pending reply.
type laneHead struct {
	seq  uint64
	lane string
}

// laneOp adds or removes a pending reply.
type laneOp struct {
	transport, lane string
	seq             uint64
	add             bool
}

// laneDelta is what one write transaction changes in the index.
type laneDelta struct{ ops []laneOp }

// touches reports whether the delta changes a transport's lanes.
func (d *laneDelta) touches(transport string) bool {
	for _, op := range d.ops {
		if op.transport == transport {
			return true
		}
	}
	return false
}

func (d *laneDelta) add(transport, lane string, seq uint64, add bool) {
	d.ops = append(d.ops, laneOp{transport: transport, lane: lane, seq: seq, add: add})
}

// begin starts recording the changes of a write transaction.
func (x *laneIndex) begin(tx *bolt.Tx) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.open == nil {
		x.open = map[*bolt.Tx]*laneDelta{}
	}
	x.open[tx] = &laneDelta{}
}

// end applies a write transaction's changes if it was committed, and
// forgets them either way.
func (x *laneIndex) end(tx *bolt.Tx, committed bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	d := x.open[tx]
	delete(x.open, tx)
	if !committed || d == nil {
		return
	}
	for _, op := range d.ops {
		x.apply(op)
	}
}

// delta returns the changes recorded by a running write transaction, nil
// for a read-only one.
func (x *laneIndex) delta(tx *bolt.Tx) *laneDelta {
	if !tx.Writable() {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.open[tx]
}

// apply changes the index; x.mu is held.
func (x *laneIndex) apply(op laneOp) {
	if x.lanes == nil {
		x.lanes = map[string]map[string][]uint64{}
	}
	byLane := x.lanes[op.transport]
	if byLane == nil {
		if !op.add {
			return
		}
		byLane = map[string][]uint64{}
		x.lanes[op.transport] = byLane
	}
	was := first(byLane[op.lane])
	byLane[op.lane] = applyOp(byLane[op.lane], op)
	now := first(byLane[op.lane])
	if len(byLane[op.lane]) == 0 {
		delete(byLane, op.lane)
	}
	if was != now {
		x.moveHead(op.transport, op.lane, was, now)
	}
}

// moveHead keeps a transport's heads in order when a lane's first seq
// changes from was to now (0: none); x.mu is held.
func (x *laneIndex) moveHead(transport, lane string, was, now uint64) {
	if x.heads == nil {
		x.heads = map[string][]laneHead{}
	}
	hs := x.heads[transport]
	bySeq := func(h laneHead, s uint64) int { return cmp.Compare(h.seq, s) }
	if was != 0 {
		if i, ok := slices.BinarySearchFunc(hs, was, bySeq); ok {
			hs = slices.Delete(hs, i, i+1)
		}
	}
	if now != 0 {
		i, _ := slices.BinarySearchFunc(hs, now, bySeq)
		hs = slices.Insert(hs, i, laneHead{seq: now, lane: lane})
	}
	x.heads[transport] = hs
}

// firstLanes returns a copy of the first n lanes of a transport in the
// order of their first seqs (n <= 0: all), each with at most its first
// prefix seqs: a read with no changes of its own needs no more.
func (x *laneIndex) firstLanes(transport string, n, prefix int) []laneSeqs {
	x.mu.Lock()
	defer x.mu.Unlock()
	hs := x.heads[transport]
	if n > 0 && n < len(hs) {
		hs = hs[:n]
	}
	out := make([]laneSeqs, len(hs))
	for i, h := range hs {
		seqs := x.lanes[transport][h.lane]
		out[i] = laneSeqs{lane: h.lane, seqs: slices.Clone(seqs[:min(len(seqs), prefix)])}
	}
	return out
}

// applyOp adds or removes op's seq in an ascending list.
func applyOp(seqs []uint64, op laneOp) []uint64 {
	i, found := slices.BinarySearch(seqs, op.seq)
	switch {
	case op.add && !found:
		return slices.Insert(seqs, i, op.seq)
	case !op.add && found:
		return slices.Delete(seqs, i, i+1)
	}
	return seqs
}

// laneSeqs is a lane's pending sequence numbers as one transaction sees
// them.
type laneSeqs struct {
	lane string
	seqs []uint64
}

// snapshot returns a copy of a transport's lanes with a running write
// transaction's own changes (d, may be nil) applied.
func (x *laneIndex) snapshot(transport string, d *laneDelta) []laneSeqs {
	x.mu.Lock()
	byLane := x.lanes[transport]
	out := make([]laneSeqs, 0, len(byLane))
	at := make(map[string]int, len(byLane))
	for lane, seqs := range byLane {
		at[lane] = len(out)
		out = append(out, laneSeqs{lane: lane, seqs: slices.Clone(seqs)})
	}
	x.mu.Unlock()
	if d == nil {
		return out
	}
	for _, op := range d.ops {
		if op.transport != transport {
			continue
		}
		i, ok := at[op.lane]
		if !ok {
			i = len(out)
			at[op.lane] = i
			out = append(out, laneSeqs{lane: op.lane})
		}
		out[i].seqs = applyOp(out[i].seqs, op)
	}
	return out
}

// load rebuilds the index from the file: the pending replies' time index
// and their headers.
func (x *laneIndex) load(tx *bolt.Tx) error {
	times, log := tx.Bucket(bOutboxTimes), tx.Bucket(bLog)
	if times == nil || log == nil {
		return fmt.Errorf("%w: bucket %s or %s missing", ErrCorrupt, bOutboxTimes, bLog)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.lanes, x.heads = nil, nil
	c := times.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		seq, ok := keySeq(k[min(len(k), timeKeyLen):])
		if !ok {
			return fmt.Errorf("%w: outbox time key %x", ErrCorrupt, k)
		}
		raw := log.Get(seqKey(seq))
		if raw == nil {
			return fmt.Errorf("%w: pending reply %d is indexed but missing", ErrCorrupt, seq)
		}
		h, _, _, err := splitReply(raw)
		if err != nil {
			return fmt.Errorf("pending reply %d: %w", seq, err)
		}
		x.apply(laneOp{transport: h.To.Transport, lane: h.lane(), seq: seq, add: true})
	}
	return nil
}

// pendingHeads returns the oldest pending reply of each lane of a
// transport, in outbox order, at most limit (0: all), read from the
// transaction's snapshot.
func (t *txn) pendingHeads(transport string, limit int) ([]record.Reply, error) {
	log, err := t.bucket(bLog)
	if err != nil {
		return nil, err
	}
	var lanes []laneSeqs
	if d := t.lanes.delta(t.tx); d == nil || !d.touches(transport) {
		// A read, or a write that changed nothing of this transport: the
		// lanes in order as kept, as many as the limit and some more for
		// the heads this snapshot does not show pending (rare: a commit
		// being applied), with a few seqs each.
		n := 0
		if limit > 0 {
			n = 2*limit + 16
		}
		lanes = t.lanes.firstLanes(transport, n, 4)
	} else {
		lanes = t.lanes.snapshot(transport, d)
		slices.SortFunc(lanes, func(a, b laneSeqs) int { return cmp.Compare(first(a.seqs), first(b.seqs)) })
	}
	// Walk the lanes by their first seq; a lane whose first reply is not
	// pending in this snapshot goes back in line with its next one.
	visible := log.Sequence()
	var out []record.Reply
	var damaged []error
	for len(lanes) > 0 && (limit <= 0 || len(out) < limit) {
		l := lanes[0]
		lanes = lanes[1:]
		if len(l.seqs) == 0 || l.seqs[0] > visible {
			continue // nothing, or committed after this snapshot began
		}
		key := seqKey(l.seqs[0])
		if raw := log.Get(key); raw != nil { // a missing one is reported below
			if h, _, _, err := splitReply(raw); err == nil && !h.Delivery.Pending() {
				// delivered in this snapshot: its lane's next in line
				l.seqs = l.seqs[1:]
				if len(l.seqs) > 0 {
					i, _ := slices.BinarySearchFunc(lanes, l.seqs[0], func(a laneSeqs, s uint64) int { return cmp.Compare(first(a.seqs), s) })
					lanes = slices.Insert(lanes, i, l)
				}
				continue
			}
		}
		r, err := reply(log, key)
		if errors.Is(err, ErrCorrupt) {
			if len(damaged) < 100 {
				damaged = append(damaged, err)
			}
			continue // left out: the other recipients are served
		}
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, errors.Join(damaged...)
}

// laneOf returns a copy of one lane's pending seqs, with a running write
// transaction's own changes (d, may be nil) applied.
func (x *laneIndex) laneOf(transport, lane string, d *laneDelta) []uint64 {
	x.mu.Lock()
	seqs := slices.Clone(x.lanes[transport][lane])
	x.mu.Unlock()
	if d != nil {
		for _, op := range d.ops {
			if op.transport == transport && op.lane == lane {
				seqs = applyOp(seqs, op)
			}
		}
	}
	return seqs
}

// pendingLane counts the replies of one lane pending in the
// transaction's snapshot and decodes the first limit of them.
func (t *txn) pendingLane(transport, lane string, limit int) (int, []record.Reply, error) {
	log, err := t.bucket(bLog)
	if err != nil {
		return 0, nil, err
	}
	visible := log.Sequence()
	n := 0
	var out []record.Reply
	var damaged []error
	for _, seq := range t.lanes.laneOf(transport, lane, t.lanes.delta(t.tx)) {
		if seq > visible {
			break // committed after this snapshot began
		}
		key := seqKey(seq)
		raw := log.Get(key)
		if raw == nil {
			continue // pruned or not there in this snapshot
		}
		if h, _, _, err := splitReply(raw); err == nil && !h.Delivery.Pending() {
			continue // delivered in this snapshot
		}
		n++
		if len(out) >= limit {
			continue
		}
		r, err := reply(log, key)
		if errors.Is(err, ErrCorrupt) {
			if len(damaged) < 100 {
				damaged = append(damaged, err)
			}
			continue
		}
		if err != nil {
			return 0, nil, err
		}
		out = append(out, *r)
	}
	return n, out, errors.Join(damaged...)
}

// first returns a list's first seq, 0 when empty.
func first(seqs []uint64) uint64 {
	if len(seqs) == 0 {
		return 0
	}
	return seqs[0]
}
