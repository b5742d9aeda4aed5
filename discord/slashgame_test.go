package discord

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
)

// A whole game by slash commands and buttons: the challenge opens a
// thread named after the game with both players in it, only the
// challenged player's Accept counts, every move is answered in the thread
// with the board picture and the sync board, refusals are ephemeral, and
// the result is public.
func TestGameBySlashCommands(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	ix := w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap"))
	sent := w.reply(ix)
	if !sent.Ephemeral || !strings.Contains(sent.Content, "Challenge g1 sent") {
		t.Errorf("Alice's answer: %s", show(sent))
	}
	th := w.thread()
	challenge := w.waitPosts(th.ID, 1)[0]
	th, _ = w.fake.Channel(th.ID)
	if th.Name != "g1 Alice vs bob" || th.ParentID != w.channel || th.Type != discordfake.ChannelPublicThread {
		t.Errorf("thread %+v", th)
	}
	if !containsAll(th.Members, w.alice.ID, w.bob.ID) {
		t.Errorf("thread members %v, want Alice and Bob", th.Members)
	}
	if !strings.Contains(challenge.Content, "challenges you") || !containsAll(challenge.Mentions, w.bob.ID) {
		t.Errorf("challenge post: %q mentions %v", challenge.Content, challenge.Mentions)
	}

	// Only the challenged player's click counts.
	wrong := w.reply(w.click(w.alice.ID, challenge, "Accept"))
	if !wrong.Ephemeral || !strings.Contains(wrong.Content, "only they can use them") {
		t.Errorf("Alice clicking Bob's Accept: %s", show(wrong))
	}
	if g := w.game("g1"); g.Status != record.Challenged {
		t.Fatalf("after Alice's click the game is %s", g.Status)
	}
	w.click(w.bob.ID, challenge, "Accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
	start := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	if !containsAll(start.Mentions, w.alice.ID) {
		t.Errorf("the game start should mention Alice, who moves first: %q %v", start.Content, start.Mentions)
	}

	// A move out of turn is refused privately.
	before := len(w.posts(th.ID))
	refused := w.reply(w.slash(w.bob.ID, th.ID, "move", o("move", "ps c1")))
	if !refused.Ephemeral || !strings.Contains(refused.Content, "Refused") {
		t.Errorf("Bob's move out of turn: %s", show(refused))
	}

	moves := []struct{ who, move string }{
		{w.alice.ID, "ps a1"}, {w.bob.ID, "ps c1"}, {w.alice.ID, "ps a2"}, {w.bob.ID, "ps c2"}, {w.alice.ID, "ps a3"},
	}
	for i, mv := range moves {
		mix := w.slash(mv.who, th.ID, "move", o("move", mv.move))
		posts := w.waitPosts(th.ID, before+i+1)
		post := posts[before+i]
		files := 1
		if i == len(moves)-1 { // the road: the game's PTN too
			files = 2
			if len(post.Attachments) != 2 || post.Attachments[1].Filename != "g1-Alice-vs-bob.ptn" || !strings.Contains(string(post.Attachments[1].Data), `[Result "R-0"]`) {
				t.Errorf("the last post does not attach the game's PTN: %d attachments", len(post.Attachments))
			}
		}
		// One line (and the result's lines at the end), the picture,
		// the buttons: the boards are behind Board.
		_, board := button(post, boardButton)
		if strings.Contains(post.Content, "```") || strings.Contains(post.Content, "In hand") || len(post.Attachments) != files || !board ||
			i < len(moves)-1 && strings.Count(post.Content, "\n") != 1 {
			t.Errorf("move %d post is not one line, the picture and a Board button: %q, %d attachments, Board %v", i+1, post.Content, len(post.Attachments), board)
		} else if _, err := png.Decode(bytes.NewReader(post.Attachments[0].Data)); err != nil {
			t.Errorf("move %d picture: %v", i+1, err)
		}
		if strings.Contains(post.Content, "The board in") {
			t.Errorf("move %d post keeps the text board although the picture is attached: %q", i+1, post.Content)
		}
		opponent := w.bob.ID
		if mv.who == w.bob.ID {
			opponent = w.alice.ID
		}
		if !containsAll(post.Mentions, opponent) || containsAll(post.Mentions, mv.who) {
			t.Errorf("move %d mentions %v, want only the opponent %s", i+1, post.Mentions, opponent)
		}
		own := w.reply(mix)
		// Alice and Bob read PTN: a move in mail notation is read and shown
		// in PTN with the move as written beside it, never adopted.
		if !own.Ephemeral || !strings.Contains(own.Content, " played ") || !strings.Contains(own.Content, "(mail "+mv.move+")") {
			t.Errorf("move %d: the mover's own answer %s", i+1, show(own))
		}
	}
	g := w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Over })
	if g.Result == nil || g.Result.PTN != "R-0" {
		t.Errorf("result %+v", g.Result)
	}
	last := w.posts(th.ID)
	if end := last[len(last)-1]; !strings.Contains(end.Content, "R-0") {
		t.Errorf("the last post does not give the result: %q", end.Content)
	}
	w.clean()
}

func containsAll(have []string, want ...string) bool {
	for _, x := range want {
		found := false
		for _, h := range have {
			found = found || h == x
		}
		if !found {
			return false
		}
	}
	return true
}

// A new Discord player is answered in PTN: their bare square "c3", the
// first move of the game, is played as PTN c3 without a question, and both
// players' answers give the PTN form first.
func TestNewPlayerBareSquareIsPTN(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	before := len(w.posts(th.ID))
	own := w.reply(w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "c3")))
	const want = "played c3 (mail ps c1)"
	if !own.Ephemeral || !strings.Contains(own.Content, want) || strings.Contains(own.Content, "Did you mean") {
		t.Errorf("Alice's answer, want %q and no question: %s", want, show(own))
	}
	if _, asked := button(own, "Place a flat on"); asked {
		t.Errorf("Alice was asked which notation she meant: %s", show(own))
	}
	g := w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	if g.Moves[0].PTN != "c3" {
		t.Errorf("the move played is PTN %q, want c3", g.Moves[0].PTN)
	}
	post := w.waitPosts(th.ID, before+1)[before]
	if !strings.Contains(post.Content, want) || !containsAll(post.Mentions, w.bob.ID) {
		t.Errorf("the thread shows Bob %s, want %q", show(post), want)
	}
	for _, who := range []string{w.alice.ID, w.bob.ID} {
		p, err := w.ref.Player(w.ctx, record.Identity{Transport: Name, Address: who})
		if err != nil || p.Notation != notation.PTN || p.NotationFixed {
			t.Errorf("player %s: %+v, %v; want PTN, not yet chosen", who, p, err)
		}
	}
	w.clean()
}
