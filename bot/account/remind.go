package account

import (
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot/schedule"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Reminders that fit a player's day: "set remind 12h" (how long before a
// deadline the player is reminded), "set zone Europe/Berlin" (the zone
// times are shown in) and "set digest daily 08:00 Europe/Berlin" (one
// message a day listing the games waiting for them; the referee's
// digest.go). The times are computed by package schedule.

// The bounds of a reminder lead.
const (
	MinRemindLead = 15 * time.Minute
	MaxRemindLead = 30 * 24 * time.Hour
)

// remindOff is the lead of a player who wants no reminder.
const remindOff = time.Duration(-1)

// RemindTime is when the player to move in g (toMove) is reminded: their
// lead before the deadline (never sooner than an hour into the turn), the
// deadline itself when they want none (the loss on time comes first),
// else the share fraction of the turn's time.
func RemindTime(g *record.Game, toMove tak.Color, fraction float64) time.Time {
	switch lead := g.Remind[toMove]; {
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

// ZoneOf returns a player's zone, UTC when they set none (or the zone
// database no longer knows theirs).
func ZoneOf(p *record.Player) *time.Location {
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

// SetZone sets a player's zone from its name; the error, from
// schedule.LoadZone, says why a name is not a zone.
func SetZone(p *record.Player, name string) (*time.Location, error) {
	loc, err := schedule.LoadZone(name)
	if err != nil {
		return nil, err
	}
	p.Zone = loc.String()
	return loc, nil
}

// ZoneName names a player's zone, "UTC" when they chose none.
func ZoneName(p *record.Player) string {
	if p.Zone == "" {
		return "UTC"
	}
	return p.Zone
}

// setTimeSetting handles "set remind", "set zone" and "set digest", whose
// values are several words and keep their case (zone names); it reports
// whether name is one of them.
func setTimeSetting(t Looks, name string, args []string) (bool, error) {
	switch name {
	case "remind":
		return true, setRemind(t, args)
	case "zone":
		return true, setZone(t, args)
	case "digest":
		return true, t.SetDigest(args)
	}
	return false, nil
}

// remindLead describes a reminder setting for words.
func remindLead(t Looks, lead time.Duration) words.RemindLead {
	return words.RemindLead{Lead: lead, Fraction: t.ReminderFraction(), Min: MinRemindLead, Max: MaxRemindLead}
}

func setRemind(t Looks, args []string) error {
	p := t.Sender()
	v := strings.ToLower(strings.TrimRight(strings.Join(args, " "), ".,!?:"))
	var lead time.Duration
	switch v {
	case "":
		return t.Refused(words.SettingRefused{Kind: words.NoRemind})
	case "off", "no", "never", "none":
		lead = remindOff
	case "default", "on":
	default:
		d, err := schedule.ParseDuration(v)
		if err != nil || d < MinRemindLead || d > MaxRemindLead {
			return t.Refused(words.SettingRefused{Kind: words.BadRemind, MinLead: MinRemindLead, MaxLead: MaxRemindLead, Arg: command.Excerpt(strings.Join(args, " "), 20)})
		}
		lead = d
	}
	p.RemindLead = lead
	t.MarkPlayer(p)
	games, err := applyRemind(t, lead)
	if err != nil {
		return err
	}
	t.Tell(p.Key, t.DefaultGame(), words.RemindSet{Remind: remindLead(t, lead), Games: games})
	return nil
}

// applyRemind sets the sender's lead in their games in progress and
// challenges, and returns the games it changed.
func applyRemind(t Looks, lead time.Duration) ([]string, error) {
	key := t.Sender().Key
	ids, err := t.GamesOf(key)
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return nil, err
		}
		c, ok := g.ColorOf(key)
		if !ok || (g.Status != record.Active && g.Status != record.Challenged) || g.Remind[c] == lead {
			continue
		}
		if g, err = t.Game(id); err != nil {
			return nil, err
		}
		g.Remind[c] = lead
		t.MarkGame(g)
		changed = append(changed, id)
	}
	return changed, nil
}

func setZone(t Looks, args []string) error {
	p := t.Sender()
	v := strings.TrimRight(strings.Join(args, " "), ".,!?:")
	if v == "" {
		return t.Refused(words.SettingRefused{Kind: words.NoZone})
	}
	loc, err := SetZone(p, v)
	if err != nil {
		return t.Refused(words.SettingRefused{Kind: words.BadZone, Err: err})
	}
	t.MarkPlayer(p)
	o := words.ZoneSet{Zone: loc, Now: t.Now()}
	if p.Digest != nil {
		t.ScheduleDigest(p)
		o.Digest, o.Next = p.Digest.At, p.Digest.Next
	}
	t.Tell(p.Key, t.DefaultGame(), o)
	return nil
}

// setChat is "set chat on|off".
func setChat(t Turn, value, raw string) error {
	p := t.Sender()
	if value == "public" || value == "private" {
		p.ChatPublic = value == "public"
		t.MarkPlayer(p)
		t.Tell(p.Key, t.DefaultGame(), words.ChatShownSet{Public: p.ChatPublic})
		return nil
	}
	on, ok := onOff(value)
	if !ok {
		return t.Refused(words.SettingRefused{Kind: words.NotOnOff, Setting: "chat", Arg: command.Excerpt(raw, 20)})
	}
	p.NoChat = !on
	t.MarkPlayer(p)
	t.Tell(p.Key, t.DefaultGame(), words.ChatSet{On: on})
	return nil
}
