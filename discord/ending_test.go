package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// TestEndedName: a finished game's thread says who won and how.
func TestEndedName(t *testing.T) {
	g := &record.Game{ID: "g3", Names: [2]string{"Alice", "Bob"}, Status: record.Over,
		Result: &record.Result{Reason: record.EndRoad, PTN: "R-0", Text: "white wins by road"}}
	for _, tc := range []struct {
		res    *record.Result
		status record.Status
		want   string
	}{
		{g.Result, record.Over, "g3 · Alice vs Bob · 1-0 road"},
		{&record.Result{Reason: record.EndResignation, Winner: 1, PTN: "0-1"}, record.Over, "g3 · Alice vs Bob · 0-1 resignation"},
		{&record.Result{Reason: record.EndAgreement, Draw: true, PTN: "1/2-1/2"}, record.Over, "g3 · Alice vs Bob · ½-½ agreement"},
		{nil, record.Declined, "g3 · Alice vs Bob · declined"},
	} {
		g.Result, g.Status = tc.res, tc.status
		if got := endedName(g); got != tc.want {
			t.Errorf("endedName = %q, want %q", got, tc.want)
		}
	}
}

// TestFinishedGameThread: when a game ends its thread is renamed with the
// result, and archived a day later, by a takbot that was restarted in
// between (the schedule is in the adapter state).
func TestFinishedGameThread(t *testing.T) {
	t.Parallel()
	o := worldOptions{ManualClock: true}
	w := newWorld(t, o)
	th := w.startGame()
	w.clock.Advance(75 * time.Hour) // Alice lets her 3 days pass
	end := w.clock.Now()
	if _, err := w.ref.Tick(w.ctx); err != nil {
		t.Fatal(err)
	}
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Over })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "0-1") })
	var got discordfake.Channel
	if err := w.fake.Await(w.ctx, func() bool {
		got, _ = w.fake.Channel(th.ID)
		return got.Name != th.Name
	}); err != nil {
		t.Fatalf("the thread keeps its name %q: %v", th.Name, err)
	}
	if want := "g1 · Alice vs bob · 0-1 time"; got.Name != want || got.Archived {
		t.Errorf("thread %q archived %v, want %q and open", got.Name, got.Archived, want)
	}
	// Discord shows the new name while the adapter, holding the game's
	// place lock, has yet to read the clock and record the archive time:
	// taking that lock waits for the record. Only then may the clock move.
	w.tr.locks.lock("place:g1")()
	var ending placeRecord
	if found, err := w.tr.getState(w.ctx, keyGame+"g1", &ending); err != nil || !found || ending.Ended == "" ||
		!ending.ArchiveAt.Equal(end.Add(24*time.Hour)) {
		t.Fatalf("adapter state %+v (found %v, %v), want the ending recorded, archived at %v (a day after the end)",
			ending, found, err, end.Add(24*time.Hour))
	}

	// Within the day the thread stays open.
	w.clock.Advance(23 * time.Hour)
	w.tr.archiveDue(w.ctx)
	if ch, _ := w.fake.Channel(th.ID); ch.Archived {
		t.Fatalf("archived after 23 hours")
	}

	// takbot is down when the day ends; it archives the thread when it
	// starts again.
	w.stop()
	w.clock.Advance(2 * time.Hour)
	w.start(o)
	if err := w.fake.Await(w.ctx, func() bool {
		got, _ = w.fake.Channel(th.ID)
		return got.Archived
	}); err != nil {
		t.Fatalf("the thread is not archived a day after the end: %v", err)
	}
	if got.Name != "g1 · Alice vs bob · 0-1 time" {
		t.Errorf("archived thread named %q", got.Name)
	}
	// A sweep of its own waits for the start's sweep to have recorded it
	// (both take the game's place lock), and finds nothing left to do.
	w.tr.archiveDue(w.ctx)
	var p placeRecord
	if found, err := w.tr.getState(w.ctx, keyGame+"g1", &p); err != nil || !found || !p.Archived || p.Ended == "" {
		t.Errorf("adapter state %+v (found %v, %v), want the thread recorded as archived", p, found, err)
	}
	w.clean()
}
