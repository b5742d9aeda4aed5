package web_test

import (
	"context"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
)

func TestPages(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	for _, c := range []struct {
		path   string
		status int
		want   []string
	}{
		{"/", 200, []string{`<td data-label="To move" class="name">a player</td><td data-label="Time left">2 days 23 h</td>`, `<td data-label="Moves" class="num">5</td>`, `<a href="/g/g1">g1</a>`, "In progress (1)", "Recently finished (1)", `<a href="/g/g3">g3</a>`, ">Ann<"}},
		{"/?size=4", 200, []string{"In progress (0)", `<a href="/g/g3">g3</a>`}},
		{"/?player=carol", 200, []string{"In progress (0)", "Recently finished (1)"}},
		{"/?player=nobody", 200, []string{"In progress (0)", "Recently finished (0)"}},
		{"/?size=9", 400, []string{"from 3 to 8"}},
		{"/g/g1", 200, []string{"Game g1: <a href=\"/p/Ann\">Ann</a> (white) vs", "a player", "After turn 9 (PTN move 5, white)",
			"Turn 10 (PTN move 5, black): a player (black) to move, by 2026-11-", // the clock
			`<a href="/g/g1?turn=8" rel="prev"`, `<span class="off" id="next">Next ›</span>`,
			`<meta property="og:image" content="https://tak.test/g/g1/board.png?turn=9">`, `<meta property="og:title" content="Ann vs a player, game g1">`,
			`<link rel="icon" href="/favicon.svg" type="image/svg+xml">`, `aria-live="polite"`,
			"<figcaption>Ann (white) played", // the move, not the alt text again `data-events="/g/g1/events"`,
			"Cb2</a> / ",                     // both notations
			`href="/g/g1/game.ptn"`, `href="/g/g1/position.tps?turn=9"`, "ptn.ninja", "https://tak.test/g/g1?turn=9",
			`alt="5x5 board after turn 9`, `<th scope="row">5</th>`}},
		{"/g/g1?turn=0", 200, []string{"The start, before the first move", `href="/g/g1?turn=1" rel="next"`, `<span class="off" id="prev">‹ Previous</span>`}},
		{"/g/g1?turn=3", 200, []string{"After turn 3 (PTN move 2, white)", `class="current"><a href="/g/g1?turn=3" aria-current="step">c3</a>`}},
		{"/g/g1?turn=10", 404, nil},
		{"/g/g1?turn=x", 400, []string{"one whole number"}},
		{"/g/g2", 404, []string{"private"}},
		{"/g/g2/game.ptn", 404, nil},
		{"/g/g2/board.png", 404, nil},
		{"/g/g2/events", 404, nil},
		{"/g/g9", 404, nil},
		{"/g/g3", 200, []string{"Game over: ", "(0-1)", `data-events=""`}},
		{"/p/Ann", 200, []string{"<h1>Ann</h1>", `<a href="/g/g1">g1</a>`, `<a href="/g/g3">g3</a>`, "<td>3x3 and 4x4</td><td class=\"num\">1662 <span class=\"prov\">provisional</span></td><td class=\"num\">± 290</td>", "1 finished game: 1 won",
			"<th scope=\"col\">Time left</th>", `<td data-label="Time left">2 days 23 h</td>`, `<time datetime="2026-11-21T09:11:00Z">2026-11-21</time>`}},
		{"/favicon.svg", 200, []string{"<svg"}},
		{"/g/g1/board.png?theme=dark", 200, nil},
		{"/g/g1/board.png?theme=pink", 400, []string{"light or dark"}},
		{"/p/" + annMail, 404, nil},
		{"/p/nobody", 404, nil},
		{"/leaderboard", 200, []string{"Leaderboard, 5x5", "Nobody is rated"}},
		{"/leaderboard?size=x", 400, nil},
		{"/leaderboard?size=4", 200, []string{`<td class="name"><a href="/p/Ann">Ann</a></td><td class="num">1662 <span class="prov">provisional</span></td><td class="num">± 290</td>`}},
		{"/static/live.js", 200, []string{"EventSource"}},
		{"/nothing", 404, nil},
	} {
		rec := w.get(c.path)
		body := rec.Body.String()
		if rec.Code != c.status {
			t.Errorf("GET %s: status %d, want %d\n%s", c.path, rec.Code, c.status, body)
			continue
		}
		for _, s := range c.want {
			if !strings.Contains(body, s) {
				t.Errorf("GET %s lacks %q:\n%s", c.path, s, body)
			}
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("GET %s: CSP %q", c.path, csp)
		}
	}
	// The icon is SVG, cached.
	if rec := w.get("/favicon.svg"); rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Header().Get("Cache-Control"), "max-age=") {
		t.Errorf("favicon: %q, %q", rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
	}
	// g2 is private: in no list, on no player's page.
	for _, path := range []string{"/", "/p/Ann"} {
		if body := w.get(path).Body.String(); strings.Contains(body, "g2") {
			t.Errorf("%s shows the private game g2", path)
		}
	}
	// a name hidden for privacy has no page, so it is not linked
	for _, path := range []string{"/", "/g/g1", "/leaderboard"} {
		if body := w.get(path).Body.String(); strings.Contains(body, "/p/a%20player") {
			t.Errorf("%s links the hidden name", path)
		}
	}
}

// TestDownloads: the PTN replays with our notation package to the
// position the page shows, the TPS is that position.
func TestDownloads(t *testing.T) {
	w := newWorld(t)
	w.seed()
	rec := w.get("/g/g1/game.ptn")
	if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment; filename=g1.ptn") {
		t.Fatalf("PTN: %d %v", rec.Code, rec.Header())
	}
	games, err := notation.ReadPTN(strings.NewReader(rec.Body.String()))
	if err != nil || len(games) != 1 {
		t.Fatalf("the PTN does not read: %v\n%s", err, rec.Body.String())
	}
	end, err := games[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	tps := w.get("/g/g1/position.tps").Body.String()
	if got := notation.FormatTPS(end.Position()); got+"\n" != tps || !strings.Contains(rec.Body.String(), `[Player1 "Ann"]`) {
		t.Errorf("replayed PTN ends at %s, the TPS download says %s", got, tps)
	}
	if got := w.get("/g/g1/position.tps?turn=0").Body.String(); !strings.HasPrefix(got, "x5/x5/x5/x5/x5 1 1") {
		t.Errorf("TPS at turn 0: %q", got)
	}
}

func TestPictureETag(t *testing.T) {
	w := newWorld(t)
	w.seed()
	rec := w.get("/g/g1/board.png?turn=4")
	tag := rec.Header().Get("ETag")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || tag == "" || !strings.HasPrefix(rec.Body.String(), "\x89PNG") {
		t.Fatalf("picture: %d %v", rec.Code, rec.Header())
	}
	if again := w.get("/g/g1/board.png?turn=4", "If-None-Match", tag); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("If-None-Match %s: %d with %d bytes", tag, again.Code, again.Body.Len())
	}
	if other := w.get("/g/g1/board.png?turn=5", "If-None-Match", tag); other.Code != 200 || other.Header().Get("ETag") == tag {
		t.Errorf("another turn with the first's tag: %d, tag %s", other.Code, other.Header().Get("ETag"))
	}
}

var linkAttr = regexp.MustCompile(`(?:href|src|data-events|action)="(/[^"]*)"`)

// TestNoAddressAnywhere crawls every page and download of the seeded
// store, every position of every game, and the pages of the private game
// and of made-up names: no address, Discord id or key appears.
func TestNoAddressAnywhere(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	queue := []string{"/", "/leaderboard", "/g/g2", "/g/g2/game.ptn", "/g/g2/position.tps", "/p/" + annMail, "/p/" + discordID,
		"/p/a%20player", "/?player=example", "/g/g9"}
	for _, g := range []string{"g1", "g3"} {
		for turn := 0; turn <= 10; turn++ {
			queue = append(queue, "/g/"+g+"?turn="+itoa(turn), "/g/"+g+"/position.tps?turn="+itoa(turn))
		}
	}
	seen := map[string]bool{}
	pages := 0
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] || strings.HasSuffix(path, "/events") {
			continue
		}
		seen[path] = true
		rec := w.get(path)
		body := rec.Body.String()
		pages++
		if l := leaks(body); len(l) > 0 {
			t.Errorf("GET %s (status %d) shows %v", path, rec.Code, l)
		}
		for k, v := range rec.Header() {
			if l := leaks(k + ": " + strings.Join(v, ",")); len(l) > 0 {
				t.Errorf("GET %s: header shows %v", path, l)
			}
		}
		if rec.Code >= 500 {
			t.Errorf("GET %s: %d", path, rec.Code)
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			continue
		}
		for _, m := range linkAttr.FindAllStringSubmatch(body, -1) {
			queue = append(queue, html.UnescapeString(m[1]))
		}
	}
	if pages < 40 || !seen["/g/g1/game.ptn"] || !seen["/g/g3/board.png?turn=2"] || !seen["/p/Ann"] {
		t.Errorf("the crawl read %d pages: %v", pages, seen)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestPrivatePlayersHaveNoPage (issue 24, point 6): /p/NAME showed a
// rating and results earned only in private games, and existed for a
// player whose only game was private. Now the page passes the referee's
// filter: a player whose only game is private has no page (the same 404
// as a name nobody has), and a private game's result counts on no page.
func TestPrivatePlayersHaveNoPage(t *testing.T) {
	w := newWorld(t)
	w.seed()
	dave := w.id("email", "dave@example.org")
	ann := w.id("email", annMail)
	w.send(dave, "Dave", "new email:"+annMail+" private=yes color=white size=5")
	id := "g4"
	w.send(ann, "Ann", "game "+id+"; accept")
	for i, m := range []string{"a1", "e5", "b1", "e4"} {
		if i%2 == 0 {
			w.send(dave, "Dave", "game "+id+"; "+m)
		} else {
			w.send(ann, "Ann", "game "+id+"; "+m)
		}
	}
	w.send(dave, "Dave", "game "+id+"; resign") // Ann wins privately
	w.run()
	hidden, unknown := w.get("/p/Dave"), w.get("/p/Zed")
	if hidden.Code != 404 || hidden.Body.String() != unknown.Body.String() {
		t.Errorf("/p/Dave: %d, a page other than an unknown name's:\n%s", hidden.Code, hidden.Body.String())
	}
	page := w.get("/p/Ann").Body.String()
	for _, bad := range []string{id, "Dave", "2 won", "2 finished"} {
		if strings.Contains(page, bad) {
			t.Errorf("/p/Ann shows %q of the private game:\n%s", bad, page)
		}
	}
	if !strings.Contains(page, "1 finished game: 1 won") || !strings.Contains(page, `<td class="num">1662 <span class="prov">provisional</span></td><td class="num">± 290</td>`) {
		t.Errorf("/p/Ann lacks her public record:\n%s", page)
	}
	for _, path := range []string{"/", "/?player=dave", "/leaderboard?size=5", "/g/" + id, "/g/" + id + "/game.ptn"} {
		if body := w.get(path).Body.String(); strings.Contains(body, "Dave") || strings.Contains(body, `href="/g/`+id+`"`) {
			t.Errorf("%s shows the private game or its player:\n%s", path, body)
		}
	}
	if g, err := w.ref.Game(context.Background(), id); err != nil || g.Rating != nil || !g.Unrated {
		t.Errorf("the private game: %+v, %v", g, err)
	}
}
