package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

const danMail = "dan@example.org"

// sendMail hands the referee a mail from addr that the transport vouches
// for (a reply token or a DMARC pass), unless m says otherwise.
func (h *harness) sendMail(addr, text string, m bot.Message) bot.Outcome {
	h.t.Helper()
	m.From, m.Name, m.Text = mail(addr), strings.Split(addr, "@")[0], text
	return h.message(m)
}

// newsTo is the news notices among rs to addr.
func newsTo(rs []bot.Reply, addr string) []string {
	var out []string
	for _, r := range rs {
		if r.To.Address == addr && strings.Contains(r.Text(), "New open challenge") {
			out = append(out, r.Text())
		}
	}
	return out
}

// playerRec reads a player's record.
func (h *harness) playerRec(id bot.Identity) *bot.PlayerRecord {
	h.t.Helper()
	p, err := h.ref.Player(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

// TestNewsOfSeeks: a mail player and a console player who asked for news
// hear of a new open challenge, with how to accept it and how to stop
// the news; the seeker and those who did not ask hear nothing; "settings"
// shows the subscription.
func TestNewsOfSeeks(t *testing.T) {
	h, mailer := newConsentHarness(t)
	out := h.sendMail(danMail, "set news seeks", bot.Message{})
	mustContain(t, "dan subscribes", out.Replies[0].Text(), "You will hear of new open challenges you may accept, at once, up to 5 a day")
	mustContain(t, "bob subscribes", textTo(h.send("bob", "set news on"), "bob"), "new open challenges you may accept and new events open to sign-up")
	h.send("carol", "games") // carol has a record but asked for nothing
	h.send("alice", "set news seeks")

	rs := h.send("alice", "new anyone size=5 komi=2")
	id := rs[0].Game
	for _, who := range []string{danMail, "bob"} {
		got := newsTo(rs, who)
		if len(got) != 1 {
			t.Fatalf("%s got %d notices of %s:\n%s", who, len(got), id, allText(rs))
		}
		mustContain(t, who+"'s notice", got[0], "New open challenge "+id+": alice (unrated), 5x5, komi 2", "you would play black",
			"Accept it with \"accept "+id+"\"", "\"set news off\" stops it")
		if strings.Contains(got[0], "console:") || strings.Contains(got[0], "@") {
			t.Errorf("the notice names an address:\n%s", got[0])
		}
	}
	if n := len(newsTo(rs, "carol")) + len(newsTo(rs, "alice")); n != 0 {
		t.Errorf("%d notices to carol (who did not ask) or alice (the seeker)", n)
	}
	h.deliver("email")
	if sentTo(mailer.capture, danMail) < 2 {
		t.Errorf("the notice was not mailed to dan")
	}
	// dan takes it from the notice
	out = h.sendMail(danMail, "accept "+id, bot.Message{})
	if g := h.game(id); g.Status != bot.Active || g.Players[1] != "email:"+danMail {
		t.Errorf("dan's accept: %s %v (%s)", g.Status, g.Players, allText(out.Replies))
	}
	mustContain(t, "settings", textTo(h.send("bob", "settings"), "bob"), "News: new open challenges you may accept and new events open to sign-up, at once, up to 5 a day")
	mustContain(t, "off", textTo(h.send("bob", "set news off"), "bob"), "You get no more news")
	if n := len(newsTo(h.send("carol", "new anyone"), "bob")); n != 0 {
		t.Errorf("bob turned news off and got %d notices", n)
	}
}

// TestNewsAttacks: "set news" changes the sender's own subscription
// only, never on mail the transport cannot vouch for; "stop" ends the
// news; a seek's rating range limits who hears of it, a private game's
// seek included.
func TestNewsAttacks(t *testing.T) {
	h, _ := newConsentHarness(t)
	h.sendMail(danMail, "set news seeks", bot.Message{})

	// a forged mail in dan's name cannot change dan's news
	out := h.sendMail(danMail, "set news off", bot.Message{Unverified: true})
	if p := h.playerRec(mail(danMail)); p.News == nil || !p.News.Seeks {
		t.Fatalf("an unverified mail turned dan's news off (%s)", allText(out.Replies))
	}
	// the same mail, confirmed by dan (an empty reply to the request), does
	out = h.sendMail(danMail, "set news off", bot.Message{Confirmed: true})
	if p := h.playerRec(mail(danMail)); p.News != nil {
		t.Fatalf("dan's confirmed mail left the news on (%s)", allText(out.Replies))
	}
	h.sendMail(danMail, "set news seeks", bot.Message{})
	// a stranger cannot subscribe someone else: the words are not a setting
	rs := h.send("mallory", "set news seeks "+danMail)
	mustContain(t, "someone else", textTo(rs, "mallory"), "Refused", "is none of them")
	rs = h.send("mallory", "set news on victim")
	mustContain(t, "someone else", textTo(rs, "mallory"), "Refused")
	if p, err := h.ref.Player(context.Background(), player("victim")); err == nil && p.News != nil {
		t.Errorf("mallory subscribed victim: %+v", p.News)
	}
	if p := h.playerRec(player("mallory")); p.News != nil {
		t.Errorf("a refused set news subscribed mallory: %+v", p.News)
	}

	// a private seek for players rated 1600 to 1800: dan (unrated, 1500) is not told
	h.send("bob", "set news seeks")
	rs = h.send("alice", "new anyone private=yes rating=1600-1800")
	if n := len(newsTo(rs, danMail)) + len(newsTo(rs, "bob")); n != 0 {
		t.Errorf("%d notices of a seek the subscribers may not accept:\n%s", n, allText(rs))
	}
	// a private seek anyone may accept: told as private, by public name
	rs = h.send("alice", "new anyone private=yes")
	got := newsTo(rs, "bob")
	if len(got) != 1 {
		t.Fatalf("bob got %d notices of an open private seek", len(got))
	}
	mustContain(t, "private seek", got[0], "The game will be private")

	// "stop" on mail ends the news too
	h.sendMail(danMail, "stop", bot.Message{})
	if p := h.playerRec(mail(danMail)); p.News != nil {
		t.Errorf("stop left dan's news on: %+v", p.News)
	}
	if n := len(newsTo(h.send("carol", "new anyone"), danMail)); n != 0 {
		t.Errorf("dan stopped and got %d notices", n)
	}
}

// TestNewsDailyCap: a subscriber gets at most 5 notices at once a day;
// the last says so; the rest, and everything for a "daily" subscriber,
// wait for their digest, which lists those still open.
func TestNewsDailyCap(t *testing.T) {
	h := newHarness(t)
	mustContain(t, "daily without digest", textTo(h.send("dora", "set news seeks daily"), "dora"), "Refused", "you have none")
	h.send("bob", "set digest daily 08:00 Europe/Berlin; set news seeks")
	h.send("dora", "set digest daily 08:00 Europe/Berlin; set news seeks daily")
	var ids []string
	var notices []string
	var daily int
	for i := range 7 {
		seeker := []string{"alice", "carl"}[i%2]
		rs := h.send(seeker, "new anyone")
		ids = append(ids, rs[0].Game)
		notices = append(notices, newsTo(rs, "bob")...)
		daily += len(newsTo(rs, "dora"))
	}
	if len(notices) != 5 {
		t.Fatalf("bob got %d notices at once, want 5", len(notices))
	}
	mustContain(t, "the last notice", notices[4], "That is the 5 notices you get at once today; the others go in your daily digest")
	if strings.Contains(notices[3], "That is the") {
		t.Errorf("the 4th notice says it is the last")
	}
	if daily != 0 {
		t.Errorf("dora, daily, got %d notices at once", daily)
	}
	h.send("carl", "game "+ids[5]+"; cancel") // withdrawn before the digest
	h.clock.Advance(23 * time.Hour)           // 08:00 CET on the 22nd
	rs := h.tick()
	bob, dora := textTo(rs, "bob"), textTo(rs, "dora")
	mustContain(t, "bob's digest", bob, "News since your last digest", ids[6]+": alice (unrated)")
	if strings.Contains(bob, ids[5]+":") || strings.Contains(bob, ids[0]+":") {
		t.Errorf("bob's digest lists a withdrawn seek or one told at once:\n%s", bob)
	}
	mustContain(t, "dora's digest", dora, "News since your last digest", ids[0]+": alice", ids[6]+": alice")
	if strings.Contains(dora, ids[5]+":") {
		t.Errorf("dora's digest lists a withdrawn seek:\n%s", dora)
	}
	// a new day: notices at once again
	if n := len(newsTo(h.send("carl", "new anyone"), "bob")); n != 1 {
		t.Errorf("the next day bob got %d notices", n)
	}
}
