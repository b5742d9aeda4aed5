package discordfake

import (
	"sync"
	"time"
)

// Clock tells the fake what time it is. Interaction deadlines (3 s for the
// first answer, 15 min for the token), snowflake IDs and message timestamps
// read it. Rate-limit checks always use the real monotonic clock, because the
// client waits real time before it retries.
type Clock interface {
	Now() time.Time
}

// systemClock is the real wall clock.
type systemClock struct{}

// Now returns time.Now().
func (systemClock) Now() time.Time { return time.Now() }

// ManualClock is a Clock that moves only when Advance is called, for tests of
// the 3-second and 15-minute interaction deadlines.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock returns a ManualClock reading start.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start}
}

// Now returns the clock's current reading.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
