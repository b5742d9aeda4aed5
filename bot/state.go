package bot

import (
	"context"
	"fmt"
)

// Adapter state: each transport has its own key-value space in the store
// (an IMAP cursor, the mail thread of each game, a Discord thread id),
// never mixed with another transport's. Writes that must be atomic with a
// message's effects go in Message.State; the methods here read and write
// it on their own.

// StateTx reads and writes one transport's adapter state in a transaction.
type StateTx interface {
	Get(key string) ([]byte, error) // ErrNotFound when absent
	Put(key string, value []byte) error
	Delete(key string) error
	Scan(prefix string, fn func(key string, value []byte) error) error
}

type stateTx struct {
	tx        Tx
	transport string
}

func (t stateTx) Get(key string) ([]byte, error)     { return t.tx.State(t.transport, key) }
func (t stateTx) Put(key string, value []byte) error { return t.tx.PutState(t.transport, key, value) }
func (t stateTx) Delete(key string) error            { return t.tx.DeleteState(t.transport, key) }
func (t stateTx) Scan(prefix string, fn func(key string, value []byte) error) error {
	return t.tx.ScanState(t.transport, prefix, fn)
}

// ViewState runs fn on a transport's adapter state, read-only.
func (r *Referee) ViewState(ctx context.Context, transport string, fn func(StateTx) error) error {
	if err := r.store.View(ctx, func(tx Tx) error { return fn(stateTx{tx, transport}) }); err != nil {
		return fmt.Errorf("bot: %s state: %w", transport, err)
	}
	return nil
}

// UpdateState runs fn on a transport's adapter state in one durable
// transaction. Like Store.Update, fn may run more than once and must have
// no other effect.
func (r *Referee) UpdateState(ctx context.Context, transport string, fn func(StateTx) error) error {
	if err := r.store.Update(ctx, func(tx Tx) error { return fn(stateTx{tx, transport}) }); err != nil {
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
