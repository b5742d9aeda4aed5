package storetest

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var playerCases = []suiteCase{
	{"PlayerRoundTrip", testPlayerRoundTrip},
	{"PlayersNamed", testPlayersNamed},
}

var processedCases = []suiteCase{
	{"Processed", testProcessed},
}

func testPlayerRoundTrip(t *testing.T, open Opener) {
	s := fresh(t, open)
	update(t, s, func(tx record.Tx) error {
		if _, err := tx.Player(alice.Key()); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Player of a missing key: %v, want ErrNotFound", err)
		}
		return tx.PutPlayer(fullPlayer(alice, "alice"))
	})
	view(t, s, func(tx record.Tx) error {
		p, err := tx.Player(alice.Key())
		if err != nil || !reflect.DeepEqual(p, fullPlayer(alice, "alice")) {
			t.Errorf("Player = %+v, %v; want %+v", p, err, fullPlayer(alice, "alice"))
		}
		return nil
	})
	if err := s.Update(t.Context(), func(tx record.Tx) error { return tx.PutPlayer(&record.Player{}) }); err == nil {
		t.Error("PutPlayer of a player without a key succeeded")
	}
}

func testPlayersNamed(t *testing.T, open Opener) {
	s := fresh(t, open)
	players := []struct {
		id   record.Identity
		name string
	}{
		{alice, "Alice"},
		{record.Identity{Transport: "console", Address: "alice"}, "alice"},
		{record.Identity{Transport: "console", Address: "al"}, "Al"},
		{bob, "ÜNAL"},
		{carol, "ΣΊΣΥΦΟΣ"},
		{record.Identity{Transport: "console", Address: "rene"}, "Ren\xe9"}, // not UTF-8
	}
	update(t, s, func(tx record.Tx) error {
		for _, p := range players {
			if err := tx.PutPlayer(&record.Player{Key: p.id.Key(), Identity: p.id, Name: p.name}); err != nil {
				return err
			}
		}
		return nil
	})
	check := func(name string, want ...string) {
		t.Helper()
		view(t, s, func(tx record.Tx) error {
			got, err := tx.PlayersNamed(name)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("PlayersNamed(%q) = %v, %v; want %v", name, got, err, want)
			}
			return nil
		})
	}
	check("ALICE", "console:alice", alice.Key())
	check("al", "console:al")
	check("ünal", bob.Key())
	check("σίσυφος", carol.Key()) // the final sigma folds too
	check("REN\xe9", "console:rene")
	check("nobody")
	rename := func(id record.Identity, name string) {
		update(t, s, func(tx record.Tx) error {
			p, err := tx.Player(id.Key())
			if err != nil {
				return err
			}
			p.Name = name
			return tx.PutPlayer(p)
		})
	}
	rename(alice, "Alicia")
	check("alice", "console:alice")
	check("ALICIA", alice.Key())
	rename(alice, "alicia") // a change of case only
	check("Alicia", alice.Key())
}

func testProcessed(t *testing.T, open Opener) {
	s := fresh(t, open)
	update(t, s, func(tx record.Tx) error {
		if _, err := tx.Processed("email:m1"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("Processed of a new id: %v, want ErrNotFound", err)
		}
		if err := tx.MarkProcessed(fullProcessed("email:m1", t0)); err != nil {
			return err
		}
		return tx.MarkProcessed(&record.Processed{ID: "discord:m1", At: t0.Add(time.Hour)})
	})
	view(t, s, func(tx record.Tx) error {
		got, err := tx.Processed("email:m1")
		if err != nil || !reflect.DeepEqual(got, fullProcessed("email:m1", t0)) {
			t.Errorf("Processed = %+v, %v; want %+v", got, err, fullProcessed("email:m1", t0))
		}
		got, err = tx.Processed("discord:m1")
		if err != nil || !got.At.Equal(t0.Add(time.Hour)) || got.Replies != nil {
			t.Errorf("Processed(discord:m1) = %+v, %v", got, err)
		}
		return nil
	})
	if err := s.Update(t.Context(), func(tx record.Tx) error { return tx.MarkProcessed(&record.Processed{}) }); err == nil {
		t.Error("MarkProcessed of a record without an id succeeded")
	}
}
