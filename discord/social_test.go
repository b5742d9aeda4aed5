package discord

import (
	"fmt"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// TestSayPlanRematchAcrossTransports: Alice on Discord and Ann by mail
// talk with "say" (by /tak more say and by mail), each makes a plan that
// answers the other's move at once (Ann by mail, Alice by text in the
// thread), and after Alice's planned road Alice presses the Rematch button
// on the last post (Bob's click on it is refused): Ann accepts by mail and
// the new game names the old one.
func TestSayPlanRematchAcrossTransports(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	o := discordfake.Opt
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	seq := 0
	send := func(text string, refused bool) {
		t.Helper()
		seq++
		out, err := w.ref.Handle(w.ctx, bot.Message{ID: fmt.Sprintf("<s%d@example.org>", seq), From: ann, Name: "Ann", Text: text})
		if err != nil || out.Refused != refused {
			t.Fatalf("Ann's mail %q: %+v, %v", text, out, err)
		}
	}
	mail := func(text string) { t.Helper(); send(text, false) }
	mailTo := func(want string) *record.Reply {
		t.Helper()
		r := w.mail.wait(w.ctx, t, func(r record.Reply) bool { return r.To == ann && strings.Contains(r.Text(), want) })
		return &r
	}
	post := func(ch, want string) discordfake.Message {
		t.Helper()
		return w.waitPost(ch, func(m discordfake.Message) bool { return strings.Contains(m.Content, want) })
	}
	say := func(ch, text string) {
		t.Helper()
		if _, err := w.fake.Say(w.alice.ID, ch, text); err != nil {
			t.Fatalf("Alice says %q: %v", text, err)
		}
	}

	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, "ann@example.org"), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	mailTo("Alice challenges you")
	th := w.thread()
	mail("accept")
	post(th.ID, "Game g1 begins")

	// Chat, both ways.
	if _, err := w.fake.Slash(w.ctx, w.alice.ID, th.ID, rootCommand, discordfake.Sub(moreGroup, discordfake.Sub("say", o("text", "good luck, Ann!")))); err != nil {
		t.Fatal(err)
	}
	if got := mailTo("Alice says:").Text(); !strings.Contains(got, "Alice says: “good luck, Ann!”") {
		t.Errorf("Ann's mail:\n%s", got)
	}
	mail("say thanks, you too")
	post(th.ID, "Ann says: “thanks, you too”")
	send("say see https://evil.example", true) // refused to Ann, nothing in the thread
	mailTo("passes on no addresses or links")

	// Ann's plan, by mail, answers Alice's slash move.
	w.slash(w.alice.ID, th.ID, "move", o("move", "ps a1"))
	mailTo("played ps a1")
	mail("ps c1")
	post(th.ID, "(mail ps c1)") // Alice reads PTN: Ann's move with her own words beside it
	mail("plan ps a2, ps c2")
	mailTo("Plan made in game g1: if Alice plays ps a2")
	w.slash(w.alice.ID, th.ID, "move", o("move", "ps a2"))
	post(th.ID, "(mail ps c2)")
	mailTo("Your plan answered Alice's ps a2")

	// Alice's plan, typed in the thread, wins with a road.
	say(th.ID, "ps b1")
	mailTo("played ps b1")
	say(th.ID, "plan ps b3 ps a3")
	// A plan is never shown to the opponent: its confirmation goes by DM.
	w.waitDM(w.alice.ID, func(m discordfake.Message) bool {
		return strings.Contains(m.Content, "Plan made in game g1: if Ann plays b1 (mail ps b3)")
	})
	mail("ps b3")
	last := post(th.ID, "Game over: you (white) win by road")
	if !strings.Contains(last.Content, "Your plan answered Ann's b1") {
		t.Errorf("the last post does not say the plan answered:\n%s", last.Content)
	}
	mailTo("Game over: Alice (white) wins by road")
	if g := w.game("g1"); g.Status != record.Over || g.Moves[len(g.Moves)-1].PTN != "a1" {
		t.Fatalf("g1: %s, moves %+v", g.Status, g.Moves)
	}

	// The Rematch button: Bob's click is refused, Alice's asks Ann.
	ix := w.click(w.bob.ID, last, "Rematch")
	if m := w.reply(ix); !strings.Contains(m.Content, "only they can use them") {
		t.Errorf("Bob's click: %q", m.Content)
	}
	w.click(w.alice.ID, last, "Rematch")
	if got := mailTo("asks for a rematch").Text(); !strings.Contains(got, "Alice asks for a rematch of game g1: challenge g2, 3x3") || !strings.Contains(got, "You would play white this time") {
		t.Errorf("Ann's mail:\n%s", got)
	}
	mail("accept")
	if got := mailTo("Game g2 begins").Text(); !strings.Contains(got, "It is the rematch of game g1.") {
		t.Errorf("Ann's mail:\n%s", got)
	}
	g1, g2 := w.game("g1"), w.game("g2")
	if g1.Rematch != "g2" || g2.RematchOf != "g1" || g2.Players != [2]string{g1.Players[1], g1.Players[0]} || g2.Config != g1.Config {
		t.Errorf("g1 %+v\ng2 %+v", g1, g2)
	}
	for _, m := range w.posts(th.ID) {
		if strings.Contains(m.Content, "evil.example") {
			t.Errorf("the thread shows what it must not:\n%s", m.Content)
		}
	}
	w.clean()
}
