package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzURL requests hostile paths and parameters: every answer is a page
// (never a 500, never a panic) and shows no address.
func FuzzURL(f *testing.F) {
	w := newWorld(f)
	w.seed()
	for _, s := range []string{"/g/g1?turn=3", "/g/g1?turn=-1", "/g/g1?turn=99999999999999999999", "/g/g1?turn=1&turn=2",
		"/g/g2", "/g/g1/board.png?turn=0", "/g/g1/position.tps?turn=9", "/?size=5&player=ann", "/?player=%00%ff",
		"/p/Ann", "/p/%2e%2e", "/p/" + strings.Repeat("x", 300), "/leaderboard?size=3", "/g/G1", "/g/g1/../g2", "/static/../web.go",
		"/g/g1/events?x=1", "//g/g1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, target string) {
		u, err := url.ParseRequestURI(target)
		if err != nil || !strings.HasPrefix(target, "/") || strings.HasSuffix(u.Path, "/events") {
			return // not a request line a client can send; streams stay open
		}
		req := httptest.NewRequest(http.MethodGet, "http://tak.test/", nil)
		req.URL, req.RequestURI = u, target
		rec := httptest.NewRecorder()
		w.web.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("GET %q: %d\n%s", target, rec.Code, rec.Body.String())
		}
		if l := leaks(rec.Body.String()); len(l) > 0 {
			t.Fatalf("GET %q shows %v", target, l)
		}
	})
}
