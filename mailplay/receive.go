package mailplay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/record"
)

// idleRefresh is how long one IDLE lasts before the connection is checked
// with a fresh command (a dead connection is silent during IDLE).
const idleRefresh = 10 * time.Minute

// handleTimeout bounds the handling of one mail once it has started; a
// mail in flight when Run's context ends is finished within it.
const handleTimeout = time.Minute

// Run reads the mailbox until ctx ends: it connects over IMAP, handles the
// mail waiting there, then waits for more with IDLE (or polls every
// PollInterval where the server has no IDLE), and reconnects with capped
// backoff whenever the connection fails, meanwhile reporting the mailbox
// as disconnected in Health. It also sends the confirmation requests of
// unauthenticated mail. It returns nil once ctx ends and the mail in
// flight is finished.
func (t *Transport) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t.confirmLoop(ctx)
	}()
	defer wg.Wait()
	reconnects := backoff.Counter{Policy: t.retryPolicy()}
	for {
		connected, err := t.serve(ctx)
		if ctx.Err() != nil {
			t.health.set(false, "IMAP: stopped", t.opts.Clock.Now())
			t.smtp.close()
			return nil
		}
		if connected {
			reconnects.Reset()
		}
		wait := reconnects.Fail()
		t.health.set(false, "IMAP: "+err.Error(), t.opts.Clock.Now())
		t.log.Warn("mailbox disconnected; reconnecting", "err", err, "in", wait)
		select {
		case <-ctx.Done():
		case <-t.after(wait):
		}
	}
}

// retryPolicy is the backoff of reconnecting and of retrying a mail:
// doubling from MinBackoff, capped at MaxBackoff, with jitter (between
// half and all).
func (t *Transport) retryPolicy() backoff.Policy {
	return backoff.Policy{Min: t.opts.MinBackoff, Max: t.opts.MaxBackoff, Jitter: true}
}

// backoff is the wait after n failures in a row (see retryPolicy).
func (t *Transport) backoff(n int) time.Duration { return t.retryPolicy().Wait(n, nil) }

// retryLater is a mail the referee could not take now (storage trouble):
// it stays in the mailbox and is tried again after a backoff.
type retryLater struct{ err error }

func (e *retryLater) Error() string { return "handling a mail failed, retried later: " + e.err.Error() }
func (e *retryLater) Unwrap() error { return e.err }

// serve runs one IMAP connection until it fails or ctx ends. connected
// reports whether it got as far as selecting the mailbox.
func (t *Transport) serve(ctx context.Context) (connected bool, err error) {
	// The secret that keys the ids of the bot's mail is made at the first
	// start (and read at every start), before any mail is read.
	if _, err := t.secret(ctx); err != nil {
		return false, err
	}
	if err := t.backfillConsent(ctx); err != nil {
		return false, err
	}
	s, err := t.dialIMAP(ctx)
	if err != nil {
		return false, err
	}
	defer s.close()
	cur, err := t.loadCursor(ctx)
	if err != nil {
		return true, err
	}
	mailbox := t.cfg.IMAP.Mailbox
	if cur.Mailbox != mailbox || cur.UIDValidity != s.validity {
		if cur.UIDValidity != 0 {
			t.log.Warn("the mailbox changed (new UIDVALIDITY): reading it all again; mail handled before is recognised and not answered twice",
				"mailbox", mailbox, "old", cur.UIDValidity, "new", s.validity)
		}
		cur = cursorState{Mailbox: mailbox, UIDValidity: s.validity}
		if err := t.saveCursor(ctx, cur); err != nil {
			return true, err
		}
	}
	mode := "IDLE"
	if !s.idle {
		mode = "polling every " + t.cfg.PollInterval.String()
	}
	t.health.set(true, fmt.Sprintf("IMAP %s, mailbox %s (%s)", t.cfg.IMAP.Addr(), mailbox, mode), t.opts.Clock.Now())
	t.log.Info("mailbox connected", "server", t.cfg.IMAP.Addr(), "mailbox", mailbox, "mode", mode)
	left, err := s.handledLeft(imap.UID(cur.LastUID))
	if err != nil {
		return true, err
	}
	if err := s.acknowledge(left); err != nil {
		return true, err
	}
	retries := backoff.Counter{Policy: t.retryPolicy()}
	for {
		cur, err = t.drain(ctx, s, cur)
		var rl *retryLater
		switch {
		case ctx.Err() != nil:
			return true, ctx.Err()
		case errors.As(err, &rl):
			wait := retries.Fail()
			level := slog.LevelDebug // the first failure of a row is enough in the log
			if retries.Failures() == 1 {
				level = slog.LevelError
			}
			t.log.Log(ctx, level, "a mail could not be handled; it stays in the mailbox", "err", rl.err, "retry_in", wait, "failures", retries.Failures())
			select {
			case <-ctx.Done():
				return true, ctx.Err()
			case <-t.after(wait):
			}
			continue
		case err != nil:
			return true, err
		}
		retries.Reset()
		if err := s.waitForMail(ctx, t.cfg.PollInterval, idleRefresh); err != nil {
			return true, err
		}
	}
}

// loadCursor reads the IMAP cursor.
func (t *Transport) loadCursor(ctx context.Context) (cursorState, error) {
	var cur cursorState
	err := t.ref.ViewState(ctx, TransportName, func(tx record.StateTx) error {
		_, err := getJSON(tx, keyCursor, &cur)
		return err
	})
	if t.ref.SetAside(err) {
		// as after a new UIDVALIDITY: mail handled before is recognised
		t.log.Warn("the mailbox cursor is damaged: reading the whole mailbox again")
		return cursorState{}, nil
	}
	return cur, err
}

// saveCursor writes the IMAP cursor on its own (for mail the referee does
// not handle; a handled mail's cursor is written with its effects).
func (t *Transport) saveCursor(ctx context.Context, cur cursorState) error {
	return t.ref.UpdateState(ctx, TransportName, func(tx record.StateTx) error {
		return putJSON(tx, keyCursor, cur)
	})
}
