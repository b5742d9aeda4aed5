package rating

import "time"

// RepeatWindow is how far back RepeatWeight looks for earlier rated games
// between the same two players.
const RepeatWindow = 30 * 24 * time.Hour

// RepeatWeight is how much a rated game between two players counts when
// they have played the rated games ended at earlier (in any order) before
// it, at now: the k-th rated game between the same two players within
// RepeatWindow counts 1/k (the first fully, the second half, the third a
// third...). Games ended more than RepeatWindow before now, or not before
// now, are not counted. Two accounts that play each other again and
// again thus move each other's ratings less and less: the sum of the
// weights of n games grows like the logarithm of n.
func RepeatWeight(earlier []time.Time, now time.Time) float64 {
	k := 1
	for _, t := range earlier {
		if !t.After(now) && now.Sub(t) <= RepeatWindow {
			k++
		}
	}
	return 1 / float64(k)
}
