package web_test

import (
	"strings"
	"testing"
)

// /g/ID/ninja, the mails' short link, redirects to the replay the game
// page links to; a game the page does not show is not found.
func TestNinjaRedirect(t *testing.T) {
	w := newWorld(t)
	w.seed()
	rec := w.get("/g/g1/ninja")
	loc := rec.Header().Get("Location")
	if rec.Code != 302 || !strings.HasPrefix(loc, "https://ptn.ninja/") {
		t.Fatalf("/g/g1/ninja: %d, Location %q", rec.Code, loc)
	}
	if page := w.get("/g/g1").Body.String(); !strings.Contains(page, strings.ReplaceAll(loc, "&", "&amp;")) && !strings.Contains(page, loc) {
		t.Errorf("the redirect %q is not the replay the game page links to", loc)
	}
	if rec := w.get("/g/g2/ninja"); rec.Code != 404 {
		t.Errorf("/g/g2/ninja (a game the page does not show): %d, want 404", rec.Code)
	}
}
