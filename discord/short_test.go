package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
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

// The short rule on parts as the referee writes them: what is folded,
// what stays, and when nothing is folded.
func TestShorten(t *testing.T) {
	deadline := time.Date(2026, 11, 26, 11, 0, 0, 0, time.UTC)
	cfg := tak.DefaultConfig(3)
	move := &record.Picture{Name: "m.png", Config: cfg, TPS: "x3/x3/1,x2 2 1", Last: "a1", Players: [2]string{"Alice", "Bob_"}}
	over := *move
	over.Result = &record.Result{PTN: "R-0"}
	ruling := *move
	ruling.Caption = "Before turn 1"
	const moveLine = "Turn 1 (PTN move 1, white) of game g1: Alice (white) played ps a3 (PTN a1)."
	gist := &record.Gist{Move: &record.GistMove{Game: "g1", Turn: 1, By: tak.White, Name: "Alice", PTN: "a1", Mail: "ps a3", InMail: true, Line: moveLine}}
	status := func(p *record.Picture, turn string) []record.Part {
		return []record.Part{
			{Kind: record.Prose, Text: "Bob declined the draw.\n" + moveLine},
			{Kind: record.Image, Picture: p},
			{Kind: record.Block, Fallback: true, Caption: "The board:", Text: "   A B C"},
			{Kind: record.Block, Caption: "Sync board:", Text: "s 0 0"},
			{Kind: record.Prose, Text: render.TextLegend},
			{Kind: record.Prose, Text: "In hand: white 9 stones.\n" + turn},
			{Kind: record.Actions, Actions: []record.Action{{Label: "Resign", Command: "resign", Game: "g1"}}},
		}
	}
	prose := func(ps []record.Part) string {
		var out []string
		for _, p := range ps {
			if p.Kind == record.Prose {
				out = append(out, p.Text)
			}
		}
		return strings.Join(out, "|")
	}
	at := func(int) time.Time { return deadline }
	reworded := status(move, "Au tour de Bob.")
	reworded[0].Text = "Bob declined the draw.\nAlice a joué a3."
	rewordedGist := *gist.Move
	rewordedGist.Line = "Alice a joué a3."
	for _, c := range []struct {
		name        string
		parts       []record.Part
		gist        *record.Gist
		lead, prose string
		folded      bool
	}{
		{"move", status(move, "Turn 2 (PTN move 1, black): your move, by then."), gist,
			`Alice (white) played ps a3 (PTN a1) · Bob\_ to move · due <t:1795690800:R>`, "Bob declined the draw.", true},
		{"last move", status(&over, "Game over: Alice (white) wins by road (R-0)."), gist,
			"Alice (white) played ps a3 (PTN a1)", "Bob declined the draw.|Game over: Alice (white) wins by road (R-0).", true},
		{"captioned picture", status(&ruling, "Turn 2 (PTN move 1, black): your move, by then."), gist,
			"", "Bob declined the draw.\n" + moveLine + "|Turn 2 (PTN move 1, black): your move, by then.", true},
		{"no picture", []record.Part{{Kind: record.Prose, Text: "Bob proposes a draw."}, {Kind: record.Block, Caption: "Sync board:", Text: "s 0 0"}}, nil,
			"", "Bob proposes a draw.", false},
		// The referee's words changed: the gist still says which line
		// tells the move and what was played.
		{"other words", reworded, &record.Gist{Move: &rewordedGist},
			`Alice (white) played ps a3 (PTN a1) · Bob\_ to move · due <t:1795690800:R>`, "Bob declined the draw.", true},
		// Stored before gists: the move line stays, the summary names the
		// move in PTN from the picture.
		{"no gist", status(move, "Turn 2 (PTN move 1, black): your move, by then."), nil,
			`Alice (white) played a1 · Bob\_ to move · due <t:1795690800:R>`, "Bob declined the draw.\n" + moveLine, true},
		// The gist names the turn line: it goes wherever it stands, in
		// any words, and the line after the block stays.
		{"turn line from the gist", status(move, "Bob's clock runs.\nC'est à Bob."),
			&record.Gist{Move: gist.Move, Turn: &record.GistTurn{Turn: 2, ToMove: tak.Black, Name: "Bob_", Line: "C'est à Bob."}},
			`Alice (white) played ps a3 (PTN a1) · Bob\_ to move · due <t:1795690800:R>`, "Bob declined the draw.|Bob's clock runs.", true},
		// A gist about another move (not the picture's) names nothing.
		{"another move", status(move, "Turn 2 (PTN move 1, black): your move, by then."),
			&record.Gist{Move: &record.GistMove{PTN: "b2", Line: moveLine}},
			`Alice (white) played a1 · Bob\_ to move · due <t:1795690800:R>`, "Bob declined the draw.\n" + moveLine, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := shorten(c.parts, c.gist, at)
			if s.Lead != c.lead || prose(s.Parts) != c.prose || s.Folded != c.folded {
				t.Errorf("lead %q\nprose %q\nfolded %v\nwant %q\n%q\n%v", s.Lead, prose(s.Parts), s.Folded, c.lead, c.prose, c.folded)
			}
			for _, p := range s.Parts {
				if p.Kind == record.Block && c.folded {
					t.Errorf("a block stays: %+v", p)
				}
			}
		})
	}
	// Without the Attach Files permission the text boards stand for the
	// picture: nothing is folded.
	r := sampleReply()
	msgs := renderReply(r, renderOptions{Pictures: false, ButtonsFor: "123456789012345678", Game: "g1", Short: true})
	if !strings.Contains(msgs[0].Content, "```") {
		t.Errorf("without pictures the boards were folded: %q", msgs[0].Content)
	}
}
