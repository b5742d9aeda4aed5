package watching

import (
	"errors"
	"sync"

	"github.com/takbymail/takbot/record"
)

// maxSubscribers bounds the observers Subscribe holds at once.
const maxSubscribers = 16

// ErrTooManySubscribers is returned by Subscribe beyond 16 subscribers.
var ErrTooManySubscribers = errors.New("bot: too many subscribers")

// Subscribers are the functions told of every committed game change. The
// zero value has none.
type Subscribers struct {
	mu   sync.Mutex
	next int
	fns  map[int]func(game string)
}

// Subscribe calls fn with a game's id after every committed change to the
// game (Publish), on the goroutine that committed it: fn must return at
// once. cancel stops the calls. At most 16 functions are subscribed at
// once; beyond that Subscribe returns ErrTooManySubscribers.
func (s *Subscribers) Subscribe(fn func(game string)) (cancel func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.fns) >= maxSubscribers {
		return nil, ErrTooManySubscribers
	}
	if s.fns == nil {
		s.fns = map[int]func(string){}
	}
	id := s.next
	s.next++
	s.fns[id] = fn
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.fns, id)
	}, nil
}

// Publish tells the subscribers about the games a commit wrote.
func (s *Subscribers) Publish(games []*record.Game) {
	if len(games) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, fn := range s.fns {
		for _, g := range games {
			fn(g.ID)
		}
	}
}
