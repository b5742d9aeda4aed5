package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/emersion/go-message"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/discordfake"
)

// TestServeGamesAgainstTakbot runs `takbot serve` as a subprocess with
// the email and Discord transports and the engine (on by default), and
// both players play takbot: Bob on Discord (/tak challenge opponent:takbot,
// moves as text in the game's thread, "analyse" there), Ann by mail ("new
// takbot" to the bot's address, confirmed, moves by reply). Each game
// starts at once, takbot answers every move, and the last post or mail of
// each game carries takbot's review: the annotated PTN, the evaluation
// graph (PNG) and the replay (GIF).
func TestServeGamesAgainstTakbot(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt

	_, health := w.health()
	if !health.Transports["engine"].Connected {
		t.Errorf("/healthz does not show the engine running: %+v", health.Transports)
	}

	// Bob, on Discord.
	w.reply(w.bobSlash(w.channel, "notation", o("notation", "ptn")))
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", "takbot"), o("size", 3), o("color", "white"), o("level", 10)))
	th := w.thread()
	if th.Name != "g1 Bob vs takbot" {
		t.Errorf("the game thread is named %q, want \"g1 Bob vs takbot\"", th.Name)
	}
	w.postSaying(th.ID, "takbot plays you at level 10 of 10; the game is unrated.", "Game g1 begins", "white): your move")
	w.bobSay(th.ID, "c3")
	w.postSaying(th.ID, "takbot (black) played", " · Bob to move")
	w.bobSay(th.ID, "analyse")
	// An answer only Bob asked for, to a typed message: by DM (Discord has
	// no ephemeral answer to a typed message).
	w.postSaying(w.dmOf(w.bob.ID), "takbot's analysis of game g1 after turn 2, white to move:", "Best line: 2.")
	w.bobSay(th.ID, "resign")
	last := w.postSaying(th.ID, "Game over: takbot (black) wins by resignation", "takbot's review of game g1:")
	names := map[string]string{}
	for _, a := range last.Attachments {
		names[a.Filename] = a.ContentType
		switch {
		case strings.HasSuffix(a.Filename, ".gif"):
			if g, err := gif.DecodeAll(bytes.NewReader(a.Data)); err != nil || len(g.Image) != 4 { // the final position first, then the start and two moves
				t.Errorf("the replay %s: %v, want 4 frames", a.Filename, err)
			}
		case strings.HasSuffix(a.Filename, ".png"):
			if _, err := png.DecodeConfig(bytes.NewReader(a.Data)); err != nil {
				t.Errorf("the picture %s: %v", a.Filename, err)
			}
		}
	}
	for name, ct := range map[string]string{"g1-Bob-vs-takbot-eval.png": "image/png", "g1-Bob-vs-takbot-replay.gif": "image/gif",
		"g1-Bob-vs-takbot-review.ptn": "text/plain; charset=utf-8", "g1-Bob-vs-takbot.ptn": "text/plain; charset=utf-8"} {
		if names[name] != ct {
			t.Errorf("the last post attaches %v; want %s as %s", names, name, ct)
		}
	}

	// Ann, by mail: a new mail to the bot's address, confirmed.
	if _, err := w.ann.Write(w.ctx, e2eBotAddr, "A game", "new takbot size=3 color=white level=1", demo.Plain); err != nil {
		t.Fatal(err)
	}
	w.annReply(w.annNext("cannot tell that you sent it"), "")
	start := w.annNext("takbot plays you at level 1 of 10", "Game g2 begins", "white): your move")
	w.annReply(start, "ps c3")
	m, err := w.ann.NextMatching(w.ctx, "takbot (black) played", nil)
	if err != nil {
		t.Fatalf("takbot's answer by mail: %v", err)
	}
	w.annReply(m, "resign")
	end, err := w.ann.NextMatching(w.ctx, "Game over", nil)
	if err != nil {
		t.Fatalf("the last mail: %v", err)
	}
	if !strings.Contains(end.Text(), "takbot's review of game g2:") || !strings.Contains(end.Text(), "Attached: g2-Ann-vs-takbot-replay.gif") {
		t.Errorf("the last mail has no review:\n%s", end.Text())
	}
	types := mailPartTypes(t, end.Raw)
	for _, want := range []string{"image/gif", "image/png"} {
		if types[want] == 0 {
			t.Errorf("the last mail has parts %v, none %s", types, want)
		}
	}
	if types["image/png"] != 2 {
		t.Errorf("the last mail has %d PNG pictures, want the board and the graph", types["image/png"])
	}
	w.fake.AssertClean(t)
}

// postSaying waits for the bot's next post in a channel saying every
// want, skipping posts that say none of them.
// dmOf waits for the bot's direct-message channel with a user.
func (w *crossWorld) dmOf(user string) string {
	w.t.Helper()
	var dm string
	if err := w.fake.Await(w.ctx, func() bool {
		var ok bool
		dm, ok = w.fake.DMChannelOf(user)
		return ok
	}); err != nil {
		w.t.Fatalf("no direct messages to %s: %v", user, err)
	}
	return dm
}

func (w *crossWorld) postSaying(channel string, want ...string) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	err := w.fake.Await(w.ctx, func() bool {
		for _, p := range w.posts(channel) {
			ok := true
			for _, s := range want {
				ok = ok && strings.Contains(p.Content, s)
			}
			if ok && !w.seen[p.ID] {
				found = p
				return true
			}
		}
		return false
	})
	if err != nil {
		w.t.Fatalf("no post saying %q; posts:\n%s", want, postContents(w.posts(channel)))
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	w.seen[found.ID] = true
	return found
}

// mailPartTypes counts a mail's leaf parts by media type.
func mailPartTypes(t *testing.T, raw []byte) map[string]int {
	t.Helper()
	out := map[string]int{}
	walkMail(t, raw, func(e *message.Entity) {
		mediaType, _, _ := e.Header.ContentType()
		_, _ = io.Copy(io.Discard, e.Body)
		out[mediaType]++
	})
	return out
}
