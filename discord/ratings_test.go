package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

// own sends /tak more NAME and returns the answer its user sees.
func (w *world) own(user, channel, name string, opts ...discordfake.Option) discordfake.Message {
	w.t.Helper()
	return w.reply(w.slash(user, channel, moreGroup, discordfake.Sub(name, opts...)))
}

// drawnGame plays a 3x3 game from challenge to an agreed draw in a
// channel, by slash commands, and returns its thread.
func (w *world) drawnGame(white, black, channel string, before int) string {
	w.t.Helper()
	o := discordfake.Opt
	w.reply(w.slash(white, channel, challengeName, o(opponentOption, mention(black)), o("size", 3), o("color", "white")))
	var th string
	w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) > before {
			th = ts[before].ID
		}
		return th != ""
	})
	if th == "" {
		w.t.Fatalf("no thread for game %d", before+1)
	}
	w.waitPost(th, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	w.slash(black, th, "accept")
	w.waitPost(th, func(m discordfake.Message) bool { return strings.Contains(m.Content, "begins") })
	// Two moves each: a draw agreed before would count as an abort.
	for i, sq := range []string{"a1", "c3", "b1", "c2"} {
		who := white
		if i%2 == 1 {
			who = black
		}
		n := len(w.posts(th))
		w.slash(who, th, "move", o("move", sq))
		w.waitPost(th, func(m discordfake.Message) bool {
			return len(w.posts(th)) > n && strings.Contains(m.Content, "played "+sq)
		})
	}
	w.slash(white, th, "draw")
	w.waitPost(th, func(m discordfake.Message) bool { return strings.Contains(m.Content, "proposes to agree a draw") })
	w.slash(black, th, "accept")
	w.waitPost(th, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Rated 3x3 and 4x4 game") })
	return th
}

// TestLeaderboardPerServer: /tak more leaderboard in a server lists the players
// who played there; /tak more stats shows a player's record to the asker alone.
func TestLeaderboardPerServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MinGames: 1, Global: true}) // global commands: /tak in both servers
	o := discordfake.Opt
	other := w.fake.AddGuild("Other Club")
	lobby, err := w.fake.AddTextChannel(other, "lobby")
	if err != nil {
		t.Fatal(err)
	}
	carol := w.fake.AddUser(discordfake.User{Username: "carol", GlobalName: "Carol"})
	for _, u := range []string{carol.ID, w.alice.ID} {
		if err := w.fake.AddMember(other, u, ""); err != nil {
			t.Fatal(err)
		}
	}
	w.drawnGame(w.alice.ID, w.bob.ID, w.channel, 0)
	w.drawnGame(carol.ID, w.alice.ID, lobby, 1)

	for _, tc := range []struct {
		who, channel string
		in, out      []string
	}{
		{w.bob.ID, w.channel, []string{"of this server", "Alice", "you"}, []string{"Carol"}},
		{carol.ID, lobby, []string{"of this server", "Alice", "you"}, []string{"bob"}},
	} {
		m := w.own(tc.who, tc.channel, "leaderboard", o("size", "small"))
		for _, s := range tc.in {
			if !strings.Contains(m.Content, s) {
				t.Errorf("the leaderboard in %s lacks %q:\n%s", tc.channel, s, m.Content)
			}
		}
		for _, s := range tc.out {
			if strings.Contains(m.Content, s) {
				t.Errorf("the leaderboard in %s lists %q, who never played there:\n%s", tc.channel, s, m.Content)
			}
		}
	}
	st := w.own(w.bob.ID, w.channel, "stats", o("player", mention(w.alice.ID)))
	if !st.Ephemeral || !strings.Contains(st.Content, "Alice's record: 2 games finished, 0 won, 0 lost, 2 drawn.") {
		t.Errorf("/tak more stats of Alice: ephemeral %v\n%s", st.Ephemeral, st.Content)
	}
	w.clean()
}
