package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// /e/NAME shows a public event's standings, crosstable and rounds with
// links to its games, without an address; a private event, like a
// missing one, is not found.
func TestEventPage(t *testing.T) {
	w := newWorld(t)
	ann, bob, dis, carol := w.id("email", annMail), w.id("email", bobMail), w.id("discord", discordID), w.id("email", carolMail)
	w.send(ann, "Ann", "event new Spring format=roundrobin size=5")
	w.send(ann, "Ann", "event new Hidden private=yes")
	for _, p := range []struct {
		id   bot.Identity
		name string
	}{{ann, "Ann"}, {bob, bobMail}, {dis, ""}, {carol, "Carol"}} {
		w.send(p.id, p.name, "join spring")
	}
	w.send(ann, "Ann", "event start spring")
	var tr *record.Tourney
	tr, err := w.ref.Tourney(context.Background(), "spring")
	if err != nil {
		t.Fatal(err)
	}
	rec := w.get("/e/spring")
	body := rec.Body.String()
	if rec.Code != http.StatusOK {
		t.Fatalf("/e/spring: %d\n%s", rec.Code, body)
	}
	for _, want := range []string{"<h1>Spring</h1>", "round-robin, running, round 1 of 3", "Standings", "Crosstable", "Round 1", `href="/g/` + tr.Schedule[0].Boards[0].Game + `"`, "Ann", "Carol"} {
		if !strings.Contains(body, want) {
			t.Errorf("/e/spring lacks %q", want)
		}
	}
	if l := leaks(body); len(l) > 0 {
		t.Errorf("/e/spring shows %q", l)
	}
	for _, path := range []string{"/e/hidden", "/e/nosuch"} {
		if rec := w.get(path); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, rec.Code)
		}
	}
}

// An open event's page says when it starts by itself, in UTC.
func TestEventPageStart(t *testing.T) {
	w := newWorld(t)
	ann := w.id("email", annMail)
	w.send(ann, "Ann", "event new Autumn start=2030-01-02T10:30")
	rec := w.get("/e/autumn")
	if body := rec.Body.String(); rec.Code != http.StatusOK || !strings.Contains(body, "starts 2030-01-02 10:30 UTC") {
		t.Errorf("/e/autumn: %d\n%s", rec.Code, body)
	}
}
