package main

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/discordfake"
)

// TestServeSocialAcrossTransports runs `takbot serve` with Ann on mail
// and Bob on Discord and has them use this layer's commands against each
// other: they talk with "say" both ways; Ann's plan, sent by mail in Tak
// by Mail notation, answers Bob's PTN move typed in the thread at once;
// Bob's plan, typed in the thread in PTN, answers Ann's mailed move with
// the winning road; Ann then asks for a rematch by mail and Bob accepts it
// with the button in the new game's thread, which names the old game.
func TestServeSocialAcrossTransports(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt

	w.reply(w.bobSlash(w.channel, "notation", o("notation", "ptn")))
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.annNext("Bob challenges you to a game of Tak (g1): 3x3")
	w.annReply(challenge, "notation mail\naccept")
	w.annNext("Game g1 begins", "You play black")

	// Chat, both ways, each on the other's transport.
	w.bobSay(th.ID, "say good luck!")
	last := w.annNext("Bob says: “good luck!”")
	w.annReply(last, "say thanks, you too")
	w.annNext("Passed on to Bob in game g1: “thanks, you too”")
	w.awaitPost(th.ID, "Ann says: “thanks, you too”")

	// Ann's plan by mail answers Bob's move in the thread.
	w.bobSay(th.ID, "c3")
	last = w.annNext("Bob (white) played ps c1 (PTN c3).")
	w.annReply(last, "ps a1")
	last = w.annNext("you (black) played ps a1 (PTN a3).")
	w.annReply(last, "plan ps c2, ps a2")
	w.annNext("Plan made in game g1: if Bob plays ps c2 (PTN c2), you answer ps a2 (PTN a2).", "Bob never sees your plans.") // the first sentence is the headline
	w.bobSay(th.ID, "c2")
	w.awaitPost(th.ID, "Ann (black) played a2 (mail ps a2) · Bob to move")
	w.annNext("Bob (white) played ps c2 (PTN c2).")
	w.annNext("Your plan answered Bob's ps c2 (PTN c2) with ps a2 (PTN a2).")

	// Bob's plan in the thread answers Ann's mailed move with his road.
	w.bobSay(th.ID, "b2")
	last = w.annNext("Bob (white) played ps b2 (PTN b2).")
	w.bobSay(th.ID, "plan b3 c1")
	// A plan is never shown in the thread, where Ann could read it: by DM.
	w.awaitPost(w.dmOf(w.bob.ID), "Plan made in game g1: if Ann plays b3 (mail ps b1), you answer c1 (mail ps c3).")
	w.annReply(last, "ps b1")
	// The answer to her move and the event of Bob's go out in two lanes,
	// in either order.
	for _, m := range []*demo.Mail{w.annNext(), w.annNext()} {
		switch text := m.Text(); {
		case strings.Contains(text, "you (black) played ps b1 (PTN b3)."):
			if strings.Contains(text, "undo") {
				t.Errorf("the answer to Ann's move offers an undo in a game her move's answer ended:\n%s", text)
			}
		case strings.Contains(text, "Bob (white) played ps c3 (PTN c1).") && strings.Contains(text, "Game over: Bob (white) wins by road (R-0)."):
			last = m
		default:
			t.Errorf("Ann's mail:\n%s", text)
		}
	}
	end := w.awaitPost(th.ID, "Your plan answered Ann's b3 (mail ps b1) with c1 (mail ps c3).")
	if !strings.Contains(end.Content, "Game over: you (white) win by road") {
		t.Errorf("Bob's last post:\n%s", end.Content)
	}
	for _, p := range w.posts(th.ID) {
		if strings.Contains(p.Content, "ps c2, ps a2") || strings.Contains(p.Content, "Plan made in game g1: if Bob") {
			t.Errorf("Bob's thread shows Ann's plan:\n%s", p.Content)
		}
	}

	// Ann asks for a rematch by mail; Bob accepts with the button.
	w.annReply(last, "rematch")
	w.annNext("Rematch of game g1: challenge g2 sent to Bob", "You play white this time.")
	var th2 discordfake.Channel
	if err := w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) > 1 {
			th2 = ts[1]
		}
		return len(ts) > 1
	}); err != nil {
		t.Fatalf("no thread for the rematch: %v", err)
	}
	ask := w.awaitPost(th2.ID, "Ann asks for a rematch of game g1: challenge g2, 3x3")
	id := ""
	for _, row := range ask.Components {
		for _, b := range row.Components {
			if strings.HasPrefix(b.Label, "Accept") {
				id = b.CustomID
			}
		}
	}
	if id == "" {
		t.Fatalf("no Accept button on %q", ask.Content)
	}
	if _, err := w.fake.Click(w.ctx, w.bob.ID, ask.ID, id); err != nil {
		t.Fatal(err)
	}
	w.annNext("Game g2 begins", "It is the rematch of game g1.", "You play white.")
	w.awaitPost(th2.ID, "It is the rematch of game g1.")
	w.fake.AssertClean(t)
}
