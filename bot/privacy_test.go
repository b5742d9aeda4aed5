package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// Attack tests of issue 24's privacy points (4 and 6, and "stats x@y"):
// every read view passes the one filter of visibility.go.

// mail is an email identity.
func mail(addr string) bot.Identity { return bot.Identity{Transport: "email", Address: addr} }

// sendAs hands a message from any identity to the referee.
func (h *harness) sendAs(from bot.Identity, name, text string) []bot.Reply {
	h.t.Helper()
	h.n++
	return h.handle(bot.Message{ID: "m" + itoa(h.n), From: from, Name: name, Text: text})
}

// textToID joins the texts of the replies to one identity.
func textToID(rs []bot.Reply, id bot.Identity) string {
	var b strings.Builder
	for _, r := range rs {
		if r.To == id {
			b.WriteString(r.Text() + "\n")
		}
	}
	return b.String()
}

// playPrivate plays a private game white vs black (console players) that
// black resigns after two moves each, and returns its id.
func (h *harness) playPrivate(white, black string) string {
	h.t.Helper()
	id := h.start(white, black, "size=5 private=yes")
	h.opening(id)
	h.send(black, "game "+id+"; resign")
	if g := h.game(id); g.Status != bot.Over || !g.Private {
		h.t.Fatalf("private game %s: %s, private %v", id, g.Status, g.Private)
	}
	return id
}

// TestStatsHidePrivateGames (issue 24, point 6): anyone's "stats bob"
// listed bob's private games with opponent and result. Now a private game
// is unrated, others' stats neither count nor list it, and its players
// still see it in their own.
func TestStatsHidePrivateGames(t *testing.T) {
	h := newHarness(t)
	pub := h.start("bob", "ann", "size=6")
	h.opening(pub)
	h.send("ann", "game "+pub+"; resign") // bob wins a public, rated game
	priv := h.playPrivate("ann", "bob")   // and loses a private one

	if g := h.game(priv); g.Rating != nil || g.Rated() || !g.Unrated {
		t.Errorf("the private game is rated: rated %v, unrated %v, change %+v", g.Rated(), g.Unrated, g.Rating)
	}
	if e := h.entry("bob", "5x5"); e.Games != 0 {
		t.Errorf("bob rated by a private game: %+v", e)
	}
	carol := allText(h.send("carol", "stats bob"))
	for _, bad := range []string{priv, "1 lost", "5x5"} {
		if strings.Contains(carol, bad) {
			t.Errorf("carol's \"stats bob\" shows %q of the private game:\n%s", bad, carol)
		}
	}
	if !strings.Contains(carol, "bob's record: 1 game finished, 1 won, 0 lost, 0 drawn.") || !strings.Contains(carol, pub) {
		t.Errorf("carol's \"stats bob\":\n%s", carol)
	}
	// The players see their private game: in their own stats, and in
	// each other's.
	for _, tc := range []struct{ who, cmd, want string }{
		{"bob", "stats", "Your record: 2 games finished, 1 won, 1 lost, 0 drawn."},
		{"ann", "stats bob", "bob's record: 2 games finished, 1 won, 1 lost, 0 drawn."},
	} {
		if got := allText(h.send(tc.who, tc.cmd)); !strings.Contains(got, tc.want) || !strings.Contains(got, priv) {
			t.Errorf("%s's %q lacks %q and %s:\n%s", tc.who, tc.cmd, tc.want, priv, got)
		}
	}
	// The public view (the web's) is carol's.
	st, err := h.ref.PlayerStats(context.Background(), player("bob").Key())
	if err != nil || st.Games != 1 || st.Losses != 0 {
		t.Errorf("public stats of bob: %+v, %v", st, err)
	}
	// Watching or choosing the private game is refused as for a missing
	// one.
	for _, verb := range []string{"watch ", "game "} {
		if a, b := allText(h.send("carol", verb+priv)), allText(h.send("carol", verb+"g99")); strings.ReplaceAll(a, priv, "g99") != b {
			t.Errorf("%q of a private game is answered otherwise than of a missing one:\n%s\n%s", verb, a, b)
		}
	}
}

// TestPrivateGamesAreNeverRated: private=yes makes a game unrated, at
// creation and when rating; asking for both is refused.
func TestPrivateGamesAreNeverRated(t *testing.T) {
	h := newHarness(t)
	if got := allText(h.send("ann", "new bob private=yes rated=yes")); !strings.Contains(got, "a private game is never rated") {
		t.Errorf("private=yes rated=yes: %s", got)
	}
	id := h.send("ann", "new bob private=yes")[0].Game
	if g := h.game(id); !g.Unrated || !g.Private {
		t.Errorf("a private challenge: unrated %v, private %v", g.Unrated, g.Private)
	}
	// A private game stored as rated (before this rule) is not rated
	// either.
	g := &bot.GameRecord{Status: bot.Over, Private: true, Players: [2]string{"console:ann", "console:bob"}, Moves: make([]bot.MoveRecord, 10)}
	if g.Rated() {
		t.Error("a private game with rated=yes is rated")
	}
	g.Private = false
	if !g.Rated() {
		t.Error("the same game, public, is not rated")
	}
}

// TestUnknownAndHiddenAreAlike ("stats x@y" told whether an address plays
// here): an address whose only game is private, an address that only
// received a challenge, and an address nobody uses are answered alike,
// word for word; so is the public view.
func TestUnknownAndHiddenAreAlike(t *testing.T) {
	h := newHarness(t)
	dan := mail("dan@example.org")
	id := h.sendAs(dan, "Dan", "new ann private=yes color=white")[0].Game
	h.send("ann", "game "+id+"; accept")
	h.sendAs(mail("eve@example.org"), "Eve", "new fay@example.org") // fay never answered
	norm := func(text, addr string) string { return strings.ReplaceAll(text, addr, "ADDRESS") }
	want := norm(allText(h.send("carol", "stats zed@example.org")), "zed@example.org")
	if !strings.Contains(want, "knows no player") {
		t.Fatalf("stats of an unknown address: %s", want)
	}
	for _, addr := range []string{"dan@example.org", "fay@example.org", "email:dan@example.org", "Dan"} {
		if got := norm(allText(h.send("carol", "stats "+addr)), addr); got != strings.ReplaceAll(want, "zed@example.org", "ADDRESS") {
			t.Errorf("stats %s:\n%s\nwant as for an unknown address:\n%s", addr, got, want)
		}
		if _, err := h.ref.PlayerStats(context.Background(), mail(strings.TrimPrefix(addr, "email:")).Key()); !errors.Is(err, bot.ErrNotFound) {
			t.Errorf("public stats of %s: %v, want ErrNotFound", addr, err)
		}
	}
	// ann, who plays dan's private game, knows him.
	if got := allText(h.send("ann", "stats dan@example.org")); !strings.Contains(got, "Dan") || strings.Contains(got, "knows no player") {
		t.Errorf("ann's stats of her opponent: %s", got)
	}
	// dan knows himself.
	if got := textToID(h.sendAs(dan, "Dan", "stats"), dan); !strings.Contains(got, "finished no game yet") {
		t.Errorf("dan's own stats: %s", got)
	}
}

// TestNamesakesWithoutAddresses (issue 24, point 4): "stats Bob Smith",
// when two players share the name, answered with both players' email
// addresses. Now it tells them apart by transport and a public game of
// each, and a game id picks one.
func TestNamesakesWithoutAddresses(t *testing.T) {
	h := newHarness(t)
	b1, b2, b3 := mail("bob.smith@example.org"), mail("bsmith@example.net"), mail("robert@example.com")
	g1 := h.sendAs(b1, "Bob Smith", "new ann color=white size=5")[0].Game
	h.send("ann", "game "+g1+"; accept")
	g2 := h.sendAs(b2, "Bob Smith", "new ann color=white size=6")[0].Game
	h.send("ann", "game "+g2+"; accept")
	// A third Bob Smith plays only privately: nobody else sees him.
	g3 := h.sendAs(b3, "Bob Smith", "new ann color=white private=yes")[0].Game
	h.send("ann", "game "+g3+"; accept")

	rs := h.send("carol", "stats Bob Smith")
	got := allText(rs)
	for _, want := range []string{"Several players are called Bob Smith", `"stats Bob Smith ` + g1 + `" (the player on email who played game ` + g1 + `)`,
		`"stats Bob Smith ` + g2 + `"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the question lacks %q:\n%s", want, got)
		}
	}
	for _, r := range rs {
		for _, p := range r.Parts {
			for _, a := range p.Actions {
				got += "\n" + a.Label + " " + a.Command
			}
		}
	}
	for _, bad := range []string{"@", "example", "email:", g3} {
		if strings.Contains(got, bad) {
			t.Errorf("the question shows %q:\n%s", bad, got)
		}
	}
	// The game id picks one, in parentheses too.
	for _, tc := range []struct{ cmd, want, not string }{
		{"stats Bob Smith " + g1, g1, g2},
		{"stats Bob Smith (" + g2 + ")", g2, g1},
	} {
		got := allText(h.send("carol", tc.cmd))
		if !strings.Contains(got, "Bob Smith's record") && !strings.Contains(got, "Bob Smith has finished no game") {
			t.Errorf("%q: %s", tc.cmd, got)
		}
		if strings.Contains(got, "Several") || strings.Contains(got, "@") {
			t.Errorf("%q: %s", tc.cmd, got)
		}
	}
	// A game id that is not theirs, or private, finds nobody.
	if got := allText(h.send("carol", "stats Bob Smith "+g3)); !strings.Contains(got, "knows no player") {
		t.Errorf("stats Bob Smith %s (private): %s", g3, got)
	}
	// ann sees all three: the private one is told apart by his game.
	if got := allText(h.send("ann", "stats Bob Smith")); !strings.Contains(got, g3) || strings.Contains(got, "@") {
		t.Errorf("ann's question: %s", got)
	}
}

// TestPublicNamesOnLeaderboard: a player known only by an address is
// listed under PublicName, never the address.
func TestPublicNamesOnLeaderboard(t *testing.T) {
	h := newHarness(t, withMinGames(1), withAnyDeviation())
	m := mail("mallory@example.org")
	id := h.sendAs(m, "", "new ann color=white size=5")[0].Game
	h.send("ann", "game "+id+"; accept")
	for i, sq := range []string{"a1", "c3", "b1", "c2"} {
		if i%2 == 0 {
			h.sendAs(m, "", "game "+id+"; ps "+sq)
		} else {
			h.send("ann", "game "+id+"; ps "+sq)
		}
	}
	h.send("ann", "game "+id+"; resign")
	list, err := h.ref.Leaderboard(context.Background(), 5, 0)
	if err != nil || len(list) != 2 {
		t.Fatalf("leaderboard %+v, %v", list, err)
	}
	text := allText(h.send("carol", "leaderboard 5"))
	if strings.Contains(text, "@") || strings.Contains(text, "example") || list[0].Name != "mallory" {
		t.Errorf("leaderboard %+v:\n%s", list, text)
	}
}

// TestSpectatorsSeeNoAddress: a player known only by an address is named
// to spectators by PublicName, in every line they get.
func TestSpectatorsSeeNoAddress(t *testing.T) {
	h := newHarness(t)
	m := mail("mallory@example.org")
	id := h.sendAs(m, "", "new ann color=white size=5")[0].Game
	h.send("ann", "game "+id+"; accept")
	var seen strings.Builder
	seen.WriteString(allText(h.send("carol", "watch "+id)))
	for i, sq := range []string{"a1", "c3", "b1", "c2"} {
		if i%2 == 0 {
			seen.WriteString(textTo(h.sendAs(m, "", "game "+id+"; ps "+sq), "carol"))
		} else {
			seen.WriteString(textTo(h.send("ann", "game "+id+"; ps "+sq), "carol"))
		}
	}
	seen.WriteString(textTo(h.send("ann", "game "+id+"; resign"), "carol"))
	got := seen.String()
	if strings.Contains(got, "@") || strings.Contains(got, "example") || !strings.Contains(got, "mallory (white)") || !strings.Contains(got, "is over") {
		t.Errorf("carol, watching, was told:\n%s", got)
	}
}
