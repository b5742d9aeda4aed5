package mailplay_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/emersion/go-message"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
)

// TestThreadPerGame plays a few moves by replying to the bot's mails and
// checks the thread each player sees: one subject naming the game and
// the players as they chose them from the game's start on (the
// challenge named Bob as Alice typed him), the first mail the root, every later one answering
// the previous and referring to the root, all with the player's personal
// Reply-To and Auto-Submitted; and that replies in the thread address the
// game without naming it.
func TestThreadPerGame(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	moves := shuttle(6)
	h.play(alice, bob, m, moves, gmailPlain)
	h.next(alice, "your move,") // the last move's answer has arrived
	g := h.game(game)
	if len(g.Moves) != len(moves) {
		t.Fatalf("game %s has %d moves, want %d", game, len(g.Moves), len(moves))
	}
	for _, addr := range []string{aliceAddr, bobAddr} {
		checkThread(t, sys, addr, game, "[Tak "+game+"] Alice vs bob, 6x6", "[Tak "+game+"] Alice vs Bob, 6x6")
	}
}

// checkThread checks the thread of a game in a player's INBOX: the mails
// before the game starts have the subject challenged, every mail from the
// start on the subject want.
func checkThread(t *testing.T, sys *localmail.System, addr, game, challenged, want string) {
	t.Helper()
	stored, err := sys.Messages(addr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	var thread []*mailplay.Inbound
	for _, s := range stored {
		in, err := mailplay.ParseInbound(s.Raw)
		if err != nil {
			t.Fatal(err)
		}
		if in.Header.Get("X-Takbot-Game") == game {
			thread = append(thread, in)
		}
	}
	if len(thread) < 3 {
		t.Fatalf("%s: %d mails about %s", addr, len(thread), game)
	}
	root := thread[0]
	if len(root.InReplyTo) != 0 || !strings.HasPrefix(root.Subject, "[Tak "+game+"] ") || !strings.Contains(root.Subject, " vs ") {
		t.Errorf("%s: root %q answers %v", addr, root.Subject, root.InReplyTo)
	}
	replyTo := root.ReplyTo[0].Addr
	if !strings.HasPrefix(replyTo, "takbot+") || !strings.HasSuffix(replyTo, "@example.test") {
		t.Errorf("%s: Reply-To %q is not a personal reply address", addr, replyTo)
	}
	seen := map[string]bool{}
	started := false
	for i, in := range thread {
		if seen[in.MessageID] {
			t.Errorf("%s: Message-ID %s twice", addr, in.MessageID)
		}
		seen[in.MessageID] = true
		started = started || strings.Contains(in.Text, "Game "+game+" begins")
		// The answer to the challenger's own challenge (written before the
		// accept, so with the challenged subject) and the event of the
		// game's start go out in two lanes, in either order; no move's
		// mail has the challenged subject.
		early := in.Subject == challenged && !strings.Contains(in.Text, " played ")
		if started && in.Subject != want && !early || !started && in.Subject != challenged {
			t.Errorf("%s: mail %d subject %q, want %q", addr, i, in.Subject, map[bool]string{true: want, false: challenged}[started])
		}
		if got := in.Header.Get("Auto-Submitted"); got != "auto-replied" {
			t.Errorf("%s: mail %d Auto-Submitted %q", addr, i, got)
		}
		if len(in.ReplyTo) != 1 || in.ReplyTo[0].Addr != replyTo {
			t.Errorf("%s: mail %d Reply-To %v, want %s", addr, i, in.ReplyTo, replyTo)
		}
		if i == 0 {
			continue
		}
		prev := thread[i-1].MessageID
		if len(in.InReplyTo) != 1 || in.InReplyTo[0] != prev {
			t.Errorf("%s: mail %d In-Reply-To %v, want %s", addr, i, in.InReplyTo, prev)
		}
		if len(in.References) == 0 || in.References[0] != root.MessageID || in.References[len(in.References)-1] != prev {
			t.Errorf("%s: mail %d References %v, want the root %s first and %s last", addr, i, in.References, root.MessageID, prev)
		}
	}
}

// TestReplyFormat checks the structure of a move's mail: text and HTML
// alternatives, the picture beside them inline by Content-ID under its
// file name, with the position in words as its alt text, the move in both notations, the sync board, whose turn, the
// "You can send:" list and the footer.
func TestReplyFormat(t *testing.T) {
	// In memory: package storage does not keep Part.Fallback yet, which
	// leaves the text board in the HTML.
	h, _ := startLocal(t, harnessOptions{memory: true})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	_, m, _ := h.startGame(alice, bob)
	h.reply(alice, m, "f6")
	got := h.next(bob, "your move,")
	text := got.Text()
	for _, want := range []string{"played f6 (mail ps f1)", "Sync board", "The board picture is attached:", ": your move, ", "You can send:", "-- \n", `Send "help" for what you can do.`} {
		if !strings.Contains(text, want) {
			t.Errorf("text part lacks %q:\n%s", want, text)
		}
	}
	parts := mimeParts(t, got.Raw)
	want := []string{"multipart/related", "multipart/alternative", "text/plain", "text/html", "image/png"}
	var types []string
	for _, p := range parts {
		types = append(types, p.mediaType)
	}
	if strings.Join(types, " ") != strings.Join(want, " ") {
		t.Fatalf("MIME structure %v, want %v", types, want)
	}
	html, png := parts[3], parts[4]
	if _, params, _ := png.header.ContentDisposition(); params["filename"] != "g1-turn-1.png" || png.header.Get("Content-Description") != "" {
		t.Errorf("picture file name %q, description %q", params["filename"], png.header.Get("Content-Description"))
	}
	cid := strings.Trim(png.header.Get("Content-Id"), "<>")
	if !strings.Contains(string(html.body), `src="cid:`+cid+`"`) {
		t.Errorf("the HTML does not show the picture %s:\n%s", cid, html.body)
	}
	if alt := "alt=\"6x6 board after turn 1, black to move: white has 0 flats on top, black 1;"; !strings.Contains(string(html.body), alt) {
		t.Errorf("the HTML lacks %s…:\n%s", alt, html.body)
	}
	if board := "| a | b | c | d | e | f |"; !strings.Contains(text, board) || bytes.Contains(html.body, []byte(board)) {
		t.Errorf("the text part lacks the text board, or the HTML keeps the text board the picture draws:\n%s\n%s", text, html.body)
	}
	if !bytes.HasPrefix(png.body, []byte("\x89PNG")) {
		t.Error("the picture is not a PNG")
	}
}

// mimePart is one part of a mail, depth first.
type mimePart struct {
	mediaType string
	header    message.Header
	body      []byte
}

func mimeParts(t *testing.T, raw []byte) []mimePart {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out []mimePart
	var walk func(e *message.Entity)
	walk = func(e *message.Entity) {
		mt, _, _ := e.Header.ContentType()
		if mr := e.MultipartReader(); mr != nil {
			out = append(out, mimePart{mediaType: mt, header: e.Header})
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p)
			}
		}
		body, err := io.ReadAll(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mimePart{mediaType: mt, header: e.Header, body: body})
	}
	walk(e)
	return out
}

// TestClientStylesAndFormats plays a move from each client style in each
// body format (plain, quoted-printable, ISO-8859-1, HTML only, text and
// HTML): every move is read through the quoting of its client.
func TestClientStylesAndFormats(t *testing.T) {
	h, _ := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	n := len(demo.Styles) * len(demo.Formats)
	moves := shuttle(n)
	client := func(i int) (demo.Style, demo.Format) {
		return demo.Styles[i%len(demo.Styles)], demo.Formats[i/len(demo.Styles)]
	}
	h.play(alice, bob, m, moves, client)
	for i := range moves {
		ev := h.event(mailplay.MailHandled)
		if ev.Game != game || ev.Detail != "reply token" {
			st, f := client(i)
			t.Fatalf("move %d (%s, %s): event %+v", i+1, st, f, ev)
		}
	}
	h.next(bob, "your move,")
	g := h.game(game)
	if len(g.Moves) != n {
		t.Fatalf("%d moves played, want %d", len(g.Moves), n)
	}
	for i, mv := range g.Moves {
		if mv.PTN != moves[i] {
			t.Errorf("move %d is %s, want %s (%s, %s)", i+1, mv.PTN, moves[i], demo.Styles[i%len(demo.Styles)], demo.Formats[i/len(demo.Styles)])
		}
	}
}

// TestSubjectMove plays a move written in the subject of a new mail with
// an empty body, as pbmserv players do.
func TestSubjectMove(t *testing.T) {
	h, _ := startLocal(t, harnessOptions{})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, m, _ := h.startGame(alice, bob)
	token := m.ReplyAddress().Addr
	if _, err := alice.Write(h.ctx(), token, fmt.Sprintf("[Tak %s] f6", game), "", demo.Plain); err != nil {
		t.Fatal(err)
	}
	h.next(bob, "played f6")
	if g := h.game(game); len(g.Moves) != 1 || g.Moves[0].PTN != "f6" {
		t.Fatalf("moves %+v, want f6", g.Moves)
	}
}
