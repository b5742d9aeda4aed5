package mailplay

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/emersion/go-imap/v2"
)

// handleParallel is how many mails of a batch are handled at once. Mails
// of one sender, or of one game, are handled one after the other in the
// order they arrived; the others overlap, so their database commits share
// one sync and their IMAP, parsing and storage work interleave.
const handleParallel = 8

// drain handles every mail after the cursor, in batches of fetchBatch in
// UID order, and after each batch saves the cursor (past the mails handled
// without a gap) and acknowledges the mails handled. It returns the new
// cursor. A mail handled again after a crash between its commit and the
// cursor's is recognised by its dedup key and changes nothing.
func (t *Transport) drain(ctx context.Context, s *imapSession, cur cursorState) (cursorState, error) {
	for {
		uids, err := s.search(imap.UID(cur.LastUID))
		if err != nil || len(uids) == 0 {
			return cur, err
		}
		for len(uids) > 0 {
			batch := uids[:min(fetchBatch, len(uids))]
			uids = uids[len(batch):]
			mails, err := s.fetch(batch)
			if err != nil {
				return cur, err
			}
			slices.SortFunc(mails, func(a, b fetched) int { return int(int64(a.uid) - int64(b.uid)) })
			results := t.handleBatch(ctx, mails)
			next, done := cur, make([]imap.UID, 0, len(mails))
			gap := false
			var failed error
			for i, m := range mails {
				r := results[i]
				if !r.handled {
					gap = true
					failed = cmp.Or(failed, r.err)
					continue
				}
				done = append(done, m.uid)
				if !gap {
					next.LastUID = uint32(m.uid)
				}
			}
			if next != cur {
				if err := t.saveCursor(ctx, next); err != nil {
					// the database cannot record (a full disk): keep the
					// connection and try again after a backoff; the mails
					// handled stay in the mailbox and are recognised then
					return cur, &retryLater{fmt.Errorf("save the mailbox cursor: %w", err)}
				}
				cur = next
			}
			ackErr := s.acknowledge(done)
			if failed != nil {
				return cur, errors.Join(&retryLater{failed}, ackErr)
			}
			if ackErr != nil {
				return cur, ackErr
			}
			if ctx.Err() != nil {
				return cur, ctx.Err()
			}
		}
	}
}

// batchResult is what became of one mail of a batch: handled (its
// effects committed), failed with err (tried again later), or neither
// (not started: Run is stopping, or a mail before it of the same sender or
// game was not handled).
type batchResult struct {
	handled bool
	err     error
}

// mailTask is one mail of a batch being handled; done closes when it is
// finished, ok (set before) says it was handled.
type mailTask struct {
	done chan struct{}
	ok   bool
}

// handleBatch handles the mails of a batch (in UID order), up to
// handleParallel at once, each after the mails before it that share its
// sender or game. It returns each mail's result.
func (t *Transport) handleBatch(ctx context.Context, mails []fetched) []batchResult {
	results := make([]batchResult, len(mails))
	last := map[string]*mailTask{}
	slots := make(chan struct{}, handleParallel)
	var wg sync.WaitGroup
	for i, m := range mails {
		in, perr := ParseInbound(m.raw)
		task := &mailTask{done: make(chan struct{})}
		var after []*mailTask
		for _, k := range t.orderKeys(in) {
			if prev := last[k]; prev != nil {
				after = append(after, prev)
			}
			last[k] = task
		}
		wg.Go(func() {
			defer close(task.done)
			for _, prev := range after {
				if <-prev.done; !prev.ok {
					return
				}
			}
			slots <- struct{}{}
			defer func() { <-slots }()
			if ctx.Err() != nil {
				return // take no new mail
			}
			ev, err := t.handleMail(ctx, m, in, perr)
			if err != nil {
				results[i].err = err
				return
			}
			results[i].handled, task.ok = true, true
			if t.opts.OnMail != nil {
				t.opts.OnMail(ev)
			}
		})
	}
	wg.Wait()
	return results
}

// orderKeys are what a mail must be handled in order with: its sender and
// the game it addresses (none for an unreadable mail).
func (t *Transport) orderKeys(in *Inbound) []string {
	if in == nil {
		return nil
	}
	keys := []string{"from:" + baseAddress(in.From.Addr)}
	if game := t.gameOf(in); game != "" {
		keys = append(keys, "game:"+game)
	}
	return keys
}
