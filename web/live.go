package web

import (
	"sync"
)

// hub hands the news that a game changed to the event streams following
// it. A stream's channel holds one item: news that arrives while one is
// pending is merged into it, so a slow reader costs no memory and
// publishing never blocks.
type hub struct {
	mu        sync.Mutex
	games     map[string]map[*stream]bool
	perClient map[string]int
	total     int
	maxClient int // streams one client address may hold
	maxTotal  int // streams in all
}

// stream is one event stream of a game page.
type stream struct {
	game, client string
	news         chan struct{}
}

func newHub(maxClient, maxTotal int) *hub {
	return &hub{games: map[string]map[*stream]bool{}, perClient: map[string]int{}, maxClient: maxClient, maxTotal: maxTotal}
}

// join opens a stream of game for client, or returns nil beyond the bounds.
func (h *hub) join(game, client string) *stream {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.total >= h.maxTotal || h.perClient[client] >= h.maxClient {
		return nil
	}
	s := &stream{game: game, client: client, news: make(chan struct{}, 1)}
	if h.games[game] == nil {
		h.games[game] = map[*stream]bool{}
	}
	h.games[game][s] = true
	h.perClient[client]++
	h.total++
	return s
}

// leave closes a stream.
func (h *hub) leave(s *stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.games[s.game][s] {
		return
	}
	delete(h.games[s.game], s)
	if len(h.games[s.game]) == 0 {
		delete(h.games, s.game)
	}
	if h.perClient[s.client]--; h.perClient[s.client] <= 0 {
		delete(h.perClient, s.client)
	}
	h.total--
}

// publish tells every stream of game that it changed; it never blocks.
func (h *hub) publish(game string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.games[game] {
		select {
		case s.news <- struct{}{}:
		default: // news pending already
		}
	}
}
