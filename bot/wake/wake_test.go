package wake

import (
	"testing"
	"time"
)

// TestKeys: index keys sort by time and read back; anything else in the
// space is no key.
func TestKeys(t *testing.T) {
	ix := Index{Space: "referee.digest", Name: "digest", Max: 10}
	at := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	k := ix.Key(at, "email:ann@example.com")
	if k != "digest/001795852800/email:ann@example.com" {
		t.Errorf("key %q", k)
	}
	if later := ix.Key(at.Add(time.Second), "a"); later <= k {
		t.Errorf("keys do not sort by time: %q <= %q", later, k)
	}
	d, ok := ix.parse(k)
	if !ok || !d.At.Equal(at) || d.ID != "email:ann@example.com" {
		t.Errorf("parse(%q) = %v %v", k, d, ok)
	}
	for _, bad := range []string{"digest/12", "digest/x/ann", "other/1/ann", "digest/1/"} {
		if _, ok := ix.parse(bad); ok {
			t.Errorf("parse(%q) read a key", bad)
		}
	}
}
