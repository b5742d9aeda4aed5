package digest

import (
	"testing"
	"time"
)

// TestKeys: index keys sort by time and read back; anything else in the
// space is no key.
func TestKeys(t *testing.T) {
	at := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	k := key(at, "email:ann@example.com")
	if k != "digest/001795852800/email:ann@example.com" {
		t.Errorf("key %q", k)
	}
	if later := key(at.Add(time.Second), "a"); later <= k {
		t.Errorf("keys do not sort by time: %q <= %q", later, k)
	}
	got, player, ok := parseKey(k)
	if !ok || !got.Equal(at) || player != "email:ann@example.com" {
		t.Errorf("parseKey(%q) = %v %q %v", k, got, player, ok)
	}
	for _, bad := range []string{"digest/12", "digest/x/ann", "other/1/ann", "digest/1/"} {
		if _, _, ok := parseKey(bad); ok {
			t.Errorf("parseKey(%q) read a key", bad)
		}
	}
}
