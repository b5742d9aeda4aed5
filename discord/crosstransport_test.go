package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// One game across transports: Alice on Discord challenges an email
// player; the game has its thread; each player sees every move in their
// own form. Then the email player challenges a Discord player by
// "discord:USERNAME", once the bot knows that name.
func TestGameAcrossDiscordAndEmail(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	mail, mailTo := w.emailPlayer(t, ann, "Ann", "m")

	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, "Ann@Example.org"), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	mailTo("Alice challenges you")
	th := w.thread()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Challenge g1 sent") })
	if th, _ = w.fake.Channel(th.ID); th.Name != "g1 Alice vs ann@example.org" || !containsAll(th.Members, w.alice.ID) {
		t.Errorf("thread %+v", th)
	}

	mail("accept")
	start := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	if !containsAll(start.Mentions, w.alice.ID) {
		t.Errorf("the start does not mention Alice: %s", show(start))
	}
	plays := []struct {
		alice bool
		move  string
	}{{true, "ps a1"}, {false, "ps c1"}, {true, "ps a2"}, {false, "ps c2"}, {true, "ps a3"}}
	for i, p := range plays {
		n := len(w.posts(th.ID))
		if p.alice {
			ix := w.slash(w.alice.ID, th.ID, "move", o("move", p.move))
			post := w.waitPost(th.ID, func(m discordfake.Message) bool {
				return len(w.posts(th.ID)) > n && (strings.Contains(m.Content, "played "+p.move) || strings.Contains(m.Content, "(mail "+p.move+")"))
			})
			files := 1
			if i == len(plays)-1 { // the road: the game's PTN too
				files = 2
			}
			if len(post.Mentions) != 0 || len(post.Attachments) != files {
				t.Errorf("Alice's move %d in the thread: %s", i+1, show(post))
			}
			// Her "thinking…" answer goes away: the thread shows the move.
			if _, err := ix.WaitUntil(w.ctx, func(st discordfake.InteractionState) bool { return st.Original != nil && st.Original.Deleted }); err != nil {
				t.Errorf("Alice's deferred answer stays: %v", err)
			}
		} else {
			mail(p.move)
			post := w.waitPost(th.ID, func(m discordfake.Message) bool {
				return len(w.posts(th.ID)) > n && (strings.Contains(m.Content, "played "+p.move) || strings.Contains(m.Content, "(mail "+p.move+")"))
			})
			if !containsAll(post.Mentions, w.alice.ID) {
				t.Errorf("Ann's move %d does not mention Alice: %s", i+1, show(post))
			}
		}
		mailTo("played " + p.move)
	}
	mailTo("R-0")
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "R-0") })

	// Bob uses the bot once; Ann can then challenge him by his username.
	w.reply(w.slash(w.bob.ID, w.channel, "games"))
	mail("new discord:bob size=4")
	var th2 discordfake.Channel
	w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) == 2 {
			th2 = ts[1]
		}
		return len(ts) == 2
	})
	challenge := w.waitPost(th2.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Ann challenges you") })
	if th2.ParentID != w.channel || !containsAll(challenge.Mentions, w.bob.ID) {
		t.Errorf("Bob's challenge from email: thread %+v, post %s", th2, show(challenge))
	}
	w.click(w.bob.ID, challenge, "Accept")
	mailTo("Game g2 begins")
	w.clean()
}
