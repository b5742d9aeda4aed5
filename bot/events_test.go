package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// The players of the event tests: two on the console, two by mail.
var (
	evAlice = bot.Identity{Transport: "console", Address: "alice"}
	evBob   = bot.Identity{Transport: "console", Address: "bob"}
	evCarol = bot.Identity{Transport: "email", Address: "carol@example.org"}
	evDave  = bot.Identity{Transport: "email", Address: "dave@example.org"}
	evEve   = bot.Identity{Transport: "email", Address: "eve@example.org"}
)

// as hands the referee a message of who's (strongly authenticated).
func (h *harness) as(who bot.Identity, text string) []bot.Reply {
	h.t.Helper()
	h.n++
	return h.handle(bot.Message{ID: "ev" + itoa(h.n), From: who, Name: strings.Split(who.Address, "@")[0], Text: text})
}

// tourney reads an event's record.
func (h *harness) tourney(key string) *record.Tourney {
	h.t.Helper()
	var t *record.Tourney
	if err := h.store.View(context.Background(), func(tx record.Tx) error {
		var err error
		t, err = tx.Tourney(key)
		return err
	}); err != nil {
		h.t.Fatal(err)
	}
	return t
}

// identityOf is the identity of a player key.
func identityOf(t testing.TB, key string) bot.Identity {
	id, ok := bot.ParseIdentity(key)
	if !ok {
		t.Fatalf("bad key %q", key)
	}
	return id
}

// play plays game id out: three moves each, then the loser resigns (the
// result is "1-0", "0-1", or "draw" for a draw agreed).
func (h *harness) play(id string, result string) {
	h.t.Helper()
	g := h.game(id)
	w, b := identityOf(h.t, g.Players[0]), identityOf(h.t, g.Players[1])
	for i, mv := range []string{"a1", "e5", "b1", "d5", "c1", "c5"} {
		who := w
		if i%2 == 1 {
			who = b
		}
		h.as(who, "game "+id+"; notation ptn; "+mv)
	}
	switch result {
	case "1-0":
		h.as(b, "game "+id+"; resign")
	case "0-1":
		h.as(w, "game "+id+"; resign")
	default:
		h.as(w, "game "+id+"; draw")
		h.as(b, "game "+id+"; draw")
	}
	if g := h.game(id); g.Status != bot.Over {
		h.t.Fatalf("game %s is %s after its play", id, g.Status)
	}
}

// roundGames are the games of the event's current round.
func (h *harness) roundGames(key string) []string {
	t := h.tourney(key)
	var ids []string
	for _, b := range t.Schedule[t.Round-1].Boards {
		if b.Game != "" {
			ids = append(ids, b.Game)
		}
	}
	return ids
}

func TestEventRoundRobinOfFour(t *testing.T) {
	h := newHarness(t)
	rs := h.as(evAlice, "event new Club format=roundrobin size=5 komi=1 days=3")
	if got := textTo(rs, "alice"); !strings.Contains(got, "You created the event Club") {
		t.Fatalf("event new: %s", got)
	}
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		if got := allText(h.as(p, "join club")); !strings.Contains(got, "You joined the event Club") {
			t.Fatalf("join: %s", got)
		}
	}
	rs = h.as(evAlice, "event start club")
	tr := h.tourney("club")
	if tr.Status != record.TourneyRunning || tr.Rounds != 3 || tr.Round != 1 {
		t.Fatalf("after start: status %s, rounds %d, round %d", tr.Status, tr.Rounds, tr.Round)
	}
	games := h.roundGames("club")
	if len(games) != 2 {
		t.Fatalf("round 1 has games %v", games)
	}
	// Each player is told their pairing, on their own transport; the
	// game's subject names the event and round.
	var toCarol []bot.Reply
	for _, r := range rs {
		if r.To == evCarol {
			toCarol = append(toCarol, r)
		}
	}
	if txt := allText(toCarol); !strings.Contains(txt, "Event Club, round 1: you play") {
		t.Errorf("carol was told:\n%s", txt)
	}
	found := false
	for _, r := range toCarol {
		found = found || strings.Contains(r.Subject, "event Club round 1")
	}
	if !found {
		t.Errorf("no subject of carol's names the event and round")
	}
	// The standings show the round being played.
	if st := allText(h.as(evDave, "standings club")); !strings.Contains(st, "Round 1:\n- ") || !strings.Contains(st, "game "+games[0]+", being played") {
		t.Errorf("standings during round 1:\n%s", st)
	}
	// Round 1: white wins both; the last game to end pairs round 2.
	h.play(games[0], "1-0")
	if h.tourney("club").Round != 1 {
		t.Fatalf("round 2 began before round 1 ended")
	}
	h.play(games[1], "0-1")
	if tr := h.tourney("club"); tr.Round != 2 {
		t.Fatalf("round 2 did not begin: round %d", tr.Round)
	}
	// Round 2: a draw and a loss on time.
	games = h.roundGames("club")
	h.play(games[0], "draw")
	h.clock.Advance(4 * 24 * time.Hour)
	if _, err := h.ref.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if g := h.game(games[1]); g.Status != bot.Over || g.Result == nil || g.Result.Reason != record.EndTime {
		t.Fatalf("game %s after its deadline: %s %+v", g.ID, g.Status, g.Result)
	}
	tr = h.tourney("club")
	if r := tr.Schedule[1].Boards[0].Result; r != "1/2-1/2" {
		t.Errorf("the draw of round 2 is scored %q: %+v", r, h.game(games[0]).Result)
	}
	if tr.Round != 3 {
		t.Fatalf("the loss on time did not end round 2: round %d", tr.Round)
	}
	for _, id := range h.roundGames("club") {
		h.play(id, "1-0")
	}
	tr = h.tourney("club")
	if tr.Status != record.TourneyOver {
		t.Fatalf("after round 3: %s", tr.Status)
	}
	checkEventInvariants(t, tr)
	st := allText(h.as(evBob, "standings club"))
	for _, want := range []string{"Standings of Club (round-robin, over, round 3 of 3)", "SB", "alice", "dave"} {
		if !strings.Contains(st, want) {
			t.Errorf("standings lack %q:\n%s", want, st)
		}
	}
	t.Logf("standings:\n%s", st)
	// Every action is in the history.
	var what []string
	for _, a := range tr.History {
		what = append(what, a.What)
	}
	if got := strings.Join(what, " "); !strings.HasPrefix(got, "created joined joined joined joined started paired") || !strings.HasSuffix(got, "over") {
		t.Errorf("history: %s", got)
	}
}

// checkEventInvariants checks a finished or running event: no pair meets
// twice in a cycle, nobody plays twice in a round, and each board of a
// begun round between two players who still played has a game.
func checkEventInvariants(t testing.TB, tr *record.Tourney) {
	t.Helper()
	met := map[string]int{}
	for _, r := range tr.Schedule[:tr.Round] {
		seen := map[string]bool{}
		for _, b := range r.Boards {
			for _, p := range []string{b.White, b.Black} {
				if p == "" {
					continue
				}
				if seen[p] {
					t.Errorf("round %d: %s plays twice", r.Number, p)
				}
				seen[p] = true
			}
			if b.Black == "" {
				continue
			}
			pair := min(b.White, b.Black) + "|" + max(b.White, b.Black)
			met[pair]++
			if max(r.Cycle, 1) < met[pair] && tr.Format != "swiss" || tr.Format == "swiss" && met[pair] > 1 {
				t.Errorf("round %d: %s meet again", r.Number, pair)
			}
		}
	}
	if tr.Status == record.TourneyOver {
		for _, r := range tr.Schedule {
			for _, b := range r.Boards {
				if b.Black != "" && b.Result == "" {
					t.Errorf("round %d: %s-%s has no result", r.Number, b.White, b.Black)
				}
			}
		}
	}
}

// totalPoints sums the points of the standings' table rows the way
// package tourney scores them: each decided game gives 1 (but a double
// forfeit 0), each Swiss bye 1.
func totalPoints(tr *record.Tourney) (games, byes float64) {
	for _, r := range tr.Schedule[:tr.Round] {
		for _, b := range r.Boards {
			switch {
			case b.Black == "" && tr.Format == "swiss":
				byes++
			case b.Black == "" || b.Result == "" || b.Result == "-/-":
			default:
				games++
			}
		}
	}
	return games, byes
}

func TestEventSwissOfFiveWithWithdrawal(t *testing.T) {
	h := newHarness(t)
	h.as(evCarol, "event new Cup format=swiss rounds=3 size=5 days=2")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave, evEve} {
		h.as(p, "join cup")
	}
	if got := allText(h.as(evAlice, "events")); !strings.Contains(got, "Cup: Swiss by carol, 5 players") {
		t.Errorf("events:\n%s", got)
	}
	h.as(evCarol, "event start cup")
	tr := h.tourney("cup")
	byes := map[string]int{}
	countByes := func(r record.TourneyRound) {
		for _, b := range r.Boards {
			if b.Black == "" {
				byes[b.White]++
			}
		}
	}
	if len(tr.Schedule[0].Boards) != 3 || tr.Schedule[0].Boards[2].Black != "" {
		t.Fatalf("round 1 of 5 players: %+v", tr.Schedule[0].Boards)
	}
	countByes(tr.Schedule[0])
	for _, id := range h.roundGames("cup") {
		h.play(id, "1-0")
	}
	tr = h.tourney("cup")
	if tr.Round != 2 {
		t.Fatalf("round 2 not paired: round %d", tr.Round)
	}
	countByes(tr.Schedule[1])
	// Mid-round 2: the organiser withdraws a player whose game is in
	// progress; that game ends, lost by forfeit.
	var victim, victimGame string
	for _, b := range tr.Schedule[1].Boards {
		if b.Black != "" {
			victim, victimGame = b.Black, b.Game
			break
		}
	}
	vName := tr.Entrant(victim).Name
	rs := h.as(evCarol, "event withdraw cup "+vName)
	if got := allText(rs); !strings.Contains(got, vName+" was withdrawn from the event Cup from round 2") {
		t.Fatalf("withdraw:\n%s", got)
	}
	if g := h.game(victimGame); g.Status != bot.Over || g.Result == nil || g.Result.Winner != 0 {
		t.Fatalf("the withdrawn player's game: %s %+v", g.Status, g.Result)
	}
	tr = h.tourney("cup")
	for _, b := range tr.Schedule[1].Boards {
		if b.Game == victimGame && b.Result != "+/-" {
			t.Errorf("the withdrawn player's game is scored %q, want +/-", b.Result)
		}
	}
	for _, id := range h.roundGames("cup") {
		if h.game(id).Status == bot.Active {
			h.play(id, "0-1")
		}
	}
	tr = h.tourney("cup")
	if tr.Round != 3 {
		t.Fatalf("round 3 not paired: round %d", tr.Round)
	}
	countByes(tr.Schedule[2])
	for _, b := range tr.Schedule[2].Boards {
		if b.White == victim || b.Black == victim {
			t.Errorf("the withdrawn player is paired in round 3: %+v", b)
		}
	}
	for _, id := range h.roundGames("cup") {
		h.play(id, "draw")
	}
	tr = h.tourney("cup")
	if tr.Status != record.TourneyOver {
		t.Fatalf("after round 3: %s", tr.Status)
	}
	for p, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes", p, n)
		}
	}
	checkEventInvariants(t, tr)
	st := allText(h.as(evDave, "standings cup"))
	for _, want := range []string{"Standings of Cup (Swiss, over, round 3 of 3)", "Buch-1", vName + " (w)"} {
		if !strings.Contains(st, want) {
			t.Errorf("standings lack %q:\n%s", want, st)
		}
	}
	games, byePoints := totalPoints(tr)
	var sum float64
	for _, line := range strings.Split(st, "\n")[2:7] {
		f := strings.Fields(line) // rank, name (maybe "(w)"), points, 4 tie-breaks
		var pts float64
		if _, err := fmt.Sscanf(f[len(f)-5], "%g", &pts); err != nil {
			t.Fatalf("standings line %q: %v", line, err)
		}
		sum += pts
	}
	if sum != games+byePoints {
		t.Errorf("the standings' points sum to %g, want %g games and %g byes:\n%s", sum, games, byePoints, st)
	}
}

// A double round-robin of three: six rounds, a rest round each cycle for
// every player (scoring nothing), everyone meeting everyone twice with
// each colour once.
func TestEventDoubleRoundRobinOfThree(t *testing.T) {
	h := newHarness(t)
	h.as(evDave, "event new Trio double=yes days=1")
	for _, p := range []bot.Identity{evAlice, evCarol, evDave} {
		h.as(p, "join trio")
	}
	h.as(evDave, "event start trio")
	for r := 1; h.tourney("trio").Status == record.TourneyRunning; r++ {
		if r > 6 {
			t.Fatal("more than 6 rounds")
		}
		for _, id := range h.roundGames("trio") {
			h.play(id, "0-1")
		}
	}
	tr := h.tourney("trio")
	if tr.Rounds != 6 || tr.Round != 6 || tr.Format != "double-roundrobin" {
		t.Fatalf("rounds %d, round %d, format %s", tr.Rounds, tr.Round, tr.Format)
	}
	colours := map[string]int{}
	rests := map[string]int{}
	for _, r := range tr.Schedule {
		for _, b := range r.Boards {
			if b.Black == "" {
				rests[b.White]++
				continue
			}
			colours[b.White+" white vs "+b.Black]++
		}
	}
	for _, e := range tr.Entrants {
		if rests[e.Key] != 2 {
			t.Errorf("%s rests %d times", e.Key, rests[e.Key])
		}
	}
	for pair, n := range colours {
		if n != 1 {
			t.Errorf("%s %d times", pair, n)
		}
	}
	checkEventInvariants(t, tr)
	st := allText(h.as(evAlice, "standings trio"))
	if !strings.Contains(st, "double round-robin, over, round 6 of 6") {
		t.Errorf("standings:\n%s", st)
	}
	games, byes := totalPoints(tr)
	if games != 6 || byes != 0 {
		t.Errorf("%g games, %g bye points", games, byes)
	}
}

// BenchmarkEventStartSwiss64 starts a 64-player Swiss through Handle:
// seeding, pairing round 1 and creating its 32 games with their replies,
// in one message.
func BenchmarkEventStartSwiss64(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		h := newHarness(b)
		h.as(evAlice, "event new Big format=swiss rounds=6")
		for i := range 64 {
			h.send("p"+itoa(i), "join big")
		}
		b.StartTimer()
		h.as(evAlice, "event start big")
	}
}

// A loss on time withdrawn because the move came in time takes the result
// back from the event while its round is being played.
func TestEventLossOnTimeWithdrawn(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Club days=3")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	h.as(evAlice, "event start club")
	games := h.roundGames("club")
	g1, g2 := h.game(games[0]), h.game(games[1])
	deadline := g1.Deadline
	h.clock.Advance(2 * 24 * time.Hour)
	h.as(identityOf(t, g2.Players[0]), "game "+g2.ID+"; notation ptn; a1") // g2's clock moves on
	h.clock.Advance(24*time.Hour + time.Hour)
	if _, err := h.ref.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if tr := h.tourney("club"); tr.Schedule[0].Boards[0].Result != "0-1" || tr.Round != 1 {
		t.Fatalf("after the loss on time: %+v, round %d", tr.Schedule[0].Boards[0], tr.Round)
	}
	h.n++
	white := identityOf(t, g1.Players[0])
	h.handle(bot.Message{ID: "late", From: white, Name: white.Address, Text: "game " + g1.ID + "; notation ptn; a1", Received: deadline.Add(-time.Minute)})
	if g := h.game(g1.ID); g.Status != bot.Active {
		t.Fatalf("the late move did not reprieve the game: %s", g.Status)
	}
	tr := h.tourney("club")
	if r := tr.Schedule[0].Boards[0].Result; r != "" {
		t.Errorf("the withdrawn loss on time still counts: %q", r)
	}
	if last := tr.History[len(tr.History)-1]; last.What != "result withdrawn" {
		t.Errorf("history ends with %+v", last)
	}
}
