package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/takbymail/takbot/outbox"
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
		Gate:      &r.trouble,
		Clock:     r.clock,
		Wake:      e.wake,
		Logger:    r.logger(),
	}
}

// transportSource is the referee as the outbox.Source of one transport.
type transportSource struct {
	r *Referee
	e *transportEntry
}

func (s transportSource) Heads(ctx context.Context, limit int) ([]Reply, error) {
	return s.r.pendingHeads(ctx, s.e.info.Name, limit)
}
func (s transportSource) Deliver(ctx context.Context, rp *Reply) outbox.Result {
	return s.r.deliver(ctx, s.e, rp)
}
func (s transportSource) StoreWait() (time.Duration, bool) { return s.r.storeBackoff() }
func (transportSource) Lane(rp *Reply) string              { return rp.Lane() }
func (transportSource) NextTry(rp *Reply) time.Time        { return rp.Delivery.NextTry }
func (transportSource) ID(rp *Reply) string                { return rp.ID }

// pendingHeads reads the oldest pending reply of each lane of a
// transport, in outbox order.
func (r *Referee) pendingHeads(ctx context.Context, transport string, limit int) ([]Reply, error) {
	var out []Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		out, err = tx.PendingHeads(transport, limit)
		return err
	})
	if r.setAsideReplies(ctx, err) {
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

// deliver sends one reply and records the outcome. A reply sent before
// whose delivery the store could not record is recorded, not sent again;
// while the store cannot record, nothing is sent.
func (r *Referee) deliver(ctx context.Context, e *transportEntry, rp *Reply) outbox.Result {
	if res, done := r.recordUnrecorded(ctx, e, rp); done {
		return res
	}
	if _, down := r.storeBackoff(); down {
		return outbox.Retry
	}
	drawFallbacks(rp)
	if e.info.Limits.Pictures {
		for _, p := range rp.Parts {
			if p.Kind != Image || p.Picture == nil {
				continue
			}
			pic := *p.Picture
			png, err := r.pngs.get(pic.Name, func() ([]byte, error) { return r.renderSafely(pic) })
			if err != nil {
				r.logger().Warn("delivery: render a picture", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "err", err)
				continue
			}
			rp.Images = append(rp.Images, Attachment{Name: p.Picture.Name, PNG: png, Alt: Describe(pic)})
		}
	}
	r.desk.Expand(ctx, rp, e.info.Limits.Pictures)
	start := time.Now()
	sctx, cancel := SendContext(ctx, r.opts.Delivery.SendTimeout)
	err := e.t.Send(sctx, rp)
	cancel()
	took := time.Since(start)
	if ctx.Err() != nil && err != nil {
		return outbox.Stopped // shutting down: the reply stays pending as it was
	}
	// The outcome is recorded even when the pipeline is stopping: a mail
	// the server took and the bot did not record would go out again.
	ctx = context.WithoutCancel(ctx)
	result, outcome := "delivered", outbox.Delivered
	switch {
	case err == nil:
		r.logger().Debug("reply delivered", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "took", took)
		if rerr := r.markDelivered(ctx, rp); rerr != nil {
			r.rememberUnrecorded(rp.ID, r.clock.Now()) // never sent again; recorded when the store can
			r.logStoreError("delivery: record a delivery (kept in memory until the database records it)", rerr,
				"transport", e.info.Name, "reply", rp.ID, "game", rp.Game)
		}
	case IsUnwanted(err):
		result, outcome = "declined", outbox.Failed
		r.logger().Debug("reply declined: its recipient does not take it", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "err", err)
		if ferr := r.declined(ctx, rp, outbox.Reason(err)); ferr != nil {
			r.logStoreError("delivery: record a declined reply", ferr, "transport", e.info.Name, "reply", rp.ID, "game", rp.Game)
		}
	default:
		result, outcome = r.deliveryFailed(ctx, e, rp, err)
	}
	if r.opts.Observer != nil {
		r.opts.Observer.ReplySent(e.info.Name, result, took)
	}
	return outcome
}

// deliveryFailed records a failed send as the retry policy decides
// (outbox.Policy.Decide): failed for good, or retried after a wait.
func (r *Referee) deliveryFailed(ctx context.Context, e *transportEntry, rp *Reply, err error) (result string, outcome outbox.Result) {
	d := rp.Delivery
	d.Attempts++
	v := r.opts.Delivery.Decide(err, rp.Created, r.clock.Now(), d.Attempts, r.randInt)
	if v.Fail {
		r.logger().Warn("delivery failed for good", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "to", rp.To.Key(), "err", err)
		if ferr := r.undeliverable(ctx, rp.To, rp.ID, v.Reason); ferr != nil {
			r.logger().Error("delivery: record a failure", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "err", ferr)
		}
		return "failed", outbox.Failed
	}
	result, level := "retry", slog.LevelInfo
	r.setAside(err) // a transport's damaged state record: reported once
	if v.Held {
		result, level = "held", slog.LevelDebug // the transport said it once
	}
	d.LastError = err.Error()
	d.NextTry = r.clock.Now().Add(v.Wait)
	r.logger().Log(ctx, level, "delivery will be retried", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game, "attempt", d.Attempts, "next", d.NextTry, "err", err)
	if serr := r.store.Update(ctx, func(tx Tx) error { return tx.SetDelivery(rp.ID, d) }); serr != nil {
		r.logStoreError("delivery: record a retry", serr, "transport", e.info.Name, "reply", rp.ID)
	}
	return result, outbox.Retry
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
	p, cached := r.cache.player(key)
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
		r.cache.forgetPlayer(key)
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
		if !ok || (rp == nil && g.Status != Active && g.Status != Challenged) || containsString(p.Unreachable.Told, id) {
			continue
		}
		p.Unreachable.Told = append(p.Unreachable.Told, id)
		s.markPlayer(p)
		title := to.Transport
		if e := r.transport(to.Transport); e != nil {
			title = e.info.Title
		}
		opp := g.Players[me.Opponent()]
		d := s.event(opp, id)
		d.say("%s cannot be reached by %s: %s. Game %s goes on, and their clock runs as usual; they will see the game again when their %s works.",
			who(g, me), title, reason, id, title)
		d.attention = true
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

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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
	const batch = 1000
	before := r.clock.Now().Add(-r.opts.Retention)
	total := 0
	for {
		var n int
		if err := r.store.Update(ctx, func(tx Tx) error {
			var err error
			n, err = tx.Prune(before, batch)
			return err
		}); err != nil {
			return total, fmt.Errorf("bot: prune: %w", err)
		}
		total += n
		if n < batch {
			return total, nil
		}
	}
}
