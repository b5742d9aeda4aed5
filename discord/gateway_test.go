package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// countPosts counts a channel's bot messages containing text.
func (w *world) countPosts(channel, text string) int {
	n := 0
	for _, m := range w.posts(channel) {
		if strings.Contains(m.Content, text) {
			n++
		}
	}
	return n
}

// The gateway drops mid-game: the session resumes, and the moves sent
// meanwhile (a slash command and a plain-text move) count once. Then the
// session cannot be resumed: the bot identifies again, and the move
// posted while it was away is read from the thread's history.
func TestGatewayDropAndResume(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	th := w.startGame()
	w.fake.DropGateway()
	// The interaction reaches the bot once it has resumed.
	w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "a3"))
	if err := w.fake.WaitResumed(w.ctx, 1); err != nil {
		t.Fatal(err)
	}
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })

	w.fake.DropGateway()
	if _, err := w.fake.Say(w.bob.ID, th.ID, "c3"); err != nil {
		t.Fatal(err)
	}
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 2 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played c3") })

	// A session that cannot be resumed: the bot identifies anew, and
	// Discord does not replay what happened in between.
	identified := len(w.fake.Identifies())
	w.fake.InvalidateSession()
	w.fake.DropGateway()
	if _, err := w.fake.Say(w.alice.ID, th.ID, "a2"); err != nil {
		t.Fatal(err)
	}
	w.fake.Await(w.ctx, func() bool { return len(w.fake.Identifies()) > identified })
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 3 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a2") })

	for _, mv := range []string{"a3", "c3", "a2"} {
		if n := w.countPosts(th.ID, "played "+mv); n != 1 {
			t.Errorf("%q posted %d times", mv, n)
		}
	}
	if g := w.game("g1"); len(g.Moves) != 3 {
		t.Errorf("%d moves", len(g.Moves))
	}
	w.clean()
}

// A restart: what players post while the bot is down is read when it
// comes back; a message seen before (a replayed event) counts once,
// through the referee's own record of handled ids.
func TestRestartCatchesUpAndDeduplicates(t *testing.T) {
	t.Parallel()
	o := worldOptions{MessageContent: true}
	w := newWorld(t, o)
	th := w.startGame()
	first, err := w.fake.Say(w.alice.ID, th.ID, "a3")
	if err != nil {
		t.Fatal(err)
	}
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })
	w.stop()
	if _, err := w.fake.Say(w.bob.ID, th.ID, "c3"); err != nil {
		t.Fatal(err)
	}
	w.start(o)
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 2 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played c3") })

	// The first move's event again, as a gateway replay would bring it.
	ev := &discordgo.MessageCreate{Message: &discordgo.Message{ID: first.ID, ChannelID: th.ID, GuildID: w.guild, Content: first.Content,
		Author: &discordgo.User{ID: w.alice.ID, Username: "alice"}, Type: discordgo.MessageTypeDefault}}
	w.tr.onMessage(nil, ev)
	w.tr.onMessage(nil, ev)
	// A later move shows the replay changed nothing.
	w.fake.Say(w.alice.ID, th.ID, "a2")
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 3 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a2") })
	if n := w.countPosts(th.ID, "played a3"); n != 1 {
		t.Errorf("the replayed move was answered %d times:\n%s", n, contents(w.posts(th.ID)))
	}
	for _, r := range w.posts(th.ID) {
		if strings.Contains(r.Content, "not your turn") {
			t.Errorf("the replayed move was handled again: %s", show(r))
		}
	}
	w.clean()
}

// An interaction Discord delivers twice (the same INTERACTION_CREATE) is
// answered and handled once: a second answer would be refused by Discord,
// a second handling would play the move again.
func TestInteractionDeliveredTwice(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	ix := w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "a3"))
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })
	if err := w.fake.Redeliver(ix); err != nil {
		t.Fatal(err)
	}
	// Events of a channel are handled in order: once Bob's move is
	// answered, the copy was seen.
	w.slash(w.bob.ID, th.ID, "move", discordfake.Opt("move", "c3"))
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played c3") })
	if g := w.game("g1"); len(g.Moves) != 2 {
		t.Errorf("%d moves, want 2", len(g.Moves))
	}
	if n := w.countPosts(th.ID, "played a3"); n != 1 {
		t.Errorf("Alice's move was posted %d times", n)
	}
	if st := ix.State(); len(st.Followups) > 1 {
		t.Errorf("Alice's interaction was answered again: %+v", st.Followups)
	}
	w.clean()
}
