package bot

import (
	"strconv"
	"strings"
	"time"
)

// maxVacationDays bounds a vacation, and the vacation days a player may
// take within any vacationYear: the allowance. A vacation counts against
// the allowance for vacationYear from the day it began; it cannot be
// renewed or lengthened while it runs. So "vacation 60" sent again every
// 59 days stops a clock for 60 days in any 365, no more.
const maxVacationDays = 60

// vacationYear is the rolling period of the vacation allowance.
const vacationYear = 365 * 24 * time.Hour

// vacationDay is a day of vacation.
const vacationDay = 24 * time.Hour

// vacationUse returns the vacations of p that still count against the
// allowance at now (begun within the last vacationYear), and the days
// they took.
func vacationUse(p *PlayerRecord, now time.Time) ([]VacationSpan, int) {
	var kept []VacationSpan
	used := 0
	for _, v := range p.Vacations {
		if now.Sub(v.From) >= vacationYear {
			continue
		}
		kept = append(kept, v)
		used += int((v.Until.Sub(v.From) + vacationDay - 1) / vacationDay)
	}
	return kept, used
}

// vacationLeft says how many vacation days p has left at now and, when
// some are used, when the first of them returns: "You have 12 of your 60
// vacation days left for now; 48 return on 2027-02-01."
func vacationLeft(p *PlayerRecord, now time.Time, timeFor func(time.Time) string) string {
	kept, used := vacationUse(p, now)
	left := max(0, maxVacationDays-used)
	out := "You have " + plural(left, "vacation day", "vacation days") + " left of your " + strconv.Itoa(maxVacationDays) + " in any 365 days"
	if len(kept) > 0 {
		first := kept[0]
		n := int((first.Until.Sub(first.From) + vacationDay - 1) / vacationDay)
		out += "; " + plural(n, "day returns", "days return") + " on " + timeFor(first.From.Add(vacationYear))
	}
	return out + "."
}

func (s *session) cmdVacation(c *Command) error {
	args := c.Args
	if len(args) == 2 && (strings.EqualFold(args[1], "days") || strings.EqualFold(args[1], "day")) {
		args = args[:1] // "vacation 3 days"
	}
	if len(args) != 1 {
		return refuse("say how many days, e.g. \"vacation 7\"")
	}
	days, err := strconv.Atoi(args[0])
	if err != nil || days < 1 || days > maxVacationDays {
		return refuse("vacation takes a whole number of days from 1 to %d, not %q", maxVacationDays, excerpt(args[0], 20))
	}
	key := s.sender.Key
	timeFor := func(t time.Time) string { return s.timeFor(key, t) }
	if s.sender.Vacation.After(s.now) {
		left := (s.sender.Vacation.Sub(s.now) + vacationDay - 1) / vacationDay
		return refuse("you are on vacation until %s (%s more): a vacation cannot be renewed or lengthened while it runs. %s",
			timeFor(s.sender.Vacation), plural(int(left), "day", "days"), vacationLeft(s.sender, s.now, timeFor))
	}
	kept, used := vacationUse(s.sender, s.now)
	if used+days > maxVacationDays {
		return refuse("a vacation of %s would go beyond your allowance of %d vacation days in any 365 days. %s",
			plural(days, "day", "days"), maxVacationDays, vacationLeft(s.sender, s.now, timeFor))
	}
	until := s.now.Add(time.Duration(days) * vacationDay)
	ids, err := s.gamesOf(key)
	if err != nil {
		return err
	}
	s.sender.Vacation = until
	s.sender.Vacations = append(kept, VacationSpan{From: s.now, Until: until})
	s.markPlayer(s.sender)
	s.tell(key, "").say("Your clocks stop until %s. %s", fmtTime(until), vacationLeft(s.sender, s.now, timeFor))
	for _, id := range ids {
		pg, err := s.peekGame(id)
		if err != nil {
			return err
		}
		if pg.Status != Active {
			continue
		}
		gs, err := s.game(id)
		if err != nil {
			return err
		}
		g := gs.rec
		me, _ := g.ColorOf(key)
		prev := g.Vacation[me]
		g.Vacation[me] = until
		if gs.pos().ToMove() == me && !g.Deadline.IsZero() {
			paused := until.Sub(s.now)
			if prev.After(s.now) {
				paused = until.Sub(prev)
			}
			g.Deadline = g.Deadline.Add(paused)
			g.TurnStart = g.TurnStart.Add(paused)
		}
		gs.dirty = true
		s.touch(id)
		s.event(g.Players[me.Opponent()], g.ID).say("%s is on vacation until %s: their clock in game %s stops until then.", g.Names[me], fmtTime(until), g.ID)
		s.event(key, g.ID).say("Game %s: your clock stops until %s.", g.ID, fmtTime(until))
	}
	return nil
}
