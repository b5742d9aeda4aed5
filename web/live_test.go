package web_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/web"
)

// readEvent reads one server-sent event (its "event:" name and data),
// skipping comments.
func readEvent(t *testing.T, r *bufio.Reader) (name, data string) {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = line[len("data: "):]
		}
	}
}

// TestLiveMove: a move lands and the game's stream says so within a second.
func TestLiveMove(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	base := w.serve()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/g/g1/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %v", resp.StatusCode, resp.Header)
	}
	r := bufio.NewReader(resp.Body)
	if name, data := readEvent(t, r); name != "hello" || data != "9" {
		t.Fatalf("first event %s %s", name, data)
	}
	start := time.Now()
	w.send(w.id("discord", discordID), "", "game g1; a2")
	name, data := readEvent(t, r)
	if took := time.Since(start); name != "move" || data != "10" || took > time.Second {
		t.Errorf("after the move: event %s %s after %v", name, data, took)
	}
	// The lists follow too: turn 10 is in PTN move 5, and Ann is to move.
	if body := w.get("/").Body.String(); !strings.Contains(body, `<td data-label="Moves" class="num">5</td><td data-label="To move" class="name">Ann</td>`) {
		t.Errorf("the front page does not show the 10th turn yet:\n%s", body)
	}
}

// TestStreamBounds: a client holds at most 4 streams; more are refused
// with 429 until one closes.
func TestStreamBounds(t *testing.T) {
	w := newWorld(t)
	w.seed()
	base := w.serve()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var open []*http.Response
	defer func() {
		for _, r := range open {
			r.Body.Close()
		}
	}()
	for i := range 5 {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/g/g1/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		want := 200
		if i == 4 {
			want = http.StatusTooManyRequests
		}
		if resp.StatusCode != want {
			t.Fatalf("stream %d: %d, want %d", i+1, resp.StatusCode, want)
		}
		if want == 200 {
			readEvent(t, bufio.NewReader(resp.Body)) // it is open
		}
		open = append(open, resp)
	}
}

// TestStreamOutlivesReadTimeout: a stream stays open past the server's
// read timeout (which would end its request's context) and still carries
// the next move.
func TestStreamOutlivesReadTimeout(t *testing.T) {
	w := newWorldWith(t, func(o *web.Options) { o.Keepalive = 10 * time.Millisecond })
	w.seed()
	w.run()
	srv := httptest.NewUnstartedServer(w.web)
	srv.Config.ReadTimeout = 30 * time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)
	resp, err := http.Get(srv.URL + "/g/g1/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	readEvent(t, r) // hello
	// Ten keepalives, 10 ms apart: the read timeout has passed.
	for i := 0; i < 10; {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended after %d keepalives: %v", i, err)
		}
		if line == ": keepalive\n" {
			i++
		}
	}
	w.send(w.id("discord", discordID), "", "game g1; a2")
	if name, data := readEvent(t, r); name != "move" || data != "10" {
		t.Errorf("after the read timeout: %s %s", name, data)
	}
}

// TestStreamBoundsBehindProxy: with ClientHeader, clients behind one
// proxy are told apart by the header's last address.
func TestStreamBoundsBehindProxy(t *testing.T) {
	w := newWorldWith(t, func(o *web.Options) { o.ClientHeader = "X-Forwarded-For"; o.StreamsPerClient = 1 })
	w.seed()
	base := w.serve()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []struct {
		forwarded string
		want      int
	}{{"203.0.113.9, 198.51.100.1", 200}, {"198.51.100.2", 200}, {"203.0.113.7, 198.51.100.1", http.StatusTooManyRequests}} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/g/g1/events", nil)
		req.Header.Set("X-Forwarded-For", c.forwarded)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("X-Forwarded-For %s: %d, want %d", c.forwarded, resp.StatusCode, c.want)
		}
		if c.want == 200 {
			readEvent(t, bufio.NewReader(resp.Body))
		}
	}
}

// TestStreamBoundsPerSlash64: 48 addresses of one IPv6 /64 are one client
// and hold streams_per_client live streams between them, not 48 times as
// many; another /64, and an IPv4 address, still get theirs.
func TestStreamBoundsPerSlash64(t *testing.T) {
	const perClient, total = 4, 20
	w := newWorldWith(t, func(o *web.Options) {
		o.ClientHeader = "X-Real-IP"
		o.StreamsPerClient = perClient
		o.StreamsTotal = total
	})
	w.seed()
	base := w.serve()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	open := func(addr string) int {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/g/g1/events", nil)
		req.Header.Set("X-Real-IP", addr)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == 200 {
			readEvent(t, bufio.NewReader(resp.Body)) // open: held until the test ends
			t.Cleanup(func() { resp.Body.Close() })
		} else {
			resp.Body.Close()
		}
		return resp.StatusCode
	}
	opened := 0
	for i := range 48 {
		if open(fmt.Sprintf("2001:db8:7:1:%x:%x::%x", i, i*31, i+1)) == 200 {
			opened++
		}
	}
	if opened != perClient {
		t.Errorf("48 addresses of 2001:db8:7:1::/64 opened %d live streams, want %d (of %d in all)", opened, perClient, total)
	}
	for _, addr := range []string{"2001:db8:7:2::1", "[2001:db8:7:3::1]:443", "192.0.2.1", "192.0.2.2"} {
		if code := open(addr); code != 200 {
			t.Errorf("%s: %d, want a stream", addr, code)
		}
	}
}

// TestLiveMoveEveryStream: three streams of one game each get every move,
// with the same event.
func TestLiveMoveEveryStream(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	base := w.serve()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var readers []*bufio.Reader
	for range 3 {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/g/g1/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		if name, data := readEvent(t, r); name != "hello" || data != "9" {
			t.Fatalf("first event %s %s", name, data)
		}
		readers = append(readers, r)
	}
	for i, move := range []struct{ who, text, turn string }{{discordID, "a2", "10"}, {annMail, "a3", "11"}} {
		kind := "discord"
		if i == 1 {
			kind = "email"
		}
		w.send(w.id(kind, move.who), "", "game g1; "+move.text)
		for k, r := range readers {
			if name, data := readEvent(t, r); name != "move" || data != move.turn {
				t.Errorf("stream %d after %s: event %s %s", k, move.text, name, data)
			}
		}
	}
}

// TestGamePageGzip: a game page is sent compressed to a reader that takes
// gzip (with its length and Vary), the same page once inflated, and
// plain to one that does not or refuses it.
func TestGamePageGzip(t *testing.T) {
	w := newWorld(t)
	w.seed()
	plain := w.get("/g/g1")
	if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" ||
		plain.Header().Get("Content-Length") != strconv.Itoa(plain.Body.Len()) || plain.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("plain: %d %v", plain.Code, plain.Header())
	}
	for _, ae := range []string{"gzip", "gzip, deflate, br, zstd", "br;q=1.0, GZIP;q=0.5"} {
		rec := w.get("/g/g1", "Accept-Encoding", ae)
		if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Length") != strconv.Itoa(rec.Body.Len()) {
			t.Fatalf("%q: %v", ae, rec.Header())
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		page, err := io.ReadAll(zr)
		if err != nil || string(page) != plain.Body.String() {
			t.Fatalf("%q: the inflated page differs (%v)", ae, err)
		}
	}
	for _, ae := range []string{"gzip;q=0", "deflate", "identity"} {
		if rec := w.get("/g/g1", "Accept-Encoding", ae); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != plain.Body.String() {
			t.Fatalf("%q: %v", ae, rec.Header())
		}
	}
}
