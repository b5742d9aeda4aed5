package community

import (
	"fmt"
	"strconv"
	"strings"
)

// UnratedRating is the rating an unrated player counts as in a range:
// the rating every player starts with.
const UnratedRating = 1500

// MaxRating bounds the numbers of a rating range.
const MaxRating = 4000

// Range is the ratings an open challenge admits; the zero Range admits
// everyone.
type Range struct {
	Low, High int
}

// Any reports whether the range admits everyone.
func (r Range) Any() bool { return r.High == 0 }

// RangeError is a rating range that cannot be read.
type RangeError struct{ Text string }

// Error says what a range looks like.
func (e *RangeError) Error() string {
	return fmt.Sprintf("rating must be a range of ratings LOW-HIGH from 0 to %d, lowest first, e.g. rating=1400-1700, not %q", MaxRating, e.Text)
}

// ParseRange reads "1400-1700"; the error is a *RangeError.
func ParseRange(v string) (Range, error) {
	a, b, ok := strings.Cut(v, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || lo < 0 || hi > MaxRating || lo > hi || hi == 0 {
		return Range{}, &RangeError{Text: v}
	}
	return Range{Low: lo, High: hi}, nil
}

// Admits reports whether a player of rating r (rated false: unrated, who
// counts as UnratedRating) may accept, and the rating that counted,
// rounded.
func (r Range) Admits(rating float64, rated bool) (counted int, ok bool) {
	if !rated {
		rating = UnratedRating
	}
	n := int(rating + 0.5)
	return n, r.Any() || n >= r.Low && n <= r.High
}
