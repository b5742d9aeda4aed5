package event

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

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

// startKey is the index key of the event of key, due to start at at.
func startKey(at time.Time, key string) string {
	return fmt.Sprintf("start/%012d/%s", at.Unix(), key)
}

// parseStartKey reads an index key.
func parseStartKey(k string) (time.Time, string, bool) {
	rest, ok := strings.CutPrefix(k, "start/")
	secs, key, ok2 := strings.Cut(rest, "/")
	n, err := strconv.ParseInt(secs, 10, 64)
	if !ok || !ok2 || err != nil || key == "" {
		return time.Time{}, "", false
	}
	return time.Unix(n, 0), key, true
}

// reindex moves an event's index key from old to next (either zero:
// none) in the commit's transaction.
func reindex(t Turn, key string, old, next time.Time) {
	t.AtCommit(func(tx record.Tx) error {
		if !old.IsZero() {
			if err := tx.DeleteState(Space, startKey(old, key)); err != nil {
				return err
			}
		}
		if next.IsZero() {
			return nil
		}
		return tx.PutState(Space, startKey(next, key), []byte(key))
	})
}

// minimum is how many entrants the start at tr.Start needs.
func minimum(tr *record.Tourney) int {
	least := 2
	if formatOf(tr) == tourney.Swiss {
		least = 3
	}
	return max(least, tr.Min)
}

// Due is an event due to start by the index: its key and when.
type Due struct {
	At  time.Time
	Key string
}

// errStopScan stops a scan of the index at the first key not yet due.
var errStopScan = errors.New("stop")

// DueBy reads the events due to start by now from the index, earliest
// first, at most 100 (the rest wait for the next tick).
func DueBy(view func(func(record.Tx) error) error, now time.Time) ([]Due, error) {
	var dues []Due
	err := view(func(tx record.Tx) error {
		dues = dues[:0]
		return tx.ScanState(Space, "start/", func(k string, _ []byte) error {
			at, key, ok := parseStartKey(k)
			switch {
			case !ok:
				return nil
			case at.After(now) || len(dues) >= maxPerTick:
				return errStopScan
			}
			dues = append(dues, Due{at, key})
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStopScan) {
		return nil, fmt.Errorf("events: start index: %w", err)
	}
	return dues, nil
}

// TickAll starts the events due by now (DueBy), each with tick, which
// runs Tick under the event's lock and commits; an event whose record is
// damaged (setAside reports it, logged once) waits until it is mended.
func TickAll(ctx context.Context, view func(func(record.Tx) error) error, now time.Time,
	tick func(Due) ([]record.Reply, error), setAside func(error) bool) ([]record.Reply, error) {
	dues, err := DueBy(view, now)
	if err != nil {
		return nil, err
	}
	var all []record.Reply
	var errs []error
	for _, d := range dues {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		rs, err := tick(d)
		if setAside(err) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("events: start %s: %w", d.Key, err))
			continue
		}
		all = append(all, rs...)
	}
	return all, errors.Join(errs...)
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
