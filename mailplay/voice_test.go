package mailplay

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// The headline is the mail's first line: what happened and what the
// reader can do, from the reply's gist. The prose of these replies is
// deliberately not the referee's English (another language, or nothing
// like a move line): the headline never reads it for what happened.
func TestHeadline(t *testing.T) {
	prose := func(s string) record.Part { return record.Part{Kind: record.Prose, Text: s} }
	pic := record.Part{Kind: record.Image, Picture: &record.Picture{Players: [2]string{"Alice", "Bob"}}}
	bobMoved := &record.GistMove{Game: "g3", Turn: 6, By: tak.Black, Name: "Bob", PTN: "c3", Mail: "ps c2"}
	youMoved := &record.GistMove{Game: "g3", Turn: 6, By: tak.Black, Name: "Bob", You: true, PTN: "c3", Mail: "ps c2", InMail: true}
	yourTurn := &record.GistTurn{Turn: 7, ToMove: tak.White, Name: "Alice", You: true, Due: "2026-11-26 11:00 UTC"}
	cases := []struct {
		name      string
		r         record.Reply
		want      string
		replacing bool // the headline is the first sentence, taken out of the prose
	}{
		{"their move, your turn", record.Reply{Game: "g3", Parts: []record.Part{
			prose("Tour 6 de la partie g3 : Bob a joué c3."), pic, prose("À vous de jouer."),
		}, Gist: &record.Gist{Move: bobMoved, Turn: yourTurn}}, "Your move in g3: Bob played c3.", false},
		{"your move, their turn", record.Reply{Game: "g3", Parts: []record.Part{prose("Vous avez joué ps c2.")},
			Gist: &record.Gist{Move: youMoved, Turn: &record.GistTurn{Turn: 7, ToMove: tak.White, Name: "Alice", Due: "2026-11-26 11:00 UTC"}}},
			"You played ps c2 in g3. Alice to move next, by 2026-11-26 11:00 UTC.", false},
		{"your move, the game over", record.Reply{Game: "g3", Parts: []record.Part{prose("Gagné !"), pic},
			Gist: &record.Gist{Move: youMoved, End: &record.GistEnd{Reason: record.EndRoad, Winner: tak.Black, Name: "Bob", You: true}}},
			"You win g3 by road.", false},
		{"you lose", record.Reply{Game: "g3", ToName: "Bob", Parts: []record.Part{pic, prose("Perdu.")},
			Gist: &record.Gist{End: &record.GistEnd{Reason: record.EndResignation, Name: "Alice", Lost: true}}},
			"You lose g3: Alice wins by resignation.", false},
		{"a player named", record.Reply{Game: "g3", Parts: []record.Part{pic}, Gist: &record.Gist{End: &record.GistEnd{Reason: record.EndFlats, Name: "Alice"}}},
			"Alice wins g3 on flats.", false},
		{"a watcher, told the colour", record.Reply{Game: "g3", Parts: []record.Part{pic}, Gist: &record.Gist{End: &record.GistEnd{Reason: record.EndTime, Winner: tak.Black}}},
			"Black wins g3 on time.", false},
		{"a draw", record.Reply{Game: "g3", Parts: []record.Part{prose("Partie nulle.")}, Gist: &record.Gist{End: &record.GistEnd{Reason: record.EndAgreement, Draw: true}}},
			"G3 is a draw by agreement.", false},
		{"a ruling", record.Reply{Game: "g3", Parts: []record.Part{prose("Bob conteste le coup.\nLe coup est légal.")},
			Gist: &record.Gist{Ruling: &record.GistRuling{Legal: true, Verdict: "the move is legal"}, Turn: yourTurn}},
			"Ruling in g3: the move is legal. Your move, by 2026-11-26 11:00 UTC.", false},
		{"your turn alone, after a picture", record.Reply{Game: "g3", Parts: []record.Part{pic, prose("À vous.")}, Gist: &record.Gist{Turn: yourTurn}},
			"Your move in g3, by 2026-11-26 11:00 UTC.", false},
		{"stored before gists: its first sentence", record.Reply{Game: "g3", Parts: []record.Part{
			prose("Turn 6 (PTN move 3, black) of game g3: Bob (black) played c3 (mail ps c2)."), pic,
			prose("Turn 7 (PTN move 4, white): your move, by 2026-11-26 11:00 UTC."),
		}}, "Turn 6 (PTN move 3, black) of game g3: Bob (black) played c3 (mail ps c2).", true},
		{"anything else: its first sentence", record.Reply{Parts: []record.Part{
			prose("Alice (white) proposes a draw. Answer \"accept\" or \"decline\"."),
		}}, "Alice (white) proposes a draw.", true},
		{"an abbreviation is no sentence's end", record.Reply{Parts: []record.Part{
			prose("Send a move, e.g. \"ps b4\", to play. Or wait."),
		}}, "Send a move, e.g. \"ps b4\", to play.", true},
		{"no prose first", record.Reply{Parts: []record.Part{{Kind: record.Block, Caption: "Open challenges:", Text: "g4 …"}}}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, replacing := headline(&c.r)
			if got != c.want || replacing != c.replacing {
				t.Errorf("headline = %q, %v; want %q, %v", got, replacing, c.want, c.replacing)
			}
		})
	}
}

// checkHeadlineFromGist checks that reply r's headline, when its gist
// makes it, is the same once every line the referee wrote is reworded, as
// a change in package words would: the mail never reads the sentences for
// what happened.
func checkHeadlineFromGist(t *testing.T, r *record.Reply) {
	t.Helper()
	head, first := headline(r)
	if first {
		return // the reply's own first sentence: its words are the headline
	}
	other := *r
	other.Parts = append([]record.Part(nil), r.Parts...)
	for i, p := range other.Parts {
		if p.Kind == record.Prose {
			lines := strings.Split(p.Text, "\n")
			for j, l := range lines {
				lines[j] = "Ligne " + strings.Repeat("·", len(l)%7) + " réécrite."
			}
			other.Parts[i].Text = strings.Join(lines, "\n")
		}
	}
	if got, _ := headline(&other); got != head {
		t.Errorf("the headline depends on the reply's words: %q, reworded %q", head, got)
	}
	if head == "" {
		t.Errorf("no headline for a reply with a gist %+v", r.Gist)
	}
}

// A game's subject is the referee's, stable for the whole thread; an
// answer about no game says what it answers.
func TestSubjectFor(t *testing.T) {
	cases := []struct {
		name string
		r    record.Reply
		want string
	}{
		{"a game", record.Reply{Game: "g3", Subject: "[Tak g3] Alice vs Bob, 6x6", Parts: []record.Part{{Kind: record.Prose, Text: "You win."}}},
			"[Tak g3] Alice vs Bob, 6x6"},
		{"seeks", record.Reply{Subject: defaultSubject, Parts: []record.Part{{Kind: record.Block, Caption: "Open challenges you can accept:", Text: "g4"}}},
			"[Tak] Open challenges you can accept"},
		{"stats", record.Reply{Subject: defaultSubject, Parts: []record.Part{{Kind: record.Prose, Text: "You have played 12 rated games. Your rating is 1612."}}},
			"[Tak] You have played 12 rated games"},
		{"pair, cut at a word", record.Reply{Subject: defaultSubject, Parts: []record.Part{{Kind: record.Prose,
			Text: "Your pairing code is 4821-9313. Send it from your other account."}}},
			"[Tak] Your pairing code is 4821-9313"},
		{"long", record.Reply{Subject: defaultSubject, Parts: []record.Part{{Kind: record.Prose,
			Text: "There are no open challenges now, and nobody is looking for an opponent of your rating at this size"}}},
			"[Tak] There are no open challenges now, and nobody is looking for…"},
		{"nothing to tell", record.Reply{Subject: defaultSubject}, defaultSubject},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := subjectFor(&c.r); got != c.want {
				t.Errorf("subject = %q, want %q", got, c.want)
			}
		})
	}
}

// The PTN Ninja link is one short line: the game page's /ninja address
// when the referee has a web page for the game, else the replay's own
// address, labelled; in HTML both links are real links. The links come
// from the reply's gist: the same mail comes out when the referee words
// the sentences otherwise.
func TestNinjaAndWebLinks(t *testing.T) {
	long := "https://ptn.ninja/" + strings.Repeat("NoZQ", 150)
	const page = "https://tak.example.org/g/g3"
	reply := func(lead, replay, web string, withPage bool) *record.Reply {
		r := &record.Reply{Game: "g3", Parts: []record.Part{{Kind: record.Prose, Text: lead + " " + replay + long}},
			Gist: &record.Gist{Links: []record.GistLink{{Kind: record.LinkReplay, URL: long, Line: replay + long}}}}
		if withPage {
			r.Parts = append(r.Parts, record.Part{Kind: record.Prose, Text: web + page})
			r.Gist.Links = append(r.Gist.Links, record.GistLink{Kind: record.LinkPage, URL: page, Line: web + page})
		}
		return r
	}
	for _, c := range []struct {
		name     string
		withPage bool
		text     string
	}{
		{"with a web page", true, "The whole game is attached as g3-Alice-vs-Bob.ptn.\nPTN Ninja: https://tak.example.org/g/g3/ninja"},
		{"without", false, "The whole game is attached as g3-Alice-vs-Bob.ptn.\nPTN Ninja: " + long},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := reply("The whole game is attached as g3-Alice-vs-Bob.ptn.", "Replay it on PTN Ninja: ", "This game on the web: ", c.withPage)
			ln := linksOf(r)
			got := ln.shorten(r.Parts[0].Text)
			if got != c.text {
				t.Errorf("text:\n%s\nwant\n%s", got, c.text)
			}
			h := ln.html(got)
			if !strings.Contains(h, `">Replay on PTN Ninja</a>`) || strings.Contains(h, ">https://ptn.ninja") {
				t.Errorf("HTML does not title the link: %s", h)
			}
			if c.withPage {
				if h := ln.html(r.Parts[1].Text); h != `This game on the web: <a href="https://tak.example.org/g/g3">https://tak.example.org/g/g3</a>` {
					t.Errorf("web line in HTML: %s", h)
				}
			}
		})
	}
	// Reworded sentences: the mail keeps its structure (the replay link
	// on a line of its own, short, real links in HTML); only the words
	// around the links change.
	tr := &Transport{domain: "example.org"}
	compose := func(r *record.Reply) composed { return tr.compose(r, "0123", replyLinks{subject: "[Tak g3]"}) }
	was := compose(reply("The whole game is attached as g3-Alice-vs-Bob.ptn.", "Replay it on PTN Ninja: ", "This game on the web: ", true))
	now := compose(reply("Here is the whole game, g3-Alice-vs-Bob.ptn.", "Watch it again at ", "Spectators follow it at ", true))
	reword := strings.NewReplacer("The whole game is attached as g3-Alice-vs-Bob.ptn.", "Here is the whole game, g3-Alice-vs-Bob.ptn.",
		"This game on the web: ", "Spectators follow it at ")
	if reword.Replace(was.Text) != now.Text {
		t.Errorf("reworded text:\n%s\nwant\n%s", now.Text, reword.Replace(was.Text))
	}
	if reword.Replace(was.HTML) != now.HTML {
		t.Errorf("reworded HTML:\n%s\nwant\n%s", now.HTML, reword.Replace(was.HTML))
	}
	if !strings.Contains(now.Text, "\nPTN Ninja: "+page+"/ninja\n") || !strings.Contains(now.HTML, `<a href="`+page+`">`+page+"</a>") {
		t.Errorf("reworded mail lost its links:\n%s\n%s", now.Text, now.HTML)
	}
}

// Several answers in one mail: the headline and the subject name the
// commands, and in HTML each answer's title is a heading.
func TestSeveralAnswers(t *testing.T) {
	r := &record.Reply{Subject: defaultSubject, Parts: []record.Part{
		{Kind: record.Prose, Text: "Answer to \"seeks\":\nThere are no open challenges now.", Title: `"seeks"`},
		{Kind: record.Prose, Text: "Answer to \"stats\":", Title: `"stats"`},
		{Kind: record.Block, Caption: "Your latest games:", Text: "g1 won"},
	}}
	if got, _ := headline(r); got != `Answers to "seeks" and "stats".` {
		t.Errorf("headline %q", got)
	}
	if got := subjectFor(r); got != `[Tak] Answers to "seeks" and "stats"` {
		t.Errorf("subject %q", got)
	}
	tr := &Transport{domain: "example.org"}
	body := tr.compose(r, "0123", replyLinks{subject: subjectFor(r)})
	for _, want := range []string{`>Answer to &#34;seeks&#34;</h2>`, `>Answer to &#34;stats&#34;</h2>`, "<p>There are no open challenges now.</p>"} {
		if !strings.Contains(body.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, body.HTML)
		}
	}
	if !strings.HasPrefix(body.Text, "Answers to \"seeks\" and \"stats\".\n\nAnswer to \"seeks\":\n") {
		t.Errorf("text:\n%s", body.Text)
	}
}

// The answers' titles are the parts marked so (record.Part.Title), in
// whatever words the referee writes them: the headline names the commands
// and each title is a heading; a line that only reads like a title is
// prose.
func TestAnswerTitlesAreTyped(t *testing.T) {
	r := &record.Reply{Subject: defaultSubject, Parts: []record.Part{
		{Kind: record.Prose, Text: "Réponse à \"seeks\" :\nNo open challenges.", Title: `"seeks"`},
		{Kind: record.Prose, Text: "Réponse à \"stats\" :\nNo games yet.", Title: `"stats"`},
		{Kind: record.Prose, Text: "Answer to \"help\":\nnot a title"},
	}}
	if got, _ := headline(r); got != `Answers to "seeks" and "stats".` {
		t.Errorf("headline %q", got)
	}
	tr := &Transport{domain: "example.org"}
	body := tr.compose(r, "0123", replyLinks{subject: subjectFor(r)})
	for _, want := range []string{`>Réponse à &#34;seeks&#34;</h2>`, `>Réponse à &#34;stats&#34;</h2>`, "<p>Answer to &#34;help&#34;:<br>\nnot a title</p>"} {
		if !strings.Contains(body.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, body.HTML)
		}
	}
}
