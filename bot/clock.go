package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Tick drives the clocks: it reminds players whose time is mostly gone and
// declares losses on time, for every game with a running clock. It returns
// the replies it queued. Call it periodically (adapters use a ticker). A
// game that cannot be read is reported in the error and skipped; the other
// games are still ticked.
func (r *Referee) Tick(ctx context.Context) ([]Reply, error) {
	var ids []string
	if err := r.store.View(ctx, func(tx Tx) error {
		var err error
		ids, err = tx.ActiveGames()
		return err
	}); err != nil {
		return nil, fmt.Errorf("bot: tick: %w", err)
	}
	var all []Reply
	var errs []error
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		rs, err := r.tickGame(ctx, id)
		if err != nil {
			// one unreadable game must not stop the clocks of the others
			errs = append(errs, fmt.Errorf("bot: tick game %s: %w", id, err))
			continue
		}
		all = append(all, rs...)
	}
	r.notify(all)
	return all, errors.Join(errs...)
}

// RunClocks calls Tick each time ticks delivers, until ctx ends or ticks
// closes; adapters pass a time.Ticker's channel, tests their own channel.
// Errors are logged and the loop goes on.
func (r *Referee) RunClocks(ctx context.Context, ticks <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-ticks:
			if !ok {
				return
			}
			if _, err := r.Tick(ctx); err != nil {
				r.opts.Logger.Error("clocks", "err", err)
			}
		}
	}
}

func (r *Referee) reminderAt(g *GameRecord) time.Time {
	span := g.Deadline.Sub(g.TurnStart)
	return g.TurnStart.Add(time.Duration(float64(span) * r.opts.ReminderFraction))
}

func (r *Referee) tickGame(ctx context.Context, id string) ([]Reply, error) {
	ls := &lockSet{r: r}
	ls.lock(map[int]bool{stripeOf(id): true})
	defer ls.unlock()
	s := r.newSession(ctx, ls, Message{})
	gs, err := s.game(id)
	if err != nil {
		return nil, err
	}
	g := gs.rec
	if !g.ClockRunning() {
		return nil, nil
	}
	now := s.now
	c := gs.pos().ToMove()
	switch {
	case !now.Before(g.Deadline):
		deadline := g.Deadline
		s.replyBase = fmt.Sprintf("clock:%s:timeout:%d", g.ID, deadline.Unix())
		s.finish(gs, gs.pos().TimeLoss(c))
		both(g, func(k string, _ tak.Color) {
			s.say(k, g.ID, "%s ran out of time in game %s (the deadline was %s).", who(g, c), g.ID, fmtTime(deadline))
			s.status(gs, k, true)
		})
	case !g.Reminded && !now.Before(r.reminderAt(g)):
		s.replyBase = fmt.Sprintf("clock:%s:remind:%d", g.ID, g.Deadline.Unix())
		g.Reminded = true
		gs.dirty = true
		left := fmt.Sprintf("%d hour(s)", int(g.Deadline.Sub(now).Round(time.Hour)/time.Hour))
		s.say(g.Players[c], g.ID, "Reminder: it is your turn in game %s against %s (turn %d); you have %s left, until %s, or you lose on time.",
			g.ID, g.Names[c.Opponent()], gs.pos().Ply()+1, left, fmtTime(g.Deadline))
	default:
		return nil, nil
	}
	return s.commit(&ProcessedRecord{})
}
