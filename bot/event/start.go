package event

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/bot/wake"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tourney"
	"github.com/takbymail/takbot/words"
)

// An event with a start time (start=) starts by itself then: the
// referee's clock (bot's Tick) reads an index of start times in its own
// state space, as it reads the digests', and calls Tick for each event
// due, under the event's lock. An event short of its minimum then is not
// started: its organiser and entrants are told, and the organiser starts
// it by hand (with the 2 players, 3 for a Swiss, any start needs) or
// cancels it.

// Space is the state space of the start index.
const Space = "referee.event"

// maxPerTick bounds the events one tick starts; the rest wait for the
// next tick.
const maxPerTick = 100

// index is the wake index of the events' start times:
// "start/SECONDS/KEY".
var index = wake.Index{Space: Space, Name: "start", Max: maxPerTick}

// reindex moves an event's index key from old to next (either zero:
// none) in the commit's transaction.
func reindex(t Turn, key string, old, next time.Time) {
	t.AtCommit(func(tx record.Tx) error { return index.Move(tx, key, old, next) })
}

// minimum is how many entrants the start at tr.Start needs.
func minimum(tr *record.Tourney) int {
	least := 2
	if formatOf(tr) == tourney.Swiss {
		least = 3
	}
	return max(least, tr.Min)
}

// Due is an event due to start by the index: its key (ID) and when.
type Due = wake.Due

// TickAll starts the events due by now (the wake index), each with tick,
// which runs Tick under the event's lock and commits; an event whose
// record is damaged (setAside reports it, logged once) waits until it is
// mended.
func TickAll(ctx context.Context, view func(func(record.Tx) error) error, now time.Time,
	tick func(Due) ([]record.Reply, error), setAside func(error) bool) ([]record.Reply, error) {
	return index.TickAll(ctx, view, now, tick, setAside)
}

// Tick starts the event of key, due at at by the index, if it is still
// open and has its minimum of entrants; short of them, it tells the
// organiser and the entrants, and the event stays open for its organiser
// to start or cancel. The index key goes in every case.
func Tick(t Turn, key string, at time.Time) error {
	if err := t.Locked(LockKey(key)); err != nil {
		return err
	}
	reindex(t, key, at, time.Time{})
	tr, err := t.Tourney(key)
	if errors.Is(err, record.ErrNotFound) {
		return nil // a stale key
	}
	if err != nil {
		return err
	}
	if tr.Status != record.TourneyOpen || !tr.Start.Equal(at) || tr.Start.After(t.Now()) {
		return nil // started, cancelled, or a stale key
	}
	if n, least := len(tr.Entrants), minimum(tr); n < least {
		tr.Log(t.Now(), "", "start missed", fmt.Sprintf("%d players of %d", n, least))
		t.PutTourney(tr)
		news := words.EventNews{Kind: words.EventStartMissed, Event: tr.Name, Start: tr.Start, Count: n, Min: least}
		t.Notify(tr.Organiser, "", news)
		for _, e := range tr.Entrants {
			if e.Key != tr.Organiser {
				t.Notify(e.Key, "", news)
			}
		}
		return nil
	}
	return launch(t, tr)
}

// readStart reads start=YYYY-MM-DD or start=YYYY-MM-DDTHH:MM (written in
// lower case here) in the organiser's zone.
func readStart(v string, loc *time.Location) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02t15:04", "2006-01-02"} {
		if d, err := time.ParseInLocation(layout, v, loc); err == nil {
			return d, true
		}
	}
	return time.Time{}, false
}
