package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"sync"

	"github.com/takbymail/takbot/record"
)

// Cache keeps the latest analyses by their request (the game's PTN, the
// position, the reader's look and notation), so that asking again for one
// is answered without a search, and two deliveries of the same request at
// once run it once. It lives in memory: a restart searches again. The
// zero Cache is ready to use.
type Cache struct {
	mu    sync.Mutex
	m     map[[32]byte]*entry
	order [][32]byte // oldest first
}

// maxCached bounds the analyses kept.
const maxCached = 128

type entry struct {
	done   chan struct{}
	parts  []record.Part
	images []record.Attachment
	err    error
}

// Get returns the analysis of req (plain data, keyed by its JSON),
// running run once for concurrent and later callers with the same
// request; a failure is not kept.
func (c *Cache) Get(ctx context.Context, req any, run func() ([]record.Part, []record.Attachment, error)) ([]record.Part, []record.Attachment, error) {
	b, _ := json.Marshal(req) // plain data: never fails
	key := sha256.Sum256(b)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[[32]byte]*entry{}
	}
	if e, ok := c.m[key]; ok {
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		if e.err == nil {
			return slices.Clone(e.parts), slices.Clone(e.images), nil
		}
		return run() // the first one failed (perhaps out of time): try again
	}
	e := &entry{done: make(chan struct{})}
	c.m[key] = e
	c.order = append(c.order, key)
	for len(c.order) > maxCached {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.mu.Unlock()
	e.parts, e.images, e.err = run()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.m[key] == e {
			delete(c.m, key)
			if i := slices.Index(c.order, key); i >= 0 {
				c.order = slices.Delete(c.order, i, i+1)
			}
		}
		c.mu.Unlock()
	}
	return slices.Clone(e.parts), slices.Clone(e.images), e.err
}
