package present

import (
	"fmt"
	"sync"

	"github.com/takbymail/takbot/record"
)

// pngCacheSize bounds the pictures kept rendered (about 35 KB each).
const pngCacheSize = 128

// PNGCache keeps the pictures rendered last, by name. A picture's name
// stands for exactly what is drawn (Named digests the position, the move,
// the caption, the players, the result, the orientation, the theme, the
// width, the turn label and the marks), so the two players of a game who
// read the same orientation in the same look share one rendering,
// and a reply retried after a failed send is not drawn again. Two
// deliveries asking for the same picture at once render it once.
type PNGCache struct {
	mu      sync.Mutex
	entries map[string]*pngEntry
	order   []string // names, oldest first
}

type pngEntry struct {
	done chan struct{} // closed once png and err are set
	png  []byte
	err  error
}

// NewPNGCache returns an empty cache.
func NewPNGCache() *PNGCache { return &PNGCache{entries: map[string]*pngEntry{}} }

// Get returns the picture called name, rendering it with render unless it
// is cached or being rendered. A failed rendering is not kept.
func (c *PNGCache) Get(name string, render func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[name]; ok {
		c.mu.Unlock()
		<-e.done
		return e.png, e.err
	}
	e := &pngEntry{done: make(chan struct{})}
	c.entries[name] = e
	c.order = append(c.order, name)
	for len(c.order) > pngCacheSize {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	c.mu.Unlock()

	e.png, e.err = render()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.entries[name] == e {
			delete(c.entries, name)
		}
		c.mu.Unlock()
	}
	return e.png, e.err
}

// Attach renders the pictures of a reply through the cache with render,
// a panic of which is an error, so that one bad picture never stops
// delivery, and attaches them with their alt texts (Describe). A picture
// that fails to render is left out and reported to fail.
func (c *PNGCache) Attach(rp *record.Reply, render func(record.Picture) ([]byte, error), fail func(error)) {
	for _, p := range rp.Parts {
		if p.Kind != record.Image || p.Picture == nil {
			continue
		}
		pic := *p.Picture
		png, err := c.Get(pic.Name, func() ([]byte, error) { return safely(render, pic) })
		if err != nil {
			fail(err)
			continue
		}
		rp.Images = append(rp.Images, record.Attachment{Name: p.Picture.Name, PNG: png, Alt: Describe(pic)})
	}
}

// safely renders a picture, turning a panic of the renderer into an
// error.
func safely(render func(record.Picture) ([]byte, error), p record.Picture) (png []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("picture %s: render panicked: %v", p.Name, v)
		}
	}()
	return render(p)
}
