package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/discordfake"
)

// TestServeOpenChallengesAcrossTransports runs `takbot serve` with both
// transports and the lobby channel: Bob posts an open challenge on
// Discord, Ann finds it by mail with "seeks" and takes it with "accept
// g1", and the lobby post says so; then Ann posts one by mail and Bob
// takes it with the lobby's Accept button. Neither ever sees the other's
// address or id.
func TestServeOpenChallengesAcrossTransports(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt

	posted := w.reply(w.bobSlash(w.channel, "challenge", o("opponent", "anyone"), o("size", 3)))
	if !strings.Contains(posted.Content, "Open challenge g1 posted") || !posted.Ephemeral || len(w.fake.Threads()) != 0 {
		t.Errorf("Bob's /tak challenge anyone: %+v (a thread before anyone accepted: %d)", posted, len(w.fake.Threads()))
	}
	lobby := w.nextPost(w.lobby, 0)
	if !strings.Contains(lobby.Content, "Bob (unrated) is looking for an opponent: open challenge g1, 3x3") {
		t.Errorf("the lobby post: %s", lobby.Content)
	}

	// Ann, who never wrote before, asks for the open challenges.
	if _, err := w.ann.Write(w.ctx, e2eBotAddr, "Tak", "seeks", demo.Plain); err != nil {
		t.Fatal(err)
	}
	list := w.annNext("Open challenges, newest first", "g1: Bob (unrated), 3x3, komi 0, 3 days per move; you would play")
	if strings.Contains(list.Text(), w.bob.ID) {
		t.Errorf("Ann's list of seeks shows Bob's Discord id:\n%s", list.Text())
	}
	w.annReply(list, "accept g1")
	w.annNext("Game g1 begins")
	if err := w.fake.Await(w.ctx, func() bool {
		ps := w.posts(w.lobby)
		return len(ps) == 1 && strings.Contains(ps[0].Content, "Ann accepted the open challenge g1 of Bob")
	}); err != nil {
		t.Errorf("the lobby post was not edited: %v\n%s", err, postContents(w.posts(w.lobby)))
	}
	th := w.thread()
	if !strings.Contains(w.nextPost(th.ID, 0).Content, "Game g1 begins") {
		t.Errorf("the game's thread: %s", postContents(w.posts(th.ID)))
	}

	// Ann posts an open challenge by mail; Bob presses Accept in the lobby.
	w.annReply(list, "new anyone size=4")
	w.annNext("Open challenge g2 posted")
	post := w.nextPost(w.lobby, 1)
	if !strings.Contains(post.Content, "Ann (unrated) is looking for an opponent: open challenge g2, 4x4") || strings.Contains(post.Content, e2eAnnAddr) {
		t.Errorf("Ann's lobby post: %s", post.Content)
	}
	var accept discordfake.Component
	for _, row := range post.Components {
		for _, c := range row.Components {
			if c.Label == "Accept" {
				accept = c
			}
		}
	}
	if accept.CustomID == "" {
		t.Fatalf("Ann's lobby post has no Accept button: %+v", post.Components)
	}
	if _, err := w.fake.Click(w.ctx, w.bob.ID, post.ID, accept.CustomID); err != nil {
		t.Fatal(err)
	}
	w.annNext("Game g2 begins")
	if err := w.fake.Await(w.ctx, func() bool {
		ps := w.posts(w.lobby)
		return len(ps) == 2 && strings.Contains(ps[1].Content, "Bob accepted the open challenge g2 of Ann") && len(ps[1].Components) == 0
	}); err != nil {
		t.Errorf("Ann's lobby post was not edited: %v\n%s", err, postContents(w.posts(w.lobby)))
	}
	// g2's thread opens in the channel Bob plays in, not in the lobby.
	if err := w.fake.Await(w.ctx, func() bool { return len(w.fake.Threads()) == 2 }); err != nil {
		t.Fatalf("no thread for g2: %v", err)
	}
	for _, th := range w.fake.Threads() {
		if th.ParentID != w.channel {
			t.Errorf("thread %q opened in %s, want the games channel %s", th.Name, th.ParentID, w.channel)
		}
	}
}

var e2ePairCode = regexp.MustCompile(`pairing code is ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// TestServePairMailWithDiscord: Ann's mail address and a Discord account
// of hers become one player with "pair" and "pair CODE"; the Discord
// account then sees her mail game, and "unpair" by mail separates them.
func TestServePairMailWithDiscord(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt
	annD := w.fake.AddUser(discordfake.User{Username: "ann", GlobalName: "Ann"})
	if err := w.fake.AddMember(w.guild, annD.ID, ""); err != nil {
		t.Fatal(err)
	}
	annSlash := func(sub string, opts ...discordfake.Option) discordfake.Message {
		t.Helper()
		ix, err := w.fake.Slash(w.ctx, annD.ID, w.channel, "tak", discordfake.Sub(sub, opts...))
		if err != nil {
			t.Fatalf("Ann's /tak %s: %v", sub, err)
		}
		return w.reply(ix)
	}

	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3)))
	challenge := w.annNext("Bob challenges you")
	w.annReply(challenge, "pair")
	code := e2ePairCode.FindStringSubmatch(w.annNext("Your pairing code is").Text())
	if code == nil {
		t.Fatal("no pairing code in Ann's mail")
	}
	if got := annSlash("more", discordfake.Sub("pair", o("code", code[1]))); !strings.Contains(got.Content, "Paired: your ") {
		t.Errorf("Ann's /tak more pair CODE: %s", got.Content)
	}
	w.annNext("is now paired with your Discord account")
	if got := annSlash("games"); !strings.Contains(got.Content, "g1") {
		t.Errorf("Ann's games on Discord after pairing: %s", got.Content)
	}
	// Her Discord account accepts the challenge made to her address; the
	// game goes on in her direct messages (the thread is Bob's and her
	// address's), and Bob's thread shows the start.
	annSlash("accept", o("id", "g1"))
	th := w.thread()
	if err := w.fake.Await(w.ctx, func() bool {
		for _, p := range w.posts(th.ID) {
			if strings.Contains(p.Content, "Game g1 begins") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Errorf("Ann's accept from Discord did not start g1: %v\n%s", err, postContents(w.posts(th.ID)))
	}
	w.annReply(challenge, "unpair")
	w.annNext("Unpaired")
}
