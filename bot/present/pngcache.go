package present

import "sync"

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
