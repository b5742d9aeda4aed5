package main

import (
	"context"
	"time"
)

// watchLead ends the server with errLostLead when its leader lock is
// lost, until ctx ends. Nothing to watch on bbolt.
func (s *server) watchLead(ctx context.Context) {
	if s.lead == nil {
		return
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		select {
		case <-ctx.Done():
		case <-s.lead.Lost():
			select {
			case s.failed <- errLostLead:
			default: // the server is failing already
			}
		}
	}()
}

// stepDown stops a leader that lost its lock at once: delivery, the
// clocks and the transports' receiving are cancelled together, nothing is
// flushed (another takbot may be delivering already: the outbox is its
// now), and the database closes. Its updates would fail anyway (the
// leader epoch fences them). It returns exitLostLead: restarted, this
// process comes back as a standby.
func (s *server) stepDown() int {
	start := time.Now()
	s.log.Error("stepping down: "+errLostLead.Error(), "err", s.lead.Err())
	s.stopDelivery()
	s.stopReceiving()
	s.stopBackground()
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(s.cfg.ShutdownTimeout))
	defer cancel()
	<-s.deliveryDone
	if !waitUntil(ctx, &s.receivers) {
		s.log.Warn("the transports did not stop within shutdown_timeout")
	}
	s.background.Wait()
	s.stopControl()
	s.stopHTTP(ctx)
	s.stopWeb(ctx)
	s.db.Close()
	s.releaseLead()
	s.log.Info("stopped as the leader", "took", time.Since(start).Round(time.Millisecond).String())
	return exitLostLead
}

// releaseLead gives the leader lock up, if this server holds one.
func (s *server) releaseLead() {
	if s.lead != nil {
		s.lead.Release()
	}
}
