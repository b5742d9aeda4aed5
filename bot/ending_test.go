package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// TestEndingHandsTheGame checks the last reply of a game to each player:
// who won and how, the whole game as a PTN file with both names, the date
// and the result, its PTN Ninja link, and nothing left to do in it; and
// that later mail to the finished game is answered shortly, pointing at
// "games".
func TestEndingHandsTheGame(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=5")
	h.ptn("ann", "bob")
	h.send("ann", "a1")
	h.send("bob", "e5")
	h.send("ann", "b1")
	h.send("bob", "e4")
	rs := h.send("bob", "game "+id+"; resign")
	for _, name := range []string{"ann", "bob"} {
		var last *bot.Reply
		for i := range rs {
			if rs[i].To.Address == name && rs[i].Game == id {
				last = &rs[i]
			}
		}
		if last == nil {
			t.Fatalf("no reply to %s: %q", name, allText(rs))
		}
		text := last.Text()
		over := map[string]string{"ann": "Game over: you (white) win by resignation (1-0).", "bob": "Game over: ann (white) wins by resignation (1-0)."}[name]
		for _, want := range []string{over, "The whole game is attached as " + id + "-ann-vs-bob.ptn.", "Replay it on PTN Ninja: https://ptn.ninja/"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the last reply lacks %q:\n%s", name, want, text)
			}
		}
		var files []bot.Part
		for _, p := range last.Parts {
			switch p.Kind {
			case bot.File:
				files = append(files, p)
			case bot.Actions:
				// No more moves: only a rematch is offered.
				if len(p.Actions) != 1 || p.Actions[0].Command != "rematch" || p.Actions[0].Game != id {
					t.Errorf("%s: the last reply offers %v, want only the rematch", name, p.Actions)
				}
			}
		}
		if len(files) != 1 || files[0].Caption != id+"-ann-vs-bob.ptn" {
			t.Fatalf("%s: files %+v", name, files)
		}
		for _, want := range []string{`[Player1 "ann"]`, `[Player2 "bob"]`, `[Date "2026.11.21"]`, `[Result "1-0"]`, "{2026-11-21 09:00 UTC: game over, white wins by resignation (1-0)}", "1. a1 e5", "1-0"} {
			if !strings.Contains(files[0].Text, want) {
				t.Errorf("%s: the PTN file lacks %q:\n%s", name, want, files[0].Text)
			}
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"Good game, thanks!", "Game " + id + " is over: ann (white) wins by resignation (1-0). ann scores 45. Send \"games\" for the games you are playing"},
		{"b2", "game " + id + " is over: ann (white) wins by resignation (1-0). ann scores 45. Send \"games\" for the games you are playing"},
	} {
		h.n++
		rs := h.handle(bot.Message{ID: "late" + itoa(h.n), From: player("bob"), Name: "bob", Text: tc.text, Game: id})
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), tc.want) || !strings.Contains(rs[0].Text(), "games  List your games") {
			t.Errorf("%q to the finished game: replies %q, want one containing %q and the games action", tc.text, allText(rs), tc.want)
		}
	}
}
