package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// Players who ask for direct messages get their turn by DM and are not
// mentioned in the thread; when Discord refuses the DM (50007) the bot
// mentions them in the thread instead and says so once.
func TestNotifyByDMAndFallback(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	o := discordfake.Opt
	for _, u := range []string{w.alice.ID, w.bob.ID} {
		if got := w.reply(w.slash(u, w.channel, notifyName, o(notifyOption, "dm"))); !strings.Contains(got.Content, "direct message") {
			t.Fatalf("/tak notify dm: %s", show(got))
		}
	}
	if err := w.fake.SetRefusesDMs(w.bob.ID, true); err != nil {
		t.Fatal(err)
	}
	move := func(user, mv string, turn int) discordfake.Message {
		t.Helper()
		w.slash(user, th.ID, "move", o("move", mv))
		w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == turn })
		return w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played "+mv) })
	}
	// Bob's DM is refused: he is mentioned in the thread, told why.
	p1 := move(w.alice.ID, "a3", 1)
	if !containsAll(p1.Mentions, w.bob.ID) || !strings.Contains(p1.Content, "refuses the bot's direct messages") {
		t.Errorf("after the refused DM: %s", show(p1))
	}
	// Alice gets Bob's move by DM, and no mention.
	p2 := move(w.bob.ID, "c3", 2)
	if len(p2.Mentions) != 0 {
		t.Errorf("Alice asked for DMs, yet the thread mentions %v", p2.Mentions)
	}
	dm, ok := w.fake.DMChannelOf(w.alice.ID)
	if !ok {
		t.Fatal("no DM channel with Alice")
	}
	got := w.waitPost(dm, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played c3") })
	if len(got.Attachments) != 1 || len(got.Components) == 0 {
		t.Errorf("Alice's DM lacks the picture or the buttons: %s", show(got))
	}
	// Bob is mentioned again, without the note: it was said once.
	p3 := move(w.alice.ID, "a2", 3)
	if !containsAll(p3.Mentions, w.bob.ID) || strings.Contains(p3.Content, "refuses") {
		t.Errorf("the second time: %s", show(p3))
	}
	refused := 0
	for _, r := range w.fake.Requests() {
		if r.Code == codeCannotMessageUser {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("%d DMs refused with 50007, want 1 (no DM is tried once refused)", refused)
	}
	// /tak notify dm again tries DMs again.
	w.fake.SetRefusesDMs(w.bob.ID, false)
	w.reply(w.slash(w.bob.ID, w.channel, notifyName, o(notifyOption, "dm")))
	move(w.bob.ID, "c2", 4)
	move(w.alice.ID, "a1", 5)
	bobDM, _ := w.fake.DMChannelOf(w.bob.ID)
	w.waitPost(bobDM, func(m discordfake.Message) bool { return strings.Contains(m.Content, "R-0") })
	w.clean()
}
