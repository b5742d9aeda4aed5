package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var gameCases = []suiteCase{
	{"GameRoundTrip", testGameRoundTrip},
	{"NewGameID", testNewGameID},
	{"GamesOf", testGamesOf},
	{"DueGames", testDueGames},
	{"CountGames", testCountGames},
	{"ForEachGame", testForEachGame},
}

func testGameRoundTrip(t *testing.T, open Opener) {
	s := fresh(t, open)
	want := fullGame("g1")
	update(t, s, func(tx record.Tx) error {
		if _, err := tx.Game("g1"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Game of a missing id: %v, want ErrNotFound", err)
		}
		if err := tx.PutGame(want); err != nil {
			return err
		}
		got, err := tx.Game("g1")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("in the same transaction Game = %+v, %v; want %+v", got, err, want)
		}
		return nil
	})
	view(t, s, func(tx record.Tx) error {
		got, err := tx.Game("g1")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("after commit Game = %+v, %v; want %+v", got, err, want)
		}
		return nil
	})
	err := s.Update(t.Context(), func(tx record.Tx) error { return tx.PutGame(&record.Game{}) })
	if err == nil {
		t.Error("PutGame of a game without an id succeeded")
	}
}

// scribbleGame changes every part of g that a shallow copy would share.
func scribbleGame(g *record.Game) {
	g.Moves[0].PTN = "zz"
	g.Result.Text = "scribbled"
	g.Proposal.Board = "scribbled"
	g.Disputes[0].Reason = "scribbled"
	g.Sync[0].Board = "scribbled"
	g.Events[0] = "scribbled"
	g.Names[0] = "scribbled"
}

func testNewGameID(t *testing.T, open Opener) {
	s := fresh(t, open)
	var ids []string
	next := func(tx record.Tx) error { // an update may run more than once: keep the last run's ids
		id, err := tx.NewGameID()
		ids = append(ids, id)
		return err
	}
	update(t, s, func(tx record.Tx) error {
		a, err := tx.NewGameID()
		if err != nil {
			return err
		}
		b, err := tx.NewGameID()
		ids = []string{a, b}
		return err
	})
	update(t, s, next)
	// a failed transaction allocates nothing
	boom := errors.New("boom")
	if err := s.Update(t.Context(), func(tx record.Tx) error { _, _ = tx.NewGameID(); return boom }); !errors.Is(err, boom) {
		t.Fatalf("failed update returned %v, want %v", err, boom)
	}
	update(t, s, next)
	if want := []string{"g1", "g2", "g3", "g4"}; !slices.Equal(ids, want) {
		t.Errorf("NewGameID gave %v, want %v", ids, want)
	}
}

func testGamesOf(t *testing.T, open Opener) {
	s := fresh(t, open)
	al, alan, bo := "console:al", "console:alan", "console:bo"
	update(t, s, func(tx record.Tx) error {
		for i := 1; i <= 12; i++ {
			g := &record.Game{ID: fmt.Sprintf("g%d", i), Status: record.Active, Players: [2]string{al, bo}}
			if i%3 == 0 {
				g.Players = [2]string{bo, alan}
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	check := func(player string, want []string) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			got, err := tx.GamesOf(player)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("GamesOf(%s) = %v, %v; want %v", player, got, err, want)
			}
			return nil
		})
	}
	check(al, []string{"g1", "g2", "g4", "g5", "g7", "g8", "g10", "g11"})
	check(alan, []string{"g3", "g6", "g9", "g12"})
	check("console:nobody", nil)
	// a game that changes its players leaves the old player's list
	update(t, s, func(tx record.Tx) error {
		g, err := tx.Game("g10")
		if err != nil {
			return err
		}
		g.Players[0] = alan
		return tx.PutGame(g)
	})
	check(al, []string{"g1", "g2", "g4", "g5", "g7", "g8", "g11"})
	check(alan, []string{"g3", "g6", "g9", "g10", "g12"})
	check(bo, []string{"g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "g11", "g12"})
}

func testDueGames(t *testing.T, open Opener) {
	s := fresh(t, open)
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	wakes := map[string]time.Time{"g1": h(3), "g2": h(1), "g3": h(2), "g4": {}, "g5": h(5), "g6": h(-1000)}
	update(t, s, func(tx record.Tx) error {
		for id, w := range wakes {
			if err := tx.PutGame(&record.Game{ID: id, Status: record.Active, Wake: w}); err != nil {
				return err
			}
		}
		return nil
	})
	check := func(now time.Time, limit int, want []string) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			got, err := tx.DueGames(now, limit)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("DueGames(%s, %d) = %v, %v; want %v", now.Format(time.Kitchen), limit, got, err, want)
			}
			return nil
		})
	}
	check(h(2), 0, []string{"g6", "g2", "g3"}) // a Wake equal to now is due
	check(h(2), 2, []string{"g6", "g2"})
	check(h(-2000), 0, nil)
	check(h(100000), 0, []string{"g6", "g2", "g3", "g1", "g5"}) // a zero Wake is never due
	setWake := func(id string, w time.Time) {
		update(t, s, func(tx record.Tx) error {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			g.Wake = w
			return tx.PutGame(g)
		})
	}
	setWake("g2", h(4)) // moved later: its old place is gone
	check(h(2), 0, []string{"g6", "g3"})
	check(h(4), 0, []string{"g6", "g3", "g1", "g2"})
	setWake("g6", time.Time{}) // cleared
	setWake("g4", h(0))        // set
	check(h(100000), 0, []string{"g4", "g3", "g1", "g2", "g5"})
}

func testCountGames(t *testing.T, open Opener) {
	s := fresh(t, open)
	put := func(id string, st record.Status) {
		update(t, s, func(tx record.Tx) error { return tx.PutGame(&record.Game{ID: id, Status: st}) })
	}
	check := func(want map[record.Status]int) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			got, err := tx.CountGames()
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("CountGames = %v, %v; want %v", got, err, want)
			}
			return nil
		})
	}
	check(map[record.Status]int{})
	put("g1", record.Challenged)
	put("g2", record.Challenged)
	put("g3", record.Active)
	check(map[record.Status]int{record.Challenged: 2, record.Active: 1})
	put("g1", record.Active) // accepted
	put("g3", record.Active) // written again unchanged
	put("g2", record.Expired)
	check(map[record.Status]int{record.Active: 2, record.Expired: 1})
	put("g1", record.Over)
	put("g3", record.Over)
	check(map[record.Status]int{record.Over: 2, record.Expired: 1})
}

func testForEachGame(t *testing.T, open Opener) {
	s := fresh(t, open)
	update(t, s, func(tx record.Tx) error {
		for _, id := range []string{"g10", "g2", "g1", "g11"} {
			if err := tx.PutGame(&record.Game{ID: id, Status: record.Over, Days: len(id)}); err != nil {
				return err
			}
		}
		return nil
	})
	stop := errors.New("stop")
	view(t, s, func(tx record.Tx) error {
		var got []string
		err := tx.ForEachGame(func(g *record.Game) error {
			got = append(got, g.ID)
			if g.Days != len(g.ID) {
				t.Errorf("ForEachGame gave %s with Days %d", g.ID, g.Days)
			}
			return nil
		})
		if want := []string{"g1", "g2", "g10", "g11"}; err != nil || !slices.Equal(got, want) {
			t.Errorf("ForEachGame visited %v, %v; want %v", got, err, want)
		}
		got = nil
		err = tx.ForEachGame(func(g *record.Game) error { got = append(got, g.ID); return stop })
		if !errors.Is(err, stop) || len(got) != 1 {
			t.Errorf("ForEachGame went on after an error: visited %v, returned %v", got, err)
		}
		return nil
	})
}
