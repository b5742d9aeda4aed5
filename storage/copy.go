package storage

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot"
)

// Sink receives every record of a store, as "takbot db copy" moves them
// from one store to another (a bbolt file, PostgreSQL). Replies come with
// their Seq, which the receiving store keeps.
type Sink interface {
	// Counters gives the last game number and reply sequence allocated.
	Counters(games, replies uint64) error
	Game(g *bot.GameRecord) error
	Player(p *bot.PlayerRecord) error
	Processed(r *bot.ProcessedRecord) error
	Reply(r *bot.Reply) error
	State(transport, key string, value []byte) error
}

// Copier is a store whose whole content can be listed and loaded: DB
// here, pgstore.Store for PostgreSQL.
type Copier interface {
	bot.Store
	// Dump gives every record to s in one consistent snapshot: the
	// counters first, then games, players, processed records, replies in
	// outbox order and the adapter state.
	Dump(ctx context.Context, s Sink) error
	// Load writes what fill gives its Sink into the store, which must be
	// empty, in one transaction. fill may be called more than once.
	Load(ctx context.Context, fill func(Sink) error) error
}

// ErrNotEmpty is returned by Load into a store that holds records.
var ErrNotEmpty = errors.New("the target database is not empty")

var _ Copier = (*DB)(nil)

// Dump implements Copier.
func (d *DB) Dump(ctx context.Context, s Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return d.db.View(func(tx *bolt.Tx) error {
		t := &txn{tx: tx, lanes: &d.lanes}
		games, log := tx.Bucket(bGames), tx.Bucket(bLog)
		if games == nil || log == nil {
			return fmt.Errorf("%w: missing buckets", ErrCorrupt)
		}
		if err := s.Counters(games.Sequence(), log.Sequence()); err != nil {
			return err
		}
		if err := t.ForEachGame(s.Game); err != nil {
			return err
		}
		if err := tx.Bucket(bPlayers).ForEach(func(k, _ []byte) error {
			p, err := t.Player(string(k))
			if err != nil {
				return err
			}
			return s.Player(p)
		}); err != nil {
			return err
		}
		if err := tx.Bucket(bProcessed).ForEach(func(k, v []byte) error {
			if len(k) == 0 || k[len(k)-1] != tagProcessed {
				return nil // a reply's sequence number
			}
			id := string(k[:len(k)-1])
			r, err := decodeProcessed(id, v)
			if err != nil {
				return &bot.DamagedRecordError{Kind: "processed message", Key: id, Err: err}
			}
			return s.Processed(r)
		}); err != nil {
			return err
		}
		if err := log.ForEach(func(k, _ []byte) error {
			r, err := reply(log, k)
			if err != nil {
				return err
			}
			return s.Reply(r)
		}); err != nil {
			return err
		}
		state := tx.Bucket(bState)
		return state.ForEach(func(transport, _ []byte) error {
			b := state.Bucket(transport)
			if b == nil {
				return nil
			}
			c := b.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				if err := s.State(string(transport), string(k), append([]byte{}, v...)); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// Load implements Copier.
func (d *DB) Load(ctx context.Context, fill func(Sink) error) error {
	return d.Update(ctx, func(btx bot.Tx) error {
		t := btx.(*txn)
		for _, name := range [][]byte{bGames, bPlayers, bProcessed, bLog} {
			if k, _ := t.tx.Bucket(name).Cursor().First(); k != nil {
				return fmt.Errorf("%w: its bucket %s holds records", ErrNotEmpty, name)
			}
		}
		if k, _ := t.tx.Bucket(bState).Cursor().First(); k != nil {
			return fmt.Errorf("%w: it holds adapter state", ErrNotEmpty)
		}
		return fill(&boltSink{t: t})
	})
}

// boltSink writes records into a write transaction.
type boltSink struct{ t *txn }

func (s *boltSink) Counters(games, replies uint64) error {
	if err := s.t.tx.Bucket(bGames).SetSequence(games); err != nil {
		return err
	}
	return s.t.tx.Bucket(bLog).SetSequence(replies)
}

func (s *boltSink) Game(g *bot.GameRecord) error           { return s.t.PutGame(g) }
func (s *boltSink) Player(p *bot.PlayerRecord) error       { return s.t.PutPlayer(p) }
func (s *boltSink) Processed(r *bot.ProcessedRecord) error { return s.t.MarkProcessed(r) }
func (s *boltSink) State(transport, key string, value []byte) error {
	return s.t.PutState(transport, key, value)
}

// Reply writes r under its own Seq.
func (s *boltSink) Reply(r *bot.Reply) error {
	if r.ID == "" || r.To.Transport == "" || r.Seq == 0 {
		return fmt.Errorf("reply %q (seq %d): %w", r.ID, r.Seq, ErrEmptyKey)
	}
	log, ids := s.t.tx.Bucket(bLog), s.t.tx.Bucket(bProcessed)
	idKey := replyIDKey(r.ID)
	if ids.Get(idKey) != nil {
		return fmt.Errorf("reply %s: %w", r.ID, ErrDuplicateReply)
	}
	if log.Get(seqKey(r.Seq)) != nil {
		return fmt.Errorf("reply %s: sequence %s: %w", r.ID, strconv.FormatUint(r.Seq, 10), ErrDuplicateReply)
	}
	raw, err := encodeReply(r)
	if err != nil {
		return err
	}
	if err := log.Put(seqKey(r.Seq), raw); err != nil {
		return err
	}
	if err := ids.Put(idKey, seqKey(r.Seq)); err != nil {
		return err
	}
	if r.Seq > log.Sequence() {
		if err := log.SetSequence(r.Seq); err != nil {
			return err
		}
	}
	h := headerOf(r)
	return s.t.indexReply(r.Seq, &h, true)
}
