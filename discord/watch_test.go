package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// A spectator on Discord: /tak more watch, each move by direct message
// with its picture, and no way to act in the game.
func TestWatchBySlashCommand(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	carol := w.fake.AddUser(discordfake.User{Username: "carol", GlobalName: "Carol"})
	if err := w.fake.AddMember(w.guild, carol.ID, ""); err != nil {
		t.Fatal(err)
	}
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.waitPosts(th.ID, 1)[0]
	w.click(w.bob.ID, challenge, "Accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
	ix, err := w.fake.Slash(w.ctx, carol.ID, w.channel, rootCommand, discordfake.Sub(moreGroup, discordfake.Sub("watch", o("id", "g1"))))
	if err != nil {
		t.Fatal(err)
	}
	if got := w.reply(ix); !strings.Contains(got.Content, "You are watching game g1") {
		t.Errorf("watch answer: %s", show(got))
	}
	w.slash(w.alice.ID, th.ID, "move", o("move", "a1"))
	var dm string
	if err := w.fake.Await(w.ctx, func() bool { var ok bool; dm, ok = w.fake.DMChannelOf(carol.ID); return ok }); err != nil {
		t.Fatal(err)
	}
	moved := w.waitPost(dm, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a1") })
	if len(moved.Attachments) == 0 || !strings.Contains(moved.Content, "unwatch g1") && len(moved.Components) == 0 {
		t.Errorf("the move to the spectator: %s", show(moved))
	}
	refused := w.reply(w.slash(carol.ID, th.ID, "move", o("move", "c3"), o(gameOption, "g1")))
	if !refused.Ephemeral || !strings.Contains(refused.Content, "Refused \"c3\"") {
		t.Errorf("the spectator's move: %s", show(refused))
	}
	if g := w.game("g1"); len(g.Moves) != 1 {
		t.Errorf("moves %v", g.Moves)
	}
}
