package backoff

import (
	"context"
	"math/rand/v2"
	"time"
)

// Policy is a capped exponential backoff.
type Policy struct {
	// Min is the wait after the first failure; each further failure in
	// a row doubles it.
	Min time.Duration
	// Max caps the wait.
	Max time.Duration
	// Jitter makes each wait random between half and all of it.
	Jitter bool
}

// Delay is the wait after failures failures in a row (1 for the first),
// before jitter: Min doubled failures-1 times, capped at Max.
func (p Policy) Delay(failures int) time.Duration {
	d := p.Min
	for i := 1; i < failures && d < p.Max; i++ {
		d *= 2
	}
	return min(d, p.Max)
}

// Wait is the wait after failures failures in a row: Delay, and with
// Jitter a random duration between half and all of it, drawn with rnd
// (which returns an integer in [0, n); nil: math/rand/v2's IntN).
func (p Policy) Wait(failures int, rnd func(n int) int) time.Duration {
	d := p.Delay(failures)
	if !p.Jitter {
		return d
	}
	half := int(d / 2)
	if half <= 0 {
		return d
	}
	if rnd == nil {
		rnd = rand.IntN
	}
	return time.Duration(half + rnd(half+1))
}

// Counter counts failures in a row under a Policy. The zero value of its
// unexported state is ready to use; it is not safe for concurrent use.
type Counter struct {
	Policy Policy
	// Rand draws the jitter (nil: math/rand/v2's IntN).
	Rand     func(n int) int
	failures int
}

// Fail counts one more failure and returns the wait before the next try.
func (c *Counter) Fail() time.Duration {
	c.failures++
	return c.Policy.Wait(c.failures, c.Rand)
}

// Reset forgets the failures: the next Fail waits Policy.Min again.
func (c *Counter) Reset() { c.failures = 0 }

// Failures is the number of failures in a row so far.
func (c *Counter) Failures() int { return c.failures }

// Clock tells the time; takbot's clocks (bot.Clock) are Clocks.
type Clock interface {
	Now() time.Time
}

// Timer is an optional interface of a Clock: a channel that delivers once
// the clock has moved on by d. A fake clock implements it so that tests
// drive the waits; without it the waits use time.After.
type Timer interface {
	After(d time.Duration) <-chan time.Time
}

// After returns a channel that delivers once d has passed on c: c's own
// After when c is a Timer, else time.After (c may be nil).
func After(c Clock, d time.Duration) <-chan time.Time {
	if t, ok := c.(Timer); ok {
		return t.After(d)
	}
	return time.After(d)
}

// Sleep waits d on c (see After), or until ctx ends, and then returns
// ctx.Err().
func Sleep(ctx context.Context, c Clock, d time.Duration) error {
	select {
	case <-ctx.Done():
	case <-After(c, d):
	}
	return ctx.Err()
}
