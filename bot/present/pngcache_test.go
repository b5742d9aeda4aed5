package present

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// TestPNGCacheRendersEachNameOnce: concurrent and later requests for one
// name share one rendering; a failure is not kept; the oldest names go
// first once the cache is full.
func TestPNGCacheRendersEachNameOnce(t *testing.T) {
	c := NewPNGCache()
	var renders atomic.Int32
	release := make(chan struct{})
	render := func() ([]byte, error) {
		renders.Add(1)
		<-release
		return []byte("png"), nil
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if png, err := c.Get("g1-t3-abcd-mail.png", render); err != nil || string(png) != "png" {
				t.Errorf("get: %q, %v", png, err)
			}
		})
	}
	close(release)
	wg.Wait()
	if n := renders.Load(); n != 1 {
		t.Errorf("%d renderings of one picture asked for 8 times, want 1", n)
	}

	failed := errors.New("renderer down")
	if _, err := c.Get("bad.png", func() ([]byte, error) { return nil, failed }); !errors.Is(err, failed) {
		t.Errorf("failure: %v", err)
	}
	if png, err := c.Get("bad.png", func() ([]byte, error) { return []byte("ok"), nil }); err != nil || string(png) != "ok" {
		t.Errorf("after a failure the picture is rendered again: %q, %v", png, err)
	}

	for i := range pngCacheSize {
		c.Get(fmt.Sprintf("p%d.png", i), func() ([]byte, error) { return []byte("x"), nil })
	}
	if _, ok := c.entries["g1-t3-abcd-mail.png"]; ok {
		t.Error("the oldest picture is still cached after the cache filled")
	}
	if len(c.entries) > pngCacheSize {
		t.Errorf("%d pictures cached, at most %d", len(c.entries), pngCacheSize)
	}
}
