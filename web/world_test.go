package web_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/web"
)

// clock is a settable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// sink is a transport that takes every reply: it stands for email and
// Discord, whose players are named by their addresses and ids unless
// they gave a name.
type sink struct{ info bot.TransportInfo }

func (s *sink) Info() bot.TransportInfo                   { return s.info }
func (s *sink) Send(context.Context, *record.Reply) error { return nil }
func parseAny(s string) (string, bool) {
	return strings.ToLower(s), s != "" && !strings.ContainsAny(s, " <>")
}
func newSink(name string, ptn bool) *sink {
	return &sink{info: bot.TransportInfo{Name: name, ParseAddress: parseAny, PTNFirst: ptn}}
}
func (w *world) id(transport, address string) record.Identity {
	return record.Identity{Transport: transport, Address: address}
}

// The addresses of the seeded players: none may appear on a page.
const (
	annMail   = "ann@example.org"
	bobMail   = "bob.smith+tak@example.net"
	discordID = "123456789012345678"
	carolMail = "carol@example.com"
)

// world is a referee over a real bbolt file with games seeded through
// its front door, and the web server over it.
type world struct {
	t     testing.TB
	ref   *bot.Referee
	clock *clock
	web   *web.Server
	srv   *httptest.Server
	n     int
}

func newWorld(t testing.TB) *world { t.Helper(); return newWorldWith(t, nil) }

// newWorldWith is newWorld with the web server's options changed by opt.
func newWorldWith(t testing.TB, opt func(*web.Options)) *world {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "takbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w := &world{t: t, clock: &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	w.ref = bot.New(db, w.clock, bot.Options{Rand: func(int) int { return 0 }, Logger: quiet, WebURL: "https://tak.test",
		// The leaderboard lists a player after one rated game, provisional.
		LeaderboardMinGames: 1, LeaderboardMaxDeviation: 350})
	w.ref.Register(newSink("email", true))
	w.ref.Register(newSink("discord", true))
	o := web.Options{PublicURL: "https://tak.test", Logger: quiet, Now: w.clock.Now}
	if opt != nil {
		opt(&o)
	}
	w.web = web.New(w.ref, o)
	return w
}

// run starts following the referee's news, until the test ends.
func (w *world) run() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.web.Run(ctx) }()
	w.t.Cleanup(func() { cancel(); <-done })
	<-w.web.Ready()
}

// serve starts an HTTP server on 127.0.0.1.
func (w *world) serve() string {
	w.srv = httptest.NewServer(w.web)
	w.t.Cleanup(w.srv.Close)
	return w.srv.URL
}

// send hands a message to the referee.
func (w *world) send(from record.Identity, name, text string) bot.Outcome {
	w.t.Helper()
	w.n++
	w.clock.advance(time.Minute)
	out, err := w.ref.Handle(context.Background(), bot.Message{ID: fmt.Sprint("m", w.n), From: from, Name: name, Text: text})
	if err != nil {
		w.t.Fatalf("%s %q: %v", from.Key(), text, err)
	}
	if out.Refused {
		w.t.Fatalf("%s %q refused: %s", from.Key(), text, out.Replies[0].Text())
	}
	return out
}

// seed plays the games every test reads:
//
//	g1 ann (email, named Ann) vs the Discord player with no name, in progress, 9 moves
//	g2 Bob (an email address for a name) vs ann, 5x5 private
//	g3 carol vs ann, 4x4, over by resignation after two moves each (rated)
func (w *world) seed() {
	ann, bob, dis, carol := w.id("email", annMail), w.id("email", bobMail), w.id("discord", discordID), w.id("email", carolMail)
	w.send(ann, "Ann", "new discord:"+discordID+" size=5 color=white")
	w.send(dis, "", "game g1; accept")
	for i, m := range []string{"a1", "e5", "c3", "c2", "d3", "b3", "Cb2", "d2", "b4"} {
		who := ann
		if i%2 == 1 {
			who = dis
		}
		w.send(who, "", "game g1; "+m)
	}
	w.send(bob, bobMail, "new email:"+annMail+" private=yes color=white")
	w.send(ann, "Ann", "game g2; accept")
	w.send(bob, "", "game g2; a1")
	w.send(carol, "", "new email:"+annMail+" size=4 color=white")
	w.send(ann, "Ann", "game g3; accept")
	for i, m := range []string{"a1", "d4", "b1", "c4"} { // two moves each: then a resignation is rated
		if i%2 == 0 {
			w.send(carol, "", "game g3; "+m)
		} else {
			w.send(ann, "Ann", "game g3; "+m)
		}
	}
	w.send(carol, "", "game g3; resign")
}

// seedRated plays g4 after seed: carol vs ann again on 4x4, carol
// resigning after two moves each, so Ann has two rated games.
func (w *world) seedRated() {
	ann, carol := w.id("email", annMail), w.id("email", carolMail)
	w.send(carol, "", "new email:"+annMail+" size=4 color=white")
	w.send(ann, "Ann", "game g4; accept")
	for i, m := range []string{"a1", "d4", "b1", "c4"} {
		if i%2 == 0 {
			w.send(carol, "", "game g4; "+m)
		} else {
			w.send(ann, "Ann", "game g4; "+m)
		}
	}
	w.clock.advance(24 * time.Hour) // the graph spans a day
	w.send(carol, "", "game g4; resign")
}

// get fetches a path from the handler directly.
func (w *world) get(path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	w.web.ServeHTTP(rec, req)
	return rec
}

// secrets are what no page may show.
var secrets = []string{annMail, bobMail, discordID, carolMail, "example.org", "example.net", "example.com", "email:", "discord:"}

// leaks returns the secrets a text holds.
func leaks(text string) []string {
	var out []string
	for _, s := range secrets {
		if strings.Contains(strings.ToLower(text), s) {
			out = append(out, s)
		}
	}
	return out
}
