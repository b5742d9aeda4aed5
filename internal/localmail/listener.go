package localmail

import (
	"net"
	"sync"
)

// trackingListener remembers the connections it accepted so that they can
// all be dropped at once (an IMAP outage).
type trackingListener struct {
	net.Listener

	mu    sync.Mutex
	conns map[*trackedConn]struct{}
}

// newTrackingListener wraps ln.
func newTrackingListener(ln net.Listener) *trackingListener {
	return &trackingListener{Listener: ln, conns: make(map[*trackedConn]struct{})}
}

// Accept waits for a connection and records it.
func (l *trackingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, owner: l}
	l.mu.Lock()
	l.conns[tc] = struct{}{}
	l.mu.Unlock()
	return tc, nil
}

// closeAll closes the listener and every connection still open.
func (l *trackingListener) closeAll() {
	_ = l.Listener.Close()
	l.mu.Lock()
	conns := make([]*trackedConn, 0, len(l.conns))
	for c := range l.conns {
		conns = append(conns, c)
	}
	l.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
	}
}

// trackedConn removes itself from its listener's set when closed.
type trackedConn struct {
	net.Conn
	owner *trackingListener
}

// Close closes the connection and forgets it.
func (c *trackedConn) Close() error {
	c.owner.mu.Lock()
	delete(c.owner.conns, c)
	c.owner.mu.Unlock()
	return c.Conn.Close()
}

// pipeListener hands in-process connections (net.Pipe) to a server, so that
// the System can read its own mailboxes over IMAP whatever state the network
// listener is in.
type pipeListener struct {
	conns     chan net.Conn
	done      chan struct{}
	closeOnce sync.Once
}

// newPipeListener makes an open pipeListener.
func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

// Accept returns the server end of the next dial.
func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops Accept and dial.
func (l *pipeListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return nil
}

// Addr names the listener.
func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

// internalConn is the server end of an in-process connection, already
// authenticated as one user.
type internalConn struct {
	net.Conn
	acct *account
}

// dial returns the client end of a new in-process connection whose server
// end is authenticated as acct.
func (l *pipeListener) dial(acct *account) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- &internalConn{Conn: server, acct: acct}:
		return client, nil
	case <-l.done:
		_ = client.Close()
		_ = server.Close()
		return nil, ErrClosed
	}
}

// pipeAddr is the address of a pipeListener.
type pipeAddr struct{}

// Network names the network.
func (pipeAddr) Network() string { return "pipe" }

// String names the address.
func (pipeAddr) String() string { return "localmail-internal" }
