// Package connlimit governs the connections of an HTTP listener so that
// no client can hold it: a cap on the connections of one client address
// (an IPv4 address, or an IPv6 /64, which one subscriber usually holds
// whole), a cap on them all, idle keep-alive connections closed first
// when the total nears the cap, and a fast 503 Service Unavailable,
// written on the raw connection, for a connection over a cap, instead of
// a queue in the kernel's backlog that is never answered.
//
// A [Governor] tracks the state of each connection through
// [http.Server.ConnState]; wrap the server's listener with
// [Governor.Listener] and set the server's ConnState to
// [Governor.ConnState]:
//
//	g := connlimit.New(connlimit.Options{Max: 256, PerClient: 32})
//	srv.ConnState = g.ConnState
//	srv.Serve(g.Listener(ln))
//
// When a connection arrives:
//
//   - if its client holds PerClient connections already, the oldest of
//     them that is evictable is closed to make room (a browser reopening
//     connections never locks itself out), else the new one is refused;
//   - if Max connections are open, the keep-alive connection idle longest
//     in all is closed, else the one that has waited longest, past Grace,
//     for the end of a request head, else the new one is refused.
//
// Evictable are connections between requests ([http.StateIdle]) and,
// once Grace has passed, connections whose request head is not complete:
// silent since they were accepted, or sending it byte by byte (a client
// sends its head in one go; Grace is far longer than a round trip). A
// connection whose request is being served, or that holds a live stream,
// is never closed by the governor. Above Soft connections, a connection
// is closed as soon as its response is written instead of being kept
// alive.
//
// A refused connection is answered "503 Service Unavailable" with
// Retry-After and Connection: close: its request head is read first, for
// at most [Linger], so that the client reads the answer rather than a
// reset, by at most [MaxLingering] refused connections at once (beyond,
// the answer is written at once and the connection closed).
//
// The server's ReadHeaderTimeout bounds a client that sends its request
// slowly; the governor does not replace it.
package connlimit

import (
	"container/list"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Client returns the key under which a client address is counted: an
// IPv4 address (or an IPv4-mapped IPv6 one) alone, an IPv6 address by
// its /64, which a subscriber is usually given whole. The zero Addr
// gives the zero Prefix.
func Client(a netip.Addr) netip.Prefix {
	a = a.Unmap().WithZone("")
	if !a.IsValid() {
		return netip.Prefix{}
	}
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, _ := a.Prefix(bits) // cannot fail: bits fits the family
	return p
}

// ClientOf returns the key of an address written "host:port" (a
// connection's RemoteAddr) or "host" (a proxy's header): [Client]'s
// prefix as text. Text that is not an IP address is its own key.
func ClientOf(s string) string {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return Client(ap.Addr()).String()
	}
	if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")); err == nil {
		return Client(a).String()
	}
	return s
}

// Options bound a Governor. Max is required; zero values of the others
// take the defaults.
type Options struct {
	// Max is the most connections open at once.
	Max int
	// PerClient is the most connections one client ([Client]) holds at
	// once; 0 sets no such cap (behind a reverse proxy, every connection
	// comes from the proxy).
	PerClient int
	// Soft is the count of open connections above which a connection is
	// closed once its response is written, rather than kept alive
	// (default Max - Max/8).
	Soft int
	// Grace is how long a connection may take to send its request head
	// (from its acceptance, or from the first byte of a keep-alive
	// connection's next request) before it may be closed to make room
	// (default 1 s). The server's ReadHeaderTimeout cuts it off later
	// anyway.
	Grace time.Duration
	// RetryAfter is the Retry-After of a refusal (default 5 s).
	RetryAfter time.Duration
	// Now is the clock of Grace (default time.Now).
	Now func() time.Time
}

// Linger bounds reading the request head of a refused connection before
// its 503 is written, and then waiting for the client to close.
const Linger = 500 * time.Millisecond

// MaxLingering is the most refused connections read from at once.
const MaxLingering = 64

// Reason says why a connection was refused.
type Reason int

const (
	// ClientFull refuses a connection whose client holds PerClient
	// connections, none of them evictable.
	ClientFull Reason = iota
	// ListenerFull refuses a connection when Max connections are open,
	// none of them evictable.
	ListenerFull
)

func (r Reason) String() string {
	if r == ClientFull {
		return "client"
	}
	return "listener"
}

// Stats counts what a Governor did.
type Stats struct {
	// Open is the count of open connections now.
	Open int
	// Accepted counts the connections handed to the server.
	Accepted uint64
	// RefusedClient and RefusedListener count the connections answered
	// 503, by reason.
	RefusedClient, RefusedListener uint64
	// Evicted counts the connections closed to make room for a new one.
	Evicted uint64
	// NotKeptAlive counts the connections closed once their response was
	// written, because more than Soft were open.
	NotKeptAlive uint64
}

// Governor holds the connections of one listener to its bounds. It is
// safe for concurrent use.
type Governor struct {
	opts Options

	mu      sync.Mutex
	total   int
	clients map[string]*client
	idle    list.List // *conn between requests, oldest first
	waiting list.List // *conn whose request head is not complete, oldest first
	stats   Stats
}

// client is the connections of one client key.
type client struct {
	conns map[*conn]struct{}
}

// New returns a governor with the bounds of opts.
func New(opts Options) *Governor {
	if opts.Max < 1 {
		opts.Max = 1
	}
	if opts.PerClient < 0 {
		opts.PerClient = 0
	}
	if opts.Soft <= 0 || opts.Soft > opts.Max {
		opts.Soft = opts.Max - opts.Max/8
	}
	if opts.Grace <= 0 {
		opts.Grace = time.Second
	}
	if opts.RetryAfter <= 0 {
		opts.RetryAfter = 5 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Governor{opts: opts, clients: map[string]*client{}}
}

// Stats returns the counts so far.
func (g *Governor) Stats() Stats {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.stats
	s.Open = g.total
	return s
}

// conn is a connection the governor admitted.
type conn struct {
	net.Conn
	g   *Governor
	key string

	// guarded by g.mu
	since    time.Time     // when it entered its list
	list     *list.List    // g.idle, g.waiting or nil
	elem     *list.Element // in list
	released bool

	idle atomic.Bool // list == &g.idle: the next byte read starts a request
}

// Read reads from the connection; the first byte of a keep-alive
// connection's next request moves it from the idle connections to those
// waiting for their request head.
func (c *conn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 && c.idle.Load() {
		c.g.mu.Lock()
		if c.list == &c.g.idle {
			c.g.listLocked(c, &c.g.waiting)
		}
		c.g.mu.Unlock()
	}
	return n, err
}

// Close closes the connection and frees its place.
func (c *conn) Close() error {
	c.g.mu.Lock()
	c.g.releaseLocked(c)
	c.g.mu.Unlock()
	return c.Conn.Close()
}

// CloseWrite shuts the sending side down, as *net.TCPConn does; the
// server uses it before closing.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// unlistLocked takes c off the list it is on.
func (g *Governor) unlistLocked(c *conn) {
	if c.list == nil {
		return
	}
	c.list.Remove(c.elem)
	c.list, c.elem = nil, nil
	c.idle.Store(false)
}

// listLocked puts c at the back of l.
func (g *Governor) listLocked(c *conn, l *list.List) {
	g.unlistLocked(c)
	c.list, c.elem = l, l.PushBack(c)
	c.since = g.opts.Now()
	c.idle.Store(l == &g.idle)
}

// releaseLocked frees c's place, once.
func (g *Governor) releaseLocked(c *conn) {
	if c.released {
		return
	}
	g.unlistLocked(c)
	c.released = true
	g.total--
	if cl := g.clients[c.key]; cl != nil {
		delete(cl.conns, c)
		if len(cl.conns) == 0 {
			delete(g.clients, c.key)
		}
	}
}

// evictableLocked reports whether c may be closed to make room.
func (g *Governor) evictableLocked(c *conn, now time.Time) bool {
	switch {
	case c.list == &g.idle:
		return true
	case c.list == &g.waiting:
		return now.Sub(c.since) >= g.opts.Grace
	default:
		return false
	}
}

// victimLocked returns the connection to close to make room in all: the
// one idle longest, else the one waiting longest past Grace for its
// request head; nil if none.
func (g *Governor) victimLocked(now time.Time) *conn {
	if e := g.idle.Front(); e != nil {
		return e.Value.(*conn)
	}
	if e := g.waiting.Front(); e != nil {
		if c := e.Value.(*conn); g.evictableLocked(c, now) {
			return c
		}
	}
	return nil
}

// clientVictimLocked returns the connection of cl to close to make room
// for the client's new one: its one idle longest, else its one waiting
// longest past Grace for its request head; nil if none.
func (g *Governor) clientVictimLocked(cl *client, now time.Time) *conn {
	var best *conn
	for c := range cl.conns {
		if !g.evictableLocked(c, now) {
			continue
		}
		switch {
		case best == nil:
			best = c
		case (c.list == &g.idle) != (best.list == &g.idle):
			if c.list == &g.idle {
				best = c
			}
		case c.since.Before(best.since):
			best = c
		}
	}
	return best
}

// admit decides on a new connection of key: it returns the admitted
// connection and the ones to close to make room for it, or the reason
// for refusing it.
func (g *Governor) admit(raw net.Conn, key string) (*conn, []*conn, Reason, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.opts.Now()
	var victims []*conn
	cl := g.clients[key]
	if g.opts.PerClient > 0 && cl != nil && len(cl.conns) >= g.opts.PerClient {
		v := g.clientVictimLocked(cl, now)
		if v == nil {
			g.stats.RefusedClient++
			return nil, nil, ClientFull, false
		}
		g.releaseLocked(v)
		victims = append(victims, v)
	}
	if g.total >= g.opts.Max { // never after the client's own made room
		v := g.victimLocked(now)
		if v == nil {
			g.stats.RefusedListener++
			return nil, nil, ListenerFull, false
		}
		g.releaseLocked(v)
		victims = append(victims, v)
	}
	g.stats.Evicted += uint64(len(victims))
	c := &conn{Conn: raw, g: g, key: key}
	if cl = g.clients[key]; cl == nil {
		cl = &client{conns: map[*conn]struct{}{}}
		g.clients[key] = cl
	}
	cl.conns[c] = struct{}{}
	g.total++
	g.stats.Accepted++
	g.listLocked(c, &g.waiting)
	return c, victims, 0, true
}

// ConnState follows the state of the listener's connections; set it as
// the server's ConnState (calling any other hook from it as well).
func (g *Governor) ConnState(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*conn)
	if !ok || c.g != g {
		return
	}
	g.mu.Lock()
	if c.released {
		g.mu.Unlock()
		return
	}
	closeNow := false
	switch st {
	case http.StateNew: // listed as waiting when accepted
	case http.StateIdle:
		if g.total > g.opts.Soft {
			g.releaseLocked(c)
			g.stats.NotKeptAlive++
			closeNow = true
			break
		}
		g.listLocked(c, &g.idle)
	case http.StateClosed:
		g.releaseLocked(c)
	default: // active (the request head is read), hijacked
		g.unlistLocked(c)
	}
	g.mu.Unlock()
	if closeNow {
		c.Conn.Close()
	}
}

// Listener returns ln governed by g: connections over a cap are answered
// 503 and closed, and never reach the server.
func (g *Governor) Listener(ln net.Listener) net.Listener {
	return &listener{Listener: ln, g: g, lingering: map[net.Conn]struct{}{}}
}

// listener is a governed listener.
type listener struct {
	net.Listener
	g *Governor

	mu        sync.Mutex
	lingering map[net.Conn]struct{} // refused connections being answered
	closed    bool
	wg        sync.WaitGroup
}

// Accept returns the next admitted connection; it answers and closes
// the refused ones meanwhile.
func (l *listener) Accept() (net.Conn, error) {
	for {
		raw, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := ClientOf(raw.RemoteAddr().String())
		c, victims, reason, ok := l.g.admit(raw, key)
		for _, v := range victims {
			v.Conn.Close()
		}
		if ok {
			return c, nil
		}
		l.refuse(raw, reason)
	}
}

// Close closes the listener and the refused connections still being
// answered, and waits for their goroutines.
func (l *listener) Close() error {
	err := l.Listener.Close()
	l.mu.Lock()
	l.closed = true
	for c := range l.lingering {
		c.Close()
	}
	l.mu.Unlock()
	l.wg.Wait()
	return err
}

// refusal is the answer of a refused connection.
func refusal(reason Reason, retry time.Duration) []byte {
	body := "The server is busy; please try again in a few seconds.\n"
	if reason == ClientFull {
		body = "Too many connections are open from your address; please close some and try again.\n"
	}
	return fmt.Appendf(nil, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"+
		"Connection: close\r\nRetry-After: %d\r\nContent-Length: %d\r\n\r\n%s",
		max(1, int(retry.Round(time.Second)/time.Second)), len(body), body)
}

// refuse answers c 503 and closes it: after reading its request head in
// a goroutine of its own when fewer than MaxLingering are, at once
// otherwise.
func (l *listener) refuse(c net.Conn, reason Reason) {
	answer := refusal(reason, l.g.opts.RetryAfter)
	l.mu.Lock()
	if l.closed || len(l.lingering) >= MaxLingering {
		l.mu.Unlock()
		_ = c.SetWriteDeadline(time.Now().Add(Linger))
		_, _ = c.Write(answer)
		c.Close()
		return
	}
	l.lingering[c] = struct{}{}
	l.wg.Add(1)
	l.mu.Unlock()
	go func() {
		defer l.wg.Done()
		defer func() {
			l.mu.Lock()
			delete(l.lingering, c)
			l.mu.Unlock()
			c.Close()
		}()
		_ = c.SetDeadline(time.Now().Add(Linger))
		readHead(c)
		if _, err := c.Write(answer); err != nil {
			return
		}
		if cw, ok := c.(interface{ CloseWrite() error }); ok {
			_ = cw.CloseWrite()
		}
		// wait for the client to close, so that it reads the answer
		// rather than a reset
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 16<<10))
	}()
}

// readHead reads from c until the end of a request head ("\r\n\r\n"),
// 16 KiB, an error or c's deadline.
func readHead(c net.Conn) {
	buf := make([]byte, 0, 4096)
	tmp := make([]byte, 2048)
	for len(buf) < 16<<10 {
		n, err := c.Read(tmp)
		buf = append(buf, tmp[:n]...)
		if strings.Contains(string(buf[max(0, len(buf)-n-3):]), "\r\n\r\n") {
			return
		}
		if err != nil {
			return
		}
	}
}
