package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
)

// A "say" carrying Discord's entity syntax reaches the thread as text:
// no channel link, timestamp, command or emoji renders (the referee
// refuses any '@' in a say, so mentions, roles and @everyone never get
// this far; TestEscapeMarkdown covers them too), and the post pings only
// the player it is for.
func TestSayEntitiesShowAsText(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	text := "look <#" + w.channel + "> <t:1700000000:R> </tak move:1> <:tak:1> <a:tak:2> <id:guide>"
	o := discordfake.Opt
	ix, err := w.fake.Slash(w.ctx, w.alice.ID, th.ID, rootCommand, discordfake.Sub(moreGroup, discordfake.Sub("say", o("text", text))))
	if err != nil {
		t.Fatal(err)
	}
	if got := w.reply(ix); !strings.Contains(got.Content, "Passed on") || strings.Contains(strings.ReplaceAll(got.Content, `\<`, ""), "<") {
		t.Fatalf("Alice's own copy of her say: %s", show(got))
	}
	post := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Alice says") })
	body := post.Content[strings.Index(post.Content, "Alice says"):]
	if strings.Contains(strings.ReplaceAll(body, `\<`, ""), "<") {
		t.Errorf("an entity is live in the relayed say: %s", show(post))
	}
	for _, want := range []string{`\<#` + w.channel + `>`, `\<t:1700000000:R>`, `\</tak move:1>`, `\<:tak:1>`, `\<a:tak:2>`, `\<id:guide>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the relayed say lacks %q: %s", want, show(post))
		}
	}
	if len(post.Mentions) != 1 || post.Mentions[0] != w.bob.ID {
		t.Errorf("the relayed say mentions %v, want Bob alone: %s", post.Mentions, show(post))
	}
	w.clean()
}
