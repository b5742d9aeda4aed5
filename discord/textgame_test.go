package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// A whole game by plain text with the Message Content intent: a challenge
// that mentions the bot, moves in the game's thread as in a mail, chat
// left alone, rs with a board below and a move after it in one message,
// and text outside the thread ignored unless it mentions the bot.
func TestGameByPlainText(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	if ids := w.fake.Identifies(); len(ids) == 0 || !ids[0].MessageContent {
		t.Fatalf("the bot did not ask for the Message Content intent: %+v", ids)
	}
	botMention := mention(w.fake.Bot().ID)
	say := func(user, channel, text string) discordfake.Message {
		t.Helper()
		m, err := w.fake.Say(user, channel, text)
		if err != nil {
			t.Fatalf("Say %q: %v", text, err)
		}
		return m
	}
	challenge := say(w.alice.ID, w.channel, botMention+" new "+mention(w.bob.ID)+" size=3 color=white opening=no-swap")
	th := w.thread()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	if th, _ = w.fake.Channel(th.ID); th.Name != "g1 Alice vs bob" || !containsAll(th.Members, w.alice.ID, w.bob.ID) {
		t.Errorf("thread %+v", th)
	}
	// "new" only shows Alice what she did: her own reply comes by DM (a
	// typed message has no ephemeral answer), and #games shows nothing.
	w.waitDM(w.alice.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Challenge g1 sent") })
	if ps := w.posts(w.channel); len(ps) != 0 {
		t.Errorf("#games shows Alice's confirmation of %s:\n%s", challenge.ID, contents(ps))
	}

	step := func(user, text, want string) discordfake.Message {
		t.Helper()
		n := len(w.posts(th.ID))
		say(user, th.ID, text)
		return w.waitPost(th.ID, func(m discordfake.Message) bool {
			return len(w.posts(th.ID)) > n && strings.Contains(m.Content, want)
		})
	}
	step(w.bob.ID, "accept", "your move")
	step(w.alice.ID, "a3", "played a3")
	say(w.bob.ID, th.ID, "Nice opening!") // chat: no reply
	step(w.bob.ID, "c3", "played c3")
	step(w.alice.ID, "a2", "played a2")
	// rs with the board below, then a move, in one message: Bob sees his
	// comparison by DM; the thread shows Alice the move.
	n := len(w.posts(th.ID))
	say(w.bob.ID, th.ID, "rs\ns 0 S\ns 0 0\n0 0 0\nc2")
	w.waitPost(th.ID, func(m discordfake.Message) bool {
		return strings.Contains(m.Content, "played c2") && containsAll(m.Mentions, w.alice.ID)
	})
	own := w.waitDM(w.bob.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "matches") })
	if len(own.Mentions) != 0 {
		t.Errorf("Bob's own reply pings %v", own.Mentions)
	}
	if got := len(w.posts(th.ID)) - n; got != 1 {
		t.Errorf("%d posts for Bob's rs and move, want 1:\n%s", got, contents(w.posts(th.ID)[n:]))
	}
	for _, m := range w.posts(th.ID) {
		if strings.Contains(m.Content, "Nice opening") || strings.Contains(m.Content, "no command") {
			t.Errorf("the chat was answered: %s", show(m))
		}
	}
	step(w.alice.ID, "a1", "R-0")
	if g := w.game("g1"); g.Status != record.Over {
		t.Errorf("game %s", g.Status)
	}

	// Outside a game thread, text is read only when it mentions the bot:
	// the reply to the second message comes (privately: by DM, as a
	// typed message has no ephemeral answer), and none to the first.
	say(w.bob.ID, w.channel, "ps b2")
	say(w.bob.ID, w.channel, botMention+" games")
	w.waitDM(w.bob.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Your games") })
	if got := len(w.posts(w.channel)); got != 0 {
		t.Errorf("%d bot posts in #games, want none:\n%s", got, contents(w.posts(w.channel)))
	}
	w.clean()
}

// Plain text in a game's thread reads as a mail: prose lines around a
// command are skipped, a stack move in PTN counts, and several commands
// on several lines (a move and a draw offer) are one message; the offer's
// Decline button works for the player it was made to.
func TestPlainTextLikeAMail(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	th := w.startGame()
	say := func(user, text string) {
		t.Helper()
		if _, err := w.fake.Say(user, th.ID, text); err != nil {
			t.Fatalf("Say %q: %v", text, err)
		}
	}
	say(w.alice.ID, "Good luck, Bob!\nps a1\nI always start in a corner.")
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	say(w.bob.ID, "ps c1")
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 2 })
	say(w.alice.ID, "Sliding over.\na3>") // PTN: Alice's replies are in PTN from now on
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 3 })
	say(w.bob.ID, "ps c2\ndraw")
	offer := w.waitPost(th.ID, func(m discordfake.Message) bool {
		_, ok := button(m, "Decline")
		return ok && strings.Contains(m.Content, "played c2")
	})
	if !containsAll(offer.Mentions, w.alice.ID) {
		t.Errorf("the move and offer do not mention Alice: %s", show(offer))
	}
	if refused := w.reply(w.click(w.bob.ID, offer, "Decline")); !refused.Ephemeral {
		t.Errorf("Bob declining his own offer: %s", show(refused))
	}
	w.click(w.alice.ID, offer, "Decline")
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "declined") })
	g := w.game("g1")
	if g.Status != record.Active || len(g.Moves) != 4 {
		t.Errorf("game %s with %d moves, want active with 4", g.Status, len(g.Moves))
	}
	for _, m := range w.posts(th.ID) {
		if strings.Contains(m.Content, "Good luck") || strings.Contains(m.Content, "not a command") {
			t.Errorf("prose was answered: %s", show(m))
		}
	}
	w.clean()
}
