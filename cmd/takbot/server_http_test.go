package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
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

// TestHTTPConnectionCapAndIdleTimeout opens many keep-alive connections
// to the real listener: idle ones are closed after idle_timeout, and no
// more than max_connections are served at once (the others wait, holding
// none of takbot's files, until an idle one is closed).
func TestHTTPConnectionCapAndIdleTimeout(t *testing.T) {
	const (
		maxConns = 3
		extra    = 9
		idle     = 300 * time.Millisecond
	)
	hc := defaultHTTPConfig()
	hc.MaxConnections = maxConns
	hc.IdleTimeout = duration(idle)
	s := launchHTTP(t, hc)

	// The first wave fills every slot and leaves its connections idle.
	start := time.Now()
	first := make([]*httpConn, maxConns)
	for i := range first {
		first[i] = dialHTTP(t, s.httpAddr)
		if err := first[i].send(); err != nil {
			t.Fatal(err)
		}
		if resp, body, err := first[i].response(); err != nil || resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("first wave, connection %d: %v %v %q", i, resp, err, body)
		}
	}

	// Many more ask too; each is answered only once a slot is free, that
	// is once the server has closed an idle connection of the first wave,
	// at least idle_timeout after start.
	var wg sync.WaitGroup
	answered := make([]time.Duration, extra)
	errs := make([]error, extra)
	for i := range extra {
		c := dialHTTP(t, s.httpAddr)
		if err := c.send(); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, _, err := c.response()
			answered[i] = time.Since(start)
			if err == nil && resp.StatusCode != http.StatusOK {
				err = errors.New(resp.Status)
			}
			errs[i] = err
			if err == nil && !c.closedByServer() {
				errs[i] = errors.New("not closed by the server once idle")
			}
		}()
	}
	for i, c := range first {
		if !c.closedByServer() {
			t.Errorf("first wave, connection %d: not closed by the server within 20 s of idling", i)
		}
	}
	closed := time.Since(start)
	if closed < idle {
		t.Errorf("the idle connections were closed %v after start, before idle_timeout %v", closed, idle)
	}
	wg.Wait()
	for i := range extra {
		switch {
		case errs[i] != nil:
			t.Errorf("extra connection %d: %v", i, errs[i])
		case answered[i] < idle:
			t.Errorf("extra connection %d was answered %v after start, while %d idle connections held every slot for %v",
				i, answered[i], maxConns, idle)
		}
	}
}

// TestHTTPReadTimeout: a client that sends half a request is cut off
// after read_timeout, and its slot is free again.
func TestHTTPReadTimeout(t *testing.T) {
	const read = 300 * time.Millisecond
	hc := defaultHTTPConfig()
	hc.MaxConnections = 1
	hc.ReadTimeout = duration(read)
	s := launchHTTP(t, hc)

	start := time.Now()
	slow := dialHTTP(t, s.httpAddr)
	if _, err := io.WriteString(slow.c, "GET /healthz HTTP/1.1\r\nHost: tak"); err != nil {
		t.Fatal(err)
	}
	// This one waits for the only slot, which the slow client holds.
	next := dialHTTP(t, s.httpAddr)
	if err := next.send(); err != nil {
		t.Fatal(err)
	}
	if !slow.closedByServer() {
		t.Fatal("the slow client was not cut off within 20 s")
	}
	if cut := time.Since(start); cut < read {
		t.Errorf("the slow client was cut off after %v, before read_timeout %v", cut, read)
	}
	resp, body, err := next.response()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the next client: %v %v %q", resp, err, body)
	}
	if took := time.Since(start); took < read {
		t.Errorf("the next client was answered %v after start, while the slow one held the only slot for %v", took, read)
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
