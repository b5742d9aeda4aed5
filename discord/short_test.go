package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

// A move post is one line, the picture and the buttons; pressing Board
// shows the sync board, its legend, the reserves and whose turn to
// the presser alone, and the post keeps its buttons.
func TestBoardOnDemand(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	w.slash(w.bob.ID, th.ID, "accept")
	before := w.seen(th.ID)
	w.move(w.alice.ID, th.ID, "c2", 1)
	post := w.lastPostWith(th.ID, boardButton, before)
	lines := strings.Split(post.Content, "\n")
	if len(lines) != 2 || lines[0] != mention(w.bob.ID) || !strings.HasPrefix(lines[1], "Alice (white) played ") ||
		!strings.Contains(lines[1], " · bob to move · due <t:") || !strings.HasSuffix(lines[1], ":R>") {
		t.Errorf("the move post is not a mention and one line: %q", post.Content)
	}
	if len(post.Attachments) != 1 {
		t.Errorf("the move post has %d attachments, want its picture", len(post.Attachments))
	}
	ans := w.reply(w.click(w.bob.ID, post, boardButton))
	for _, want := range []string{"```", "Stacks read top first", "In hand:", "your move"} {
		if !strings.Contains(ans.Content, want) {
			t.Errorf("Board's answer lacks %q: %s", want, show(ans))
		}
	}
	if !ans.Ephemeral {
		t.Errorf("Board's answer is public: %s", show(ans))
	}
	if now, _ := w.fake.Message(post.ID); len(now.Components) == 0 {
		t.Errorf("pressing Board took the post's buttons off: %s", show(now))
	}
	// Someone else's press is refused, as for every button of a post.
	if other := w.reply(w.click(w.alice.ID, post, boardButton)); !strings.Contains(other.Content, "only they can use them") {
		t.Errorf("Alice pressing Bob's Board: %s", show(other))
	}
	w.clean()
}
