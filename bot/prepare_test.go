package bot_test

import (
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
)

// preparingStore is a memstore that records what the referee prepares.
type preparingStore struct {
	*memstore.Store
	mu              sync.Mutex
	games, replies  int
	preparedReplies map[string]bool
}

func (p *preparingStore) Prepare(games []*bot.GameRecord, replies []bot.Reply) func() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.games += len(games)
	p.replies += len(replies)
	for _, r := range replies {
		p.preparedReplies[r.ID] = true
	}
	return func() {}
}

// TestStoreStillPrepares: the referee wraps its store (to watch for a
// full disk); the wrapper must pass Prepare through, or every record would
// be encoded again inside the one write transaction that runs at a time.
func TestStoreStillPrepares(t *testing.T) {
	ps := &preparingStore{Store: memstore.New(), preparedReplies: map[string]bool{}}
	h := newHarness(t, func(_ *bot.Options, h *harness) { h.store = ps })
	id := h.start("ann", "bob", "")
	rs := h.send("ann", "game "+id+"; ps a1")
	if len(rs) == 0 {
		t.Fatal("no replies to a move")
	}
	for _, r := range rs {
		if !ps.preparedReplies[r.ID] {
			t.Errorf("reply %s was not prepared", r.ID)
		}
	}
	if ps.games == 0 {
		t.Error("no game was prepared")
	}
}
