package consent

import (
	"slices"
	"testing"
	"time"

	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

// TestWaiting: the challenges a player sent (or was sent) that wait and
// have not expired, by number; answered and expired ones do not count.
func TestWaiting(t *testing.T) {
	ch := func(id, from, to string, status record.Status) *record.Game {
		return &record.Game{ID: id, Status: status, Players: [2]string{from, to}}
	}
	games := []*record.Game{
		ch("g10", "ann", "bob", record.Challenged),
		ch("g2", "ann", "cy", record.Challenged),
		ch("g3", "bob", "ann", record.Challenged),
		ch("g4", "ann", "bob", record.Active),
		ch("g5", "ann", "dee", record.Challenged), // expired
	}
	expiry := func(g *record.Game) time.Time {
		if g.ID == "g5" {
			return t0
		}
		return t0.Add(time.Hour)
	}
	if got := Waiting(games, "ann", true, t0, expiry); !slices.Equal(got, []string{"g2", "g10"}) {
		t.Errorf("sent by ann: %v", got)
	}
	if got := Waiting(games, "ann", false, t0, expiry); !slices.Equal(got, []string{"g3"}) {
		t.Errorf("sent to ann: %v", got)
	}
}

// TestRecent: chat's limit counts what was said in the last hour only.
func TestRecent(t *testing.T) {
	at := []time.Time{t0.Add(-2 * time.Hour), t0.Add(-time.Hour), t0.Add(-59 * time.Minute), t0}
	if got := Recent(at, t0); len(got) != 2 || !got[0].Equal(at[2]) {
		t.Errorf("Recent = %v", got)
	}
}

// TestVoidable: a notice can be withdrawn while it waits, not within
// VoidMargin of going out, nor once delivered or failed.
func TestVoidable(t *testing.T) {
	for _, c := range []struct {
		d    record.Delivery
		want bool
	}{
		{record.Delivery{NextTry: t0.Add(time.Minute)}, true},
		{record.Delivery{NextTry: t0.Add(VoidMargin)}, false},
		{record.Delivery{NextTry: t0.Add(time.Minute), Delivered: t0}, false},
		{record.Delivery{NextTry: t0.Add(time.Minute), Failed: t0}, false},
	} {
		if got := Voidable(c.d, t0); got != c.want {
			t.Errorf("Voidable(%+v) = %v", c.d, got)
		}
	}
}

// TestUnwanted: a reply declined for want of consent is a permanent
// failure marked Unwanted, and nothing else is.
func TestUnwanted(t *testing.T) {
	err := Unwanted("no more mail today", nil)
	if !IsUnwanted(err) || !outbox.IsPermanent(err) {
		t.Errorf("Unwanted: %v", err)
	}
	if IsUnwanted(&outbox.DeliveryError{Permanent: true}) {
		t.Error("a bounce counts as unwanted")
	}
}

// TestTold: the other player of the game is told, never someone playing
// themselves, nor anyone about a reply of no game.
func TestTold(t *testing.T) {
	g := &record.Game{Players: [2]string{"ann", "bob"}}
	if me, ok := Told(g, "bob"); !ok || me != 1 {
		t.Errorf("bob's reply: %d %v", me, ok)
	}
	if _, ok := Told(&record.Game{Players: [2]string{"ann", "ann"}}, "ann"); ok {
		t.Error("a game against oneself told someone")
	}
	if _, ok := Told(nil, "ann"); ok {
		t.Error("no game told someone")
	}
	if _, ok := Told(g, "cy"); ok {
		t.Error("a reply to a stranger of the game told someone")
	}
}

// TestGroupAndSchedule: held answers are counted by subject in order;
// without the transport's schedule they all go at the head's next try.
func TestGroupAndSchedule(t *testing.T) {
	rs := []record.Reply{
		{Subject: "a", Delivery: record.Delivery{NextTry: t0.Add(time.Hour)}},
		{Subject: ""},
		{Subject: "a"},
	}
	times := Schedule(rs, nil, t0)
	for _, at := range times {
		if !at.Equal(t0.Add(time.Hour)) {
			t.Fatalf("Schedule without the transport's: %v", times)
		}
	}
	sched := []time.Time{t0, t0.Add(2 * time.Hour), t0.Add(3 * time.Hour)}
	times = Schedule(rs, sched, t0)
	if !times[0].Equal(t0.Add(time.Hour)) || !times[2].Equal(t0.Add(3*time.Hour)) {
		t.Errorf("Schedule with the transport's: %v", times)
	}
	got := Group(rs, times)
	if len(got) != 2 || got[0].Subject != "a" || got[0].N != 2 || !got[0].Last.Equal(times[2]) || got[1].Subject != "[Tak]" {
		t.Errorf("Group = %+v", got)
	}
}

// TestSetDefaults: zero quotas take the defaults; commands a message are
// capped by the parser's most.
func TestSetDefaults(t *testing.T) {
	q := Quotas{CommandsPerMessage: 1 << 20, MessagesPerHour: -1}
	q.SetDefaults()
	if q.OpenChallenges != DefaultOpenChallenges || q.ChallengesTo != DefaultChallengesTo || q.AnalysesPerHour != DefaultAnalysesPerHour ||
		q.CommandsPerMessage >= 1<<20 || q.MessagesPerHour != 0 {
		t.Errorf("SetDefaults: %+v", q)
	}
}
