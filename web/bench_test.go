package web_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// BenchmarkGamePage serves the page of a game of 60 moves (its latest
// position), as a browser asks for it. The target is under 5 ms.
func BenchmarkGamePage(b *testing.B) {
	w := newWorld(b)
	ann, dis := w.id("email", annMail), w.id("discord", discordID)
	w.send(ann, "Ann", "new discord:"+discordID+" size=6 color=white")
	w.send(dis, "Dee", "game g1; accept")
	n := 0
	for _, m := range longGame {
		who := ann
		if n%2 == 1 {
			who = dis
		}
		w.send(who, "", "game g1; "+m)
		n++
	}
	req := httptest.NewRequest(http.MethodGet, "/g/g1", nil)
	if rec := httptest.NewRecorder(); func() int { w.web.ServeHTTP(rec, req); return rec.Code }() != 200 {
		b.Fatal("the game page fails")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		w.web.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
	b.ReportMetric(float64(n), "moves")
}

// BenchmarkPicture304 answers a cached picture's revalidation.
func BenchmarkPicture304(b *testing.B) {
	w := newWorld(b)
	w.seed()
	rec := w.get("/g/g1/board.png")
	tag := rec.Header().Get("ETag")
	for b.Loop() {
		if rec := w.get("/g/g1/board.png", "If-None-Match", tag); rec.Code != http.StatusNotModified {
			b.Fatal(rec.Code)
		}
	}
}

// longGame is 60 plies of a 6x6 game, each a legal move chosen by a
// fixed rule (the 7th legal move, or the last when there are fewer) that
// does not end the game.
var longGame = func() []string {
	pos, err := tak.NewPosition(tak.DefaultConfig(6))
	if err != nil {
		panic(err)
	}
	var ms []string
	for len(ms) < 60 {
		legal := pos.LegalMoves(nil)
		for k := 0; k < len(legal); k++ {
			m := legal[(7+k*13)%len(legal)]
			next, err := pos.Play(m)
			if err != nil || next.Result().Over() {
				continue
			}
			ms = append(ms, notation.FormatPTN(m, pos))
			pos = next
			break
		}
	}
	return ms
}()
