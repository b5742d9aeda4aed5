package web

import (
	"strconv"
	"sync"
	"sync/atomic"
)

// hub hands the news that a game changed to the event streams following
// it. A stream's channel holds one item: news that arrives while one is
// pending is merged into it, so a slow reader costs no memory and
// publishing never blocks. The news carries the event to send, made once
// for all the game's streams (see publish), which they read without a
// lock.
type hub struct {
	mu        sync.Mutex
	games     map[string]*following
	perClient map[string]int
	total     int
	maxClient int // streams one client address may hold
	maxTotal  int // streams in all
}

// following is one game's streams and its latest event.
type following struct {
	streams map[*stream]bool
	event   atomic.Pointer[[]byte] // nil when not known
}

// stream is one event stream of a game page.
type stream struct {
	game, client string
	news         chan struct{}
	f            *following // its game's
}

func newHub(maxClient, maxTotal int) *hub {
	return &hub{games: map[string]*following{}, perClient: map[string]int{}, maxClient: maxClient, maxTotal: maxTotal}
}

// join opens a stream of game for client, or returns nil beyond the bounds.
func (h *hub) join(game, client string) *stream {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.total >= h.maxTotal || h.perClient[client] >= h.maxClient {
		return nil
	}
	f := h.games[game]
	if f == nil {
		f = &following{streams: map[*stream]bool{}}
		h.games[game] = f
	}
	s := &stream{game: game, client: client, news: make(chan struct{}, 1), f: f}
	f.streams[s] = true
	h.perClient[client]++
	h.total++
	return s
}

// leave closes a stream.
func (h *hub) leave(s *stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.games[s.game]
	if f == nil || !f.streams[s] {
		return
	}
	delete(f.streams, s)
	if len(f.streams) == 0 {
		delete(h.games, s.game)
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
	f := h.games[game]
	if f == nil {
		return
	}
	if event != nil {
		f.event.Store(&event)
	} else {
		f.event.Store(nil)
	}
	for s := range f.streams {
		select {
		case s.news <- struct{}{}:
		default: // news pending already
		}
	}
}

// event returns the latest event published for the stream's game, nil if
// unknown.
func (s *stream) event() []byte {
	if p := s.f.event.Load(); p != nil {
		return *p
	}
	return nil
}

// moveEvent is the event that tells a live page its game has a new
// move: the turn of its last position.
func moveEvent(last int) []byte {
	return []byte("event: move\ndata: " + strconv.Itoa(last) + "\n\n")
}
