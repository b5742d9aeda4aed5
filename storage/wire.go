package storage

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"

	"github.com/takbymail/takbot/record"
)

// ErrCorrupt is wrapped by the errors about a stored value that cannot be
// decoded. It matches record.ErrDamagedRecord too, so that the referee sets
// the record aside.
var ErrCorrupt error = corruptError{}

type corruptError struct{}

func (corruptError) Error() string { return "storage: corrupt value" }

// Is makes a corrupt value a record.ErrDamagedRecord.
func (corruptError) Is(target error) bool { return target == record.ErrDamagedRecord }

// encoder appends the binary forms of values to a buffer: unsigned and
// signed varints, strings as a length and their bytes, times as below.
type encoder struct{ b []byte }

func (e *encoder) uvarint(u uint64) { e.b = binary.AppendUvarint(e.b, u) }
func (e *encoder) varint(i int64)   { e.b = binary.AppendVarint(e.b, i) }
func (e *encoder) int(i int)        { e.varint(int64(i)) }

func (e *encoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// time writes 0 for the zero time, else 1 or 2 (with nanoseconds), then
// the Unix seconds as a varint and the nanoseconds as a uvarint. The
// location is not kept: times come back in UTC.
func (e *encoder) time(t time.Time) {
	switch {
	case t.IsZero():
		e.uvarint(0)
	case t.Nanosecond() == 0:
		e.uvarint(1)
		e.varint(t.Unix())
	default:
		e.uvarint(2)
		e.varint(t.Unix())
		e.uvarint(uint64(t.Nanosecond()))
	}
}

// count writes the length of a slice, keeping nil apart from empty: 0 for
// nil, n+1 otherwise.
func (e *encoder) count(n int, isNil bool) {
	if isNil {
		e.uvarint(0)
	} else {
		e.uvarint(uint64(n) + 1)
	}
}

// decoder reads what encoder wrote. The first problem is kept in err and
// every later read returns a zero value, so a caller checks err once.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: bad %s", ErrCorrupt, what)
	}
	d.b = nil
}

func (d *decoder) uvarint() uint64 {
	u, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("unsigned number")
		return 0
	}
	d.b = d.b[n:]
	return u
}

func (d *decoder) varint() int64 {
	i, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail("number")
		return 0
	}
	d.b = d.b[n:]
	return i
}

func (d *decoder) int() int {
	i := d.varint()
	if i < math.MinInt || i > math.MaxInt {
		d.fail("int")
		return 0
	}
	return int(i)
}

// small reads an unsigned number that must fit in a byte-sized type.
func (d *decoder) small() uint8 {
	u := d.uvarint()
	if u > math.MaxUint8 {
		d.fail("small number")
		return 0
	}
	return uint8(u)
}

func (d *decoder) str() string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail("string length")
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) bool() bool {
	if len(d.b) == 0 || d.b[0] > 1 {
		d.fail("flag")
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

func (d *decoder) time() time.Time {
	switch d.uvarint() {
	case 0:
		return time.Time{}
	case 1:
		return time.Unix(d.varint(), 0).UTC()
	case 2:
		sec, ns := d.varint(), d.uvarint()
		if ns >= uint64(time.Second) {
			d.fail("nanoseconds")
			return time.Time{}
		}
		return time.Unix(sec, int64(ns)).UTC()
	}
	d.fail("time")
	return time.Time{}
}

// count reads what encoder.count wrote: the length, and whether the slice
// was nil. Each element takes at least one byte, so a length beyond the
// bytes left is corrupt.
func (d *decoder) count() (n int, isNil bool) {
	u := d.uvarint()
	if u == 0 {
		return 0, true
	}
	if u-1 > uint64(len(d.b)) {
		d.fail("count")
		return 0, true
	}
	return int(u - 1), false
}

// end reports an error if bytes are left over or a read failed.
func (d *decoder) end(what string) error {
	if d.err == nil && len(d.b) > 0 {
		d.fail(what + " length")
	}
	if d.err != nil {
		return fmt.Errorf("%s: %w", what, d.err)
	}
	return nil
}
