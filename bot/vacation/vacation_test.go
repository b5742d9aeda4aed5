package vacation

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
)

// TestAllowance: vacations count for a year from the day they began, a
// part of a day as a whole one, the first to return named.
func TestAllowance(t *testing.T) {
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	p := &record.Player{Vacations: []record.VacationSpan{
		{From: now.Add(-400 * day), Until: now.Add(-390 * day)},                   // over a year ago
		{From: now.Add(-100 * day), Until: now.Add(-100*day + 2*day + time.Hour)}, // 3 days
		{From: now.Add(-10 * day), Until: now.Add(-3 * day)},                      // 7 days
	}}
	kept, used := use(p, now)
	if len(kept) != 2 || used != 10 {
		t.Errorf("use: %d kept, %d days used; want 2 and 10", len(kept), used)
	}
	a := allowance(p, now)
	if a.Left != MaxDays-10 || a.Returning != 3 || !a.Returns.Equal(now.Add(-100*day+year)) {
		t.Errorf("allowance %+v", a)
	}
	if a := allowance(&record.Player{}, now); a.Left != MaxDays || a.Returning != 0 {
		t.Errorf("a fresh player's allowance %+v", a)
	}
}
