package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/words"
)

// RunDelivery delivers the outbox of every registered transport until ctx
// ends, and returns once the sends in flight have finished. Each recipient
// has two lanes, events and answers (Reply.Lane); replies of one lane go
// out in order. Lanes are served concurrently, so an answer that is held
// back or failing never holds up an event, nor one recipient another.
// Call it once. The loop is outbox.Loop; the referee is its Source.
func (r *Referee) RunDelivery(ctx context.Context) {
	var wg sync.WaitGroup
	for _, e := range r.runningTransports() {
		e := e
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.deliveryLoop(e).Run(ctx)
		}()
	}
	wg.Wait()
}

// deliveryLoop is the delivery loop of one transport.
func (r *Referee) deliveryLoop(e *transportEntry) outbox.Loop[Reply] {
	return outbox.Loop[Reply]{
		Transport: e.info.Name,
		Source:    transportSource{r: r, e: e},
		Policy:    r.opts.Delivery,
		Gate:      &r.trouble.Gate,
		Clock:     r.clock,
		Wake:      e.wake,
		Logger:    r.logger(),
	}
}

// transportSource is the referee as the outbox.Source of one transport,
// and as its couriers' outbox.Recorder.
type transportSource struct {
	r *Referee
	e *transportEntry
}

func (s transportSource) Heads(ctx context.Context, limit int) ([]Reply, error) {
	return s.r.pendingHeads(ctx, s.e.info.Name, limit)
}
func (s transportSource) Deliver(ctx context.Context, rp *Reply) outbox.Result {
	return s.r.courier(s).Deliver(ctx, rp)
}
func (s transportSource) StoreWait() (time.Duration, bool) { return s.r.trouble.Wait() }
func (transportSource) Lane(rp *Reply) string              { return rp.Lane() }
func (transportSource) NextTry(rp *Reply) time.Time        { return rp.Delivery.NextTry }
func (transportSource) ID(rp *Reply) string                { return rp.ID }

// Prepare draws a reply's text boards, renders its pictures for a
// transport that shows them and carries out its analyses.
func (s transportSource) Prepare(ctx context.Context, rp *Reply) {
	present.DrawFallbacks(rp)
	if s.e.info.Limits.Pictures {
		s.r.pngs.Attach(rp, s.r.opts.Render, func(err error) {
			s.r.logger().Warn("delivery: render a picture", "transport", s.e.info.Name, "reply", rp.ID, "game", rp.Game, "err", err)
		})
	}
	s.r.analyses.Expand(ctx, s.r.opts.Analyst, s.r.opts.Delivery.SendTimeout, s.e.info.Limits.Pictures, rp, s.r.logger())
}
func (s transportSource) Send(ctx context.Context, rp *Reply) error { return s.e.t.Send(ctx, rp) }
func (s transportSource) MarkDelivered(ctx context.Context, rp *Reply, at time.Time) error {
	return s.r.markDeliveredAt(ctx, rp, at)
}
func (s transportSource) Declined(ctx context.Context, rp *Reply, reason string) error {
	return s.r.declined(ctx, rp, reason)
}
func (s transportSource) Undeliverable(ctx context.Context, to Identity, replyID, reason string) error {
	return s.r.undeliverable(ctx, to, replyID, reason)
}

// courier sends the replies of a transport (outbox.Courier).
func (r *Referee) courier(s transportSource) outbox.Courier {
	c := outbox.Courier{Transport: s.e.info.Name, Referee: s, Store: r.store, Health: &r.trouble, Policy: r.opts.Delivery,
		Clock: r.clock, Rand: r.randInt, Logger: r.logger()}
	if o := r.opts.Observer; o != nil {
		c.Sent = func(result string, took time.Duration) { o.ReplySent(s.e.info.Name, result, took) }
	}
	return c
}

// pendingHeads reads the oldest pending reply of each lane of a
// transport, in outbox order.
func (r *Referee) pendingHeads(ctx context.Context, transport string, limit int) ([]Reply, error) {
	var out []Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		out, err = tx.PendingHeads(transport, limit)
		return err
	})
	if r.trouble.SetAsideReplies(ctx, r.store, err) {
		return out, nil // the damaged heads are left out, and out of their queues
	}
	return out, err
}

// DeliverDue delivers, one at a time and in outbox order, every reply of a
// transport that is due now, and returns how many it delivered. A reply
// that fails holds up the later replies of its lane only. The
// console uses it to print replies in order; tests use it to drive the
// pipeline step by step.
func (r *Referee) DeliverDue(ctx context.Context, transport string) (int, error) {
	e := r.transport(transport)
	if e == nil || e.t == nil {
		return 0, fmt.Errorf("bot: deliver: transport %q is not registered", transport)
	}
	n, err := r.deliveryLoop(e).DeliverDue(ctx)
	if err != nil && err != ctx.Err() {
		err = fmt.Errorf("bot: %w", err) // "bot: deliver: ..."
	}
	return n, err
}

// Flush delivers what is due on every transport, for a bounded shutdown.
func (r *Referee) Flush(ctx context.Context) error {
	var errs []error
	for _, e := range r.runningTransports() {
		if _, err := r.DeliverDue(ctx, e.info.Name); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// markDeliveredAt records a delivery made at a time; a recipient marked
// unreachable is reachable again.
func (r *Referee) markDeliveredAt(ctx context.Context, rp *Reply, at time.Time) error {
	d := rp.Delivery
	d.Delivered = at
	d.NextTry = time.Time{}
	key := rp.To.Key()
	ls := &lockSet{r: r}
	ls.lock(map[int]bool{stripeOf(key): true})
	defer ls.unlock()
	p, cached := r.cache.Player(key)
	var clear bool
	err := r.store.Update(ctx, func(tx Tx) error {
		if err := tx.SetDelivery(rp.ID, d); err != nil {
			return err
		}
		pl := p
		if !cached {
			var err error
			if pl, err = tx.Player(key); errors.Is(err, ErrNotFound) {
				return nil
			} else if err != nil {
				return err
			}
		}
		if pl.Unreachable == nil {
			return nil
		}
		cp := *pl
		cp.Unreachable = nil
		clear = true
		return tx.PutPlayer(&cp)
	})
	if err == nil && clear {
		r.cache.ForgetPlayer(key)
	}
	return err
}

// ReportUndeliverable records that replies to a player cannot be
// delivered: a bounce that arrived after the transport took the reply. The
// reply (when replyID is known) is marked failed, and the opponent of each
// game concerned (the reply's game, or without one every game the player
// is playing) is told once, on their own transport. The games go on.
func (r *Referee) ReportUndeliverable(ctx context.Context, to Identity, replyID, reason string) error {
	return r.undeliverable(ctx, to, replyID, reason)
}

// undeliverable is the permanent-failure path of the pipeline.
func (r *Referee) undeliverable(ctx context.Context, to Identity, replyID, reason string) error {
	key := to.Key()
	var games []string
	var rp *Reply
	if err := r.store.View(ctx, func(tx Tx) error {
		if replyID != "" {
			got, err := tx.Reply(replyID)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
			rp = got
		}
		if rp != nil && rp.Game != "" {
			games = []string{rp.Game}
			return nil
		}
		var err error
		games, err = tx.GamesOf(key)
		return err
	}); err != nil {
		return err
	}
	want := map[int]bool{stripeOf(key): true}
	for _, g := range games {
		want[stripeOf(g)] = true
	}
	ls := &lockSet{r: r}
	ls.lock(want)
	defer ls.unlock()
	base := "undeliverable:" + key + ":" + replyID
	s := r.newSession(ctx, ls, Message{}, base)
	p, err := s.player(key)
	if err != nil {
		return err
	}
	if p.Unreachable == nil {
		p.Unreachable = &Unreachable{Since: s.now, Reason: reason}
		s.markPlayer(p)
	}
	for _, id := range games {
		gs, err := s.game(id)
		if err != nil {
			return err
		}
		g := gs.rec
		me, ok := g.ColorOf(key)
		if !ok || (rp == nil && g.Status != Active && g.Status != Challenged) || slices.Contains(p.Unreachable.Told, id) {
			continue
		}
		p.Unreachable.Told = append(p.Unreachable.Told, id)
		s.markPlayer(p)
		title := to.Transport
		if e := r.transport(to.Transport); e != nil {
			title = e.info.Title
		}
		opp := g.Players[me.Opponent()]
		s.announce(g, opp, words.Unreachable{Game: wordsGame(g), By: me, Transport: title, Reason: reason})
		s.event(opp, id).attention = true
		s.touch(id)
	}
	if replyID != "" && rp != nil {
		d := rp.Delivery
		d.Failed = s.now
		d.LastError = reason
		d.NextTry = time.Time{}
		s.extra = append(s.extra, func(tx Tx) error { return tx.SetDelivery(replyID, d) })
	}
	replies, err := s.commit(&ProcessedRecord{ID: base}, nil)
	if errors.Is(err, errProcessed) {
		return nil // told before
	}
	if err != nil {
		return err
	}
	r.notify(replies)
	return nil
}

// Stats are the referee's figures for metrics and health checks.
type Stats struct {
	Pending       int            // replies waiting for delivery
	OldestPending time.Time      // when the oldest of them was written (zero if none)
	Games         map[Status]int // games by status
}

// Stats reads the referee's figures.
func (r *Referee) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		if st.Pending, st.OldestPending, err = tx.OutboxStats(); err != nil {
			return err
		}
		st.Games, err = tx.CountGames()
		return err
	})
	return st, err
}

// Prune removes delivered replies and handled-message ids older than the
// retention (Options.Retention), in small transactions, and returns how
// many entries it removed. Games, players and undelivered replies stay.
func (r *Referee) Prune(ctx context.Context) (int, error) {
	n, err := outbox.Prune(ctx, r.store, r.clock.Now().Add(-r.opts.Retention))
	if err != nil {
		return n, fmt.Errorf("bot: prune: %w", err)
	}
	return n, nil
}
