package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// launchHTTP starts a test server whose HTTP listener has the limits of
// hc, on 127.0.0.1 at a port chosen at run time; it is shut down when the
// test ends.
func launchHTTP(t *testing.T, hc httpConfig) *server {
	t.Helper()
	f := &fakeReceiver{handled: make(chan struct{})}
	s, logs := newTestServer(t, f)
	s.cfg.HTTPListen = "127.0.0.1:0"
	s.cfg.HTTP = hc
	if err := s.launch(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if code := s.wait(ctx); code != 0 {
			t.Errorf("exit %d; logs:\n%s", code, logs)
		}
	})
	return s
}

// httpConn is a raw client connection to the listener.
type httpConn struct {
	c net.Conn
	r *bufio.Reader
}

// dialHTTP connects to addr; the connection gives up after 20 s, far
// beyond any timeout of these tests.
func dialHTTP(t *testing.T, addr string) *httpConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(20 * time.Second))
	return &httpConn{c: c, r: bufio.NewReader(c)}
}

// send writes a keep-alive GET of /healthz.
func (h *httpConn) send() error {
	_, err := io.WriteString(h.c, "GET /healthz HTTP/1.1\r\nHost: takbot\r\n\r\n")
	return err
}

// response reads one response and its body.
func (h *httpConn) response() (*http.Response, string, error) {
	resp, err := http.ReadResponse(h.r, nil)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// closedByServer waits until the server closes the connection: it
// reports whether it did (rather than the 20 s safety deadline passing).
func (h *httpConn) closedByServer() bool {
	_, err := h.r.ReadByte()
	return errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || isReset(err)
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && !op.Timeout()
}

// TestHTTPIdleTimeout: keep-alive connections idle for idle_timeout are
// closed by the server.
func TestHTTPIdleTimeout(t *testing.T) {
	const idle = 300 * time.Millisecond
	hc := defaultHTTPConfig()
	hc.IdleTimeout = duration(idle)
	s := launchHTTP(t, hc)
	start := time.Now()
	conns := make([]*httpConn, 3)
	for i := range conns {
		conns[i] = dialHTTP(t, s.httpAddr)
		if err := conns[i].send(); err != nil {
			t.Fatal(err)
		}
		if resp, body, err := conns[i].response(); err != nil || resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("connection %d: %v %v %q", i, resp, err, body)
		}
	}
	for i, c := range conns {
		if !c.closedByServer() {
			t.Errorf("connection %d: not closed by the server within 20 s of idling", i)
		}
	}
	if closed := time.Since(start); closed < idle {
		t.Errorf("the idle connections were closed %v after start, before idle_timeout %v", closed, idle)
	}
}

// TestHTTPIdleConnectionsMakeRoom: with max_connections held by idle
// keep-alive connections, many more clients are answered at once, each
// taking the place of a connection idle (the one idle longest: see
// internal/connlimit's TestIdleFirst), rather than waiting for
// idle_timeout (an hour here) in the kernel's queue.
func TestHTTPIdleConnectionsMakeRoom(t *testing.T) {
	const maxConns, extra = 3, 9
	hc := defaultHTTPConfig()
	hc.MaxConnections = maxConns
	hc.IdleTimeout = duration(time.Hour)
	s := launchHTTP(t, hc)

	var all []*httpConn // held open by the client until the test ends
	for i := range maxConns + extra {
		start := time.Now()
		c := dialHTTP(t, s.httpAddr)
		if err := c.send(); err != nil {
			t.Fatal(err)
		}
		if resp, body, err := c.response(); err != nil || resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("connection %d: %v %v %q", i, resp, err, body)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("connection %d was answered after %v", i, took)
		}
		all = append(all, c)
	}
	// Each newcomer found max_connections open and took a place, and so
	// did the request for /metrics: 10 of the 12 connections were closed
	// by the server, the 2 others and /metrics's are open.
	if n := metric(t, s, `takbot_http_connections_evicted_total{listener="http"}`); n != extra+1 {
		t.Errorf("%d connections closed to make room, want %d", n, extra+1)
	}
	closed := make(chan bool, len(all))
	for _, c := range all {
		go func() {
			c.c.SetReadDeadline(time.Now().Add(time.Second))
			closed <- c.closedByServer()
		}()
	}
	n := 0
	for range all {
		if <-closed {
			n++
		}
	}
	if n != extra+1 {
		t.Errorf("%d of the %d connections closed by the server, want %d", n, len(all), extra+1)
	}
}

// TestHTTPHeaderTimeout: a client that sends half a request holds its
// place until header_timeout, and no longer; meanwhile a connection over
// the cap is answered 503 at once instead of waiting.
func TestHTTPHeaderTimeout(t *testing.T) {
	const header = 300 * time.Millisecond
	hc := defaultHTTPConfig()
	hc.MaxConnections = 1
	hc.HeaderTimeout = duration(header)
	s := launchHTTP(t, hc)

	start := time.Now()
	slow := dialHTTP(t, s.httpAddr)
	if _, err := io.WriteString(slow.c, "GET /healthz HTTP/1.1\r\nHost: tak"); err != nil {
		t.Fatal(err)
	}
	// The slow client's bytes are read once the server reads its request;
	// the next connection, over the cap, is refused at once.
	refused := dialHTTP(t, s.httpAddr)
	if err := refused.send(); err != nil {
		t.Fatal(err)
	}
	resp, body, err := refused.response()
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable || !resp.Close || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("over the cap: %v %v %q", resp, err, body)
	}
	if took := time.Since(start); took >= header {
		t.Errorf("the 503 came after %v, not before header_timeout %v", took, header)
	}
	if !refused.closedByServer() {
		t.Error("the refused connection was left open")
	}
	if !slow.closedByServer() {
		t.Fatal("the slow client was not cut off within 20 s")
	}
	if cut := time.Since(start); cut < header {
		t.Errorf("the slow client was cut off after %v, before header_timeout %v", cut, header)
	}
	next := dialHTTP(t, s.httpAddr)
	if err := next.send(); err != nil {
		t.Fatal(err)
	}
	if resp, body, err := next.response(); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("after the slow client: %v %v %q", resp, err, body)
	}
}

// TestHealthzOverTheListener: the running listener answers /healthz with
// the status alone, and the details with the configured token only.
func TestHealthzOverTheListener(t *testing.T) {
	hc := defaultHTTPConfig()
	hc.HealthToken = secret{Value: "tok3n"}
	s := launchHTTP(t, hc)
	for _, tc := range []struct {
		auth     string
		detailed bool
	}{{"", false}, {"Bearer wrong", false}, {"Bearer tok3n", true}} {
		req, err := http.NewRequest(http.MethodGet, "http://"+s.httpAddr+"/healthz", nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		body := strings.Join(strings.Fields(string(b)), "")
		switch {
		case resp.StatusCode != http.StatusOK:
			t.Errorf("%q: status %d", tc.auth, resp.StatusCode)
		case !tc.detailed && body != `{"status":"ok"}`:
			t.Errorf("%q: %s, want the status alone", tc.auth, body)
		case tc.detailed && !strings.Contains(body, `"fake":{"connected":true,"detail":"fake"}`):
			t.Errorf("%q: %s, want the details", tc.auth, body)
		}
	}
}
