package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/standing"
)

// Attack tests of issue 24's point 7, rating farming: a game resigned
// before any move was rated (1500 -> 1662 / 1338) and reviewed, and five
// sock puppets resigning at once put a player at #1 in milliseconds.

// nullAnalyst stands for the engine: the tests look for the review's
// request in the replies, not at its result.
type nullAnalyst struct{}

func (nullAnalyst) Analyse(context.Context, bot.AnalysisRequest) ([]bot.Part, []bot.Attachment, error) {
	return nil, nil, nil
}

func withAnalyst() harnessOption {
	return func(o *bot.Options, _ *harness) { o.Analyst = nullAnalyst{} }
}

// reviewed reports whether any reply carries a review.
func reviewed(rs []bot.Reply) bool {
	for _, r := range rs {
		for _, p := range r.Parts {
			if p.Kind == bot.Analysis && p.Caption == bot.AnalyseReview {
				return true
			}
		}
	}
	return false
}

// TestEarlyEndsAreNotRated: a resignation or an agreed draw before each
// player has moved twice aborts the game (no result, no rating, no
// review); a loss on time then stands but is neither rated nor reviewed;
// from two moves each on, a resignation is rated and reviewed.
func TestEarlyEndsAreNotRated(t *testing.T) {
	moves := []string{"a1", "c3", "b1", "c2", "d4"}
	tests := []struct {
		name   string
		plies  int
		end    func(h *harness, id string) []bot.Reply
		status bot.Status
		rated  bool
		say    string
	}{
		{"resign before any move", 0, resign, bot.Aborted, false, "bob resigned game %s against you before each player had moved twice: that early, it counts as an abort"},
		{"resign after one move each", 2, resign, bot.Aborted, false, "counts as an abort"},
		{"resign after three moves", 3, resign, bot.Aborted, false, "counts as an abort"},
		{"agreed draw after one move each", 2, agreeDraw, bot.Aborted, false, "You agreed to a draw in game %s against bob before each player had moved twice"},
		{"loss on time after one move", 1, timeLoss, bot.Over, false, "ran out of time"},
		{"resign after two moves each", 4, resign, bot.Over, true, "Game over: you (white) win by resignation"},
		{"agreed draw after two moves each", 4, agreeDraw, bot.Over, true, "draw"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, withAnalyst())
			id := h.start("ann", "bob", "size=5 days=1")
			for i := 0; i < tc.plies; i++ {
				who := map[bool]string{true: "ann", false: "bob"}[i%2 == 0]
				h.send(who, "game "+id+"; ps "+moves[i])
			}
			rs := tc.end(h, id)
			g := h.game(id)
			if g.Status != tc.status || (g.Rating != nil) != tc.rated {
				t.Errorf("status %s, rating %+v; want %s, rated %v", g.Status, g.Rating, tc.status, tc.rated)
			}
			for _, name := range []string{"ann", "bob"} {
				if e := h.entry(name, "5x5"); (e.Games == 1) != tc.rated {
					t.Errorf("%s's 5x5 entry %+v, rated %v", name, e, tc.rated)
				}
			}
			if reviewed(rs) != tc.rated {
				t.Errorf("reviewed %v, want %v", reviewed(rs), tc.rated)
			}
			want := tc.say
			if strings.Contains(want, "%s") {
				want = fmt.Sprintf(want, id)
			}
			if got := allText(rs); !strings.Contains(got, want) {
				t.Errorf("the players were not told %q:\n%s", want, got)
			}
		})
	}
}

func resign(h *harness, id string) []bot.Reply { return h.send("bob", "game "+id+"; resign") }

func agreeDraw(h *harness, id string) []bot.Reply {
	h.send("bob", "game "+id+"; draw")
	return h.send("ann", "game "+id+"; accept")
}

func timeLoss(h *harness, _ string) []bot.Reply {
	h.clock.Advance(25 * time.Hour)
	out, err := h.ref.Tick(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

// TestRepeatedGamesCountLess: the k-th rated game between the same two
// players within 30 days counts 1/k; a month later they count fully
// again.
func TestRepeatedGamesCountLess(t *testing.T) {
	h := newHarness(t)
	var gains []float64
	var before standing.Entry
	for k := 1; k <= 4; k++ {
		h.beat("ann", "bob", "size=5")
		id := fmt.Sprintf("g%d", k)
		if g := h.game(id); g.Rating == nil || g.Rating.Weight != 1/float64(k) {
			t.Fatalf("game %d: change %+v, want weight 1/%d", k, g.Rating, k)
		}
		after := h.entry("ann", "5x5")
		if k > 1 {
			gains = append(gains, after.Rating-before.Rating)
		}
		before = after
		h.clock.Advance(24 * time.Hour)
	}
	for i := 1; i < len(gains); i++ {
		if gains[i] >= gains[i-1] {
			t.Errorf("ann's gains from repeated wins over bob %v: each must be smaller", gains)
		}
	}
	// Another opponent counts fully.
	h.beat("ann", "cid", "size=5")
	if g := h.game("g5"); g.Rating.Weight != 1 {
		t.Errorf("a new opponent's game weighs %v", g.Rating.Weight)
	}
	// Thirty days after the last of them, bob counts fully again.
	h.clock.Advance(31 * 24 * time.Hour)
	h.beat("ann", "bob", "size=5")
	if g := h.game("g6"); g.Rating.Weight != 1 {
		t.Errorf("a game a month later weighs %v", g.Rating.Weight)
	}
}

// TestSockPuppetsCannotTopLeaderboard: four honest players play each
// other for five months and reach established ratings; then mallory has
// five fresh accounts resign to her, each after two moves each (the least
// that is rated), within minutes. She is not #1: not listed at all, her
// deviation still far above the leaderboard's limit, though the puppets
// lifted her rating above every honest player's. Five more games against
// a single puppet add little.
func TestSockPuppetsCannotTopLeaderboard(t *testing.T) {
	h := newHarness(t) // the default rules: 5 rated games, 3 opponents, deviation at most 110
	honest := []string{"ann", "bob", "cid", "dan"}
	for round := 0; round < 5; round++ {
		for i := range honest {
			for j := i + 1; j < len(honest); j++ {
				w, l := honest[i], honest[j]
				if (i+j+round)%2 == 1 {
					w, l = l, w
				}
				h.beat(w, l, "size=5")
			}
		}
		h.clock.Advance(31 * 24 * time.Hour)
	}
	top, err := h.ref.Leaderboard(context.Background(), 5, 0)
	if err != nil || len(top) == 0 {
		t.Fatalf("no honest player is established after five months: %+v, %v", top, err)
	}
	for i := 1; i <= 5; i++ {
		h.beat("mallory", fmt.Sprintf("puppet%d", i), "size=5")
		h.clock.Advance(time.Minute)
	}
	m := h.entry("mallory", "5x5").Now(h.clock.Now())
	list, err := h.ref.Leaderboard(context.Background(), 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	if list[0].Key == player("mallory").Key() {
		t.Fatalf("the puppets put mallory at #1: %+v", list)
	}
	for _, l := range list {
		if l.Key == player("mallory").Key() {
			t.Errorf("mallory is listed after five puppet games: %+v", list)
		}
	}
	if m.Rating <= list[0].Rating || m.Deviation <= bot.DefaultLeaderboardMaxDeviation {
		t.Errorf("mallory %+v, #1 %+v: the attack should have lifted her rating above #1's (else this test proves nothing), and left her deviation above %d",
			m, list[0], bot.DefaultLeaderboardMaxDeviation)
	}
	text := allText(h.send("mallory", "leaderboard"))
	if strings.Contains(text, "You are number") || !strings.Contains(text, "You are not on the leaderboard yet") {
		t.Errorf("mallory's leaderboard:\n%s", text)
	}
	// Farming one puppet: five more wins against puppet1 move her less
	// than one game against a fresh one did.
	before := h.entry("mallory", "5x5")
	for i := 0; i < 5; i++ {
		h.beat("mallory", "puppet1", "size=5")
	}
	after := h.entry("mallory", "5x5")
	if gain := after.Rating - before.Rating; gain > 60 || standing.Round(after.Deviation) <= bot.DefaultLeaderboardMaxDeviation {
		t.Errorf("five more wins over one puppet: %+v -> %+v", before, after)
	}
}
