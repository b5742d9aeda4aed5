package connlimit

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func bufioReader(b []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(b)) }

// serveGoverned serves h on 127.0.0.1 at a port chosen at run time,
// governed by g, until the test ends; states, when not nil, receives
// each state a connection enters, once the governor knows it.
func serveGoverned(t *testing.T, g *Governor, h http.Handler, states chan<- http.ConnState) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ConnState: func(c net.Conn, st http.ConnState) {
		g.ConnState(c, st)
		if states != nil {
			states <- st
		}
	}}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(g.Listener(ln)) }()
	t.Cleanup(func() {
		srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// dialFrom connects to addr from the loopback address from (127.0.0.x),
// giving up after 10 s.
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	return c
}

// get sends GET path on c and reads the response.
func get(t *testing.T, c net.Conn, r *bufio.Reader, path string) (*http.Response, string) {
	t.Helper()
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: takbot\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestRefusedFastOverTCP: with every place held by requests under way,
// a new connection is answered 503 at once and closed, and a client of
// an address at its cap too; once a request ends, its idle connection
// makes room.
func TestRefusedFastOverTCP(t *testing.T) {
	g := New(Options{Max: 3, PerClient: 2})
	release, entered := make(chan struct{}), make(chan struct{}, 3)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hold" {
			entered <- struct{}{}
			<-release
		}
		io.WriteString(w, "ok")
	})
	states := make(chan http.ConnState, 64)
	addr := serveGoverned(t, g, h, states)
	// Two held requests from 127.0.0.2, one from 127.0.0.3.
	held := []net.Conn{dialFrom(t, "127.0.0.2", addr), dialFrom(t, "127.0.0.2", addr), dialFrom(t, "127.0.0.3", addr)}
	for _, c := range held {
		io.WriteString(c, "GET /hold HTTP/1.1\r\nHost: takbot\r\n\r\n")
	}
	for range held {
		<-entered
	}
	for _, c := range []struct{ from, want string }{{"127.0.0.2", "from your address"}, {"127.0.0.4", "busy"}} {
		start := time.Now()
		conn := dialFrom(t, c.from, addr)
		resp, body := get(t, conn, bufio.NewReader(conn), "/")
		took := time.Since(start)
		if resp.StatusCode != http.StatusServiceUnavailable || !resp.Close || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, c.want) {
			t.Errorf("from %s: %d %v %q", c.from, resp.StatusCode, resp.Header, body)
		}
		if took > time.Second {
			t.Errorf("from %s: the 503 took %v", c.from, took)
		}
		t.Logf("from %s: 503 after %v", c.from, took)
		if _, err := conn.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
			t.Errorf("from %s: after the 503: %v, want the connection closed", c.from, err)
		}
	}
	close(release)
	for _, c := range held {
		if resp, _, err := readResp(c); err != nil || resp.StatusCode != 200 {
			t.Fatalf("held request: %v %v", resp, err)
		}
	}
	for idle := 0; idle < len(held); { // the server has seen them idle
		if <-states == http.StateIdle {
			idle++
		}
	}
	// All three are idle now: a newcomer takes the place of one.
	conn := dialFrom(t, "127.0.0.4", addr)
	if resp, body := get(t, conn, bufio.NewReader(conn), "/"); resp.StatusCode != 200 || body != "ok" {
		t.Errorf("newcomer with idle connections open: %d %q", resp.StatusCode, body)
	}
}

func readResp(c net.Conn) (*http.Response, string, error) {
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}
