package community

// UnratedRating is the rating an unrated player counts as in a range:
// the rating every player starts with.
const UnratedRating = 1500

// Range is the ratings an open challenge admits (read by
// command.ParseRatingRange); the zero Range admits everyone.
type Range struct {
	Low, High int
}

// Any reports whether the range admits everyone.
func (r Range) Any() bool { return r.High == 0 }

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
