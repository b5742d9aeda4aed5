package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/standing"
)

func withMinGames(n int) harnessOption {
	return func(o *bot.Options, _ *harness) { o.LeaderboardMinGames = n }
}

// withAnyDeviation lists provisional ratings on the leaderboards too.
func withAnyDeviation() harnessOption {
	return func(o *bot.Options, _ *harness) { o.LeaderboardMaxDeviation = 350 }
}

// entry returns a player's rating entry in a pool (zero when unrated).
func (h *harness) entry(name, pool string) standing.Entry {
	h.t.Helper()
	p, err := h.ref.Player(context.Background(), player(name))
	if err != nil {
		h.t.Fatal(err)
	}
	return p.Ratings[pool]
}

// TestRatedGameChangesRatings: a finished game rates both players as a
// rating period of its own (two new players: 1500 → 1662 and 1338), tells
// them, and the stats show it.
func TestRatedGameChangesRatings(t *testing.T) {
	h := newHarness(t)
	h.ptn("ann", "bob")
	id := h.start("ann", "bob", "size=5")
	h.opening(id)
	rs := h.send("bob", "game "+id+"; resign")
	ann, bob := h.entry("ann", "5x5"), h.entry("bob", "5x5")
	if standing.Round(ann.Rating) != 1662 || standing.Round(bob.Rating) != 1338 || ann.Games != 1 || bob.Games != 1 {
		t.Fatalf("ratings after one game: ann %+v, bob %+v", ann, bob)
	}
	if standing.Round(ann.Deviation) != 290 {
		t.Errorf("ann's deviation %.2f, want about 290", ann.Deviation)
	}
	for name, want := range map[string]string{
		"ann": "Rated 5x5 game: your rating goes from 1500 to 1662, bob's goes from 1500 to 1338.",
		"bob": "Rated 5x5 game: your rating goes from 1500 to 1338, ann's goes from 1500 to 1662.",
	} {
		if !strings.Contains(textTo(rs, name), want) {
			t.Errorf("%s was not told %q:\n%s", name, want, textTo(rs, name))
		}
	}
	if g := h.game(id); g.Rating == nil || g.Rating.Pool != "5x5" || g.Rating.Result != "1-0 resignation" {
		t.Errorf("game's rating change %+v", g.Rating)
	}
	// Another size is another pool: the 6x6 rating is untouched.
	if e := h.entry("ann", "6x6"); e.Games != 0 {
		t.Errorf("6x6 entry %+v", e)
	}
	st, err := h.ref.PlayerStats(context.Background(), player("ann").Key())
	if err != nil {
		t.Fatal(err)
	}
	if !st.Rated || st.Pool != "5x5" || standing.Round(st.Rating) != 1662 || st.Wins != 1 || st.Games != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestUnratedGames: rated=no, abort, and a game against the engine rate
// nobody.
func TestUnratedGames(t *testing.T) {
	tests := []struct {
		name string
		play func(h *harness, id string)
		opts string
	}{
		{"rated=no", func(h *harness, id string) { h.send("bob", "game "+id+"; resign") }, "rated=no"},
		{"aborted", func(h *harness, id string) { h.send("ann", "a1"); h.send("bob", "game "+id+"; abort") }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.ptn("ann", "bob")
			id := h.start("ann", "bob", "size=5 "+tc.opts)
			tc.play(h, id)
			g := h.game(id)
			if g.Rated() || g.Rating != nil {
				t.Errorf("game %s: rated %v, change %+v", id, g.Rated(), g.Rating)
			}
			for _, name := range []string{"ann", "bob"} {
				if e := h.entry(name, "5x5"); e.Games != 0 {
					t.Errorf("%s rated: %+v", name, e)
				}
			}
		})
	}
	g := &bot.GameRecord{Status: bot.Over, Players: [2]string{"console:ann", "engine:takbot"}}
	if g.Rated() {
		t.Error("a game against the engine is rated")
	}
}

// TestAbort: either player may abort before each has moved twice; the game
// ends with no result; later it is refused with the reason.
func TestAbort(t *testing.T) {
	h := newHarness(t)
	h.ptn("ann", "bob")
	id := h.start("ann", "bob", "size=5")
	h.send("ann", "a1")
	h.send("bob", "e5")
	h.send("ann", "b2")
	rs := h.send("ann", "game "+id+"; abort")
	for name, want := range map[string]string{
		"ann": "You aborted game " + id + " against bob before each player had moved twice: it ends with no result and is not rated.",
		"bob": "ann aborted game " + id + " against you before each player had moved twice",
	} {
		if !strings.Contains(textTo(rs, name), want) {
			t.Errorf("%s was not told %q:\n%s", name, want, allText(rs))
		}
	}
	g := h.game(id)
	if g.Status != bot.Aborted || g.Result != nil || !g.Deadline.IsZero() || !g.Wake.IsZero() {
		t.Errorf("aborted game: status %s, result %+v, deadline %v, wake %v", g.Status, g.Result, g.Deadline, g.Wake)
	}
	if rs := h.send("bob", "game "+id+"; e4"); !strings.Contains(allText(rs), "aborted") {
		t.Errorf("a move in the aborted game: %q", allText(rs))
	}

	id2 := h.start("ann", "bob", "size=5")
	for _, m := range []struct{ who, move string }{{"ann", "a1"}, {"bob", "e5"}, {"ann", "b2"}, {"bob", "d4"}} {
		h.send(m.who, "game "+id2+"; "+m.move)
	}
	rs = h.send("bob", "game "+id2+"; abort")
	want := `Refused "abort": game ` + id2 + ` can no longer be aborted: a game can be aborted only before each player has moved twice, and 4 moves have been played.`
	if !strings.Contains(textTo(rs, "bob"), want) || textTo(rs, "ann") != "" {
		t.Errorf("abort after two moves each: %q, want %q to bob only", allText(rs), want)
	}
	if g := h.game(id2); g.Status != bot.Active {
		t.Errorf("status %s after a refused abort", g.Status)
	}
}

// TestWithdrawnResultTakesRatingBack: a loss on time is rated; when the
// loser's move turns out to have arrived before the deadline, the game
// goes on and both ratings are as before.
func TestWithdrawnResultTakesRatingBack(t *testing.T) {
	h := newHarness(t)
	h.ptn("ann", "bob")
	id := h.start("ann", "bob", "size=5 days=1")
	h.opening(id)
	h.send("ann", "d4")
	sent := h.clock.Now().Add(time.Hour)
	h.clock.Advance(25 * time.Hour)
	if _, err := h.ref.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if g := h.game(id); g.Status != bot.Over || g.Rating == nil {
		t.Fatalf("after the deadline: status %s, rating %+v", g.Status, g.Rating)
	}
	if e := h.entry("bob", "5x5"); standing.Round(e.Rating) != 1338 {
		t.Fatalf("bob after the loss on time: %+v", e)
	}
	h.n++
	rs := h.handle(bot.Message{ID: "late", From: player("bob"), Name: "bob", Text: "e5", Game: id, Received: sent})
	if !strings.Contains(allText(rs), "so is its change of both players' ratings") {
		t.Errorf("nobody was told the rating change was taken back:\n%s", allText(rs))
	}
	if g := h.game(id); g.Status != bot.Active || g.Rating != nil {
		t.Errorf("after the reprieve: status %s, rating %+v", g.Status, g.Rating)
	}
	for _, name := range []string{"ann", "bob"} {
		if e := h.entry(name, "5x5"); e.Games != 0 {
			t.Errorf("%s still rated: %+v", name, e)
		}
	}
}

// play finishes a rated game in which winner beats loser by resignation.
func (h *harness) beat(winner, loser, opts string) {
	h.t.Helper()
	id := h.start(winner, loser, opts)
	h.opening(id)
	h.send(loser, "game "+id+"; resign")
}

// opening plays two moves of each player in game id (placements on a1,
// c3, b1 and c2 in mail notation), whoever is to move: from then on the
// game can be rated, and a resignation no longer counts as an abort.
func (h *harness) opening(id string) {
	h.t.Helper()
	for _, sq := range []string{"a1", "c3", "b1", "c2"} {
		g := h.game(id)
		tg, err := g.History()
		if err != nil {
			h.t.Fatal(err)
		}
		who := strings.TrimPrefix(g.Players[tg.Position().ToMove()], "console:")
		h.send(who, "game "+id+"; ps "+sq)
	}
	if n := len(h.game(id).Moves); n != 4 {
		h.t.Fatalf("game %s: %d moves after the opening, want 4", id, n)
	}
}

// TestLeaderboard: players with enough rated games of the pool, best
// first; the asker's place; a Discord server's leaderboard lists the
// players who played or wrote there.
func TestLeaderboard(t *testing.T) {
	h := newHarness(t, withMinGames(2), withAnyDeviation())
	h.beat("ann", "bob", "size=6")
	h.beat("ann", "cid", "size=6")
	h.beat("bob", "cid", "size=6")
	h.beat("dan", "bob", "size=5")
	list, err := h.ref.Leaderboard(context.Background(), 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range list {
		names = append(names, l.Name)
	}
	if strings.Join(names, ",") != "ann,bob,cid" || list[0].Games != 2 || list[0].Rating <= list[1].Rating {
		t.Errorf("6x6 leaderboard %+v", list)
	}
	// A referee started afresh on the same store finds the same players.
	again, err := bot.New(h.store, h.clock, bot.Options{LeaderboardMinGames: 2, LeaderboardMaxDeviation: 350}).Leaderboard(context.Background(), 6, 2)
	if err != nil || len(again) != 2 || again[0] != list[0] || again[1] != list[1] {
		t.Errorf("after a restart, the 6x6 leaderboard's top two: %+v, %v; want %+v", again, err, list[:2])
	}
	rs := h.send("bob", "leaderboard 6x6")
	text := allText(rs)
	for _, want := range []string{"The 6x6 leaderboard (players with at least 2 rated games against 2 different opponents, and a deviation of at most 350):", "#  player  rating  deviation  games", "   1  ann   ", "You are number 2 of 3"} {
		if !strings.Contains(text, want) {
			t.Errorf("leaderboard lacks %q:\n%s", want, text)
		}
	}
	if rs := h.send("dan", "leaderboard 5"); !strings.Contains(allText(rs), "The 5x5 leaderboard is empty: it lists players with at least 2 rated games against 2 different opponents, and a deviation of at most 350, and nobody has those yet.") ||
		!strings.Contains(allText(rs), "You have 1 rated 5x5 game (your rating is 1662); after 1 more you are on the leaderboard.") {
		t.Errorf("5x5 leaderboard: %s", allText(rs))
	}
	if rs := h.send("dan", "leaderboard 9x9"); !strings.Contains(allText(rs), `Refused "leaderboard 9x9": "9x9" is not a board size`) {
		t.Errorf("leaderboard 9x9: %s", allText(rs))
	}
	// ann writes from a server: only she is on its leaderboard.
	h.n++
	rs = h.handle(bot.Message{ID: "srv1", From: player("ann"), Name: "ann", Text: "leaderboard 6x6", Community: "discord:42"})
	text = allText(rs)
	if !strings.Contains(text, "The 6x6 leaderboard of this server") || !strings.Contains(text, "   1  you ") || strings.Contains(text, "cid") || strings.Contains(text, "bob") {
		t.Errorf("server leaderboard:\n%s", text)
	}
	if p, _ := h.ref.Player(context.Background(), player("ann")); len(p.Communities) != 1 || p.Communities[0] != "discord:42" {
		t.Errorf("ann's communities %v", p.Communities)
	}
}

// TestStats: a player's record in words, and another player's by name.
func TestStats(t *testing.T) {
	h := newHarness(t)
	if rs := h.send("ann", "stats"); !strings.Contains(allText(rs), "You have finished no game yet, so there is nothing to count and no rating.") {
		t.Errorf("stats of a new player: %s", allText(rs))
	}
	h.beat("ann", "bob", "size=5")
	h.beat("bob", "ann", "size=6 rated=no")
	rs := h.send("ann", "stats")
	text := allText(rs)
	for _, want := range []string{
		"Your record: 2 games finished, 1 won, 1 lost, 0 drawn.",
		"Rating: 5x5 1662 (deviation 290, 1 rated game, provisional).",
		"As white: 1 won, 0 lost, 0 drawn. As black: 0 won, 1 lost, 0 drawn.",
		"By size: 5x5: 1 won, 0 lost, 0 drawn; 6x6: 0 won, 1 lost, 0 drawn.",
		"Won 0 by road, 0 on flats, 0 on time, 1 by resignation. Lost 0 by road, 0 on flats, 0 on time, 1 by resignation.",
		"Your latest games:",
		"g2 2026-11-21: lost against bob as black, by resignation (6x6, 1-0, unrated)",
		"g1 2026-11-21: won against bob as white, by resignation (5x5, 1-0)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("stats lack %q:\n%s", want, text)
		}
	}
	if rs := h.send("ann", "stats bob"); !strings.Contains(allText(rs), "bob's record: 2 games finished, 1 won, 1 lost, 0 drawn.") {
		t.Errorf("stats bob: %s", allText(rs))
	}
	if rs := h.send("ann", "stats zed"); !strings.Contains(allText(rs), `Refused "stats zed": the referee knows no player "zed"`) {
		t.Errorf("stats zed: %s", allText(rs))
	}
	if _, err := h.ref.PlayerStats(context.Background(), "console:zed"); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("PlayerStats of nobody: %v", err)
	}
}
