package storage

import (
	"encoding/binary"
	"time"
)

// timeKeyLen is the length of a time key.
const timeKeyLen = 12

// timeKey returns a key whose byte order is t's order, for every time a
// time.Time can hold: the Unix seconds with the sign bit flipped, then the
// nanoseconds, both big-endian. (Unix nanoseconds in 8 bytes would cover
// only the years 1678 to 2262.)
func timeKey(t time.Time) []byte {
	k := make([]byte, timeKeyLen, timeKeyLen+24)
	binary.BigEndian.PutUint64(k, uint64(t.Unix())^(1<<63))
	binary.BigEndian.PutUint32(k[8:], uint32(t.Nanosecond()))
	return k
}

// keyTime reads the time at the start of a key made by timeKey.
func keyTime(k []byte) (time.Time, bool) {
	if len(k) < timeKeyLen {
		return time.Time{}, false
	}
	sec := int64(binary.BigEndian.Uint64(k) ^ (1 << 63))
	ns := binary.BigEndian.Uint32(k[8:])
	if ns >= uint32(time.Second) {
		return time.Time{}, false
	}
	return time.Unix(sec, int64(ns)).UTC(), true
}

// seqKey is a reply's sequence number as an 8-byte big-endian key.
func seqKey(n uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), n)
}

// keySeq reads a sequence key.
func keySeq(k []byte) (uint64, bool) {
	if len(k) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(k), true
}

// prefixed returns s preceded by its length as a uvarint, followed by the
// rest. Keys built so group by s and no s is a prefix of another's group,
// whatever bytes (NUL included) s holds.
func prefixed(s string, rest ...[]byte) []byte {
	n := binary.MaxVarintLen64 + len(s)
	for _, r := range rest {
		n += len(r)
	}
	k := binary.AppendUvarint(make([]byte, 0, n), uint64(len(s)))
	k = append(k, s...)
	for _, r := range rest {
		k = append(k, r...)
	}
	return k
}
