package bot

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot/digest"
	"github.com/takbymail/takbot/bot/schedule"
	"github.com/takbymail/takbot/words"
)

// Reminders that fit a player's day: "set remind 12h" (how long before a
// deadline the player is reminded), "set zone Europe/Berlin" (the zone
// times are shown in) and "set digest daily 08:00 Europe/Berlin" (one
// message a day listing the games waiting for them; digest.go). The
// times are computed by package schedule.

// The bounds of a reminder lead.
const (
	minRemindLead = 15 * time.Minute
	maxRemindLead = 30 * 24 * time.Hour
)

// remindOff is the lead of a player who wants no reminder.
const remindOff = time.Duration(-1)

// remindTime is when the player to move in g is reminded: their lead
// before the deadline (never sooner than an hour into the turn), the
// deadline itself when they want none (the loss on time comes first),
// else the share fraction of the turn's time.
func remindTime(g *GameRecord, fraction float64) time.Time {
	switch lead := g.Remind[toMove(g)]; {
	case lead < 0:
		return g.Deadline
	case lead > 0:
		at := g.Deadline.Add(-lead)
		if earliest := g.TurnStart.Add(time.Hour); at.Before(earliest) {
			at = earliest
		}
		if at.After(g.Deadline) {
			at = g.Deadline
		}
		return at
	}
	span := g.Deadline.Sub(g.TurnStart)
	return g.TurnStart.Add(time.Duration(float64(span) * fraction))
}

// zones caches the zones players named (a few hundred at most: the
// zone database's names).
var zones sync.Map // name → *time.Location

// zoneOf returns a player's zone, UTC when they set none (or the zone
// database no longer knows theirs).
func zoneOf(p *PlayerRecord) *time.Location {
	if p == nil || p.Zone == "" {
		return time.UTC
	}
	if loc, ok := zones.Load(p.Zone); ok {
		return loc.(*time.Location)
	}
	loc, err := schedule.LoadZone(p.Zone)
	if err != nil {
		return time.UTC
	}
	zones.Store(p.Zone, loc)
	return loc
}

// timeFor writes a time for a reader: in their zone once they set one
// ("2026-11-27 10:00 CET"), else in UTC.
func (s *session) timeFor(key string, t time.Time) string {
	p, err := s.player(key)
	if err != nil || p.Zone == "" {
		return fmtTime(t)
	}
	return t.In(zoneOf(p)).Format("2006-01-02 15:04 MST")
}

// setTimeSetting handles "set remind", "set zone" and "set digest", whose
// values are several words and keep their case (zone names); it reports
// whether name is one of them.
func (s *session) setTimeSetting(name string, args []string) (bool, error) {
	var err error
	switch name {
	case "remind":
		err = s.setRemind(args)
	case "zone":
		err = s.setZone(args)
	case "digest":
		err = digest.Set(s, args, s.defaultGame())
	default:
		return false, nil
	}
	return true, err
}

func (s *session) setRemind(args []string) error {
	p := s.sender
	v := strings.ToLower(strings.TrimRight(strings.Join(args, " "), ".,!?:"))
	var lead time.Duration
	switch v {
	case "":
		return refuse("say how long before a deadline to remind you, e.g. \"set remind 12h\" (or \"set remind off\")")
	case "off", "no", "never", "none":
		lead = remindOff
	case "default", "on":
	default:
		d, err := schedule.ParseDuration(v)
		if err != nil || d < minRemindLead || d > maxRemindLead {
			return refuse("remind must be a time before the deadline from %s to %s, such as 12h, 90m or 1d, or off; not %q",
				schedule.FormatDuration(minRemindLead), schedule.FormatDuration(maxRemindLead), excerpt(strings.Join(args, " "), 20))
		}
		lead = d
	}
	p.RemindLead = lead
	s.markPlayer(p)
	games, err := s.applyRemind(lead)
	if err != nil {
		return err
	}
	d := s.tell(p.Key, s.defaultGame())
	if lead < 0 {
		d.say("You get no reminders before a deadline any more, in all your games%s.", games)
	} else {
		d.say("You are reminded %s, in all your games%s.", s.remindWhen(lead), games)
	}
	return nil
}

// remindWhen says when a player with lead is reminded.
func (s *session) remindWhen(lead time.Duration) string {
	switch {
	case lead < 0:
		return "never (off)"
	case lead > 0:
		return schedule.FormatDuration(lead) + " before each deadline (never sooner than an hour into your turn)"
	}
	return fmt.Sprintf("when %d%% of your time for a move has passed (the default)", int(s.r.opts.ReminderFraction*100+0.5))
}

// applyRemind sets the sender's lead in their games in progress and
// challenges, and names the games: " (now in g1 and g3)".
func (s *session) applyRemind(lead time.Duration) (string, error) {
	ids, err := s.gamesOf(s.sender.Key)
	if err != nil {
		return "", err
	}
	var changed []string
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return "", err
		}
		c, ok := g.ColorOf(s.sender.Key)
		if !ok || (g.Status != Active && g.Status != Challenged) || g.Remind[c] == lead {
			continue
		}
		gs, err := s.game(id)
		if err != nil {
			return "", err
		}
		gs.rec.Remind[c] = lead
		gs.dirty = true
		changed = append(changed, id)
	}
	if len(changed) == 0 {
		return "", nil
	}
	return " (now in " + joinAnd(changed) + ")", nil
}

func (s *session) setZone(args []string) error {
	p := s.sender
	v := strings.TrimRight(strings.Join(args, " "), ".,!?:")
	if v == "" {
		return refuse("say your time zone, e.g. \"set zone Europe/Berlin\" or \"set zone America/New_York\"")
	}
	loc, err := setZoneOf(p, v)
	if err != nil {
		return err
	}
	s.markPlayer(p)
	d := s.tell(p.Key, s.defaultGame())
	d.say("Times are now shown to you in %s (it is %s there now).", loc, s.now.In(loc).Format("15:04 MST"))
	digest.Rezoned(s, p, d.game)
	return nil
}

// setZoneOf sets a player's zone from its name.
func setZoneOf(p *PlayerRecord, name string) (*time.Location, error) {
	loc, err := schedule.LoadZone(name)
	if err != nil {
		return nil, refuse("%v", err)
	}
	p.Zone = loc.String()
	return loc, nil
}

// showTimeSettings adds the reminder, zone and digest to "settings".
func (s *session) showTimeSettings(d *draft) {
	p := s.sender
	d.say("Reminder: %s. To change it, send \"set remind 12h\" (any time from %s to %s), or \"set remind %s\".",
		s.remindWhen(p.RemindLead), schedule.FormatDuration(minRemindLead),
		schedule.FormatDuration(maxRemindLead), map[bool]string{true: "default", false: "off"}[p.RemindLead < 0])
	if p.Zone == "" {
		d.say("Time zone: none chosen, so times are shown in UTC. To choose yours, send \"set zone Europe/Berlin\" (Region/City).")
	} else {
		other := "America/New_York"
		if p.Zone == other {
			other = "Europe/Berlin"
		}
		d.say("Time zone: %s, times are shown in it. To change it, send \"set zone\" with another, such as \"set zone %s\".", p.Zone, other)
	}
	d.line(digest.Setting(p).Words(words.Reader{}))
}
