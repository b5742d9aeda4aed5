package bot_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// The limit of open events per organiser is the configuration's
// (Options.EventsPerOrganiser); a cancelled or finished event does not
// count. Attack: an organiser cannot get past it by cancelling nothing.
func TestEventLimitPerOrganiser(t *testing.T) {
	h := newHarness(t, func(o *bot.Options, _ *harness) { o.EventsPerOrganiser = 3 })
	for _, nm := range []string{"One", "Two", "Three"} {
		if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new " + nm}); out.Refused {
			t.Fatalf("event %s refused: %s", nm, allText(out.Replies))
		}
	}
	out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new Four"})
	if !out.Refused || !strings.Contains(allText(out.Replies), "You run 3 events that have not ended already") {
		t.Errorf("a fourth event: %s", allText(out.Replies))
	}
	h.as(evAlice, "event cancel one")
	if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new Four"}); out.Refused {
		t.Errorf("an event after one was cancelled: %s", allText(out.Replies))
	}
	// Another organiser has their own allowance.
	if out := h.message(bot.Message{From: evBob, Name: "bob", Text: "event new Bobs"}); out.Refused {
		t.Errorf("bob's event: %s", allText(out.Replies))
	}
}

// An event with a start time starts by itself at that time (read in the
// organiser's zone, shown in each reader's), on the referee's clock;
// before it, nothing happens; after it, the clock does not start it
// again.
func TestEventStartsItselfAtItsStart(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "set zone Europe/Paris")
	h.as(evCarol, "set zone America/New_York")
	rs := h.as(evAlice, "event new Club start=2026-11-23T18:00 min=3 days=3")
	if got := textTo(rs, "alice"); !strings.Contains(got, "to start on 2026-11-23 at 18:00 CET by itself if 3 players have joined") {
		t.Fatalf("event new with a start, to its organiser:\n%s", got)
	}
	want := time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC)
	if tr := h.tourney("club"); !tr.Start.Equal(want) || tr.Min != 3 {
		t.Fatalf("stored start %s, min %d; want %s", tr.Start, tr.Min, want)
	}
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	if got := allText(h.as(evCarol, "events")); !strings.Contains(got, "starts on 2026-11-23 at 12:00 EST") {
		t.Errorf("events, to a player in New York:\n%s", got)
	}
	h.clock.Advance(2*24*time.Hour + 7*time.Hour) // 16:00 UTC, an hour early
	h.tick()
	if tr := h.tourney("club"); tr.Status != record.TourneyOpen {
		t.Fatalf("started an hour early: %s", tr.Status)
	}
	h.clock.Advance(time.Hour)
	rs = h.tick()
	tr := h.tourney("club")
	if tr.Status != record.TourneyRunning || tr.Round != 1 || len(h.roundGames("club")) != 2 {
		t.Fatalf("at its start: status %s, round %d, games %v", tr.Status, tr.Round, h.roundGames("club"))
	}
	if a := tr.History[len(tr.History)-2]; a.What != "started" || a.By != "" || !a.At.Equal(want) {
		t.Errorf("the start in the history: %+v (want started at %s, by the referee)", a, want)
	}
	for _, p := range []string{"alice", "bob", "carol@example.org", "dave@example.org"} {
		if got := textTo(rs, p); !strings.Contains(got, "The event Club has begun with 4 players") || !strings.Contains(got, "round 1: you play") {
			t.Errorf("%s at the start was told:\n%s", p, got)
		}
	}
	// White's first move is due in three days, shown in white's zone.
	dueIn := map[string]string{evAlice.Key(): "2026-11-26 18:00 CET", evCarol.Key(): "2026-11-26 12:00 EST",
		evBob.Key(): "2026-11-26 17:00 UTC", evDave.Key(): "2026-11-26 17:00 UTC"}
	for _, id := range h.roundGames("club") {
		white := h.game(id).Players[0]
		if got := textTo(rs, identityOf(t, white).Address); !strings.Contains(got, "in game "+id+". Your first move is due by "+dueIn[white]+".") {
			t.Errorf("white of %s (%s) was told:\n%s", id, white, got)
		}
	}
	if got := allText(h.as(evCarol, "standings club")); strings.Count(got, "being played, the move due by 2026-11-26 12:00 EST") != 2 {
		t.Errorf("standings to a player in New York:\n%s", got)
	}
	checkEventInvariants(t, tr)
	// The clock never starts it twice.
	h.clock.Advance(time.Hour)
	if rs := h.tick(); len(rs) != 0 {
		t.Errorf("a later tick: %s", allText(rs))
	}
	if again := h.tourney("club"); again.Round != 1 || len(again.History) != len(tr.History) {
		t.Errorf("a later tick changed the event: round %d, history %d", again.Round, len(again.History))
	}
}

// An event short of its minimum at its start is not started: its
// organiser and entrants are told, and the organiser starts it by hand
// or cancels it; nobody else can.
func TestEventStartMissedForWantOfPlayers(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Club format=swiss rounds=3 start=2026-11-22")
	h.as(evBob, "join club")
	h.as(evCarol, "join club")
	h.clock.Advance(24 * time.Hour)
	rs := h.tick()
	tr := h.tourney("club")
	if tr.Status != record.TourneyOpen || tr.History[len(tr.History)-1].What != "start missed" {
		t.Fatalf("short of players: %s, %+v", tr.Status, tr.History[len(tr.History)-1])
	}
	for _, p := range []string{"alice", "bob", "carol@example.org"} {
		if got := textTo(rs, p); !strings.Contains(got, "The event Club did not start on 2026-11-22 at 00:00 UTC: it has 2 players and needed 3") {
			t.Errorf("%s was told:\n%s", p, got)
		}
	}
	// Attack: an entrant cannot start it in the organiser's place.
	if out := h.message(bot.Message{From: evBob, Name: "bob", Text: "event start club"}); !out.Refused {
		t.Errorf("an entrant started it: %s", allText(out.Replies))
	}
	if got := allText(h.as(evCarol, "events")); !strings.Contains(got, "did not start on 2026-11-22 at 00:00 UTC for want of players") {
		t.Errorf("events after a start missed:\n%s", got)
	}
	h.as(evDave, "join club")
	h.tick()
	if tr := h.tourney("club"); tr.Status != record.TourneyOpen {
		t.Fatalf("the clock started it after its missed start: %s", tr.Status)
	}
	h.as(evAlice, "event start club")
	if tr := h.tourney("club"); tr.Status != record.TourneyRunning || tr.Round != 1 {
		t.Errorf("the organiser's start after a missed one: %s round %d", tr.Status, tr.Round)
	}
}

// Attacks on the start time: a start in the past is refused; an event
// cancelled or started by hand before its start time is left alone by
// the clock; min=N above max=N is refused.
func TestEventStartAttacks(t *testing.T) {
	h := newHarness(t)
	for _, bad := range []string{"event new Past start=2026-11-20", "event new Odd start=2026-13-01", "event new Few min=5 max=4", "event new Tiny min=1"} {
		if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: bad}); !out.Refused {
			t.Errorf("%q was taken: %s", bad, allText(out.Replies))
		}
	}
	h.as(evAlice, "event new Gone start=2026-11-22")
	h.as(evAlice, "event new Early start=2026-11-22")
	for _, p := range []bot.Identity{evBob, evCarol} {
		h.as(p, "join gone")
		h.as(p, "join early")
	}
	h.as(evAlice, "event cancel gone")
	h.as(evAlice, "event start early")
	games := len(h.roundGames("early"))
	h.clock.Advance(48 * time.Hour)
	if rs := h.tick(); len(rs) != 0 {
		t.Errorf("the clock told: %s", allText(rs))
	}
	if tr := h.tourney("gone"); tr.Status != record.TourneyCancelled {
		t.Errorf("a cancelled event: %s", tr.Status)
	}
	if tr := h.tourney("early"); tr.Round != 1 || len(h.roundGames("early")) != games {
		t.Errorf("an event started by hand was started again: round %d", tr.Round)
	}
}

// The start index is in the store: a referee restarted on the same bbolt
// file starts the event at its time.
func TestEventStartSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "takbot.db")
	open := func(h *harness) *storage.DB {
		db, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		h.store = db
		h.ref = bot.New(db, h.clock, bot.Options{Rand: func(int) int { return 0 }, Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		h.ref.Register(h.console)
		h.ref.Register(h.email)
		return db
	}
	h := newHarness(t)
	db := open(h)
	h.as(evAlice, "event new Club start=2026-11-22T09:00")
	h.as(evBob, "join club")
	h.as(evCarol, "join club")
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = open(h)
	defer db.Close()
	h.clock.Advance(24 * time.Hour)
	h.tick()
	if tr := h.tourney("club"); tr.Status != record.TourneyRunning || tr.Round != 1 {
		t.Errorf("after a restart, at its start: %s round %d", tr.Status, tr.Round)
	}
}

// The clocks treat an event's games as any game: the reminder before a
// game expires names the event and round, and the daily digest lists
// the player's event games with their event and round ("games" too).
func TestEventGamesRemindedAndDigested(t *testing.T) {
	h := newHarness(t)
	h.as(evCarol, "set digest daily 10:00 Europe/London")
	h.as(evAlice, "event new Club days=3")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	h.as(evAlice, "event start club")
	var mine *bot.GameRecord
	for _, id := range h.roundGames("club") {
		if g := h.game(id); g.Players[0] == evCarol.Key() || g.Players[1] == evCarol.Key() {
			mine = g
		}
	}
	if mine.Players[1] == evCarol.Key() { // white moves first: then carol's turn
		h.as(identityOf(t, mine.Players[0]), "game "+mine.ID+"; notation ptn; a1")
	}
	note := "(event Club, round 1)"
	if got := allText(h.as(evCarol, "games")); !strings.Contains(got, mine.ID+" "+note+" against") {
		t.Errorf("games lists the event game without its event:\n%s", got)
	}
	h.clock.Advance(time.Hour)
	if got := textTo(h.tick(), evCarol.Address); !strings.Contains(got, "Your daily digest") || !strings.Contains(got, mine.ID+" "+note+" against") {
		t.Errorf("carol's digest:\n%s", got)
	}
	h.clock.Advance(60 * time.Hour)
	rs := h.tick()
	reminded := 0
	for _, r := range rs {
		if txt := r.Text(); strings.Contains(txt, "Reminder: it is your turn in game") {
			reminded++
			if !strings.Contains(txt, note) {
				t.Errorf("a reminder without its event and round: %s", txt)
			}
		}
	}
	if reminded < 2 {
		t.Errorf("%d reminders for the round's games:\n%s", reminded, allText(rs))
	}
}

// An event's game is not aborted (FIDE knows no aborted game): "abort" is
// refused; a resignation before each player moved twice counts in the
// event as a loss, an agreed draw as a draw, never as a double forfeit;
// such a game is not rated all the same (no farming through an event).
func TestEventGameEndedEarly(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Club")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	h.as(evAlice, "event start club")
	games := h.roundGames("club")
	g1, g2 := h.game(games[0]), h.game(games[1])
	w1, b1 := identityOf(t, g1.Players[0]), identityOf(t, g1.Players[1])
	out := h.message(bot.Message{From: w1, Name: w1.Address, Text: "game " + g1.ID + "; abort"})
	if !out.Refused || !strings.Contains(allText(out.Replies), "is a game of the event Club: an event's game is not aborted") {
		t.Errorf("abort of an event game: %s", allText(out.Replies))
	}
	if g := h.game(g1.ID); g.Status != bot.Active {
		t.Fatalf("the refused abort ended the game: %s", g.Status)
	}
	h.as(w1, "game "+g1.ID+"; notation ptn; a1")
	h.as(b1, "game "+g1.ID+"; resign")
	w2, b2 := identityOf(t, g2.Players[0]), identityOf(t, g2.Players[1])
	h.as(w2, "game "+g2.ID+"; draw")
	h.as(b2, "game "+g2.ID+"; draw")
	for _, id := range games {
		if g := h.game(id); g.Status != bot.Over || !g.Unrated || g.Rating != nil {
			t.Errorf("game %s ended early: %s, unrated %v, rating %+v", id, g.Status, g.Unrated, g.Rating)
		}
	}
	tr := h.tourney("club")
	if r0, r1 := tr.Schedule[0].Boards[0].Result, tr.Schedule[0].Boards[1].Result; r0 != "1-0" || r1 != "1/2-1/2" {
		t.Errorf("early ends scored %q and %q, want 1-0 and 1/2-1/2", r0, r1)
	}
	if tr.Round != 2 {
		t.Errorf("round 2 did not begin: %d", tr.Round)
	}
}

// A loss on time taken back after the next round was paired stands in
// the event (the next round was paired from it); the history records it
// once, the organiser and the game's players are told, and the game goes
// on outside the event.
func TestEventReprieveAfterTheNextRound(t *testing.T) {
	h := newHarness(t)
	h.as(evEve, "event new Club days=3")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	h.as(evEve, "event start club")
	games := h.roundGames("club")
	g1 := h.game(games[0])
	deadline := g1.Deadline
	h.play(games[1], "1-0")
	h.clock.Advance(3*24*time.Hour + time.Hour)
	h.tick()
	tr := h.tourney("club")
	if tr.Schedule[0].Boards[0].Result != "0-1" || tr.Round != 2 {
		t.Fatalf("after the loss on time: %+v, round %d", tr.Schedule[0].Boards[0], tr.Round)
	}
	h.n++
	white, black := identityOf(t, g1.Players[0]), identityOf(t, g1.Players[1])
	rs := h.handle(bot.Message{ID: "late", From: white, Name: white.Address, Text: "game " + g1.ID + "; notation ptn; a1", Received: deadline.Add(-time.Minute)})
	if g := h.game(g1.ID); g.Status != bot.Active {
		t.Fatalf("the late move did not reprieve the game: %s", g.Status)
	}
	tr = h.tourney("club")
	if b := tr.Schedule[0].Boards[0]; b.Result != "0-1" || !b.Kept || tr.Round != 2 {
		t.Errorf("the result after the reprieve: %+v, round %d", b, tr.Round)
	}
	if last := tr.History[len(tr.History)-1]; last.What != "result kept" || !strings.Contains(last.Detail, g1.ID) {
		t.Errorf("history ends with %+v", last)
	}
	for _, who := range []string{evEve.Address, white.Address, black.Address} {
		if got := textTo(rs, who); !strings.Contains(got, "round 2 was paired already: for the event its result stays 0-1") {
			t.Errorf("%s was told:\n%s", who, got)
		}
	}
	for _, r := range rs { // nobody else hears of it
		if a := r.To.Address; a != evEve.Address && a != white.Address && a != black.Address {
			t.Errorf("%s was told of the game: %s", a, r.Text())
		}
	}
	n := len(tr.History)
	h.as(black, "game "+g1.ID+"; notation ptn; e5")
	if tr := h.tourney("club"); len(tr.History) != n || tr.Schedule[0].Boards[0].Result != "0-1" {
		t.Errorf("a later move of the kept game changed the event: %+v", tr.History[n:])
	}
}

// BenchmarkEventRoundSwiss64 is the end of a round of a 64-player Swiss
// through Handle: the message that ends the round's last game records
// its result, pairs round 2 (tourney.PairSwiss) and creates its 32 games
// with their replies, in one transaction.
func BenchmarkEventRoundSwiss64(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		h := newHarness(b)
		h.as(evAlice, "event new Big format=swiss rounds=6")
		for i := range 64 {
			h.send("p"+itoa(i), "join big")
		}
		h.as(evAlice, "event start big")
		games := h.roundGames("big")
		for _, id := range games[:len(games)-1] {
			h.play(id, "1-0")
		}
		last := h.game(games[len(games)-1])
		w, bl := identityOf(b, last.Players[0]), identityOf(b, last.Players[1])
		for i, mv := range []string{"a1", "e5", "b1", "d5", "c1", "c5"} {
			h.as([]bot.Identity{w, bl}[i%2], "game "+last.ID+"; notation ptn; "+mv)
		}
		b.StartTimer()
		h.as(bl, "game "+last.ID+"; resign")
		b.StopTimer()
		if tr := h.tourney("big"); tr.Round != 2 {
			b.Fatalf("round %d after the last game of round 1", tr.Round)
		}
		b.StartTimer()
	}
}

// The clock's start and the organiser's "event start" at the same moment
// start the event once: the event's lock orders them, and the second
// finds it running (repeated, to meet both orders).
func TestEventStartRaceWithTheClock(t *testing.T) {
	for i := range 20 {
		h := newHarness(t)
		h.as(evAlice, "event new Club start=2026-11-22")
		for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
			h.as(p, "join club")
		}
		h.clock.Advance(24 * time.Hour)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			if _, err := h.ref.Tick(context.Background()); err != nil {
				t.Error(err)
			}
		}()
		go func() {
			defer wg.Done()
			if _, err := h.ref.Handle(context.Background(), bot.Message{ID: "race" + itoa(i), From: evAlice, Name: "alice", Text: "event start club"}); err != nil {
				t.Error(err)
			}
		}()
		wg.Wait()
		tr := h.tourney("club")
		started := 0
		for _, a := range tr.History {
			if a.What == "started" {
				started++
			}
		}
		if started != 1 || tr.Round != 1 || len(tr.Schedule[0].Boards) != 2 {
			t.Fatalf("run %d: started %d times, round %d", i, started, tr.Round)
		}
		checkEventInvariants(t, tr)
	}
}

// What the clock's start and a missed start show, and to whom: only the
// organiser and the entrants hear of them, never the lobby or anyone
// else, for a private event as for a public one; and a result kept is
// told only to the organiser and the game's players.
func TestEventClockNewsReachesOnlyItsPlayers(t *testing.T) {
	h := newHarness(t, withLobby())
	h.as(evAlice, "event new Secret private=yes start=2026-11-22")
	h.as(evAlice, "event new Public start=2026-11-22 min=4")
	for _, p := range []bot.Identity{evBob, evCarol} {
		h.as(p, "join secret")
		h.as(p, "join public")
	}
	h.as(evEve, "games") // eve is known to the bot, and plays in neither
	h.clock.Advance(24 * time.Hour)
	rs := h.tick()
	if h.tourney("secret").Status != record.TourneyRunning || h.tourney("public").Status != record.TourneyOpen {
		t.Fatalf("after the start time: secret %s, public %s", h.tourney("secret").Status, h.tourney("public").Status)
	}
	allowed := map[string]bool{evAlice.Address: true, evBob.Address: true, evCarol.Address: true}
	for _, r := range rs {
		if !allowed[r.To.Address] {
			t.Errorf("the clock's start told %s: %s", r.To.Address, r.Text())
		}
	}
	if got := textTo(rs, evEve.Address) + textTo(rs, "lobby"); got != "" {
		t.Errorf("a stranger or the lobby heard: %s", got)
	}
}

// BenchmarkEventClockStartSwiss64 is the start of a 64-player Swiss by
// the referee's clock (Tick at its start time): the index read, seeding,
// round 1 paired and its 32 games created with their replies.
func BenchmarkEventClockStartSwiss64(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		h := newHarness(b)
		h.as(evAlice, "event new Big format=swiss rounds=6 start=2026-11-22")
		for i := range 64 {
			h.send("p"+itoa(i), "join big")
		}
		h.clock.Advance(24 * time.Hour)
		b.StartTimer()
		if _, err := h.ref.Tick(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if tr := h.tourney("big"); tr.Round != 1 {
			b.Fatalf("round %d after the clock's start", tr.Round)
		}
		b.StartTimer()
	}
}
