package main

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

// awaitPost waits for a post of the bot in a channel that says every
// string of want, and returns it.
func (w *crossWorld) awaitPost(channel string, want ...string) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	says := func(m discordfake.Message) bool {
		for _, s := range want {
			if !strings.Contains(m.Content, s) {
				return false
			}
		}
		return true
	}
	if err := w.fake.Await(w.ctx, func() bool {
		for _, m := range w.posts(channel) {
			if says(m) {
				found = m
				return true
			}
		}
		return false
	}); err != nil {
		w.t.Fatalf("no post in %s says %q: %v; posts:\n%s", channel, want, err, postContents(w.posts(channel)))
	}
	return found
}

// bobCommand sends Bob's /tak more NAME and returns the answer he sees.
func (w *crossWorld) bobCommand(channel, name string, opts ...discordfake.Option) discordfake.Message {
	w.t.Helper()
	ix, err := w.fake.Slash(w.ctx, w.bob.ID, channel, "tak", discordfake.Sub("more", discordfake.Sub(name, opts...)))
	if err != nil {
		w.t.Fatalf("/tak more %s: %v", name, err)
	}
	return w.reply(ix)
}

// TestServeRatingsAcrossTransports: Ann by mail and Bob on Discord play a
// rated game; both are told how their ratings moved; each reads the
// other's stats from their own transport; the server's leaderboard lists
// both (Ann played there, through Bob's thread); then a second game is
// aborted by mail before each player moved twice, unrated; a third,
// resigned by mail after one move (issue 24's rating farming), counts as
// an abort too: no rating change, no review.
func TestServeRatingsAcrossTransports(t *testing.T) {
	w := startCrossWorld(t, "leaderboard_min_games: 1\nleaderboard_max_deviation: 350\n")
	o := discordfake.Opt

	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white")))
	th := w.thread()
	challenge := w.annNext("Bob challenges you to a game of Tak (g1): 3x3")
	w.annReply(challenge, "accept")
	w.annNext("Game g1 begins")
	w.awaitPost(th.ID, "Game g1 begins")
	// Two moves each: the least that a rated game takes.
	w.bobSlash(th.ID, "move", o("move", "c3"))
	last := w.annNext("Bob (white) played ps c1 (PTN c3)")
	w.annReply(last, "ps a3")
	w.annNext("you (black) played ps a3 (PTN a1)")
	w.awaitPost(th.ID, "Ann (black) played a1")
	w.bobSlash(th.ID, "move", o("move", "a3"))
	last = w.annNext("Bob (white) played ps a1 (PTN a3)")
	w.annReply(last, "ps b2")
	w.annNext("you (black) played ps b2 (PTN b2)")
	w.awaitPost(th.ID, "Ann (black) played b2")
	w.annReply(last, "resign")
	last = w.annNext("Game over: Bob (white) wins by resignation (1-0).",
		"Rated 3x3 and 4x4 game: your rating goes from 1500 to 1338, Bob's goes from 1500 to 1662.")
	w.awaitPost(th.ID, "Game over: you (white) win by resignation (1-0).",
		"Rated 3x3 and 4x4 game: your rating goes from 1500 to 1662, Ann's goes from 1500 to 1338.")

	// Ann reads her stats and Bob's by mail.
	w.annReply(last, "stats\nstats Bob")
	w.annNext("Your record: 1 game finished, 0 won, 1 lost, 0 drawn.",
		"Rating: 3x3 and 4x4 1338 (deviation 290, 1 rated game, provisional).",
		"Bob's record: 1 game finished, 1 won, 0 lost, 0 drawn.",
		"g1 ", ": won against Ann as white, by resignation (3x3, 1-0)")

	// Bob reads Ann's stats on Discord, by her address; only he sees them.
	st := w.bobCommand(w.channel, "stats", o("player", e2eAnnAddr))
	if !st.Ephemeral || !strings.Contains(st.Content, "Ann's record: 1 game finished, 0 won, 1 lost, 0 drawn.") ||
		!strings.Contains(st.Content, "lost against Bob as black, by resignation (3x3, 1-0)") {
		t.Errorf("Bob's /tak more stats of Ann: ephemeral %v\n%s", st.Ephemeral, st.Content)
	}

	// The server's leaderboard lists both; Ann played there.
	lb := w.bobCommand(w.channel, "leaderboard", o("size", "small"))
	for _, want := range []string{"The 3x3 and 4x4 leaderboard of this server (players with at least 1 rated game against 1 opponent, and a deviation of at most 350):", "1  you ", "2  Ann ", "You are number 1 of 2"} {
		if !strings.Contains(lb.Content, want) {
			t.Errorf("Bob's /tak more leaderboard lacks %q:\n%s", want, lb.Content)
		}
	}
	w.annReply(last, "leaderboard 3x3")
	w.annNext("The 3x3 and 4x4 leaderboard (players with at least 1 rated game against 1 opponent, and a deviation of at most 350):", "You are number 2 of 2, at 1338")

	// A second game, aborted by Ann's mail after Bob's first move.
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white")))
	challenge = w.annNext("Bob challenges you to a game of Tak (g2)")
	w.annReply(challenge, "accept")
	w.annNext("Game g2 begins")
	var th2 string
	for _, c := range w.fake.Threads() {
		if strings.HasPrefix(c.Name, "g2") {
			th2 = c.ID
		}
	}
	if th2 == "" {
		t.Fatalf("no thread for g2: %+v", w.fake.Threads())
	}
	w.bobSlash(th2, "move", o("move", "c3"))
	last = w.annNext("Bob (white) played ps c1 (PTN c3)")
	w.annReply(last, "abort")
	w.annNext("You aborted game g2 against Bob before each player had moved twice: it ends with no result and is not rated.")
	w.awaitPost(th2, "Ann aborted game g2 against you before each player had moved twice")
	// Bob's own /tak more abort of the finished game is refused, to him alone.
	ab := w.bobCommand(th2, "abort")
	if !ab.Ephemeral || !strings.Contains(ab.Content, "aborted") {
		t.Errorf("Bob's /tak more abort of the aborted game: ephemeral %v\n%s", ab.Ephemeral, ab.Content)
	}
	w.annReply(last, "stats")
	w.annNext("Your record: 1 game finished, 0 won, 1 lost, 0 drawn.")

	// A third game, resigned by Ann's mail after Bob's first move: that
	// early, a resignation counts as an abort.
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white")))
	challenge = w.annNext("Bob challenges you to a game of Tak (g3)")
	w.annReply(challenge, "accept")
	w.annNext("Game g3 begins")
	var th3 string
	for _, c := range w.fake.Threads() {
		if strings.HasPrefix(c.Name, "g3") {
			th3 = c.ID
		}
	}
	if th3 == "" {
		t.Fatalf("no thread for g3: %+v", w.fake.Threads())
	}
	w.bobSlash(th3, "move", o("move", "c3"))
	last = w.annNext("Bob (white) played ps c1 (PTN c3)")
	w.annReply(last, "resign")
	ended := w.annNext("You resigned game g3 against Bob before each player had moved twice: that early, it counts as an abort: the game ends with no result, is not rated and gets no review.")
	if strings.Contains(ended.Text(), "Rated") || strings.Contains(ended.Text(), "Game over") {
		t.Errorf("the early resignation was rated or ended the game:\n%s", ended.Text())
	}
	w.awaitPost(th3, "Ann resigned game g3 against you before each player had moved twice")
	w.annReply(last, "stats")
	w.annNext("Your record: 1 game finished, 0 won, 1 lost, 0 drawn.", "Rating: 3x3 and 4x4 1338 (deviation 290, 1 rated game, provisional).")
	w.fake.AssertClean(t)
}

// TestServeStatsHidePrivatePlayers (issue 24, points 6 and 11): a player
// whose only game is private is, to anyone else, unknown: Carol's
// /tak more stats of Ann's address and of Bob's mention answer word for
// word as for an address and a user who never played, while Ann, by
// mail, sees her opponent; the private game plays in a private thread.
func TestServeStatsHidePrivatePlayers(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white"), o("private", "yes")))
	th := w.thread()
	if ch, _ := w.fake.Channel(th.ID); ch.Type != discordfake.ChannelPrivateThread {
		t.Errorf("the private game's thread is of type %d, want a private thread", ch.Type)
	}
	challenge := w.annNext("Bob challenges you to a game of Tak (g1): 3x3", "unrated, private")
	w.annReply(challenge, "accept")
	begins := w.annNext("Game g1 begins")

	carol := w.fake.AddUser(discordfake.User{Username: "carol", GlobalName: "Carol"})
	dave := w.fake.AddUser(discordfake.User{Username: "dave", GlobalName: "Dave"})
	for _, u := range []string{carol.ID, dave.ID} {
		if err := w.fake.AddMember(w.guild, u, ""); err != nil {
			t.Fatal(err)
		}
	}
	stats := func(player string) string {
		t.Helper()
		ix, err := w.fake.Slash(w.ctx, carol.ID, w.channel, "tak", discordfake.Sub("more", discordfake.Sub("stats", o("player", player))))
		if err != nil {
			t.Fatalf("/tak more stats %s: %v", player, err)
		}
		m := w.reply(ix)
		if !m.Ephemeral {
			t.Errorf("Carol's stats of %s are shown to the channel", player)
		}
		return strings.ReplaceAll(m.Content, player, "PLAYER")
	}
	for _, tc := range []struct{ hidden, unknown string }{
		{e2eAnnAddr, "zed@example.test"},
		{"<@" + w.bob.ID + ">", "<@" + dave.ID + ">"},
	} {
		got, want := stats(tc.hidden), stats(tc.unknown)
		if got != want || !strings.Contains(want, "knows no player") {
			t.Errorf("Carol's stats of %s:\n%s\nwant, as for %s:\n%s", tc.hidden, got, tc.unknown, want)
		}
	}
	// Ann plays the game: she sees Bob.
	w.annReply(begins, "stats Bob")
	if m := w.annNext("Bob has finished no game yet"); strings.Contains(m.Text(), "knows no player") {
		t.Errorf("Ann's stats of her opponent:\n%s", m.Text())
	}
	w.fake.AssertClean(t)
}
