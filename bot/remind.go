package bot

import (
	"time"

	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/bot/pick"
)

// Reminders that fit a player's day ("set remind", "set zone", "set
// digest"): package bot/account; here, what the referee times by them.

// remindTime is when the player to move in g is reminded
// (account.RemindTime).
func remindTime(g *GameRecord, fraction float64) time.Time {
	return account.RemindTime(g, pick.ToMove(g), fraction)
}

// zoneOf returns a player's zone, UTC when they set none.
func zoneOf(p *PlayerRecord) *time.Location { return account.ZoneOf(p) }

// setZoneOf sets a player's zone from its name (account.SetZone), refusing
// a name that is no zone.
func setZoneOf(p *PlayerRecord, name string) (*time.Location, error) {
	loc, err := account.SetZone(p, name)
	if err != nil {
		return nil, refuse("%v", err)
	}
	return loc, nil
}
