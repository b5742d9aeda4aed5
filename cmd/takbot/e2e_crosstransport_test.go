package main

import (
	"bytes"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/ops"
)

// How a ply of the cross-transport game is sent.
type plyWay int

const (
	bobSlash plyWay = iota // Bob: /tak move in the game thread
	bobText                // Bob: plain text in the game thread
	annMail                // Ann: a reply to the bot's last mail
)

// crossGamePly is one ply of the game: what the player sends, how, and
// the move as each player reads it.
type crossGamePly struct {
	way  plyWay
	text string // what the player writes
	ptn  string // the move as Bob (PTN) reads it
	mail string // the move as Ann (Tak by Mail) reads it
	sync string // the sync board after it, north row first
}

// crossGame is a 3x3 game with the swap opening: Bob (white) places
// Ann's first stone, Ann his, and Bob wins by a road along the south edge
// (PTN row 1, Tak by Mail row 3). Bob writes PTN, Ann Tak by Mail, where
// A1 is the north-west corner: his c3 is her C1.
var crossGame = []crossGamePly{
	{bobSlash, "c3", "c3", "ps c1", "0 0 S\n0 0 0\n0 0 0"},
	{annMail, "ps a1", "a3", "ps a1", "s 0 S\n0 0 0\n0 0 0"},
	{bobText, "a1", "a1", "ps a3", "s 0 S\n0 0 0\ns 0 0"},
	{annMail, "ps b1", "b3", "ps b1", "s S S\n0 0 0\ns 0 0"},
	{bobText, "b1", "b1", "ps b3", "s S S\n0 0 0\ns s 0"},
	{annMail, "ps b2", "b2", "ps b2", "s S S\n0 S 0\ns s 0"},
	{bobSlash, "c1", "c1", "ps c3", "s S S\n0 S 0\ns s s"},
}

// TestServeOneGameAcrossTransports runs `takbot serve` as a subprocess
// with the email transport on localmail and the Discord transport on the
// fake Discord, and plays one game across them: Bob challenges Ann's mail
// address by slash command, Ann accepts by replying to the bot's mail,
// and they play to a road win, Bob by /tak move and plain text in the
// game's thread, Ann by mail in Tak by Mail notation. Each sees every
// move in their own form; SIGTERM then stops takbot cleanly, within
// Discord's rules throughout.
func TestServeOneGameAcrossTransports(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt

	code, health := w.health()
	if code != 200 || health.Status != ops.StatusOK || !health.Database.Open ||
		!health.Transports["email"].Connected || !health.Transports["discord"].Connected || len(health.Transports) != 3 {
		t.Errorf("/healthz while serving: %d %+v", code, health)
	}

	// Bob asks for PTN, then challenges Ann's address from the channel.
	notation := w.reply(w.bobSlash(w.channel, "notation", o("notation", "ptn")))
	if !strings.Contains(notation.Content, "now writes to you in PTN") || !notation.Ephemeral {
		t.Errorf("Bob's /tak notation ptn: %+v", notation)
	}
	sent := w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("size", 3), o("color", "white")))
	th := w.thread()
	if th.Name != "g1 Bob vs ann" {
		t.Errorf("the game thread is named %q, want \"g1 Bob vs ann\" (never a mail address, in public)", th.Name)
	}
	if !strings.Contains(sent.Content, "<#"+th.ID+">") {
		t.Errorf("Bob's challenge answer does not point at the game thread %s: %q", th.ID, sent.Content)
	}
	if !strings.Contains(w.nextPost(th.ID, 0).Content, "Challenge g1 sent to ann:") {
		t.Errorf("the thread does not open with the challenge: %s", postContents(w.posts(th.ID)))
	}
	challenge := w.annNext("Bob challenges you to a game of Tak (g1): 3x3", "swap opening", "You would play black")
	if !strings.HasPrefix(challenge.In.Subject, "[Tak g1] ") || len(challenge.In.ReplyTo) != 1 ||
		!strings.HasPrefix(challenge.In.ReplyTo[0].Addr, "takbot+") {
		t.Errorf("the challenge mail: subject %q, Reply-To %v; want the game's tag and Ann's own reply address",
			challenge.In.Subject, challenge.In.ReplyTo)
	}

	// Ann accepts by mail and asks for Tak by Mail notation.
	w.annReply(challenge, "notation mail\naccept")
	last := w.annNext("now writes to you in Tak by Mail (A1 is the north-west corner)", "Game g1 begins", "You play black",
		"Bob (white) to move")
	if pics := mailPictures(t, last.Raw); len(pics) != 1 {
		t.Errorf("Ann's start mail has pictures %v, want 1", pics)
	}
	start := w.nextPost(th.ID, 1)
	if !strings.Contains(start.Content, "Game g1 begins") || !strings.Contains(start.Content, "white): your move, by") ||
		!slices.Contains(start.Mentions, w.bob.ID) {
		t.Errorf("the game's start in the thread does not call Bob: %s", postContents([]discordfake.Message{start}))
	}

	for i, p := range crossGame {
		turn := i + 1
		bobs := p.way != annMail
		switch p.way {
		case bobSlash:
			ix := w.bobSlash(th.ID, "move", o("move", p.text))
			// His "thinking…" answer goes away: the thread shows the move.
			if _, err := ix.WaitUntil(w.ctx, func(st discordfake.InteractionState) bool {
				return st.Original != nil && st.Original.Deleted
			}); err != nil {
				t.Errorf("turn %d: Bob's deferred answer stays: %v", turn, err)
			}
		case bobText:
			w.bobSay(th.ID, p.text)
		case annMail:
			w.annReply(last, p.text)
		}
		mover, colour := "Ann (black)", "black"
		if bobs {
			mover, colour = "Bob (white)", "white"
		}
		moveNo := (i + 2) / 2
		heading := "Turn " + strconv.Itoa(turn) + " (PTN move " + strconv.Itoa(moveNo) + ", " + colour + ") of game g1: "
		// Each reader is "you" in their own mails (the thread's posts
		// name both players).
		annHeading := heading + mover + " played "
		if !bobs {
			annHeading = heading + "you (" + colour + ") played "
		}
		final := i == len(crossGame)-1

		// Ann's mail: the move in her notation, then in PTN; the board in
		// Tak by Mail coordinates, the sync board, the picture.
		want := []string{annHeading + p.mail + " (PTN " + p.ptn + ").", "The board in Tak by Mail coordinates (A1 is the north-west corner)",
			"Sync board, north row first", p.sync + "\n"}
		want = append(want, afterPly(final, !bobs, "a3, b3, c3", "black): your move, by", "Bob (white) to move", "Game over: Bob (white) wins by road (R-0).")...)
		last = w.annNext(want...)
		wantPics := 1
		if final { // and takbot's review: its evaluation graph
			wantPics = 2
		}
		if pics := mailPictures(t, last.Raw); len(pics) != wantPics {
			t.Errorf("turn %d: Ann's mail has pictures %v, want %d", turn, pics, wantPics)
		}

		// Bob's post in the thread: one line, who played what (in PTN,
		// then in Tak by Mail), whose turn and the deadline as a Discord
		// timestamp; the picture; the boards behind its Board button.
		post := w.nextPost(th.ID, 1+turn)
		next := "Ann to move"
		if !bobs {
			next = "Bob to move"
		}
		want = []string{mover + " played " + p.ptn + " (mail " + p.mail + ") · " + next + " · due <t:"}
		if final {
			want = []string{mover + " played " + p.ptn + " (mail " + p.mail + ")\n", "The road: a1, b1, c1.", "Game over: you (white) win by road (R-0)."}
		}
		for _, s := range want {
			if !strings.Contains(post.Content, s) {
				t.Errorf("turn %d: Bob's post does not say %q:\n%s", turn, s, post.Content)
			}
		}
		if strings.Contains(post.Content, "```") || strings.Contains(post.Content, p.sync) || !final && strings.Count(post.Content, "\n") > 1 {
			t.Errorf("turn %d: Bob's post is more than a line and the picture:\n%s", turn, post.Content)
		}
		// Only Ann's moves call Bob: his own are shown without a ping.
		if pinged := slices.Contains(post.Mentions, w.bob.ID); pinged == bobs {
			t.Errorf("turn %d: Bob mentioned %v after his own move %v", turn, pinged, bobs)
		}
		files := 1
		if final { // the game's PTN too, and takbot's review: graph, replay, annotated PTN
			files = 5
			if len(post.Attachments) != 5 || post.Attachments[1].Filename != "g1-Bob-vs-Ann.ptn" || !strings.Contains(string(post.Attachments[1].Data), `[Result "R-0"]`) {
				t.Errorf("turn %d: the last post does not attach the game's PTN", turn)
			}
		}
		if len(post.Attachments) != files || post.Attachments[0].ContentType != "image/png" {
			t.Errorf("turn %d: Bob's post has %d attachments, want a PNG first and %d in all", turn, len(post.Attachments), files)
		} else if _, err := png.DecodeConfig(bytes.NewReader(post.Attachments[0].Data)); err != nil {
			t.Errorf("turn %d: the picture in the thread: %v", turn, err)
		}
	}

	if err := w.proc.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := w.proc.exitCode(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d after SIGTERM", code)
	}
	w.proc.waitLog(t, time.Second, "stopped", nil)

	// Nothing more was said to either: one mail and one post per event.
	inbox, err := w.mail.Messages(e2eAnnAddr, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 + len(crossGame); len(inbox) != want {
		t.Errorf("Ann received %d mails, want %d", len(inbox), want)
	}
	posts := w.posts(th.ID)
	if want := 2 + len(crossGame); len(posts) != want {
		t.Errorf("the thread has %d posts, want %d:\n%s", len(posts), want, postContents(posts))
	}
	// The thread is public in the server: Ann's mail address is never
	// shown there, only her name ("ann" until she signed a mail "Ann").
	for i, p := range posts {
		if strings.Contains(p.Content, e2eAnnAddr) {
			t.Errorf("post %d shows Ann's mail address to the whole server:\n%s", i, p.Content)
		}
	}
	if _, ok := w.fake.DMChannelOf(w.bob.ID); ok {
		t.Errorf("Bob got a direct message; the thread was enough")
	}
	for _, line := range strings.Split(strings.TrimSpace(w.proc.output()), "\n") {
		if dup := duplicateKeys(line); len(dup) > 0 {
			t.Errorf("log line with keys %v twice: %s", dup, line)
		}
	}
	w.fake.AssertClean(t)
}

// afterPly is what a player reads after the move of a ply: the road and
// the result after the last, else whose move it is (theirs after their
// own move, the reader's after the opponent's).
func afterPly(final, readerMoved bool, road, readerToMove, opponentToMove, over string) []string {
	switch {
	case final:
		return []string{"The road: " + road + ".", over}
	case readerMoved:
		return []string{opponentToMove}
	default:
		return []string{readerToMove}
	}
}
