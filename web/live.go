package web

import (
	"strconv"
	"sync"
)

// hub hands the news that a game changed to the event streams following
// it. A stream's channel holds one item: news that arrives while one is
// pending is merged into it, so a slow reader costs no memory and
// publishing never blocks. The news carries the event to send, made once
// for all the game's streams (see publish).
type hub struct {
	mu        sync.Mutex
	games     map[string]map[*stream]bool
	events    map[string][]byte // each followed game's latest event, when known
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
	return &hub{games: map[string]map[*stream]bool{}, events: map[string][]byte{}, perClient: map[string]int{},
		maxClient: maxClient, maxTotal: maxTotal}
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
		delete(h.events, s.game)
	}
	if h.perClient[s.client]--; h.perClient[s.client] <= 0 {
		delete(h.perClient, s.client)
	}
	h.total--
}

// publish tells every stream of game that it changed; it never blocks.
// event is what each stream then sends, the same bytes for all of them;
// nil when it is not known (news the server could not read), and each
// stream then reads the game itself.
func (h *hub) publish(game string, event []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.games[game] == nil {
		return
	}
	if event != nil {
		h.events[game] = event
	} else {
		delete(h.events, game)
	}
	for s := range h.games[game] {
		select {
		case s.news <- struct{}{}:
		default: // news pending already
		}
	}
}

// event returns the latest event published for game, nil if unknown.
func (h *hub) event(game string) []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.events[game]
}

// moveEvent is the event that tells a live page its game has a new
// move: the turn of its last position.
func moveEvent(last int) []byte {
	return []byte("event: move\ndata: " + strconv.Itoa(last) + "\n\n")
}
