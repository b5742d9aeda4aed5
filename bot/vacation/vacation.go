package vacation

import (
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// MaxDays bounds a vacation, and the vacation days a player may take
// within any year: the allowance. A vacation counts against the allowance
// for a year from the day it began; it cannot be renewed or lengthened
// while it runs. So "vacation 60" sent again every 59 days stops a clock
// for 60 days in any 365, no more.
const MaxDays = 60

// year is the rolling period of the vacation allowance.
const year = 365 * 24 * time.Hour

// day is a day of vacation.
const day = 24 * time.Hour

// Turn is what "vacation" needs of the message being evaluated; package
// bot's session implements it.
type Turn interface {
	// Now is when the referee evaluates; Sender is the sender's record,
	// MarkPlayer has a player record written at commit.
	Now() time.Time
	Sender() *record.Player
	MarkPlayer(p *record.Player)
	// GamesOf are a player's game ids, oldest first; PeekGame reads a
	// game without its lock.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// LoadGame loads a game under its lock to change it, Position is
	// where a loaded game stands, MarkGame has it written at commit and
	// Touch names it among the games the message changed.
	LoadGame(id string) (*record.Game, error)
	Position(id string) *tak.Position
	MarkGame(g *record.Game)
	Touch(id string)
	// Refusal refuses the sender's command with o.
	Refusal(g *record.Game, o words.Refusal) error
	// Tell adds o's words to the reply to player to about game ("" for
	// none); Announce tells player key an outcome of game g both players
	// see.
	Tell(to, game string, o words.Outcome)
	Announce(g *record.Game, key string, o words.Outcome)
}

// days counts a span's vacation days, a part of a day a whole one.
func days(v record.VacationSpan) int { return int((v.Until.Sub(v.From) + day - 1) / day) }

// use returns the vacations of p that still count against the allowance
// at now (begun within the last year), and the days they took.
func use(p *record.Player, now time.Time) ([]record.VacationSpan, int) {
	var kept []record.VacationSpan
	used := 0
	for _, v := range p.Vacations {
		if now.Sub(v.From) >= year {
			continue
		}
		kept = append(kept, v)
		used += days(v)
	}
	return kept, used
}

// allowance is what p has left of the allowance at now and, when some is
// used, when the first days used return.
func allowance(p *record.Player, now time.Time) words.Allowance {
	kept, used := use(p, now)
	a := words.Allowance{Left: max(0, MaxDays-used), Max: MaxDays}
	if len(kept) > 0 {
		a.Returning, a.Returns = days(kept[0]), kept[0].From.Add(year)
	}
	return a
}

// Take is "vacation DAYS".
func Take(t Turn, c *command.Command) error {
	args := c.Args
	if len(args) == 2 && (strings.EqualFold(args[1], "days") || strings.EqualFold(args[1], "day")) {
		args = args[:1] // "vacation 3 days"
	}
	if len(args) != 1 {
		return t.Refusal(nil, words.Refusal{Reason: words.VacationDays})
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > MaxDays {
		return t.Refusal(nil, words.Refusal{Reason: words.VacationRange, Count: MaxDays, Arg: command.Excerpt(args[0], 20)})
	}
	p, now := t.Sender(), t.Now()
	if p.Vacation.After(now) {
		left := (p.Vacation.Sub(now) + day - 1) / day
		return t.Refusal(nil, words.Refusal{Reason: words.OnVacation, Until: p.Vacation, Count: int(left), Allowance: allowance(p, now)})
	}
	kept, used := use(p, now)
	if used+n > MaxDays {
		return t.Refusal(nil, words.Refusal{Reason: words.OverAllowance, Count: n, Allowance: allowance(p, now)})
	}
	until := now.Add(time.Duration(n) * day)
	ids, err := t.GamesOf(p.Key)
	if err != nil {
		return err
	}
	p.Vacation = until
	p.Vacations = append(kept, record.VacationSpan{From: now, Until: until})
	t.MarkPlayer(p)
	t.Tell(p.Key, "", words.VacationTaken{Until: until, Allowance: allowance(p, now)})
	for _, id := range ids {
		if err := stopClock(t, p.Key, id, until); err != nil {
			return err
		}
	}
	return nil
}

// stopClock stops player key's clock in game id, when it is in progress,
// until until, and tells both players.
func stopClock(t Turn, key, id string, until time.Time) error {
	pg, err := t.PeekGame(id)
	if err != nil {
		return err
	}
	if pg.Status != record.Active {
		return nil
	}
	g, err := t.LoadGame(id)
	if err != nil {
		return err
	}
	now := t.Now()
	me, _ := g.ColorOf(key)
	prev := g.Vacation[me]
	g.Vacation[me] = until
	if t.Position(id).ToMove() == me && !g.Deadline.IsZero() {
		paused := until.Sub(now)
		if prev.After(now) {
			paused = until.Sub(prev)
		}
		g.Deadline = g.Deadline.Add(paused)
		g.TurnStart = g.TurnStart.Add(paused)
	}
	t.MarkGame(g)
	t.Touch(id)
	o := words.ClockStopped{Game: words.Game{ID: g.ID, Names: g.Names}, By: me, Until: until}
	t.Announce(g, g.Players[me.Opponent()], o)
	o.Own = true
	t.Announce(g, key, o)
	return nil
}
