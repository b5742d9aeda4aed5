package connlimit

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestClient(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"192.0.2.1", "192.0.2.1/32"},
		{"::ffff:192.0.2.1", "192.0.2.1/32"},
		{"2001:db8:1:2:a::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"::1", "::/64"},
	} {
		if got := Client(netip.MustParseAddr(c.in)).String(); got != c.want {
			t.Errorf("Client(%s) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := Client(netip.Addr{}); got.IsValid() {
		t.Errorf("Client of the zero Addr = %v", got)
	}
}

func TestClientOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"203.0.113.9:80", "203.0.113.9/32"},
		{"203.0.113.9", "203.0.113.9/32"},
		{" 203.0.113.9 ", "203.0.113.9/32"},
		{"[2001:db8::1]:443", "2001:db8::/64"},
		{"[2001:db8::1]", "2001:db8::/64"},
		{"2001:db8::2", "2001:db8::/64"},
		{"[::ffff:198.51.100.7]:1", "198.51.100.7/32"},
		{"pipe", "pipe"},
		{"", ""},
	} {
		if got := ClientOf(c.in); got != c.want {
			t.Errorf("ClientOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestClient48AddressesOfOneSlash64: 48 addresses of one /64 are one
// client; the next /64 is another.
func TestClient48AddressesOfOneSlash64(t *testing.T) {
	keys := map[netip.Prefix]int{}
	for i := range 48 {
		keys[Client(netip.MustParseAddr(fmt.Sprintf("2001:db8:aa:bb:%x::%x", i*977, i+1)))]++
	}
	keys[Client(netip.MustParseAddr("2001:db8:aa:bc::1"))]++
	if len(keys) != 2 || keys[netip.MustParsePrefix("2001:db8:aa:bb::/64")] != 48 {
		t.Errorf("keys %v", keys)
	}
}

// fakeConn is a raw connection from a chosen address: reads return EOF
// at once, writes are kept.
type fakeConn struct {
	net.Conn // nil: only the methods below are called
	remote   string
	pending  []byte // what Read returns before EOF

	mu      sync.Mutex
	written strings.Builder
	closed  chan struct{}
	once    sync.Once
}

func newFakeConn(remote string) *fakeConn {
	return &fakeConn{remote: remote, closed: make(chan struct{})}
}

type fakeAddr string

func (a fakeAddr) Network() string { return "tcp" }
func (a fakeAddr) String() string  { return string(a) }

func (f *fakeConn) RemoteAddr() net.Addr { return fakeAddr(f.remote) }
func (f *fakeConn) Read(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.pending) == 0 {
		return 0, io.EOF
	}
	n := copy(b, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}
func (f *fakeConn) SetDeadline(time.Time) error      { return nil }
func (f *fakeConn) SetWriteDeadline(time.Time) error { return nil }
func (f *fakeConn) Close() error                     { f.once.Do(func() { close(f.closed) }); return nil }
func (f *fakeConn) isClosed() bool {
	select {
	case <-f.closed:
		return true
	default:
		return false
	}
}
func (f *fakeConn) output() string { f.mu.Lock(); defer f.mu.Unlock(); return f.written.String() }
func (f *fakeConn) Write(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.written.Write(b)
}

// fakeListener hands out the connections pushed to it, and errEmpty
// when there is none.
type fakeListener struct {
	net.Listener
	next []*fakeConn
}

var errEmpty = errors.New("no connection waiting")

func (l *fakeListener) Accept() (net.Conn, error) {
	if len(l.next) == 0 {
		return nil, errEmpty
	}
	c := l.next[0]
	l.next = l.next[1:]
	return c, nil
}

func (l *fakeListener) Close() error { return nil }

// rig is a governor over a fake listener with a clock of its own.
type rig struct {
	t   *testing.T
	g   *Governor
	ln  net.Listener
	fl  *fakeListener
	now time.Time
}

func newRig(t *testing.T, opts Options) *rig {
	r := &rig{t: t, fl: &fakeListener{}, now: time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)}
	opts.Now = func() time.Time { return r.now }
	r.g = New(opts)
	r.ln = r.g.Listener(r.fl)
	t.Cleanup(func() { r.ln.Close() })
	return r
}

// dial offers a connection from remote: it returns the admitted one, or
// nil and the raw connection, answered and closed, when refused.
func (r *rig) dial(remote string) (net.Conn, *fakeConn) {
	r.t.Helper()
	raw := newFakeConn(remote)
	r.fl.next = append(r.fl.next, raw)
	c, err := r.ln.Accept()
	if err == nil {
		r.g.ConnState(c, http.StateNew)
		return c, raw
	}
	if !errors.Is(err, errEmpty) {
		r.t.Fatal(err)
	}
	<-raw.closed
	return nil, raw
}

// serve has c go through one request and become idle.
func (r *rig) serve(c net.Conn) {
	r.g.ConnState(c, http.StateActive)
	r.g.ConnState(c, http.StateIdle)
}

func (r *rig) wantRefused(c net.Conn, raw *fakeConn, status string) {
	r.t.Helper()
	if c != nil {
		r.t.Fatalf("%s was admitted, want refused (%s)", raw.remote, status)
	}
	out := raw.output()
	if !strings.HasPrefix(out, "HTTP/1.1 503 Service Unavailable\r\n") || !strings.Contains(out, "\r\nConnection: close\r\n") ||
		!strings.Contains(out, "\r\nRetry-After: 5\r\n") || !strings.Contains(out, status) {
		r.t.Errorf("%s answered %q, want a 503 with %q", raw.remote, out, status)
	}
}

// TestPerClientCap: a client at its cap, none of its connections
// evictable, is refused; once one is idle, the new one takes its place;
// another client is not affected.
func TestPerClientCap(t *testing.T) {
	r := newRig(t, Options{Max: 100, PerClient: 3})
	var held []net.Conn
	var raws []*fakeConn
	for i := range 3 {
		c, raw := r.dial(fmt.Sprintf("[2001:db8:0:1::%x]:4000", i+1))
		if c == nil {
			t.Fatalf("connection %d refused", i)
		}
		r.g.ConnState(c, http.StateActive)
		held, raws = append(held, c), append(raws, raw)
	}
	c, raw := r.dial("[2001:db8:0:1:ffff::1]:4000") // same /64
	r.wantRefused(c, raw, "from your address")
	if c, _ := r.dial("[2001:db8:0:2::1]:4000"); c == nil {
		t.Fatal("another /64 was refused")
	}
	if c, _ := r.dial("192.0.2.1:4000"); c == nil {
		t.Fatal("an IPv4 client was refused")
	}

	// The second goes idle first, then the first: the second is closed.
	r.g.ConnState(held[1], http.StateIdle)
	r.now = r.now.Add(time.Second)
	r.g.ConnState(held[0], http.StateIdle)
	c, _ = r.dial("[2001:db8:0:1::99]:4000")
	if c == nil {
		t.Fatal("refused while the client had idle connections")
	}
	if !raws[1].isClosed() || raws[0].isClosed() || raws[2].isClosed() {
		t.Errorf("closed: %v %v %v, want the one idle longest alone", raws[0].isClosed(), raws[1].isClosed(), raws[2].isClosed())
	}
	if st := r.g.Stats(); st.Open != 5 || st.Accepted != 6 || st.RefusedClient != 1 || st.Evicted != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestIncompleteHeads: a connection whose request head is not complete
// (silent, or sent in part) holds its place for Grace from its
// acceptance, then may be closed for a newcomer, oldest first; a
// keep-alive connection whose next request has begun is no longer idle,
// and has Grace again from its first byte; one whose request head is
// read is never closed.
func TestIncompleteHeads(t *testing.T) {
	r := newRig(t, Options{Max: 3, Soft: 3, Grace: time.Second})
	a, rawA := r.dial("192.0.2.1:1") // silent
	r.now = r.now.Add(100 * time.Millisecond)
	b, rawB := r.dial("192.0.2.2:1") // sends its head byte by byte
	k, rawK := r.dial("192.0.2.4:1") // keep-alive
	if a == nil || b == nil || k == nil {
		t.Fatal("refused under the cap")
	}
	send := func(c net.Conn, raw *fakeConn) {
		raw.mu.Lock()
		raw.pending = []byte("G")
		raw.mu.Unlock()
		if n, err := c.Read(make([]byte, 8)); n != 1 || err != nil {
			t.Fatalf("read %d %v", n, err)
		}
	}
	send(b, rawB)
	c, raw := r.dial("192.0.2.3:1")
	r.wantRefused(c, raw, "busy") // all within Grace

	r.now = r.now.Add(950 * time.Millisecond) // a past Grace, b not yet
	r.serve(k)
	send(k, rawK) // its next request begins: not idle any more
	c3, _ := r.dial("192.0.2.3:1")
	if c3 == nil {
		t.Fatal("refused while a silent connection was past Grace")
	}
	if !rawA.isClosed() || rawB.isClosed() || rawK.isClosed() {
		t.Errorf("closed: silent %v, in part %v, next request %v; want the silent one alone",
			rawA.isClosed(), rawB.isClosed(), rawK.isClosed())
	}
	c, raw = r.dial("192.0.2.5:1")
	r.wantRefused(c, raw, "busy")

	r.now = r.now.Add(100 * time.Millisecond) // b past Grace; k's request began 100 ms ago
	c5, _ := r.dial("192.0.2.5:1")
	if c5 == nil {
		t.Fatal("refused while a head sent in part was past Grace")
	}
	if !rawB.isClosed() || rawK.isClosed() {
		t.Errorf("closed: in part %v, next request %v; want the one in part", rawB.isClosed(), rawK.isClosed())
	}
	for _, c := range []net.Conn{k, c3, c5} { // their heads are read: served, never closed
		r.g.ConnState(c, http.StateActive)
	}
	r.now = r.now.Add(time.Hour)
	c, raw = r.dial("192.0.2.6:1")
	r.wantRefused(c, raw, "busy")
	if rawK.isClosed() {
		t.Error("a connection being served was closed")
	}
}

// TestIdleFirst: at the cap, the connection idle longest is closed for a
// newcomer, before any silent one; an active one never.
func TestIdleFirst(t *testing.T) {
	r := newRig(t, Options{Max: 4, Soft: 4})
	conns := make([]net.Conn, 4)
	raws := make([]*fakeConn, 4)
	for i := range conns {
		conns[i], raws[i] = r.dial(fmt.Sprintf("198.51.100.%d:1", i+1))
	}
	r.now = r.now.Add(time.Hour) // the silent one is past Grace too
	r.g.ConnState(conns[0], http.StateActive)
	r.serve(conns[2])
	r.now = r.now.Add(time.Second)
	r.serve(conns[1])
	for i, want := range []int{2, 1, 3} {
		c, _ := r.dial(fmt.Sprintf("203.0.113.%d:1", i+1))
		if c == nil {
			t.Fatalf("newcomer %d refused", i)
		}
		r.g.ConnState(c, http.StateActive)
		if !raws[want].isClosed() {
			t.Errorf("newcomer %d: connection %d not closed", i, want)
		}
	}
	if raws[0].isClosed() {
		t.Error("the active connection was closed")
	}
	c, raw := r.dial("203.0.113.9:1")
	r.wantRefused(c, raw, "busy")
	if st := r.g.Stats(); st.Open != 4 || st.Evicted != 3 || st.RefusedListener != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestNotKeptAliveNearTheCap: above Soft, a connection whose response is
// written is closed instead of kept alive; below, it is kept.
func TestNotKeptAliveNearTheCap(t *testing.T) {
	r := newRig(t, Options{Max: 8}) // Soft 7
	var conns []net.Conn
	var raws []*fakeConn
	for i := range 8 {
		c, raw := r.dial(fmt.Sprintf("198.51.100.%d:1", i+1))
		conns, raws = append(conns, c), append(raws, raw)
	}
	r.serve(conns[0])
	if !raws[0].isClosed() {
		t.Error("8 open of 8: an idle connection was kept alive")
	}
	r.serve(conns[1]) // 7 open: at Soft, not above
	if raws[1].isClosed() {
		t.Error("7 open of 8: an idle connection was closed")
	}
	if st := r.g.Stats(); st.NotKeptAlive != 1 || st.Open != 7 {
		t.Errorf("stats %+v", st)
	}
}

// TestCloseFreesThePlace: a connection closed by the server, or hijacked
// and closed, frees its place once.
func TestCloseFreesThePlace(t *testing.T) {
	r := newRig(t, Options{Max: 1})
	c, _ := r.dial("192.0.2.1:1")
	r.g.ConnState(c, http.StateHijacked)
	c.Close()
	c.Close()
	r.g.ConnState(c, http.StateClosed)
	if st := r.g.Stats(); st.Open != 0 {
		t.Fatalf("open %d after close", st.Open)
	}
	if c, _ := r.dial("192.0.2.1:1"); c == nil {
		t.Fatal("refused after the only connection closed")
	}
}

func TestRefusal(t *testing.T) {
	resp, err := http.ReadResponse(bufioReader(refusal(ListenerFull, 7*time.Second)), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 503 || !resp.Close || resp.Header.Get("Retry-After") != "7" || !strings.Contains(string(body), "busy") {
		t.Errorf("%d close=%v %v %q", resp.StatusCode, resp.Close, resp.Header, body)
	}
}
