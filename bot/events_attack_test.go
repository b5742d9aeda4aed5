package bot_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// Only an event's organiser starts, cancels or withdraws from it; the
// others are refused and change nothing.
func TestEventOnlyTheOrganiserRunsIt(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Club")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol} {
		h.as(p, "join club")
	}
	before := h.tourney("club")
	for _, cmd := range []string{"event start club", "event cancel club", "event withdraw club alice"} {
		out := h.message(bot.Message{From: evBob, Name: "bob", Text: cmd})
		if !out.Refused || !strings.Contains(textTo(out.Replies, "bob"), "Only the organiser of Club may do that") {
			t.Errorf("%q by a player who is not its organiser: %s", cmd, allText(out.Replies))
		}
	}
	if after := h.tourney("club"); after.Status != record.TourneyOpen || len(after.Entrants) != 3 || len(after.History) != len(before.History) {
		t.Errorf("refused commands changed the event: %+v", after)
	}
	// Results come from the games only: no command sets one, and a
	// finished round stays as played.
	h.as(evAlice, "event start club")
	if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event result club 1-0"}); !out.Refused {
		t.Errorf("an organiser's result was taken: %s", allText(out.Replies))
	}
	if out := h.message(bot.Message{From: evDave, Name: "dave", Text: "join club"}); !out.Refused {
		t.Errorf("a join after the start was taken: %s", allText(out.Replies))
	}
	if out := h.message(bot.Message{From: evBob, Name: "bob", Text: "leave club"}); !out.Refused {
		t.Errorf("a leave after the start was taken: %s", allText(out.Replies))
	}
}

// A mail whose From anyone could write joins nobody: not its sender, and
// no one else either (join acts on the sender's own entry only).
func TestEventUnverifiedMailJoinsNobody(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Club")
	out := h.message(bot.Message{From: evCarol, Name: "carol", Text: "join club", Unverified: true})
	if !out.Refused {
		t.Errorf("an unverified join was taken: %s", allText(out.Replies))
	}
	out = h.message(bot.Message{From: evDave, Name: "dave", Text: "event new Forged", Unverified: true})
	if !out.Refused {
		t.Errorf("an unverified event new was taken: %s", allText(out.Replies))
	}
	if tr := h.tourney("club"); len(tr.Entrants) != 0 {
		t.Errorf("entrants after an unverified join: %+v", tr.Entrants)
	}
	if err := h.store.View(context.Background(), func(tx record.Tx) error {
		_, err := tx.Tourney("forged")
		if err == nil {
			t.Errorf("an unverified mail created an event")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// A private event is listed and shown only to its organiser and players;
// to anyone else it is as if it did not exist. Its name is its invitation.
func TestEventPrivateIsInvisible(t *testing.T) {
	h := newHarness(t)
	h.as(evAlice, "event new Secret private=yes")
	h.as(evAlice, "event new Open")
	if got := allText(h.as(evBob, "events")); strings.Contains(got, "Secret") || !strings.Contains(got, "Open") {
		t.Errorf("events to a stranger to the private event:\n%s", got)
	}
	secret := allText(h.as(evBob, "standings secret"))
	missing := allText(h.as(evBob, "standings nosuch"))
	if strings.ReplaceAll(secret, "secret", "X") != strings.ReplaceAll(missing, "nosuch", "X") {
		t.Errorf("a private event is told apart from a missing one:\n%s\n%s", secret, missing)
	}
	if got := allText(h.as(evAlice, "events")); !strings.Contains(got, "Secret") {
		t.Errorf("the organiser does not see their private event:\n%s", got)
	}
	h.as(evCarol, "join secret")
	if got := allText(h.as(evCarol, "events")); !strings.Contains(got, "Secret") {
		t.Errorf("a player does not see their private event:\n%s", got)
	}
	if got := allText(h.as(evCarol, "standings secret")); !strings.Contains(got, "Standings of Secret") {
		t.Errorf("a player's standings of their private event:\n%s", got)
	}
	// A third event of alice's while two are open is refused.
	if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "event new Third"}); !out.Refused {
		t.Errorf("a third event was created: %s", allText(out.Replies))
	}
	// Names are checked, and unique without case.
	for _, bad := range []string{"event new 1club", "event new a", "event new sp@ce", "event new OPEN", "event new new"} {
		if out := h.message(bot.Message{From: evBob, Name: "bob", Text: bad}); !out.Refused {
			t.Errorf("%q was taken", bad)
		}
	}
}

// A restart in the middle of a round: the store is a bbolt file, closed
// and opened again by a new referee, which records the round's last
// result and pairs the next round.
func TestEventRestartMidRound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "takbot.db")
	open := func() (*harness, *storage.DB) {
		db, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t)
		h.store = db
		h.ref = bot.New(db, h.clock, bot.Options{Rand: func(int) int { return 0 }, Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		h.ref.Register(h.console)
		h.ref.Register(h.email)
		return h, db
	}
	h, db := open()
	h.as(evAlice, "event new Club format=roundrobin")
	for _, p := range []bot.Identity{evAlice, evBob, evCarol, evDave} {
		h.as(p, "join club")
	}
	h.as(evAlice, "event start club")
	games := h.roundGames("club")
	h.play(games[0], "1-0")
	n := h.n
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	h, db = open()
	defer db.Close()
	h.n = n + 100 // new message ids
	if tr := h.tourney("club"); tr.Round != 1 || tr.Schedule[0].Boards[0].Result != "1-0" {
		t.Fatalf("after the restart: round %d, %+v", tr.Round, tr.Schedule[0].Boards)
	}
	h.play(games[1], "0-1")
	tr := h.tourney("club")
	if tr.Round != 2 || len(h.roundGames("club")) != 2 {
		t.Fatalf("round 2 after the restart: round %d, games %v", tr.Round, h.roundGames("club"))
	}
	checkEventInvariants(t, tr)
}

// TestEventRoundEndsOnceUnderContention: the last games of a round end
// at the same moment, on a real bbolt file: the next round is paired
// once, with all the results.
func TestEventRoundEndsOnceUnderContention(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "takbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	h := newHarness(t)
	h.store = db
	h.ref = bot.New(db, h.clock, bot.Options{Rand: func(int) int { return 0 }, Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	h.ref.Register(h.console)
	h.ref.Register(h.email)
	names := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}
	h.send("p1", "event new Race format=swiss rounds=2")
	for _, n := range names {
		h.send(n, "join race")
	}
	h.send("p1", "event start race")
	games := h.roundGames("race")
	if len(games) != 4 {
		t.Fatalf("round 1: games %v", games)
	}
	// Every game two moves each, then all four losers resign at once.
	var losers []string
	for _, id := range games {
		g := h.game(id)
		for i, mv := range []string{"a1", "e5", "b1", "d5", "c1", "c5"} {
			h.as(identityOf(t, g.Players[i%2]), "game "+id+"; notation ptn; "+mv)
		}
		losers = append(losers, g.Players[1])
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, id := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			who := identityOf(t, losers[i])
			if _, err := h.ref.Handle(context.Background(), bot.Message{ID: "race" + itoa(i), From: who, Name: who.Address, Text: "game " + id + "; resign"}); err != nil {
				t.Errorf("resign %s: %v", id, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	tr := h.tourney("race")
	if tr.Round != 2 || len(tr.Schedule) != 2 {
		t.Fatalf("after the round's games ended at once: round %d, %d rounds paired", tr.Round, len(tr.Schedule))
	}
	for _, b := range tr.Schedule[0].Boards {
		if b.Result != "1-0" {
			t.Errorf("round 1 board %+v", b)
		}
	}
	paired := 0
	for _, a := range tr.History {
		if a.What == "paired" {
			paired++
		}
	}
	if paired != 2 || len(h.roundGames("race")) != 4 {
		t.Errorf("rounds paired %d times; round 2 games %v", paired, h.roundGames("race"))
	}
	checkEventInvariants(t, tr)
}

// A public event is announced in the lobbies; a private one is not.
func TestEventAnnouncedInTheLobby(t *testing.T) {
	h := newHarness(t, withLobby())
	rs := h.as(evAlice, "event new Spring format=swiss rounds=4 size=6")
	if got := textTo(rs, "lobby"); !strings.Contains(got, "New event Spring: a Swiss of 4 rounds, games size=6. Send \"join Spring\" to play in it.") {
		t.Errorf("the lobby was told:\n%s", got)
	}
	rs = h.as(evAlice, "event new Secret private=yes")
	if got := textTo(rs, "lobby"); got != "" {
		t.Errorf("a private event was announced:\n%s", got)
	}
}

// A player paired on both transports is one entrant: joining from the
// second account enters the player once, and they play their event
// games from either account.
func TestEventPlayerPairedOnBothTransports(t *testing.T) {
	h := newHarness(t)
	code := h.pairCode("alice")
	mail := bot.Identity{Transport: "email", Address: "alice@example.org"}
	mustContain(t, "paired", textTo(h.mail("alice@example.org", "pair "+code), "alice@example.org"), "Paired")
	h.as(evBob, "event new Duo")
	if got := allText(h.as(mail, "join duo")); !strings.Contains(got, "You joined the event Duo") {
		t.Fatalf("join by mail: %s", got)
	}
	if out := h.message(bot.Message{From: evAlice, Name: "alice", Text: "join duo"}); !out.Refused || !strings.Contains(allText(out.Replies), "You are in the event Duo already") {
		t.Errorf("a second join from the other account: %s", allText(out.Replies))
	}
	h.as(evBob, "join duo")
	h.as(evCarol, "join duo")
	tr := h.tourney("duo")
	if len(tr.Entrants) != 3 || tr.Entrant("console:alice") == nil {
		t.Fatalf("entrants: %+v", tr.Entrants)
	}
	h.as(evBob, "event start duo")
	for h.tourney("duo").Status == record.TourneyRunning {
		for _, id := range h.roundGames("duo") {
			g := h.game(id)
			if g.Status != bot.Active {
				continue
			}
			for i, mv := range []string{"a1", "e5", "b1", "d5", "c1", "c5"} {
				who := identityOf(t, g.Players[i%2])
				if who == evAlice {
					who = mail // alice moves by mail
				}
				h.as(who, "game "+id+"; notation ptn; "+mv)
			}
			loser := identityOf(t, g.Players[1])
			if loser == evAlice {
				loser = mail
			}
			h.as(loser, "game "+id+"; resign")
			if g := h.game(id); g.Status != bot.Over {
				t.Fatalf("game %s: %s", id, g.Status)
			}
		}
	}
	checkEventInvariants(t, h.tourney("duo"))
}
