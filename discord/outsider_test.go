package discord

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// TestOutsiderButtons: Carol, in the server but in neither game, presses
// every button of a challenge to Bob (Accept, Decline) and of a game
// (Resign, which would ask to confirm, Undo, Offer a draw...). Each press
// is refused with a private answer naming the player the buttons are for;
// nothing changes: not the game, not the posts of its thread, not the
// buttons, and the referee never hears of Carol.
func TestOutsiderButtons(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	carol := w.fake.AddUser(discordfake.User{Username: "carol"})
	if err := w.fake.AddMember(w.guild, carol.ID, ""); err != nil {
		t.Fatal(err)
	}
	o := discordfake.Opt

	// pressAll has Carol press every button of m, and checks that nothing
	// changed in game id.
	pressAll := func(m discordfake.Message, id, owner string, want ...string) {
		t.Helper()
		before := w.game(id)
		posts := len(w.posts(m.ChannelID))
		var labels []string
		var walk func([]discordfake.Component)
		walk = func(cs []discordfake.Component) {
			for _, c := range cs {
				if c.Type == discordfake.ComponentButton && c.CustomID != "" {
					labels = append(labels, c.Label)
				}
				walk(c.Components)
			}
		}
		walk(m.Components)
		for _, l := range want {
			found := false
			for _, have := range labels {
				found = found || strings.HasPrefix(have, l)
			}
			if !found {
				t.Fatalf("%q has no %s button: %v", m.Content, l, labels)
			}
		}
		for _, label := range labels {
			got := w.reply(w.click(carol.ID, m, label))
			if !got.Ephemeral || !strings.Contains(got.Content, "These buttons are for "+mention(owner)+"; only they can use them.") ||
				len(got.Components) != 0 {
				t.Errorf("Carol pressing %q: %s", label, show(got))
			}
		}
		if after := w.game(id); !reflect.DeepEqual(before, after) {
			t.Errorf("after Carol's presses game %s changed:\n%+v\nwas\n%+v", id, after, before)
		}
		if now := len(w.posts(m.ChannelID)); now != posts {
			t.Errorf("after Carol's presses the thread has %d posts, had %d:\n%s", now, posts, contents(w.posts(m.ChannelID)))
		}
		if again, _ := w.fake.Message(m.ID); !reflect.DeepEqual(again.Components, m.Components) {
			t.Errorf("Carol's presses changed the buttons of %q: %+v", m.Content, again.Components)
		}
	}

	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3),
		o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	pressAll(challenge, "g1", w.bob.ID, "Accept", "Decline")
	if g := w.game("g1"); g.Status != record.Challenged {
		t.Fatalf("the challenge is %s after Carol's presses", g.Status)
	}

	w.click(w.bob.ID, challenge, "Accept")
	start := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	pressAll(start, "g1", w.alice.ID, "Resign")

	w.slash(w.alice.ID, th.ID, "move", o("move", "a1"))
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	bobsTurn := w.waitPost(th.ID, func(m discordfake.Message) bool {
		return m.ID != start.ID && strings.Contains(m.Content, "bob to move") && len(m.Components) > 0
	})
	pressAll(bobsTurn, "g1", w.bob.ID, "Resign")
	if g := w.game("g1"); g.Status != record.Active || len(g.Moves) != 1 {
		t.Fatalf("after Carol's presses the game is %s with %d moves", g.Status, len(g.Moves))
	}

	if _, err := w.ref.Player(w.ctx, record.Identity{Transport: Name, Address: carol.ID}); !errors.Is(err, record.ErrNotFound) {
		t.Errorf("the referee knows Carol after her presses only: %v", err)
	}
	w.clean()
}
