package localmail

import (
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// changeSignal wakes IDLE sessions when any mailbox may have changed. A
// waiter takes the current channel before it polls; a change closes that
// channel, so no change after the poll goes unnoticed.
//
// It replaces imapmemserver's own IDLE, which loses a change that arrives
// between the server's "+ idling" and the registration of the session's
// waiter: the client then sleeps until the next change.
type changeSignal struct {
	mu sync.Mutex
	ch chan struct{}
}

// wait returns a channel closed at the next notify.
func (c *changeSignal) wait() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch = make(chan struct{})
	}
	return c.ch
}

// notify wakes every current waiter.
func (c *changeSignal) notify() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch != nil {
		close(c.ch)
		c.ch = nil
	}
}

// Idle writes the selected mailbox's pending updates, then again after each
// change, until stop is closed.
func (s *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	for {
		changed := s.front.changes.wait()
		if err := s.UserSession.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-changed:
		}
	}
}

// Append adds a message and wakes IDLE sessions.
func (s *imapSession) Append(mailbox string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	defer s.front.changes.notify()
	return s.UserSession.Append(mailbox, r, options)
}

// Copy copies messages and wakes IDLE sessions.
func (s *imapSession) Copy(numSet imap.NumSet, dest string) (*imap.CopyData, error) {
	defer s.front.changes.notify()
	return s.UserSession.Copy(numSet, dest)
}

// Move moves messages and wakes IDLE sessions.
func (s *imapSession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	if s.front.sys.opts.RefuseMove {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "MOVE refused (Options.RefuseMove)"}
	}
	defer s.front.changes.notify()
	return s.UserSession.Move(w, numSet, dest)
}

// Store changes flags and wakes IDLE sessions.
func (s *imapSession) Store(w *imapserver.FetchWriter, numSet imap.NumSet, flags *imap.StoreFlags, options *imap.StoreOptions) error {
	defer s.front.changes.notify()
	return s.UserSession.Store(w, numSet, flags, options)
}

// Expunge removes deleted messages and wakes IDLE sessions.
func (s *imapSession) Expunge(w *imapserver.ExpungeWriter, uids *imap.UIDSet) error {
	defer s.front.changes.notify()
	return s.UserSession.Expunge(w, uids)
}
