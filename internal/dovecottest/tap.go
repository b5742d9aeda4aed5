//go:build dovecot

package dovecottest

import (
	"context"
	"sync"
)

// Accepted is a mail the SMTP front took: Dovecot stored it, and the
// front is about to answer the sender's final dot with 250.
type Accepted struct {
	From string   // the envelope sender
	To   []string // the envelope recipients
	Raw  []byte   // the mail as submitted
}

// tap is what the SMTP front tells a test: each mail it takes, and
// whether a session is open.
type tap struct {
	mu       sync.Mutex
	onAccept func(Accepted)
	open     int           // sessions open
	idle     chan struct{} // closed when open drops to 0
}

// OnAccept sets fn to be called with every mail the SMTP front takes,
// after Dovecot stored it and before the 250 that tells the sender goes
// back: the sender cannot know of the acceptance before fn returns, so a
// test may kill it there, in the window between a server's acceptance
// and the sender's record of it. fn runs on the session's goroutine, one
// call per mail; nil removes it.
func (s *Server) OnAccept(fn func(Accepted)) {
	s.front.tap.mu.Lock()
	s.front.tap.onAccept = fn
	s.front.tap.mu.Unlock()
}

// WaitSMTPIdle waits until the SMTP front has no session open, or ctx
// ends. After a client is killed, its connections close, and once the
// front is idle every mail whose final dot the client sent has been
// stored and reported to OnAccept: the client could not send a dot
// before the front, in a session, answered its DATA.
func (s *Server) WaitSMTPIdle(ctx context.Context) error {
	for {
		s.front.tap.mu.Lock()
		if s.front.tap.open == 0 {
			s.front.tap.mu.Unlock()
			return nil
		}
		if s.front.tap.idle == nil {
			s.front.tap.idle = make(chan struct{})
		}
		idle := s.front.tap.idle
		s.front.tap.mu.Unlock()
		select {
		case <-idle:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// opened counts a new session.
func (tp *tap) opened() {
	tp.mu.Lock()
	tp.open++
	tp.mu.Unlock()
}

// closed counts a session's end.
func (tp *tap) closed() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if tp.open--; tp.open == 0 && tp.idle != nil {
		close(tp.idle)
		tp.idle = nil
	}
}

// accepted reports a mail the front took.
func (tp *tap) accepted(a Accepted) {
	tp.mu.Lock()
	fn := tp.onAccept
	tp.mu.Unlock()
	if fn != nil {
		fn(a)
	}
}
