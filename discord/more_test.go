package discord

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// A proposal's Accept button works for the player it was made to; names
// are server display names (the nickname first).
func TestProposalButtonsAndNicknames(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Setup: func(w *world) {
		if err := w.fake.AddMember(w.guild, w.bob.ID, "Bobby"); err != nil {
			t.Fatal(err)
		}
	}})
	th := w.startGame()
	if th, _ = w.fake.Channel(th.ID); th.Name != "g1 Alice vs Bobby" {
		t.Errorf("thread name %q", th.Name)
	}
	w.slash(w.alice.ID, th.ID, "draw")
	offer := w.waitPost(th.ID, func(m discordfake.Message) bool { _, ok := button(m, "Accept"); return ok && m.ID != "" })
	if !containsAll(offer.Mentions, w.bob.ID) {
		t.Errorf("the offer does not mention Bob: %s", show(offer))
	}
	w.click(w.bob.ID, offer, "Accept")
	// A draw agreed before each player has moved twice is an abort.
	g := w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Aborted })
	if g.Result != nil {
		t.Errorf("result %+v", g.Result)
	}
	w.clean()
}

// A game's thread that is gone (deleted by a moderator) is replaced by a
// new one, once, with the players in it.
func TestDeletedThreadReplaced(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	// The place now points to a thread Discord does not know.
	gone := "1000000000000000001"
	p, _ := w.tr.mem.place("g1")
	p.Thread = gone
	w.tr.mem.setPlace("g1", p)
	w.slash(w.alice.ID, w.channel, "move", discordfake.Opt("move", "a3"), discordfake.Opt(gameOption, "g1"))
	var fresh discordfake.Channel
	w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) == 2 {
			fresh = ts[1]
		}
		return len(ts) == 2
	})
	post := w.waitPost(fresh.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })
	fresh, _ = w.fake.Channel(fresh.ID)
	if fresh.ParentID != th.ParentID || !containsAll(fresh.Members, w.alice.ID, w.bob.ID) || !containsAll(post.Mentions, w.bob.ID) {
		t.Errorf("new thread %+v, post %s", fresh, show(post))
	}
	if g, _ := w.tr.mem.gameOf(fresh.ID); g != "g1" {
		t.Errorf("the new thread stands for %q", g)
	}
	w.clean()
}

// threads: private opens private threads, the players added.
func TestPrivateThreads(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Threads: PrivateThreads})
	th := w.startGame()
	if th, _ = w.fake.Channel(th.ID); th.Type != discordfake.ChannelPrivateThread || th.Invitable || !containsAll(th.Members, w.alice.ID, w.bob.ID) {
		t.Errorf("thread %+v", th)
	}
	w.clean()
}

// A Discord player challenged by email who never used the bot in a
// server plays by direct message.
func TestChallengedByEmailPlaysByDM(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	if _, err := w.ref.Handle(w.ctx, bot.Message{ID: "<c1@example.org>", From: ann, Name: "Ann", Text: "new discord:" + w.bob.ID + " size=3"}); err != nil {
		t.Fatal(err)
	}
	var dm string
	w.fake.Await(w.ctx, func() bool { var ok bool; dm, ok = w.fake.DMChannelOf(w.bob.ID); return ok })
	challenge := w.waitPost(dm, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Ann challenges you") })
	w.click(w.bob.ID, challenge, "Accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
	w.mail.wait(w.ctx, t, func(r record.Reply) bool { return r.To == ann && strings.Contains(r.Text(), "Game g1 begins") })
	if n := len(w.fake.Threads()); n != 0 {
		t.Errorf("%d threads", n)
	}
	w.clean()
}

// Configurations Discord refuses stop Run with an error saying what to do.
func TestRunRefusedConfiguration(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		fake discordfake.Options
		cfg  func(*Config)
		want string
	}{
		{"message content not enabled", discordfake.Options{MessageContentDisabled: true}, func(c *Config) { c.MessageContent = true }, "Message Content intent"},
		{"wrong token", discordfake.Options{}, func(c *Config) { c.Token = "not-the-token" }, "refused the token"},
		{"not in the guild", discordfake.Options{}, func(c *Config) { c.Guilds = []string{"123456789012345678"} }, "registering the slash commands"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, worldOptions{Fake: c.fake, NoStart: true})
			cfg := Config{Token: w.fake.Token(), ApplicationID: w.fake.ApplicationID(), Guilds: []string{w.guild}, APIURL: w.fake.URL()}
			c.cfg(&cfg)
			ref := bot.New(w.store, nil, bot.Options{Logger: discardLogger()})
			tr, err := New(cfg, ref, Options{Logger: discardLogger(), detachClose: true})
			if err != nil {
				t.Fatal(err)
			}
			err = tr.Run(w.ctx)
			if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Run = %v, want a configuration error about %q", err, c.want)
			}
			if h := tr.Health(); h.Connected {
				t.Errorf("health %+v", h)
			}
		})
	}
}

// A private game (private=yes) gets a private thread even where the
// server's games play in public ones: nobody but its players sees it
// (issue 24: private games are invisible to anyone but their players).
func TestPrivateGameGetsPrivateThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{}) // public threads
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("private", "yes")))
	th := w.thread()
	if th, _ = w.fake.Channel(th.ID); th.Type != discordfake.ChannelPrivateThread || th.Invitable || !containsAll(th.Members, w.alice.ID, w.bob.ID) {
		t.Errorf("the private game's thread %+v", th)
	}
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3)))
	var public discordfake.Channel
	w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) > 1 {
			public = ts[1]
		}
		return public.ID != ""
	})
	if public.Type != discordfake.ChannelPublicThread {
		t.Errorf("a public game's thread %+v", public)
	}
	w.clean()
}
