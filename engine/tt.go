package engine

import "github.com/takbymail/takbot/tak"

// The transposition table: buckets of entries, replaced by depth and age.

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key     uint64
	move    tak.Move
	score   int32
	depth   int8
	flag    uint8
	hasMove bool
	gen     uint8 // the search that stored it (Engine.gen), for replacement
}

const ttEntrySize = 32

// ttBucket is the number of entries of a bucket: a key is stored in one of
// the entries of its bucket (two cache lines).
const ttBucket = 4

// ttProbe returns the entry of the table that holds key, or nil.
func (e *Engine) ttProbe(key uint64) *ttEntry {
	i := key & e.ttMask
	b := e.tt[i : i+ttBucket : i+ttBucket]
	for j := range b {
		if b[j].key == key && b[j].flag != 0 {
			return &b[j]
		}
	}
	return nil
}

// ttStore stores an entry for key: over the entry that holds key if the
// new one is as deep or exact or the old one from an earlier search;
// else over the entry of the bucket left by the earliest search, the
// shallowest among them.
func (e *Engine) ttStore(key uint64, en ttEntry) {
	en.key, en.gen = key, e.gen
	i := key & e.ttMask
	b := e.tt[i : i+ttBucket : i+ttBucket]
	victim := 0
	for j := range b {
		if b[j].key == key && b[j].flag != 0 {
			if en.depth >= b[j].depth || en.flag == ttExact || b[j].gen != e.gen {
				b[j] = en
			}
			return
		}
		if e.worth(&b[j]) < e.worth(&b[victim]) {
			victim = j
		}
	}
	b[victim] = en
}

// worth ranks entries for replacement: an empty one is worth least, then
// those of earlier searches, then the shallower.
func (e *Engine) worth(en *ttEntry) int {
	if en.flag == 0 {
		return -1 << 20
	}
	w := int(en.depth)
	if en.gen != e.gen {
		w -= 1 << 10
	}
	return w
}

const (
	ttExact uint8 = iota + 1
	ttLower
	ttUpper
)

func toTT(sc, ply int) int32 {
	switch {
	case sc > winBound:
		sc += ply
	case sc < -winBound:
		sc -= ply
	}
	return int32(sc)
}

func fromTT(sc int32, ply int) int {
	v := int(sc)
	switch {
	case v > winBound:
		v -= ply
	case v < -winBound:
		v += ply
	}
	return v
}
