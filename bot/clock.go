package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Tick drives the clocks: it reminds players whose time is mostly gone,
// declares losses on time and expires unanswered challenges, for the games
// whose next clock event is due (found through the store's index, so a
// tick with nothing due reads almost nothing), and sends the daily digests
// that are due (digest.go, through the referee's own index). It returns
// the replies it queued. A game that cannot be read, or whose evaluation panics, is
// reported in the error and skipped; the other games are still ticked.
func (r *Referee) Tick(ctx context.Context) ([]Reply, error) {
	now := r.clock.Now()
	var ids []string
	if err := r.store.View(ctx, func(tx Tx) error {
		var err error
		ids, err = tx.DueGames(now, 0)
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
		if r.SetAside(err) {
			continue // logged once; its clock waits until the record is mended
		}
		if err != nil {
			// one unreadable game must not stop the clocks of the others
			errs = append(errs, fmt.Errorf("bot: tick game %s: %w", id, err))
			continue
		}
		all = append(all, rs...)
	}
	digests, err := r.tickDigests(ctx, now)
	all = append(all, digests...)
	errs = append(errs, err)
	events, err := r.tickEvents(ctx, now)
	all = append(all, events...)
	errs = append(errs, err)
	r.notify(all)
	return all, errors.Join(errs...)
}

// RunClocks calls Tick each time ticks delivers, until ctx ends or ticks
// closes; takbot serve passes a time.Ticker's channel, tests their own.
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
			if _, err := r.Tick(ctx); err != nil && ctx.Err() == nil {
				r.logger().Error("clocks", "err", err)
			}
		}
	}
}

// reminderAt is when the player to move is reminded.
func (r *Referee) reminderAt(g *GameRecord) time.Time {
	return remindTime(g, r.opts.ReminderFraction)
}

// wakeOf is when the clocks must next look at a game (zero: never).
func (r *Referee) wakeOf(g *GameRecord) time.Time {
	switch {
	case g.Status == Challenged:
		return r.challengeExpiry(g)
	case g.ClockRunning() && !g.Reminded:
		return r.reminderAt(g)
	case g.ClockRunning():
		return g.Deadline
	}
	return time.Time{}
}

// tickGame handles the due clock event of one game, under its lock.
func (r *Referee) tickGame(ctx context.Context, id string) (replies []Reply, err error) {
	ls := &lockSet{r: r}
	ls.lock(r.withEventStripe(ctx, id, r.tickStripes(ctx, id)))
	defer ls.unlock()
	s := r.newSession(ctx, ls, Message{}, "")
	defer func() {
		if v := recover(); v != nil {
			r.logger().Error("panic while ticking a game's clock", "game", id, "panic", v)
			replies, err = nil, fmt.Errorf("internal error: %v", v)
		}
	}()
	gs, err := s.game(id)
	if err != nil {
		return nil, err
	}
	g := gs.rec
	now := s.now
	switch {
	case g.Seek != nil && g.Status == Challenged && !now.Before(r.challengeExpiry(g)):
		s.replyBase = fmt.Sprintf("clock:%s:expire", g.ID)
		challenge.SeekExpired(s, gs.rec, r.opts.ChallengeDays)
	case g.Status == Challenged && !now.Before(r.challengeExpiry(g)):
		s.replyBase = fmt.Sprintf("clock:%s:expire", g.ID)
		g.Status = Expired
		gs.dirty = true
		s.announceBoth(g, words.ChallengeExpired{Game: wordsGame(g), Challenged: g.Challenger.Opponent(), Days: r.opts.ChallengeDays})
	case g.ClockRunning() && !now.Before(g.Deadline):
		s.replyBase = fmt.Sprintf("clock:%s:timeout:%d", g.ID, g.Deadline.Unix())
		s.loseOnTime(gs)
	case g.ClockRunning() && !g.Reminded && !now.Before(r.reminderAt(g)):
		s.replyBase = fmt.Sprintf("clock:%s:remind:%d", g.ID, g.Deadline.Unix())
		g.Reminded = true
		gs.dirty = true
		c := gs.pos().ToMove()
		s.announce(g, g.Players[c], words.Reminder{Game: wordsGame(g), ToMove: c, Turn: gs.pos().Ply() + 1,
			HoursLeft: int(g.Deadline.Sub(now).Round(time.Hour) / time.Hour), Deadline: g.Deadline})
		s.offerActions(gs, g.Players[c])
		s.event(g.Players[c], g.ID).attention = true
	default:
		if g.Wake.Equal(r.wakeOf(g)) {
			return nil, nil
		}
		gs.dirty = true // the index was stale: store the right wake-up time
		s.replyBase = "clock:" + g.ID + ":rewake"
	}
	if err := s.settleRatings(); err != nil {
		return nil, err
	}
	if err := s.settleEvents(); err != nil {
		return nil, err
	}
	replies, err = s.commit(&ProcessedRecord{}, nil)
	if err == nil && len(replies) > 0 {
		r.logger().Info("clock event", "game", id, "event", s.replyBase, "replies", len(replies))
	}
	return replies, err
}

// startTurn starts the clock of the side to move.
func (s *session) startTurn(gs *gameState) {
	g := gs.rec
	if g.Status != Active {
		g.Deadline, g.TurnStart = time.Time{}, time.Time{}
		return
	}
	c := gs.pos().ToMove()
	start := s.now
	if v := g.Vacation[c]; v.After(start) {
		start = v
	}
	g.TurnStart = start
	g.Deadline = start.Add(time.Duration(g.Days) * 24 * time.Hour)
	g.Reminded = false
}

// finish ends the game with result res.
func (s *session) finish(gs *gameState, res tak.Result) {
	g := gs.rec
	score := tak.Score(gs.pos(), res, g.Scoring.Rules)
	g.Result = &ResultRecord{Reason: endReasonOf(res.Reason), Winner: res.Winner, Draw: res.Draw, PTN: res.PTN(), Text: res.String(), Score: score}
	if res.Draw {
		g.Result.Winner = 0
	}
	g.Status = Over
	gs.ended = true
	g.Proposal = nil
	g.Deadline, g.TurnStart = time.Time{}, time.Time{}
	gs.dirty = true
}

// loseOnTime ends a game whose player to move let the deadline pass, and
// tells both players.
func (s *session) loseOnTime(gs *gameState) {
	g := gs.rec
	deadline := g.Deadline
	c := gs.pos().ToMove()
	s.finish(gs, gs.pos().TimeLoss(c))
	g.Result.Deadline = deadline
	lost := words.LostOnTime{Game: wordsGame(g), Loser: c, Deadline: deadline}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, lost)
		s.status(gs, k, true)
	})
	s.tellWatchersEnd(gs)
}

// lateClockReprieve reopens a game lost on time by the sender when the
// transport received the sender's move before the deadline: a referee
// that was down, or slow, must not make a player lose on time. It reports
// whether it did.
func (s *session) lateClockReprieve(gs *gameState, me tak.Color) bool {
	g := gs.rec
	r := g.Result
	if g.Status != Over || r == nil || r.Reason != EndTime || r.Winner == me || r.Deadline.IsZero() ||
		!s.received.Before(r.Deadline) || gs.pos().ToMove() != me {
		return false
	}
	g.Status, g.Result = Active, nil
	g.Deadline = r.Deadline
	gs.dirty = true
	s.announceBoth(g, words.TimeLossWithdrawn{Game: wordsGame(g), Mover: me, Received: s.received, Deadline: r.Deadline})
	return true
}

// endReasonOf converts the engine's reason.
func endReasonOf(r tak.EndReason) EndReason { return EndReason(r.String()) }
