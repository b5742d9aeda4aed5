package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

// A player challenged by a bare id the bot never saw is named by their
// display name (the server nick, else the global name), looked up through
// Discord, in the game, its thread title and its posts: never by the id.
func TestChallengeByIDUsesDisplayName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, nick, global, want string
	}{
		{"nick", "Caz", "Carol", "Caz"},
		{"global name", "", "Carol", "Carol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, worldOptions{})
			carol := w.fake.AddUser(discordfake.User{Username: "carol", GlobalName: tc.global})
			if err := w.fake.AddMember(w.guild, carol.ID, tc.nick); err != nil {
				t.Fatal(err)
			}
			w.reply(w.slash(w.alice.ID, w.channel, challengeName, discordfake.Opt(opponentOption, carol.ID)))
			th := w.thread()
			post := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
			g := w.game("g1")
			if g.Names[1] != tc.want && g.Names[0] != tc.want {
				t.Errorf("the game's names %q, want %q", g.Names, tc.want)
			}
			if want := "g1 Alice vs " + tc.want; th.Name != want {
				t.Errorf("thread title %q, want %q", th.Name, want)
			}
			for _, s := range []string{th.Name, post.Content} {
				if strings.Contains(s, carol.ID) && !strings.Contains(s, "<@"+carol.ID+">") {
					t.Errorf("a raw id shows: %q", s)
				}
			}
			w.clean()
		})
	}
}
