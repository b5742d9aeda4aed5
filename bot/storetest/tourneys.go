package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

var tourneyCases = []suiteCase{
	{"TourneyRoundTrip", testTourneyRoundTrip},
}

// sampleTourney is an event with every field set.
func sampleTourney(name string) *record.Tourney {
	at := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	return &record.Tourney{Name: name, Organiser: "console:alice", Format: "swiss", Rounds: 3,
		Options: []string{"size=6", "komi=2", "days=3"}, Start: at.Add(24 * time.Hour), Max: 8, MinRating: 1200,
		Private: true, Status: record.TourneyRunning, Created: at,
		Entrants: []record.Entrant{{Key: "console:alice", Name: "alice", Rating: 1500}, {Key: "email:bob@example.org", Name: "bob", Rating: 1400, Provisional: true, WithdrawnFrom: 2}},
		Schedule: []record.TourneyRound{{Number: 1, Boards: []record.Board{{White: "console:alice", Black: "email:bob@example.org", Game: "g1", Result: "1-0"}}}},
		Round:    1,
		History:  []record.TourneyAction{{At: at, By: "console:alice", What: "created"}, {At: at, What: "paired", Detail: "round 1"}},
	}
}

// An event reads back as written, by its lower-cased key, and the keys
// are listed in order; a missing one is ErrNotFound.
func testTourneyRoundTrip(t *testing.T, open Opener) {
	s, reopen := open(t)
	want := sampleTourney("Spring-Open")
	update(t, s, func(tx record.Tx) error {
		if _, err := tx.Tourney("spring-open"); !errors.Is(err, record.ErrNotFound) {
			t.Errorf("missing event: %v, want ErrNotFound", err)
		}
		if err := tx.PutTourney(sampleTourney("b-cup")); err != nil {
			return err
		}
		return tx.PutTourney(want)
	})
	s = reopen()
	view(t, s, func(tx record.Tx) error {
		got, err := tx.Tourney("spring-open")
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("event read back:\n%+v\nwant\n%+v", got, want)
		}
		keys, err := tx.Tourneys()
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(keys, []string{"b-cup", "spring-open"}) {
			t.Errorf("Tourneys() = %q", keys)
		}
		return nil
	})
}
