package bot

import (
	"strconv"
	"strings"
	"time"
)

// maxVacationDays bounds a vacation.
const maxVacationDays = 60

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
	until := s.now.Add(time.Duration(days) * 24 * time.Hour)
	if s.sender.Vacation.After(until) {
		return refuse("you are already on vacation until %s", fmtTime(s.sender.Vacation))
	}
	ids, err := s.gamesOf(key)
	if err != nil {
		return err
	}
	s.sender.Vacation = until
	s.markPlayer(s.sender)
	s.tell(key, "").say("Your clocks stop until %s.", fmtTime(until))
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
