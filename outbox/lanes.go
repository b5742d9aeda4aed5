package outbox

import "time"

// Lanes: each recipient has two lanes, one for events (and the answers to
// their own play) and one for answers; the store keeps the outbox ordered
// by lane (record.LaneOf is the lane's key). A lane's replies go out in
// order, one at a time: its head (its oldest pending reply) is sent, and
// the next becomes the head once it is recorded. Lanes are served
// concurrently, at most Policy.Concurrency at once, so a reply that is
// held back or failing holds up its own lane only.

// Lanes is the set of lanes with a send in flight. The zero value is not
// ready: make one with make(Lanes).
type Lanes map[string]bool

// Due returns the heads of heads (read in outbox order) to send now: those
// whose next try is not after now and whose lane has no send in flight,
// appended to dst in order. wait is how long until the earliest head not
// yet due is due, at most poll.
func Due[T any](dst, heads []T, now time.Time, poll time.Duration, inflight Lanes, lane func(*T) string, next func(*T) time.Time) (due []T, wait time.Duration) {
	due, wait = dst, poll
	for i := range heads {
		h := &heads[i]
		if d := next(h).Sub(now); d > 0 {
			wait = min(wait, d)
		} else if !inflight[lane(h)] {
			due = append(due, *h)
		}
	}
	return due, wait
}
