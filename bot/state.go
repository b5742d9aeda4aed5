package bot

import (
	"context"
	"fmt"

	"github.com/takbymail/takbot/record"
)

// Adapter state: each transport has its own key-value space in the store
// (an IMAP cursor, the mail thread of each game, a Discord thread id),
// never mixed with another transport's. Writes that must be atomic with a
// message's effects go in Message.State; the methods here read and write
// it on their own.

// ViewState runs fn on a transport's adapter state, read-only.
func (r *Referee) ViewState(ctx context.Context, transport string, fn func(StateTx) error) error {
	if err := r.store.View(ctx, func(tx Tx) error { return fn(record.StateOf(tx, transport)) }); err != nil {
		return fmt.Errorf("bot: %s state: %w", transport, err)
	}
	return nil
}

// UpdateState runs fn on a transport's adapter state in one durable
// transaction. Like Store.Update, fn may run more than once and must have
// no other effect.
func (r *Referee) UpdateState(ctx context.Context, transport string, fn func(StateTx) error) error {
	if err := r.store.Update(ctx, func(tx Tx) error { return fn(record.StateOf(tx, transport)) }); err != nil {
		return fmt.Errorf("bot: %s state: %w", transport, err)
	}
	return nil
}

// Reply returns a reply of the outbox or the log (for transports that
// look up what a bounce refers to).
func (r *Referee) Reply(ctx context.Context, id string) (*Reply, error) {
	var rp *Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		rp, err = tx.Reply(id)
		return err
	})
	return rp, err
}
