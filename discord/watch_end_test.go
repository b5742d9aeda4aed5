package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
)

// A spectator on Discord is told who resigned and who won in the post's
// own words, not only "... is over." (issue 26: the line of the result
// followed the text board, which a short post folds away).
func TestWatcherToldWhoResigned(t *testing.T) {
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
	w.waitGame("g1", func(g *bot.GameRecord) bool { return g.Status == bot.Active })
	for i, m := range []struct{ by, move string }{{w.alice.ID, "a1"}, {w.bob.ID, "c3"}, {w.alice.ID, "a2"}, {w.bob.ID, "c2"}} {
		w.slash(m.by, th.ID, "move", o("move", m.move))
		w.waitGame("g1", func(g *bot.GameRecord) bool { return len(g.Moves) == i+1 })
	}
	ix, err := w.fake.Slash(w.ctx, carol.ID, w.channel, rootCommand, discordfake.Sub(moreGroup, discordfake.Sub("watch", o("id", "g1"))))
	if err != nil {
		t.Fatal(err)
	}
	w.reply(ix)
	w.slash(w.bob.ID, th.ID, "resign")
	w.waitGame("g1", func(g *bot.GameRecord) bool { return g.Status == bot.Over })
	var dm string
	if err := w.fake.Await(w.ctx, func() bool { var ok bool; dm, ok = w.fake.DMChannelOf(carol.ID); return ok }); err != nil {
		t.Fatal(err)
	}
	over := w.waitPost(dm, func(m discordfake.Message) bool { return strings.Contains(m.Content, "is over") })
	if !strings.Contains(over.Content, "resigned, and") || !strings.Contains(over.Content, "wins (1-0)") {
		t.Errorf("the end to the spectator: %s", show(over))
	}
}
