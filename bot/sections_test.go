package bot_test

import (
	"strings"
	"testing"
)

// TestAnswersTitled: the answers to several commands of one message in a
// reply about no game are each titled, in order; one command's answer,
// and the answers about a game ("ps a1; draw"), are not.
func TestAnswersTitled(t *testing.T) {
	h := newHarness(t)
	id := h.start("alice", "bob", "size=5")
	cases := []struct {
		name, text string
		titles     []string // the titles expected, in order; nil for none
	}{
		{"several answers", "seeks; stats; leaderboard", []string{`Answer to "seeks":`, `Answer to "stats":`, `Answer to "leaderboard":`}},
		{"one answer", "stats", nil},
		{"a game's story", "game " + id + "; ps a1; draw", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rs := h.send("alice", c.text)
			text := textTo(rs, "alice")
			var got []string // the first lines of the parts marked as titles
			for _, r := range rs {
				for _, p := range r.Parts {
					if first, _, _ := strings.Cut(p.Text, "\n"); r.To.Address == "alice" && p.Title != "" {
						got = append(got, first)
						if want := "Answer to " + p.Title + ":"; first != want {
							t.Errorf("%q: title %q marked %q", c.text, first, p.Title)
						}
					}
				}
			}
			if strings.Join(got, "|") != strings.Join(c.titles, "|") {
				t.Errorf("%q: titles %q, want %q:\n%s", c.text, got, c.titles, text)
			}
			if c.titles != nil && !strings.HasPrefix(text, c.titles[0]) {
				t.Errorf("%q: the first answer is not titled first:\n%s", c.text, text)
			}
		})
	}
}
