package web

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestCacheOnce: readers asking for the same key at once get one build
// between them; an error is not kept; the oldest key makes room.
func TestCacheOnce(t *testing.T) {
	c := newPictureCache(2)
	var builds atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := c.do("a", func() ([]byte, error) { builds.Add(1); <-release; return []byte("A"), nil })
			if err != nil || string(b) != "A" {
				t.Errorf("got %q, %v", b, err)
			}
		}()
	}
	for {
		c.mu.Lock()
		waiting := c.wait["a"] != nil
		c.mu.Unlock()
		if waiting {
			break
		}
	}
	close(release)
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds of one key", n)
	}
	boom := errors.New("boom")
	if _, err := c.do("b", func() ([]byte, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("error %v", err)
	}
	if _, err := c.do("b", func() ([]byte, error) { return []byte("B"), nil }); err != nil {
		t.Errorf("a failed build was kept: %v", err)
	}
	if _, err := c.do("c", func() ([]byte, error) { return []byte("C"), nil }); err != nil {
		t.Fatal(err)
	}
	rebuilt := false
	_, _ = c.do("a", func() ([]byte, error) { rebuilt = true; return []byte("A"), nil })
	if !rebuilt {
		t.Error("the oldest key was kept beyond the bound")
	}
}
