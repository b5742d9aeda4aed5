package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

var _ storage.Copier = (*Store)(nil)

// Dump implements storage.Copier: one REPEATABLE READ snapshot, so that a
// running leader's database copies consistently.
func (s *Store) Dump(ctx context.Context, sink storage.Sink) error {
	return s.View(ctx, func(btx record.Tx) error {
		t := btx.(*txn)
		var games, replies int64
		err := t.queryRow(`SELECT (SELECT value FROM takbot_meta WHERE name = 'games'),
			(SELECT value FROM takbot_meta WHERE name = 'replies')`).Scan(&games, &replies)
		if err != nil {
			return t.fail(err)
		}
		if err := sink.Counters(uint64(games), uint64(replies)); err != nil {
			return err
		}
		if err := t.ForEachGame(sink.Game); err != nil {
			return err
		}
		players, err := t.keyed(`SELECT key, data FROM takbot_players ORDER BY key`)
		if err != nil {
			return err
		}
		for _, r := range players {
			p, err := t.Player(string(r.key))
			if err != nil {
				return err
			}
			if err := sink.Player(p); err != nil {
				return err
			}
		}
		events, err := t.Tourneys()
		if err != nil {
			return err
		}
		for _, k := range events {
			v, err := t.Tourney(k)
			if err != nil {
				return err
			}
			if err := sink.Tourney(v); err != nil {
				return err
			}
		}
		processed, err := t.keyed(`SELECT id, data FROM takbot_processed ORDER BY id`)
		if err != nil {
			return err
		}
		for _, r := range processed {
			p, err := storage.DecodeProcessed(string(r.key), r.raw)
			if err != nil {
				return &record.DamagedRecordError{Kind: "processed message", Key: string(r.key), Err: err}
			}
			if err := sink.Processed(p); err != nil {
				return err
			}
		}
		if err := t.ForEachReply(sink.Reply); err != nil {
			return err
		}
		rows, err := t.query(`SELECT transport, key, value FROM takbot_state ORDER BY transport, key`)
		if err != nil {
			return t.fail(err)
		}
		type kv struct{ transport, key, value []byte }
		state, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (kv, error) {
			var x kv
			err := r.Scan(&x.transport, &x.key, &x.value)
			return x, err
		})
		if err != nil {
			return t.fail(err)
		}
		for _, x := range state {
			if err := sink.State(string(x.transport), string(x.key), bytesArg(x.value)); err != nil {
				return err
			}
		}
		return nil
	})
}

// keyed reads every row of a query of a key and a record.
func (t *txn) keyed(sql string, args ...any) ([]row, error) {
	rows, err := t.query(sql, args...)
	if err != nil {
		return nil, t.fail(err)
	}
	rs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.key, &x.raw)
		return x, err
	})
	if err != nil {
		return nil, t.fail(err)
	}
	return rs, nil
}

// Load implements storage.Copier: one transaction into empty tables.
func (s *Store) Load(ctx context.Context, fill func(storage.Sink) error) error {
	return s.Update(ctx, func(btx record.Tx) error {
		t := btx.(*txn)
		var full bool
		err := t.queryRow(`SELECT EXISTS (SELECT 1 FROM takbot_games) OR EXISTS (SELECT 1 FROM takbot_players)
			OR EXISTS (SELECT 1 FROM takbot_processed) OR EXISTS (SELECT 1 FROM takbot_replies)
			OR EXISTS (SELECT 1 FROM takbot_state) OR EXISTS (SELECT 1 FROM takbot_tourneys)`).Scan(&full)
		if err != nil {
			return t.fail(err)
		}
		if full {
			return fmt.Errorf("%w: its takbot_ tables hold records", storage.ErrNotEmpty)
		}
		return fill(&pgSink{t: t})
	})
}

// pgSink writes records into a write transaction.
type pgSink struct{ t *txn }

func (s *pgSink) Counters(games, replies uint64) error {
	return s.t.exec(`UPDATE takbot_meta SET value = CASE name WHEN 'games' THEN $1::bigint ELSE $2::bigint END
		WHERE name IN ('games', 'replies')`, int64(games), int64(replies))
}

func (s *pgSink) Game(g *record.Game) error           { return s.t.PutGame(g) }
func (s *pgSink) Player(p *record.Player) error       { return s.t.PutPlayer(p) }
func (s *pgSink) Tourney(v *record.Tourney) error     { return s.t.PutTourney(v) }
func (s *pgSink) Processed(r *record.Processed) error { return s.t.MarkProcessed(r) }
func (s *pgSink) State(transport, key string, value []byte) error {
	return s.t.PutState(transport, key, value)
}

// Reply writes r under its own Seq, raising the reply counter to it.
func (s *pgSink) Reply(r *record.Reply) error {
	if r.ID == "" || r.To.Transport == "" || r.Seq == 0 {
		return fmt.Errorf("reply %q (seq %d): %w", r.ID, r.Seq, ErrEmptyKey)
	}
	raw, err := storage.EncodeReply(r)
	if err != nil {
		return err
	}
	if err := s.t.insertReply(int64(r.Seq), r, raw); err != nil {
		return err
	}
	return s.t.exec(`UPDATE takbot_meta SET value = greatest(value, $1) WHERE name = 'replies'`, int64(r.Seq))
}
