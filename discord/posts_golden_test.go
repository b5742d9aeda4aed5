package discord

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
)

// TestThreadPostsGolden writes what the fake Discord received in a game's
// thread for a move, an rs divergence, a dispute ruling, an undo request
// and the game's last post: content, embeds, buttons and attachment
// names. Alice reads PTN, Bob Tak by Mail notation. The clock stands
// still, so deadlines do not churn the golden file.
func TestThreadPostsGolden(t *testing.T) {
	w := newWorld(t, worldOptions{MessageContent: true, ManualClock: true, Setup: func(w *world) {
		w.clock = discordfake.NewManualClock(time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC))
	}})
	botMention := mention(w.fake.Bot().ID)
	var out strings.Builder
	names := map[string]string{w.alice.ID: "ALICE", w.bob.ID: "BOB", w.fake.Bot().ID: "BOT"}
	anon := func(s string) string {
		for id, n := range names {
			s = strings.ReplaceAll(s, id, n)
		}
		return s
	}
	dms := map[string]bool{} // the players' DM channels
	write := func(m discordfake.Message) {
		where := ""
		if dms[m.ChannelID] {
			where = " by DM"
		}
		fmt.Fprintf(&out, "----- post%s (mentions %v, ephemeral %v)\n%s\n", where, anon(strings.Join(m.Mentions, " ")), m.Ephemeral, anon(m.Content))
		for _, e := range m.Embeds {
			b, _ := json.Marshal(e)
			fmt.Fprintf(&out, "embed: %s\n", anon(string(b)))
		}
		var walk func([]discordfake.Component)
		walk = func(cs []discordfake.Component) {
			for _, c := range cs {
				if c.Type == discordfake.ComponentButton {
					fmt.Fprintf(&out, "button: %q %s\n", c.Label, anon(c.CustomID))
				}
				walk(c.Components)
			}
		}
		walk(m.Components)
		for _, a := range m.Attachments {
			fmt.Fprintf(&out, "attachment: %s\n", a.Filename)
		}
	}
	say := func(user, channel, text string) {
		t.Helper()
		if _, err := w.fake.Say(user, channel, text); err != nil {
			t.Fatalf("Say %q: %v", text, err)
		}
	}
	say(w.alice.ID, w.channel, botMention+" notation ptn")
	w.waitDM(w.alice.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "PTN") }) // a private answer to a typed message goes by DM
	// Bob says so: a move in the other notation no longer switches it.
	say(w.bob.ID, w.channel, botMention+" notation mail")
	w.waitDM(w.bob.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Tak by Mail") })
	say(w.alice.ID, w.channel, botMention+" new "+mention(w.bob.ID)+" size=4 color=white")
	th := w.thread()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	// all lists the thread's posts, then the players' direct messages
	// (where private answers to typed messages go).
	all := func() []discordfake.Message {
		ps := w.posts(th.ID)
		for _, u := range []string{w.alice.ID, w.bob.ID} {
			if dm, ok := w.fake.DMChannelOf(u); ok {
				dms[dm] = true
				ps = append(ps, w.posts(dm)...)
			}
		}
		return ps
	}
	// step sends text in the thread and waits for a new post (in the
	// thread or a DM) containing each of want (every post the text
	// brings, so none leaks into the next step); it writes them (sorted,
	// as two posts may arrive in either order) when title is not empty.
	step := func(title, user, text string, want ...string) {
		t.Helper()
		old := map[string]bool{}
		for _, m := range all() {
			old[m.ID] = true
		}
		say(user, th.ID, text)
		for _, s := range want {
			if err := w.fake.Await(w.ctx, func() bool {
				for _, m := range all() {
					if !old[m.ID] && strings.Contains(m.Content, s) {
						return true
					}
				}
				return false
			}); err != nil {
				t.Fatalf("no post %q after %q: %v\n%s", s, text, err, contents(all()))
			}
		}
		if title == "" {
			return
		}
		var posts []discordfake.Message
		for _, m := range all() {
			if !old[m.ID] {
				posts = append(posts, m)
			}
		}
		sort.Slice(posts, func(i, j int) bool { return anon(posts[i].Content) < anon(posts[j].Content) })
		fmt.Fprintf(&out, "\n===== %s: %s sends %q\n", title, names[user], text)
		for _, m := range posts {
			write(m)
		}
	}
	step("", w.bob.ID, "accept", "your move")
	step("", w.alice.ID, "d4", "played")
	step("", w.bob.ID, "ps a4", "played")
	step("", w.alice.ID, "b1", "played")
	step("", w.bob.ID, "ps a2", "played")
	step("", w.alice.ID, "c1", "played")
	step("undo (Bob reads mail notation)", w.alice.ID, "undo", "proposes")
	step("", w.bob.ID, "decline", "declined")
	step("move", w.bob.ID, "ps c2", "played")
	step("undo (Alice reads PTN)", w.bob.ID, "undo", "proposes")
	step("", w.alice.ID, "decline", "declined")
	step("rs (PTN)", w.alice.ID, "rs\n0 0 0 S\nS S 0 0\n0 0 0 0\ns s s 0", "Your board differs", "reports that")
	step("rs (mail notation)", w.bob.ID, "rs\n0 0 0 S\nS S 0 0\n0 0 0 0\ns s s 0", "Your board differs", "reports that")
	step("dispute", w.alice.ID, "im the flat on c3 was never there", "Ruling")
	step("last", w.alice.ID, "d1", "wins")
	// The rs answer's picture marks the squares that differ: it is not the
	// plain picture of the same position the move post carried.
	pics := map[string]string{}
	for _, m := range all() {
		for _, a := range m.Attachments {
			switch {
			case strings.Contains(m.Content, "Your board differs"):
				pics["rs "+a.Filename[len(a.Filename)-7:]] = a.Filename
			case strings.Contains(m.Content, "bob (black) played c3 (mail ps c2) · Alice to move"):
				pics["move"] = a.Filename
			}
		}
	}
	if pics["move"] == "" || pics["rs ptn.png"] == "" || pics["rs ptn.png"] == pics["move"] {
		t.Errorf("the rs answer's picture is not a marked one: %v", pics)
	}
	golden(t, "thread-posts.golden.md", []byte(out.String()))
}
