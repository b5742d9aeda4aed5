package consent

import (
	"strconv"
	"testing"
	"time"
)

// TestSenderRatesBounded: a flood of new senders never keeps more than
// maxRateSenders counts, and a sender's own count survives while its
// window lasts unless evicted; ended windows go first.
func TestSenderRatesBounded(t *testing.T) {
	var sr Rates
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for i := 0; i < 3; i++ {
		if v := sr.Take("old", now, 2); v.Over != (i == 2) || v.Notice != (i == 2) {
			t.Fatalf("message %d of old: %+v", i, v)
		}
	}
	later := now.Add(2 * time.Hour)
	for i := 0; i < maxRateSenders+5000; i++ {
		sr.Take("s"+strconv.Itoa(i), later, 2)
		if len(sr.m) > maxRateSenders {
			t.Fatalf("%d counts kept", len(sr.m))
		}
	}
	if _, ok := sr.m["old"]; ok {
		t.Error("an ended window was kept while the map was full")
	}
	if v := sr.Take("x", later, 0); v.Over {
		t.Error("no limit refused a message")
	}
}
