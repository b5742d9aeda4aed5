package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// ptn makes players write in PTN, so that bare squares need no question.
func (h *harness) ptn(names ...string) {
	for _, n := range names {
		h.send(n, "notation ptn")
	}
}

func TestReplayedMessageIsHarmless(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.ptn("ann")
	m := bot.Message{ID: "move-1", From: player("ann"), Text: "a1"}
	if rs := h.handle(m); len(rs) != 2 {
		t.Fatalf("move answered with %d replies, want 2", len(rs))
	}
	out, err := h.ref.Handle(context.Background(), m)
	if err != nil || !out.Duplicate || len(out.Replies) != 0 {
		t.Fatalf("replayed message: %+v, %v; want a duplicate without replies", out, err)
	}
	if g := h.game(id); len(g.Moves) != 1 {
		t.Fatalf("game after replay: %d moves", len(g.Moves))
	}
}

// Message ids are namespaced by transport: the same id from two
// transports is two messages.
func TestMessageIDsNamespacedByTransport(t *testing.T) {
	h := newHarness(t)
	h.handle(bot.Message{ID: "x1", From: player("ann"), Text: "games"})
	out, err := h.ref.Handle(context.Background(), bot.Message{ID: "x1", From: bot.Identity{Transport: "email", Address: "ann@example.org"}, Text: "games"})
	if err != nil || out.Duplicate || len(out.Replies) != 1 {
		t.Fatalf("same id on another transport: %+v, %v; want it handled", out, err)
	}
}

func TestBadMessagesAreTyped(t *testing.T) {
	h := newHarness(t)
	for _, m := range []bot.Message{
		{ID: "", From: player("ann"), Text: "games"},
		{ID: "a", From: bot.Identity{Transport: "console"}, Text: "games"},
		{ID: "b", From: bot.Identity{Transport: "sms", Address: "555"}, Text: "games"},
	} {
		if _, err := h.ref.Handle(context.Background(), m); !errors.Is(err, bot.ErrBadMessage) {
			t.Errorf("%+v: error %v, want ErrBadMessage", m, err)
		}
	}
}

func TestRefusedMoveLeavesGameUntouched(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.ptn("ann", "bob")
	before := h.game(id)
	for _, tc := range []struct{ from, text, want string }{
		{"ann", "pw a1", "must be a flat"},
		{"bob", "a1", "not your turn"},
		{"ann", "ps b4 #9", "marked #9"},
		{"ann", "ps z1", "not on"},
		{"ann", "new ann", "cannot challenge yourself"},
	} {
		rs := h.send(tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), tc.want) {
			t.Errorf("%q: replies %q, want one containing %q", tc.text, allText(rs), tc.want)
		}
	}
	if after := h.game(id); after.Version != before.Version || len(after.Moves) != 0 {
		t.Errorf("game changed by refused moves: version %d→%d", before.Version, after.Version)
	}
}

func TestStopsAtFirstRefusal(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.ptn("ann")
	rs := h.send("ann", "a1; e5; board")
	if got := textTo(rs, "ann"); !strings.Contains(got, `Not run, since the command before stopped: "board".`) {
		t.Errorf("replies %q do not say the rest was not run", got)
	}
	if g := h.game(id); len(g.Moves) != 1 {
		t.Errorf("%d moves, want 1", len(g.Moves))
	}
}

// shuttle is a never-ending 6x6 game: after the opening each player moves
// one flat back and forth.
var shuttle = []string{"a1>", "f6<", "b1<", "e6>"}

func moveText(i int) string {
	switch i {
	case 0:
		return "Ff6"
	case 1:
		return "Fa1"
	}
	return shuttle[(i-2)%4]
}

func TestConcurrentGames(t *testing.T) {
	h := newHarness(t)
	const games, moves = 20, 12
	ids := make([]string, games)
	for i := range ids {
		ids[i] = h.start(fmt.Sprintf("w%d", i), fmt.Sprintf("b%d", i), "size=6")
	}
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for m := 0; m < moves; m++ {
				from := fmt.Sprintf("w%d", i)
				if m%2 == 1 {
					from = fmt.Sprintf("b%d", i)
				}
				out, err := h.ref.Handle(context.Background(), bot.Message{ID: fmt.Sprintf("%d-%d", i, m), From: player(from), Text: moveText(m)})
				if err != nil || len(out.Replies) != 2 {
					t.Errorf("game %d move %d: %q, %v", i, m, allText(out.Replies), err)
					return
				}
			}
		}(i)
	}
	wg.Wait()
	for _, id := range ids {
		if g := h.game(id); len(g.Moves) != moves {
			t.Errorf("game %s: %d moves", id, len(g.Moves))
		}
	}
}

// Delivery renders the pictures of a reply for transports that show them.
func TestDeliveryRendersPictures(t *testing.T) {
	h := newHarness(t)
	h.ref = bot.New(h.store, h.clock, bot.Options{Rand: func(int) int { return 0 }})
	h.ref.Register(h.console)
	h.ref.Register(h.email)
	rs := h.send("ann", "new bea@example.org color=white")
	h.handle(bot.Message{ID: "e1", From: bot.Identity{Transport: "email", Address: "bea@example.org"}, Text: "game " + rs[0].Game + "; accept"})
	if _, err := h.ref.DeliverDue(context.Background(), "email"); err != nil {
		t.Fatal(err)
	}
	sent := h.email.replies()
	last := sent[len(sent)-1]
	if len(last.Images) != 1 || len(last.Images[0].PNG) < 100 || string(last.Images[0].PNG[1:4]) != "PNG" || last.Images[0].Alt == "" {
		t.Fatalf("last email reply has %d images; want one PNG with its TPS as alt text", len(last.Images))
	}
	if _, err := h.ref.DeliverDue(context.Background(), "console"); err != nil {
		t.Fatal(err)
	}
	for _, r := range h.console.replies() {
		if len(r.Images) != 0 {
			t.Fatalf("the console shows no pictures but got %d", len(r.Images))
		}
	}
}

// FuzzHandle sends arbitrary text into a live game: the referee must answer
// without an error, and the stored game must stay a legal game.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{"a1", "ps b4 t", "ms b2 p3 2 1", "rs\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0",
		"im because", "undo", "draw", "accept", "new bob size=3", "game g1; board", "vacation 2", "3c3>12*", "help", "notation ptn",
		"Thanks for the game!\nps d4", "ps d4 -- sent from my phone", "adopt", "revert 1", "takeback", "resing", "b4"} {
		f.Add(s)
	}
	h := newHarness(f)
	id := h.start("ann", "bob", "")
	n := 0
	f.Fuzz(func(t *testing.T, text string) {
		n++
		for i, from := range []string{"ann", "bob"} {
			out, err := h.ref.Handle(context.Background(), bot.Message{ID: fmt.Sprintf("fz%d-%d", n, i), From: player(from), Text: text})
			if err != nil {
				t.Fatalf("%s %q: %v", from, text, err)
			}
			if len(out.Replies) == 0 {
				t.Fatalf("%s %q: no answer", from, text)
			}
		}
		g, err := h.ref.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.History(); err != nil {
			t.Fatalf("stored game no longer replays after %q: %v", text, err)
		}
	})
}

// Concurrent copies of one move (say, the same mail delivered twice under
// different ids) are serialised: exactly one is played, the others are
// refused by the turn guard.
func TestConcurrentSameGameSerialised(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.ptn("ann")
	var wg sync.WaitGroup
	var mu sync.Mutex
	played := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			out, err := h.ref.Handle(context.Background(), bot.Message{ID: fmt.Sprint("dup", i), From: player("ann"), Text: "a1 #1"})
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, r := range out.Replies {
				if r.To.Address == "ann" && strings.Contains(r.Text(), "(white) played") {
					played++
				}
			}
		}(i)
	}
	wg.Wait()
	if g := h.game(id); played != 1 || len(g.Moves) != 1 {
		t.Fatalf("%d copies played, game has %d moves; want exactly 1", played, len(g.Moves))
	}
}
