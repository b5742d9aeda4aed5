package localmail

import (
	"crypto/tls"
	"fmt"
	"net"
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

// imapCaps are the capabilities served: IMAP4rev2 (which includes MOVE,
// UIDPLUS and NAMESPACE) and, for IMAP4rev1 clients, the same extensions
// named one by one. IDLE is always offered.
var imapCaps = imap.CapSet{
	imap.CapIMAP4rev1: {},
	imap.CapIMAP4rev2: {},
	imap.CapNamespace: {},
	imap.CapUIDPlus:   {},
	imap.CapMove:      {},
}

// imapFront is the IMAP server with its network listener, which an outage
// closes and a recovery opens again on the same address, and an in-process
// listener for the System's own reads.
type imapFront struct {
	sys      *System
	server   *imapserver.Server
	addr     string      // bound address, kept across outages
	implicit *tls.Config // non-nil: wrap the listener in TLS
	pipe     *pipeListener
	internal *trackingListener // pipe, tracked so that close drops its conns

	changes changeSignal // wakes IDLE sessions

	mu       sync.Mutex
	ln       *trackingListener // nil while down
	sessions map[*imapSession]struct{}
	closed   bool
	serving  sync.WaitGroup
}

// startIMAP listens on the configured address and serves IMAP.
func startIMAP(sys *System, tlsConfig *tls.Config) (*imapFront, error) {
	mode := sys.opts.TLS.IMAP
	f := &imapFront{sys: sys, pipe: newPipeListener(), sessions: make(map[*imapSession]struct{})}
	opts := &imapserver.Options{
		NewSession:   f.newSession,
		Caps:         imapCaps,
		Logger:       logAdapter{logger: sys.opts.Logger, server: "imap"},
		InsecureAuth: mode == TLSOff,
	}
	switch mode {
	case TLSStartTLS:
		opts.TLSConfig = tlsConfig
	case TLSImplicit:
		f.implicit = tlsConfig
	}
	f.server = imapserver.New(opts)

	ln, err := net.Listen("tcp", sys.opts.IMAPAddr)
	if err != nil {
		return nil, fmt.Errorf("localmail: listen for IMAP: %w", err)
	}
	f.addr = ln.Addr().String()
	f.mu.Lock()
	f.serveLocked(ln)
	f.mu.Unlock()

	f.internal = newTrackingListener(f.pipe)
	f.serving.Add(1)
	go func() {
		defer f.serving.Done()
		_ = f.server.Serve(f.internal)
	}()
	return f, nil
}

// serveLocked serves IMAP on ln. f.mu is held.
func (f *imapFront) serveLocked(ln net.Listener) {
	tracked := newTrackingListener(ln)
	f.ln = tracked
	var served net.Listener = tracked
	if f.implicit != nil {
		served = tls.NewListener(tracked, f.implicit)
	}
	f.serving.Add(1)
	go func() {
		defer f.serving.Done()
		if err := f.server.Serve(served); err != nil {
			f.sys.opts.Logger.Debug("localmail: IMAP listener stopped", "err", err)
		}
	}()
}

// setDown starts or ends an outage: down closes the port and every
// connection on it; up listens again on the same address.
func (f *imapFront) setDown(down bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	if down {
		if f.ln != nil {
			f.ln.closeAll()
			f.ln = nil
		}
		return nil
	}
	if f.ln != nil {
		return nil
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return fmt.Errorf("localmail: listen again for IMAP on %s: %w", f.addr, err)
	}
	f.serveLocked(ln)
	return nil
}

// dropUser closes every IMAP connection logged in as acct.
func (f *imapFront) dropUser(acct *account) {
	f.mu.Lock()
	var conns []net.Conn
	for sess := range f.sessions {
		if sess.acct == acct {
			conns = append(conns, sess.conn.NetConn())
		}
	}
	f.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
	}
}

// close stops the listeners and drops every connection. It does not call
// imapserver's Server.Close, whose WaitGroup.Wait races with the Add of a
// Serve that has just started; closing the listeners ends each Serve.
func (f *imapFront) close() {
	f.mu.Lock()
	f.closed = true
	if f.ln != nil {
		f.ln.closeAll()
		f.ln = nil
	}
	f.mu.Unlock()
	f.internal.closeAll()
	f.serving.Wait()
}

// newSession opens a session for a new connection. In-process connections
// start authenticated (PREAUTH) as the user they were dialled for.
func (f *imapFront) newSession(conn *imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
	sess := &imapSession{front: f, conn: conn}
	netConn := conn.NetConn()
	if tracked, ok := netConn.(*trackedConn); ok {
		netConn = tracked.Conn
	}
	if internal, ok := netConn.(*internalConn); ok {
		sess.login(internal.acct)
		return sess, &imapserver.GreetingData{PreAuth: true}, nil
	}
	return sess, nil, nil
}

// imapSession is one IMAP connection: imapmemserver's session for the user,
// with login against the System's users.
type imapSession struct {
	*imapmemserver.UserSession // nil until logged in

	front *imapFront
	conn  *imapserver.Conn
	acct  *account
}

// Login checks the address and password.
func (s *imapSession) Login(username, password string) error {
	acct := s.front.sys.checkPassword(username, password)
	if acct == nil {
		return imapserver.ErrAuthFailed
	}
	s.login(acct)
	return nil
}

// login makes s a session of acct and registers it.
func (s *imapSession) login(acct *account) {
	s.UserSession = imapmemserver.NewUserSession(acct.mem)
	s.front.mu.Lock()
	s.acct = acct
	s.front.sessions[s] = struct{}{}
	s.front.mu.Unlock()
}

// Close forgets the session and releases its selected mailbox.
func (s *imapSession) Close() error {
	s.front.mu.Lock()
	delete(s.front.sessions, s)
	s.front.mu.Unlock()
	return s.UserSession.Close()
}
