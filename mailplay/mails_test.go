package mailplay

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
)

// goldenClock stands still.
type goldenClock struct{ t time.Time }

func (c goldenClock) Now() time.Time { return c.t }

// TestWholeMailsGolden writes whole mails (headers, text part, HTML part,
// picture, PTN file) as a player receives them, from replies the referee
// writes in a real game: Alice reads PTN, Bob Tak by Mail notation; a
// move, an "rs" answer whose board differs on two squares, a dispute
// ruling, the opponent's undo request, and the game's last mail, to each. The headers the transport
// decides per installation (Message-ID, references, reply address) are
// fixed here, and the picture is a stand-in PNG (the renderer has goldens
// of its own), so the files show what compose and WriteOutgoing make of
// the referee's replies.
func TestWholeMailsGolden(t *testing.T) {
	clock := goldenClock{time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)}
	ref := bot.New(memstore.New(), clock, bot.Options{Rand: func(int) int { return 0 }})
	tr, err := New(testConfig(), ref, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref.Register(tr)
	alice := record.Identity{Transport: TransportName, Address: "alice@example.org"}
	bob := record.Identity{Transport: TransportName, Address: "bob@example.org"}
	n := 0
	send := func(from record.Identity, name, game, text string) []record.Reply {
		t.Helper()
		n++
		out, err := ref.Handle(context.Background(), bot.Message{ID: "mid:golden" + strconv.Itoa(n), From: from, Name: name, Game: game, Text: text})
		if err != nil {
			t.Fatalf("%s %q: %v", from.Address, text, err)
		}
		return out.Replies
	}
	to := func(rs []record.Reply, who record.Identity) *record.Reply {
		t.Helper()
		for i := range rs {
			if rs[i].To == who {
				return &rs[i]
			}
		}
		t.Fatalf("no reply to %s in %d replies", who.Address, len(rs))
		return nil
	}
	send(alice, "Alice", "", "notation ptn")
	game := send(alice, "Alice", "", "new bob@example.org size=4 color=white")[0].Game
	send(bob, "Bob", game, "accept")
	// a road along the first rank (PTN), b1 c1 d1 after Bob's a1
	moves := []struct {
		who  record.Identity
		name string
		move string
	}{
		{alice, "Alice", "d4"}, {bob, "Bob", "ps a4"}, // the swap opening: each places the other's flat (Bob's a4 is PTN a1)
		{alice, "Alice", "b1"}, {bob, "Bob", "ps a2"},
		{alice, "Alice", "c1"}, {bob, "Bob", "ps c2"},
	}
	var moved, undoMail []record.Reply
	for i, m := range moves {
		moved = send(m.who, m.name, game, m.move)
		if r := to(moved, m.who); !strings.Contains(r.Text(), " played ") {
			t.Fatalf("%s %q:\n%s", m.name, m.move, r.Text())
		}
		if i == 4 { // Alice asks to take back c1; Bob, reading mail notation, declines
			undoMail = send(alice, "Alice", game, "undo")
			send(bob, "Bob", game, "decline")
		}
	}
	// Bob asks to take back his last move; Alice, reading PTN, declines.
	undoPTN := send(bob, "Bob", game, "undo")
	send(alice, "Alice", game, "decline")
	// Each sends a sync board that differs from the referee's on b3 and c3
	// (PTN; the flat on c3 is drawn on b3), copied from the board their
	// last mail showed.
	rsPTN := send(alice, "Alice", game, "rs\n0 0 0 S\nS S 0 0\n0 0 0 0\ns s s 0")
	rsMail := send(bob, "Bob", game, "rs\n"+syncBoard(t, to(moved, bob).Text(), "S S 0 0", "S 0 S 0"))
	dispute := send(alice, "Alice", game, "im the flat on c3 was never there")
	said := send(alice, "Alice", game, "say Good game so far <3, Bob!")
	last := send(alice, "Alice", game, "d1")
	for i, rs := range [][]record.Reply{rsPTN, rsMail} {
		r := rs[0]
		if !strings.Contains(r.Text(), "on 2 squares") {
			t.Errorf("rs answered:\n%s", r.Text())
		}
		marked := false
		for _, p := range r.Parts {
			if p.Picture != nil && len(p.Picture.Marks) == 2 {
				marked = true
				// the alt text names the marked squares in the reader's notation
				if want := []string{"marked: b3, c3.", "marked: b2, c2."}[i]; !strings.HasSuffix(present.Describe(*p.Picture), want) {
					t.Errorf("rs picture's alt text %q does not end %q", present.Describe(*p.Picture), want)
				}
			}
		}
		if !marked {
			t.Errorf("rs answer to %s: no picture marks the 2 squares", r.To.Address)
		}
	}
	for _, tc := range []struct {
		name string
		r    *record.Reply
	}{
		{"move-ptn", to(moved, alice)},
		{"move-mail", to(moved, bob)},
		{"rs-ptn", to(rsPTN, alice)},
		{"rs-mail", to(rsMail, bob)},
		{"dispute-ptn", to(dispute, alice)},
		{"dispute-mail", to(dispute, bob)},
		{"undo-ptn", to(undoPTN, alice)},
		{"undo-mail", to(undoMail, bob)},
		{"last-ptn", to(last, alice)},
		{"last-mail", to(last, bob)},
		{"say-mail", to(said, bob)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			for _, p := range r.Parts { // as delivery renders them
				if p.Kind == record.Image && p.Picture != nil {
					if p.Picture.Theme != render.Light {
						t.Errorf("a mail player's picture is drawn in the %q theme; mail's default is light", p.Picture.Theme)
					}
					r.Images = append(r.Images, record.Attachment{Name: p.Picture.Name, PNG: samplePNG, Alt: present.Describe(*p.Picture)})
				}
			}
			hash := "0123456789abcdef01234567"
			body := tr.compose(r, hash, replyLinks{replyTo: "takbot+tok@example.org", subject: subjectFor(r), game: r.Game})
			m := &Outgoing{
				From:       Address{Name: "Takbot", Addr: "takbot@example.org"},
				To:         []Address{{Name: r.ToName, Addr: r.To.Address}},
				ReplyTo:    []Address{{Name: "Takbot", Addr: "takbot+tok@example.org"}},
				Subject:    subjectFor(r),
				MessageID:  game + "." + hash + "@example.org",
				InReplyTo:  []string{game + ".previous@example.org"},
				References: []string{game + ".root@example.org", game + ".previous@example.org"},
				Date:       clock.t,
				Headers:    []Field{{Key: "X-Takbot-Game", Value: r.Game}},
				Text:       body.Text,
				HTML:       body.HTML,
				Pictures:   body.Pictures,
				Files:      body.Files,
			}
			raw := writeMail(t, m)
			checkWireFormat(t, raw)
			checkGolden(t, "testdata/mails/"+tc.name+".eml", string(raw))
			tree, _ := mimeTree(t, raw)
			checkGolden(t, "testdata/mails/"+tc.name+".tree", tree)
			// A proposal and a message from the opponent have no facts of a
			// move, turn, ruling or ending: their first sentence is the headline.
			if told := !strings.HasPrefix(tc.name, "undo") && !strings.HasPrefix(tc.name, "say"); (r.Gist != nil) != told {
				t.Errorf("the reply's gist is %+v; want one: %v", r.Gist, told)
			}
			checkHeadlineFromGist(t, r)
			over := strings.HasPrefix(tc.name, "last")
			if strings.Contains(body.Text, "Reply to this mail to play") == over || (len(body.Files) == 1) != over {
				t.Errorf("game over %v: footer or files wrong (%d files):\n%s", over, len(body.Files), body.Text)
			}
		})
	}
}

// syncBoard returns the sync board a mail shows ("Sync board, north row
// first" and the rows after it), with the row old replaced by new.
func syncBoard(t *testing.T, text, new, old string) string {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "Sync board") {
			var rows []string
			for _, r := range lines[i+1:] {
				if r == "" || strings.HasPrefix(r, "Stacks") || strings.HasPrefix(r, "```") {
					break
				}
				if r == old {
					r = new
				}
				rows = append(rows, r)
			}
			return strings.Join(rows, "\n")
		}
	}
	t.Fatalf("no sync board in:\n%s", text)
	return ""
}
