package discord

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// mailer plays an email player through the referee.
type mailer struct {
	w    *world
	t    *testing.T
	id   record.Identity
	name string
	seq  int
}

func (m *mailer) send(text string) bot.Outcome {
	m.t.Helper()
	m.seq++
	out, err := m.w.ref.Handle(m.w.ctx, bot.Message{ID: fmt.Sprintf("<%s%d@example.org>", m.name, m.seq), From: m.id, Name: m.name, Text: text})
	if err != nil {
		m.t.Fatalf("%s's mail %q: %v", m.name, text, err)
	}
	return out
}

func (m *mailer) wait(want string) record.Reply {
	m.t.Helper()
	return m.w.mail.wait(m.w.ctx, m.t, func(r record.Reply) bool { return r.To == m.id && strings.Contains(r.Text(), want) })
}

// An open challenge by mail is posted in the lobby channel with an Accept
// button; the first Discord player to press it plays, the post is edited
// to say so, and a later "accept" is told the seat is taken.
func TestLobbyMailSeekTakenOnDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Lobby: true})
	ann := &mailer{w: w, t: t, id: record.Identity{Transport: "email", Address: "ann@example.org"}, name: "Ann"}
	ann.send("new anyone size=4 color=white")
	ann.wait("Open challenge g1 posted")
	post := w.waitPost(w.lobby, func(m discordfake.Message) bool { return strings.Contains(m.Content, "open challenge g1") })
	if !strings.Contains(post.Content, "Ann (unrated) is looking for an opponent") || strings.Contains(post.Content, "example.org") {
		t.Errorf("lobby post: %s", show(post))
	}
	if len(post.Mentions) != 0 {
		t.Errorf("the lobby post pings: %s", show(post))
	}
	ix := w.click(w.alice.ID, post, "Accept")
	ann.wait("Game g1 begins")
	g := w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
	if g.Players != [2]string{"email:ann@example.org", "discord:" + w.alice.ID} {
		t.Errorf("players %v", g.Players)
	}
	if _, err := ix.Reply(w.ctx); err != nil {
		t.Errorf("the click was not answered: %v", err)
	}
	th := w.thread()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Game g1 begins") })
	var edited discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		ms := w.posts(w.lobby)
		if len(ms) == 1 && strings.Contains(ms[0].Content, "accepted the open challenge g1 of Ann") {
			edited = ms[0]
			return true
		}
		return false
	}); err != nil {
		t.Fatalf("the lobby post was not edited: %v\n%s", err, contents(w.posts(w.lobby)))
	}
	if _, ok := button(edited, "Accept"); ok || edited.ID != post.ID {
		t.Errorf("after the accept the post keeps its button, or is another: %s", show(edited))
	}

	late := w.reply(w.slash(w.bob.ID, w.channel, "accept", discordfake.Opt("id", "g1")))
	if !strings.Contains(late.Content, "someone else accepted the open challenge g1 first") || !late.Ephemeral {
		t.Errorf("second acceptor: %s", show(late))
	}
}

// "new anyone" from a slash command is posted in the lobby; the seeker's
// "cancel" edits the post; a mail player lists the seeks with "seeks".
func TestLobbySlashSeekListedByMailAndCancelled(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Lobby: true})
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, discordfake.Opt(opponentOption, "anyone"), discordfake.Opt("rating", "1400-1600")))
	post := w.waitPost(w.lobby, func(m discordfake.Message) bool { return strings.Contains(m.Content, "open challenge g1") })
	if !strings.Contains(post.Content, "Alice (unrated)") || !strings.Contains(post.Content, "rated 1400 to 1600") {
		t.Errorf("lobby post: %s", show(post))
	}
	bea := &mailer{w: w, t: t, id: record.Identity{Transport: "email", Address: "bea@example.org"}, name: "Bea"}
	bea.send("seeks")
	list := bea.wait("Open challenges")
	if !strings.Contains(list.Text(), "g1: Alice (unrated), 5x5") || strings.Contains(list.Text(), w.alice.ID) {
		t.Errorf("seeks by mail: %s", list.Text())
	}
	seeks := w.reply(w.slash(w.bob.ID, w.channel, moreGroup, discordfake.Sub("seeks")))
	if !strings.Contains(seeks.Content, "g1: Alice (unrated), 5x5") || !seeks.Ephemeral {
		t.Errorf("/tak more seeks: %s", show(seeks))
	}
	if _, ok := button(seeks, "Accept g1"); !ok {
		t.Errorf("/tak more seeks has no Accept button: %s", show(seeks))
	}
	w.reply(w.slash(w.alice.ID, w.channel, "cancel", discordfake.Opt("game", "g1")))
	if err := w.fake.Await(w.ctx, func() bool {
		ms := w.posts(w.lobby)
		return len(ms) == 1 && strings.Contains(ms[0].Content, "Alice withdrew the open challenge g1")
	}); err != nil {
		t.Fatalf("the lobby post was not edited: %v\n%s", err, contents(w.posts(w.lobby)))
	}
	bea.send("accept g1")
	bea.wait("Alice withdrew the open challenge g1")
}

var pairCodeRE = regexp.MustCompile(`pairing code is ([A-Z0-9]{4}-[A-Z0-9]{4})`)

// A Discord player pairs with their mail address: "/tak more pair" gives
// the code, "pair CODE" by mail joins; the mail player then sees and plays
// the Discord account's games, and "unpair" from Discord separates them.
func TestPairDiscordWithMail(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, "<@"+w.bob.ID+">"), o("size", 3), o("color", "white")))
	th := w.thread()
	w.reply(w.slash(w.bob.ID, th.ID, "accept"))
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })

	code := pairCodeRE.FindStringSubmatch(w.reply(w.slash(w.alice.ID, w.channel, moreGroup, discordfake.Sub("pair"))).Content)
	if code == nil {
		t.Fatal("no code in the answer to /tak more pair")
	}
	alice := &mailer{w: w, t: t, id: record.Identity{Transport: "email", Address: "alice@example.org"}, name: "Alice"}
	alice.send("pair " + code[1])
	alice.wait("Paired: your ")
	alice.send("games")
	games := alice.wait("Your games")
	if got := games.Text(); !strings.Contains(got, "g1") {
		t.Errorf("games by mail after pairing: %s", got)
	}
	alice.send("game g1; ps a1")
	alice.wait("you (white) played")
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played") })

	un := w.reply(w.slash(w.alice.ID, w.channel, moreGroup, discordfake.Sub("pair", o("code", "off"))))
	if !strings.Contains(un.Content, "Unpaired") {
		t.Errorf("unpair: %s", show(un))
	}
	alice.wait("Unpaired")
}

// "new anyone" written as plain text (to the bot, outside a game thread)
// is posted in the lobby too.
func TestLobbySeekFromText(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Lobby: true, MessageContent: true})
	if _, err := w.fake.Say(w.bob.ID, w.channel, mention(w.fake.Bot().ID)+" new anyone size=6"); err != nil {
		t.Fatal(err)
	}
	post := w.waitPost(w.lobby, func(m discordfake.Message) bool { return strings.Contains(m.Content, "open challenge g1, 6x6") })
	if _, ok := button(post, "Accept"); !ok {
		t.Errorf("no Accept button: %s", show(post))
	}
	w.click(w.alice.ID, post, "Accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
}

// A lobby post's record is pruned once far older than any open challenge.
func TestLobbyRecordPruned(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{Lobby: true, ManualClock: true})
	r := &record.Reply{ID: "clock:g9/1", To: record.Identity{Transport: Name, Address: lobbyAddress}, Game: "g9",
		Parts: []record.Part{{Kind: record.Prose, Text: "Ann is looking for an opponent: open challenge g9."}}}
	if err := w.tr.Send(w.ctx, r); err != nil {
		t.Fatal(err)
	}
	var rec lobbyRecord
	if found, err := w.tr.getState(w.ctx, keyLobby+"g9", &rec); !found || err != nil || rec.Channel != w.lobby {
		t.Fatalf("no lobby record after the post: %+v %v", rec, err)
	}
	if err := w.tr.prune(w.ctx); err != nil {
		t.Fatal(err)
	}
	if found, err := w.tr.getState(w.ctx, keyLobby+"g9", &rec); !found || err != nil {
		t.Fatalf("a fresh lobby record was pruned: %v", err)
	}
	w.clock.Advance(lobbyRetention + time.Hour)
	if err := w.tr.prune(w.ctx); err != nil {
		t.Fatal(err)
	}
	if found, err := w.tr.getState(w.ctx, keyLobby+"g9", &rec); found || err != nil {
		t.Errorf("an old lobby record stays: %v", err)
	}
}
