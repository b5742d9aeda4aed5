package web_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/web"
)

// unsubscribers records the tokens it is asked to carry out; known are
// the tokens that name an address, fail makes it fail.
type unsubscribers struct {
	mu    sync.Mutex
	done  map[string]int
	known map[string]bool
	fail  bool
}

func (u *unsubscribers) Unsubscribe(_ context.Context, token string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.fail {
		return errors.New("the store is down")
	}
	if u.known[token] {
		u.done[token]++
	}
	return nil
}

func (u *unsubscribers) count(token string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.done[token]
}

// TestOneClickUnsubscribe: over real HTTP on 127.0.0.1, POST
// /unsubscribe/TOKEN carries out the one-click unsubscribe (RFC 8058)
// and answers every token alike (a known one, an unknown one, the same
// twice), so the answer tells nothing; any other method changes nothing
// and is refused with Allow: POST; a failing store answers 503; without
// an Unsubscriber there is no such page.
func TestOneClickUnsubscribe(t *testing.T) {
	u := &unsubscribers{done: map[string]int{}, known: map[string]bool{"abcdefghijklmnopqrstuvwx": true}}
	w := newWorldWith(t, func(o *web.Options) { o.Unsubscriber = u })
	base := w.serve()
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("the server listens on %s, want 127.0.0.1", base)
	}
	do := func(method, path, body string) (int, string, http.Header) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	const known, unknown = "/unsubscribe/abcdefghijklmnopqrstuvwx", "/unsubscribe/zzzzzzzzzzzzzzzzzzzzzzzz"
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete} {
		status, _, h := do(m, known, "")
		if status != http.StatusMethodNotAllowed || h.Get("Allow") != http.MethodPost {
			t.Errorf("%s %s: %d, Allow %q; want 405, POST", m, known, status, h.Get("Allow"))
		}
	}
	if n := u.count("abcdefghijklmnopqrstuvwx"); n != 0 {
		t.Fatalf("other methods unsubscribed %d times", n)
	}
	status, first, h := do(http.MethodPost, known, "List-Unsubscribe=One-Click")
	if status != http.StatusOK || !strings.Contains(first, "no more mail") || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("POST: %d %q, Cache-Control %q", status, first, h.Get("Cache-Control"))
	}
	if n := u.count("abcdefghijklmnopqrstuvwx"); n != 1 {
		t.Fatalf("POST carried out %d unsubscribes, want 1", n)
	}
	for _, path := range []string{known, unknown} {
		status, body, _ := do(http.MethodPost, path, "List-Unsubscribe=One-Click")
		if status != http.StatusOK || body != first {
			t.Errorf("POST %s: %d %q; want the same answer as the first, %q", path, status, body, first)
		}
	}
	u.mu.Lock()
	u.fail = true
	u.mu.Unlock()
	if status, body, h := do(http.MethodPost, known, ""); status != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || strings.Contains(body, "store") {
		t.Errorf("POST with the store down: %d %q, Retry-After %q; want 503 saying nothing of why", status, body, h.Get("Retry-After"))
	}

	plain := newWorld(t)
	plainBase := plain.serve()
	resp, err := http.Post(plainBase+known, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST without an Unsubscriber: %d, want 404", resp.StatusCode)
	}
}
