package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// A game as players see it, written to the test log (go test -v -run
// TestWhatPlayersSee): every answer only its player sees, and every post
// in the game's thread. It checks what a demanding player would notice:
// answers to one player are ephemeral, events are public, each post
// mentions only the players who must act, the sync board is a code
// block, and a bare square from a player who chose Tak by Mail asks which
// notation they meant.
func TestWhatPlayersSee(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	names := map[string]string{w.alice.ID: "Alice", w.bob.ID: "Bob"}
	seen := 0
	thread := ""
	showThread := func() {
		t.Helper()
		if thread == "" {
			return
		}
		posts := w.posts(thread)
		for _, m := range posts[seen:] {
			t.Logf("THREAD (everyone) %s", seeing(m, names))
			if strings.Contains(m.Content, "Sync board") && !strings.Contains(m.Content, "```") {
				t.Errorf("a sync board outside a code block: %s", show(m))
			}
		}
		seen = len(posts)
	}
	private := func(user, what string, ix *discordfake.Interaction) discordfake.Message {
		t.Helper()
		m := w.reply(ix)
		t.Logf("%s: %s\n    ONLY %s SEES %s", names[user], what, names[user], seeing(m, names))
		if !m.Ephemeral && !m.Deleted {
			t.Errorf("%s's answer to %s is public: %s", names[user], what, show(m))
		}
		return m
	}
	act := func(user, what string, ix *discordfake.Interaction, posts int) {
		t.Helper()
		t.Logf("%s: %s", names[user], what)
		w.waitPosts(thread, posts)
		if ix.Type != discordfake.InteractionApplicationCommand {
			showThread()
			return
		}
		if st, err := ix.WaitUntil(w.ctx, func(st discordfake.InteractionState) bool { return st.Original != nil && !st.Original.Loading }); err == nil {
			if m := st.Original; !m.Deleted {
				t.Logf("    ONLY %s SEES %s", names[user], seeing(*m, names))
			}
		}
		showThread()
	}

	private(w.alice.ID, "/tak challenge opponent:@bob size:3 color:white opening:no-swap",
		w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	thread = w.thread().ID
	w.waitPosts(thread, 1)
	showThread()
	challenge := w.posts(thread)[0]
	private(w.alice.ID, "clicks Accept on Bob's challenge", w.click(w.alice.ID, challenge, "Accept"))
	act(w.bob.ID, "clicks Accept", w.click(w.bob.ID, challenge, "Accept"), 2)
	// A new Discord player is answered in PTN; Bob writes Tak by Mail, so
	// a bare square he writes asks which notation he meant.
	private(w.bob.ID, "/tak notation notation:mail", w.slash(w.bob.ID, thread, "notation", o("notation", "mail")))
	private(w.bob.ID, "/tak move ps c1 (not his turn)", w.slash(w.bob.ID, thread, "move", o("move", "ps c1")))
	act(w.alice.ID, "/tak move a3 (PTN, the default on Discord)", w.slash(w.alice.ID, thread, "move", o("move", "a3")), 3)
	private(w.bob.ID, "/tak board", w.slash(w.bob.ID, thread, "board"))
	which := private(w.bob.ID, "/tak move c1 (a bare square: which notation?)", w.slash(w.bob.ID, thread, "move", o("move", "c1")))
	act(w.bob.ID, "clicks Place a flat on PTN c1", w.click(w.bob.ID, which, "Place a flat on PTN c1"), 4)
	private(w.alice.ID, "/tak games in #games", w.slash(w.alice.ID, w.channel, "games"))
	act(w.alice.ID, "/tak draw", w.slash(w.alice.ID, thread, "draw"), 5)
	offer := w.posts(thread)[4]
	act(w.bob.ID, "clicks Decline on the draw offer", w.click(w.bob.ID, offer, "Decline"), 6)
	private(w.bob.ID, "/tak move zz9 (nonsense)", w.slash(w.bob.ID, thread, "move", o("move", "zz9")))
	act(w.alice.ID, "/tak move a2", w.slash(w.alice.ID, thread, "move", o("move", "a2")), 7)
	// Two moves each: a resignation before would count as an abort.
	act(w.bob.ID, "/tak move ps b2", w.slash(w.bob.ID, thread, "move", o("move", "ps b2")), 8)
	act(w.alice.ID, "/tak move b3", w.slash(w.alice.ID, thread, "move", o("move", "b3")), 9)
	last := w.posts(thread)[8]
	ask := private(w.bob.ID, "clicks Resign", w.click(w.bob.ID, last, "Resign"))
	act(w.bob.ID, "clicks Yes", w.click(w.bob.ID, ask, "Yes"), 10)
	if g := w.game("g1"); g.Status != record.Over {
		t.Errorf("game %s", g.Status)
	}
	for _, m := range w.posts(thread) {
		if len(m.Mentions) > 2 {
			t.Errorf("a post mentions %v", m.Mentions)
		}
	}
	w.clean()
}

// seeing writes a message as a player sees it: mentions by name, the
// attachments and buttons.
func seeing(m discordfake.Message, names map[string]string) string {
	text := m.Content
	for id, name := range names {
		text = strings.ReplaceAll(text, mention(id), "@"+name)
	}
	var extra []string
	for _, a := range m.Attachments {
		extra = append(extra, "[file "+a.Filename+"]")
	}
	var walk func([]discordfake.Component)
	walk = func(cs []discordfake.Component) {
		for _, c := range cs {
			if c.Type == discordfake.ComponentButton {
				extra = append(extra, "["+c.Label+"]")
			}
			walk(c.Components)
		}
	}
	walk(m.Components)
	var pinged []string
	for _, id := range m.Mentions {
		pinged = append(pinged, names[id])
	}
	return "(pings " + strings.Join(pinged, ",") + ")\n    " + strings.ReplaceAll(text, "\n", "\n    ") + "\n    " + strings.Join(extra, " ")
}
