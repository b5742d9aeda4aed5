package web_test

import (
	"strings"
	"testing"
)

// TestPageChatNeedsBothConsents: a game's page shows what its players
// said only once both chose "set chat public"; a player who did not
// consent keeps the page chat-free, and a private game never shows it.
func TestPageChatNeedsBothConsents(t *testing.T) {
	w := newWorld(t)
	w.seed()
	w.run()
	ann, dis, bob := w.id("email", annMail), w.id("discord", discordID), w.id("email", bobMail)
	w.send(ann, "Ann", "game g1; say good luck")
	w.send(dis, "", "game g1; say thanks, you too")
	w.send(bob, "", "game g2; say secret plans")
	page := func(path string) string {
		t.Helper()
		rec := w.get(path)
		return rec.Body.String()
	}
	if body := page("/g/g1"); strings.Contains(body, "good luck") || strings.Contains(body, "What the players said") {
		t.Fatalf("nobody consented, the page shows the chat")
	}
	w.send(ann, "Ann", "set chat public")
	w.send(bob, "", "set chat public")
	if body := page("/g/g1"); strings.Contains(body, "good luck") {
		t.Fatalf("the Discord player did not consent, the page shows the chat")
	}
	w.send(dis, "", "set chat public")
	body := page("/g/g1")
	for _, want := range []string{"What the players said", "<b>Ann</b>: good luck", "<b>a player</b>: thanks, you too"} {
		if !strings.Contains(body, want) {
			t.Errorf("both consented: want %q on the page", want)
		}
	}
	if l := leaks(body); len(l) > 0 {
		t.Errorf("the page shows %v", l)
	}
	if rec := w.get("/g/g2"); rec.Code != 404 || strings.Contains(rec.Body.String(), "secret plans") {
		t.Errorf("the private game's page: %d", rec.Code)
	}
	w.send(dis, "", "set chat private")
	if body := page("/g/g1"); strings.Contains(body, "good luck") {
		t.Errorf("consent taken back, the page still shows the chat")
	}
}
