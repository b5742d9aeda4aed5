package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

const day = 24 * time.Hour

// TestVacationRenewalCannotKeepGameAlive (issue 24, point 8): "vacation
// 60" renewed every 59 days kept a game alive for 472 days. Now a
// vacation cannot be renewed while it runs, and 60 days in any 365 is the
// allowance: the game ends on time 60 days plus its days per move after
// it began.
func TestVacationRenewalCannotKeepGameAlive(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "days=3")
	h.send("ann", "game "+id+"; ps a1") // bob to move, by day 3
	start := h.clock.Now()
	if got := textTo(h.send("bob", "vacation 60"), "bob"); !strings.Contains(got, "Your clocks stop until 2027-01-20 09:00 UTC. You have 0 vacation days left of your 60 in any 365 days; 60 days return on 2027-11-21 09:00 UTC.") {
		t.Errorf("bob's vacation:\n%s", got)
	}
	var refusals []string
	for elapsed := 59 * day; elapsed <= 472*day; elapsed += 59 * day {
		h.clock.Advance(59 * day)
		h.tick()
		if h.game(id).Status != bot.Active {
			break
		}
		rs := h.send("bob", "vacation 60")
		refusals = append(refusals, textTo(rs, "bob"))
	}
	g := h.game(id)
	if g.Status != bot.Over || g.Result == nil || g.Result.Reason != bot.EndTime {
		t.Fatalf("after renewals every 59 days the game is %s, %+v", g.Status, g.Result)
	}
	if limit := start.Add(63 * day); g.Result.Deadline.After(limit) {
		t.Errorf("the game was kept alive until %v, beyond %v (60 days of vacation and 3 for the move)", g.Result.Deadline, limit)
	}
	if len(refusals) == 0 {
		t.Fatal("bob never asked again")
	}
	// Day 59: still on vacation; the refusal says until when and what is left.
	for _, want := range []string{`Refused "vacation 60": you are on vacation until 2027-01-20 09:00 UTC (1 day more): a vacation cannot be renewed or lengthened while it runs.`,
		"You have 0 vacation days left of your 60 in any 365 days; 60 days return on 2027-11-21 09:00 UTC."} {
		if !strings.Contains(refusals[0], want) {
			t.Errorf("the renewal on day 59 was answered:\n%s\nwant %q", refusals[0], want)
		}
	}
}

// TestVacationAllowance: vacations add up to 60 days in any 365; a
// vacation counts for 365 days from the day it began.
func TestVacationAllowance(t *testing.T) {
	h := newHarness(t)
	steps := []struct {
		after time.Duration // since the step before
		text  string
		want  string
	}{
		{0, "vacation 20", "Your clocks stop until 2026-12-11 09:00 UTC. You have 40 vacation days left of your 60 in any 365 days; 20 days return on 2027-11-21 09:00 UTC."},
		{10 * day, "vacation 5", "you are on vacation until 2026-12-11 09:00 UTC (10 days more)"},
		{20 * day, "vacation 30", "Your clocks stop until 2027-01-20 09:00 UTC. You have 10 vacation days left"},
		{40 * day, "vacation 11", "a vacation of 11 days would go beyond your allowance of 60 vacation days in any 365 days. You have 10 vacation days left of your 60 in any 365 days; 20 days return on 2027-11-21 09:00 UTC."},
		{0, "vacation 10", "You have 0 vacation days left"},
		{200 * day, "vacation 1", "You have 0 vacation days left of your 60 in any 365 days; 20 days return on 2027-11-21 09:00 UTC."},
		// A year after the first began, its 20 days are back.
		{96 * day, "vacation 20", "You have 0 vacation days left of your 60 in any 365 days; 30 days return on 2027-12-21 09:00 UTC."},
	}
	for i, s := range steps {
		h.clock.Advance(s.after)
		if got := textTo(h.send("ann", s.text), "ann"); !strings.Contains(got, s.want) {
			t.Errorf("step %d, %q on %s:\n%s\nwant %q", i, s.text, h.clock.Now().Format("2006-01-02"), got, s.want)
		}
	}
}
