package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// withLobby gives the console a lobby, as Discord has with lobby_channel.
func withLobby() harnessOption {
	return func(_ *bot.Options, h *harness) { h.console.info.Lobby = "lobby" }
}

func mustContain(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s: want %q in:\n%s", what, w, text)
		}
	}
}

func TestSeekPostedListedAndTakenByTheFirst(t *testing.T) {
	h := newHarness(t, withLobby())
	rs := h.send("alice", "new anyone size=6 komi=2 color=white")
	id := rs[0].Game
	mustContain(t, "seeker", textTo(rs, "alice"), "Open challenge "+id+" posted", "6x6", "You play white", "Anyone may accept it with \"accept "+id+"\"")
	lobby := textTo(rs, "lobby")
	mustContain(t, "lobby post", lobby, "alice (unrated) is looking for an opponent", "plays black")
	if strings.Contains(lobby, "console:") {
		t.Errorf("the lobby post shows an address:\n%s", lobby)
	}
	var post *bot.Reply
	for i := range rs {
		if rs[i].To.Address == "lobby" {
			post = &rs[i]
		}
	}
	if post == nil || !strings.Contains(bot.ActionsText(actionsOf(*post)), "accept "+id) {
		t.Fatalf("the lobby post has no accept action: %+v", post)
	}

	list := textTo(h.send("bob", "seeks"), "bob")
	mustContain(t, "seeks", list, id+": alice (unrated), 6x6, komi 2, 3 days per move; you would play black")
	mustContain(t, "own seeks", textTo(h.send("alice", "seeks"), "alice"), id+": alice", "(yours)")

	mustContain(t, "own accept", textTo(h.send("alice", "accept "+id), "alice"), "your own open challenge")

	rs = h.send("bob", "accept "+id)
	mustContain(t, "taken", textTo(rs, "bob"), "Game "+id+" begins", "You play black")
	mustContain(t, "seeker told", textTo(rs, "alice"), "Game "+id+" begins")
	mustContain(t, "lobby told", textTo(rs, "lobby"), "bob accepted the open challenge "+id+" of alice")
	g := h.game(id)
	if g.Status != bot.Active || g.Players[0] != "console:alice" || g.Players[1] != "console:bob" || g.Names[1] != "bob" {
		t.Fatalf("after the accept: %s %v %v", g.Status, g.Players, g.Names)
	}

	rs = h.send("carol", "accept "+id)
	mustContain(t, "second acceptor", textTo(rs, "carol"), "someone else accepted the open challenge "+id+" first")
	if g := h.game(id); g.Players[1] != "console:bob" {
		t.Errorf("the second accept changed the seat: %v", g.Players)
	}
	mustContain(t, "no seeks left", textTo(h.send("carol", "seeks"), "carol"), "There are no open challenges now")
}

func actionsOf(r bot.Reply) []bot.Action {
	var out []bot.Action
	for _, p := range r.Parts {
		out = append(out, p.Actions...)
	}
	return out
}

func TestSeekButtonInTheLobbyTakesIt(t *testing.T) {
	h := newHarness(t, withLobby())
	id := h.send("alice", "new anyone")[0].Game
	// A lobby's button is "accept" with the button's game.
	rs := h.handle(bot.Message{ID: "b1", From: player("bob"), Name: "Bob", Text: "accept", Game: id})
	mustContain(t, "button", textTo(rs, "bob"), "Game "+id+" begins")
}

func TestSeekCancelledAndExpired(t *testing.T) {
	h := newHarness(t, withLobby())
	id := h.send("alice", "new anyone")[0].Game
	rs := h.send("alice", "cancel")
	mustContain(t, "cancel", textTo(rs, "alice"), "You withdrew your open challenge "+id)
	mustContain(t, "lobby", textTo(rs, "lobby"), "alice withdrew the open challenge "+id)
	mustContain(t, "taking a withdrawn seek", textTo(h.send("bob", "accept "+id), "bob"), "alice withdrew the open challenge "+id)

	id2 := h.send("alice", "new anyone")[0].Game
	h.clock.Advance(15 * 24 * time.Hour)
	mustContain(t, "expired, not yet ticked", textTo(h.send("bob", "accept "+id2), "bob"), "has expired")
	rs, err := h.ref.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "expiry", textTo(rs, "alice"), "Your open challenge "+id2+" expired: nobody accepted it within 14 days")
	mustContain(t, "lobby", textTo(rs, "lobby"), "The open challenge "+id2+" of alice expired")
	if g := h.game(id2); g.Status != bot.Expired {
		t.Errorf("status %s", g.Status)
	}
	mustContain(t, "seeks", textTo(h.send("bob", "seeks"), "bob"), "There are no open challenges now")
}

func TestSeekRatingRange(t *testing.T) {
	h := newHarness(t)
	cases := []struct{ opts, want string }{
		{"rating=1700-1400", "lowest first"},
		{"rating=high", "rating must be a range"},
		{"rating=0-5000", "from 0 to 4000"},
	}
	for _, c := range cases {
		mustContain(t, c.opts, textTo(h.send("alice", "new anyone "+c.opts), "alice"), c.want)
	}
	mustContain(t, "direct", textTo(h.send("alice", "new bob rating=1400-1700"), "alice"), "rating= is for open challenges")

	high := h.send("alice", "new anyone rating=1600-1700")[0].Game
	mustContain(t, "range told", textTo(h.send("bob", "seeks"), "bob"), high+": alice", "for players rated 1600 to 1700")
	mustContain(t, "unrated refused", textTo(h.send("bob", "accept "+high), "bob"),
		"is for players rated 1600 to 1700, and you are unrated on 5x5, which counts as 1500")
	mid := h.send("alice", "new anyone rating=1400-1600")[0].Game
	mustContain(t, "unrated admitted", textTo(h.send("bob", "accept "+mid), "bob"), "Game "+mid+" begins")
}

func TestSeeksCountAmongOpenChallenges(t *testing.T) {
	h := newHarness(t)
	for i := range bot.DefaultOpenChallenges {
		if i%2 == 0 {
			h.send("alice", "new anyone")
		} else {
			h.send("alice", "new p"+itoa(i))
		}
	}
	mustContain(t, "sixth", textTo(h.send("alice", "new anyone"), "alice"), "you have 5 open challenges waiting")
}

func TestAcceptNamesAGame(t *testing.T) {
	h := newHarness(t)
	id := h.send("alice", "new bob")[0].Game
	h.send("carol", "new bob")
	mustContain(t, "accept ID of a challenge", textTo(h.send("bob", "accept "+id), "bob"), "Game "+id+" begins")
	mustContain(t, "not a seek", textTo(h.send("dave", "accept "+id), "dave"), "is not an open challenge")
	mustContain(t, "no such game", textTo(h.send("dave", "accept g99"), "dave"), "there is no game g99")
}

func TestSeekUnverifiedAcceptIsHeld(t *testing.T) {
	h := newHarness(t)
	id := h.send("alice", "new anyone")[0].Game
	out := h.message(bot.Message{From: player("bob"), Text: "accept " + id, Unverified: true})
	mustContain(t, "held", allText(out.Replies), "cannot tell that this message comes from you")
	if g := h.game(id); g.Status != bot.Challenged {
		t.Errorf("an unverified accept took the seek: %s", g.Status)
	}
	// "seeks" only shows: it runs.
	out = h.message(bot.Message{From: player("bob"), Text: "seeks", Unverified: true})
	mustContain(t, "seeks unverified", allText(out.Replies), id+": alice")
}

func TestSeekInTheSeekersGames(t *testing.T) {
	h := newHarness(t)
	id := h.send("alice", "new anyone")[0].Game
	mustContain(t, "games", textTo(h.send("alice", "games"), "alice"), id+" against anyone, you play white: open challenge, until someone accepts it")
	mustContain(t, "bare accept in its thread", textTo(h.handle(bot.Message{ID: "t1", From: player("alice"), Text: "accept", Game: id}), "alice"),
		id+" is your own open challenge")
	mustContain(t, "decline", textTo(h.handle(bot.Message{ID: "t2", From: player("alice"), Text: "decline", Game: id}), "alice"),
		id+" is your own open challenge")
}

// "seeks" lists apart, without an Accept action, the open challenges
// whose rating range leaves the reader out, saying why; the reader's own
// stay with the others (issue 26: it offered them, then refused them).
// Both lists name seekers as a public view may (visibility.go).
func TestSeeksListApartThoseOutsideTheReadersRating(t *testing.T) {
	h := newHarness(t)
	high := h.send("alice", "new anyone rating=1600-1700")[0].Game
	open := h.send("carol", "new anyone size=6")[0].Game

	rs := h.send("bob", "seeks")
	list := textTo(rs, "bob")
	mustContain(t, "seeks", list,
		"Open challenges, newest first",
		open+": carol (unrated), 6x6",
		"Open challenges for players rated otherwise than you, which you cannot accept:",
		high+": alice (unrated), 5x5, komi 0, 3 days per move; you would play black; for players rated 1600 to 1700, and you are unrated on 5x5, which counts as 1500")
	if i, j := strings.Index(list, open+":"), strings.Index(list, high+":"); i < 0 || j < i {
		t.Errorf("the challenge bob may accept is not listed first:\n%s", list)
	}
	var acts []string
	for _, r := range rs {
		for _, a := range actionsOf(r) {
			acts = append(acts, a.Command)
		}
	}
	if got := strings.Join(acts, "; "); got != "accept "+open {
		t.Errorf("actions %q, want only \"accept %s\"", got, open)
	}

	// Only challenges outside the reader's rating: none to accept.
	h.send("carol", "game "+open+"; cancel")
	mustContain(t, "none to accept", textTo(h.send("bob", "seeks"), "bob"),
		"There are no open challenges you can accept now", high+": alice")
	// The seeker sees their own among those they may take, marked.
	mine := textTo(h.send("alice", "seeks"), "alice")
	mustContain(t, "own", mine, "Open challenges, newest first", high+": alice (unrated)", "(yours)")
	if strings.Contains(mine, "cannot accept") {
		t.Errorf("the seeker's own challenge is listed as outside their rating:\n%s", mine)
	}
	// The privacy filter still names seekers as a public view may: never
	// by an address, in either list.
	h.send("dave@example.org", "new anyone rating=2000-2100")
	h.send("erin@example.org", "new anyone")
	list = textTo(h.send("bob", "seeks"), "bob")
	mustContain(t, "public names", list, ": dave (unrated), 5x5", ": erin (unrated), 5x5")
	if strings.Contains(list, "@example.org") {
		t.Errorf("seeks shows an address:\n%s", list)
	}
}
