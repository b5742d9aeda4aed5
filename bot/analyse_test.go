package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// countingAnalyst answers every analysis with a line naming the position,
// and counts its searches.
type countingAnalyst struct {
	mu sync.Mutex
	n  int
}

func (a *countingAnalyst) Analyse(_ context.Context, req bot.AnalysisRequest) ([]bot.Part, []bot.Attachment, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.n++
	return []bot.Part{{Kind: bot.Prose, Text: fmt.Sprintf("Analysis of %s after turn %d.", req.Game, req.Turn)}}, nil, nil
}

func (a *countingAnalyst) searches() int { a.mu.Lock(); defer a.mu.Unlock(); return a.n }

// withEngine registers a silent engine transport (takbot never moves) and
// the counting analyst.
func withEngine(a *countingAnalyst) harnessOption {
	return func(o *bot.Options, h *harness) {
		o.Analyst = a
		h.engine = &capture{info: bot.EngineInfo()}
	}
}

// delivered delivers the console's outbox and returns the text of what
// went to name.
func (h *harness) delivered(name string) string {
	h.t.Helper()
	before := len(h.console.replies())
	if _, err := h.ref.DeliverDue(context.Background(), "console"); err != nil {
		h.t.Fatal(err)
	}
	return textTo(h.console.replies()[before:], name)
}

// tpsOf is a game's position now, as TPS, as a player reads it.
func tpsOf(h *harness, who, game string) string {
	h.t.Helper()
	for _, r := range h.send(who, "game "+game+"; tps") {
		for _, p := range r.Parts {
			if p.Kind == bot.Block && strings.Contains(p.Caption, "as TPS") {
				return p.Text
			}
		}
	}
	h.t.Fatalf("no TPS of game %s", game)
	return ""
}

// playMoves has white and black play moves in turn in game id.
func playMoves(h *harness, id, white, black string, moves ...string) {
	h.t.Helper()
	for i, m := range moves {
		who := white
		if i%2 == 1 {
			who = black
		}
		if rs := h.send(who, "game "+id+"; "+m); strings.Contains(allText(rs), "Refused") {
			h.t.Fatalf("%s %q refused:\n%s", who, m, allText(rs))
		}
	}
}

// TestAnalyseOncePerPosition: 20 "analyse" lines in one mail are one
// search and one analysis; asking again for the same position is answered
// from the kept result, without a search and without counting against the
// quota.
func TestAnalyseOncePerPosition(t *testing.T) {
	a := &countingAnalyst{}
	h := newHarness(t, withEngine(a))
	id := h.start("ann", "bob", "")
	playMoves(h, id, "ann", "bob", "ps a1", "ps e5", "ps b2", "ps d4")
	h.send("ann", "game "+id+"; resign")
	h.delivered("ann")
	reviews := a.searches() // the game's reviews
	h.send("ann", "game "+id)
	rs := h.send("ann", strings.Repeat("analyse 3\n", 20))
	if strings.Contains(allText(rs), "Refused") {
		t.Fatalf("20 analyse lines:\n%s", allText(rs))
	}
	got := h.delivered("ann")
	if n := strings.Count(got, "Analysis of "+id+" after turn 3."); n != 1 || a.searches()-reviews != 1 {
		t.Errorf("20 analyse lines: %d analyses in the answer, %d searches; want one of each:\n%s", n, a.searches(), got)
	}
	for range 5 {
		h.send("ann", "game "+id+"; analyse 3")
		if got := h.delivered("ann"); !strings.Contains(got, "Analysis of "+id+" after turn 3.") {
			t.Errorf("asked again: %s", got)
		}
	}
	if a.searches()-reviews != 1 {
		t.Errorf("the same position asked six times: %d searches, want 1", a.searches()-reviews)
	}
}

// TestAnalyseQuota: a player has 10 positions analysed an hour; the 11th
// is refused with the time the quota frees; one analysed within the hour
// may be asked again; an hour later the quota is whole again.
func TestAnalyseQuota(t *testing.T) {
	a := &countingAnalyst{}
	h := newHarness(t, withEngine(a))
	id := h.start("ann", "bob", "")
	playMoves(h, id, "ann", "bob", "ps a1", "ps e5", "ps b2", "ps d4", "ps c3", "ps c4", "ps a2", "ps e4", "ps a3", "ps e3", "ps b1", "ps d5")
	h.send("ann", "game "+id+"; resign")
	h.delivered("ann")
	reviews := a.searches() // the game's reviews
	for turn := 1; turn <= bot.DefaultAnalysesPerHour; turn++ {
		h.clock.Advance(time.Minute)
		if got := allText(h.send("ann", fmt.Sprintf("game %s; analyse %d", id, turn))); strings.Contains(got, "Refused") {
			t.Fatalf("analysis %d refused:\n%s", turn, got)
		}
	}
	got := allText(h.send("ann", "game "+id+"; analyse 11"))
	if want := "Refused \"analyse 11\": you have had 10 positions analysed in the last hour, the most takbot analyses for one player in an hour; you can ask again after 2026-11-21 10:01 UTC"; !strings.Contains(got, want) {
		t.Errorf("the 11th analysis in the hour:\n%s\nwant %q", got, want)
	}
	if got := allText(h.send("ann", "game "+id+"; analyse 4")); strings.Contains(got, "Refused") {
		t.Errorf("a position analysed within the hour, asked again, is refused:\n%s", got)
	}
	// bob's quota is his own
	if got := allText(h.send("bob", "game "+id+"; analyse 11")); strings.Contains(got, "Refused") {
		t.Errorf("bob's first analysis:\n%s", got)
	}
	h.clock.Advance(time.Hour)
	if got := allText(h.send("ann", "game "+id+"; analyse 11")); strings.Contains(got, "Refused") {
		t.Errorf("an hour later:\n%s", got)
	}
	h.delivered("ann")
	// bob's and ann's later analysis of turn 11 are the same request
	// (same position, look and notation): one search
	if n := a.searches() - reviews; n != bot.DefaultAnalysesPerHour+1 {
		t.Errorf("%d searches, want %d (ann's 10, then turn 11 for bob and ann)", n, bot.DefaultAnalysesPerHour+1)
	}
}

// TestAnalyseAgainAfterAMoveCounts: asking again for a turn is free
// while the game stands still (the kept result answers), and counted once
// the game moved on (a new request, searched again).
func TestAnalyseAgainAfterAMoveCounts(t *testing.T) {
	a := &countingAnalyst{}
	h := newHarness(t, withEngine(a), func(o *bot.Options, _ *harness) { o.Quotas.AnalysesPerHour = 2 })
	game := h.send("ann", "new takbot color=white")[0].Game
	h.send("ann", "game "+game)
	for i, c := range []struct {
		text    string
		refused bool
	}{
		{"analyse 0", false}, // 1 of 2
		{"analyse 0", false}, // the same: free
		{"ps a1", false},     // the game moves on (takbot, silent here, is to move)
		{"analyse 0", false}, // 2 of 2: a new request
		{"analyse 0", false}, // the same again: free
		{"analyse 1", true},  // a third position
	} {
		got := allText(h.send("ann", c.text))
		if strings.Contains(got, "you have had 2 positions analysed in the last hour") != c.refused {
			t.Errorf("step %d %q: refused should be %v:\n%s", i, c.text, c.refused, got)
		}
	}
	h.delivered("ann")
	if a.searches() != 2 {
		t.Errorf("%d searches, want 2 (turn 0 before and after the move)", a.searches())
	}
}

// TestAnalyseSetUpFromLiveGameRefused is the attack on the fair-play
// refusal: ann sets up a game against takbot from her live game's
// position ("new takbot tps=…") and asks takbot to analyse it. It is
// refused for the position now, for one her live game passed through, and
// for one that may follow it; it is allowed on another board size, for a
// position her live game cannot reach, and once the live game is over.
func TestAnalyseSetUpFromLiveGameRefused(t *testing.T) {
	a := &countingAnalyst{}
	h := newHarness(t, withEngine(a))
	live := h.start("ann", "bob", "")
	playMoves(h, live, "ann", "bob", "ps a1", "ps e5", "ps b2")
	before := tpsOf(h, "ann", live)
	playMoves(h, live, "bob", "ann", "ps d4", "ps c3", "ps c4")
	now := tpsOf(h, "ann", live) // ann (white) to move
	ahead := "2,1,x3/x5/x2,1,2,x/x,1,x,2,x/1,2,x3 1 5"
	cases := []struct {
		name, options string
		refused       bool
	}{
		{"the live game's position now", "tps=" + now, true},
		{"a position the live game passed through", "tps=" + before + " color=black", true},
		{"a position that may follow", "tps=" + ahead, true},
		{"another board size", "size=6 tps=x6/x6/x2,1,2,x2/x6/x6/x6 1 3", false},
		{"a position with fewer pieces, never on the live board", "tps=x5/x5/x2,1,2,x/x5/x5 1 2", false},
	}
	for _, c := range cases {
		rs := h.send("ann", "new takbot "+c.options)
		game := ""
		for _, r := range rs {
			if r.Game != "" && r.Game != live {
				game = r.Game
			}
		}
		if game == "" || strings.Contains(allText(rs), "Refused") {
			t.Fatalf("%s: new takbot %s:\n%s", c.name, c.options, allText(rs))
		}
		got := allText(h.send("ann", "game "+game+"; analyse"))
		refused := strings.Contains(got, "could come from your game "+live+" against bob, which is in progress: takbot does not analyse that")
		if refused != c.refused {
			t.Errorf("%s: analyse refused %v, want %v:\n%s", c.name, refused, c.refused, got)
		}
		if strings.Contains(got, "Refused") != c.refused {
			t.Errorf("%s: %s", c.name, got)
		}
		h.send("ann", "game "+game+"; resign")
	}
	// finished, the live game no longer holds anything back
	h.send("ann", "game "+live+"; resign")
	rs := h.send("ann", "new takbot tps="+now)
	if got := allText(h.send("ann", "game "+rs[0].Game+"; analyse")); strings.Contains(got, "Refused") {
		t.Errorf("after the live game ended:\n%s", got)
	}
}
