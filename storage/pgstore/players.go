package pgstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// Player implements record.Tx.
func (t *txn) Player(key string) (*record.Player, error) {
	var raw []byte
	err := t.queryRow(`SELECT data FROM takbot_players WHERE key = $1`, []byte(key)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("player %s: %w", key, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	p := new(record.Player)
	if err := json.Unmarshal(raw, p); err != nil {
		return nil, damaged("player", key, err)
	}
	return p, nil
}

// PutPlayer implements record.Tx.
func (t *txn) PutPlayer(p *record.Player) error {
	if err := t.write(); err != nil {
		return err
	}
	if p.Key == "" {
		return fmt.Errorf("player: %w", ErrEmptyKey)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("player %s: %w", p.Key, err)
	}
	return t.exec(`INSERT INTO takbot_players (key, folded, data) VALUES ($1, $2, $3)
		ON CONFLICT (key) DO UPDATE SET folded = $2, data = $3`, []byte(p.Key), []byte(storage.FoldName(p.Name)), raw)
}

// PlayersNamed implements record.Tx: the keys in order.
func (t *txn) PlayersNamed(name string) ([]string, error) {
	return t.strings(`SELECT key FROM takbot_players WHERE folded = $1 ORDER BY key`, []byte(storage.FoldName(name)))
}

// Processed implements record.Tx.
func (t *txn) Processed(msgID string) (*record.Processed, error) {
	var raw []byte
	err := t.queryRow(`SELECT data FROM takbot_processed WHERE id = $1`, []byte(msgID)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("processed message %s: %w", msgID, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	r, err := storage.DecodeProcessed(msgID, raw)
	if err != nil {
		return nil, &record.DamagedRecordError{Kind: "processed message", Key: msgID, Err: err}
	}
	return r, nil
}

// MarkProcessed implements record.Tx.
func (t *txn) MarkProcessed(r *record.Processed) error {
	if err := t.write(); err != nil {
		return err
	}
	if r.ID == "" {
		return fmt.Errorf("processed message: %w", ErrEmptyKey)
	}
	s, ns := timeArgs(r.At)
	return t.exec(`INSERT INTO takbot_processed (id, at_s, at_ns, data) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO UPDATE SET at_s = $2, at_ns = $3, data = $4`, []byte(r.ID), s, ns, storage.EncodeProcessed(r))
}

// State implements record.Tx.
func (t *txn) State(transport, key string) ([]byte, error) {
	var v []byte
	err := t.queryRow(`SELECT value FROM takbot_state WHERE transport = $1 AND key = $2`,
		[]byte(transport), []byte(key)).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("state %s %q: %w", transport, key, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	return bytesArg(v), nil
}

// PutState implements record.Tx.
func (t *txn) PutState(transport, key string, value []byte) error {
	if err := t.write(); err != nil {
		return err
	}
	if transport == "" || key == "" {
		return fmt.Errorf("state %q %q: %w", transport, key, ErrEmptyKey)
	}
	return t.exec(`INSERT INTO takbot_state (transport, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (transport, key) DO UPDATE SET value = $3`, []byte(transport), []byte(key),
		append([]byte{}, value...)) // sent later: a copy, which the caller cannot change
}

// DeleteState implements record.Tx.
func (t *txn) DeleteState(transport, key string) error {
	if err := t.write(); err != nil {
		return err
	}
	return t.exec(`DELETE FROM takbot_state WHERE transport = $1 AND key = $2`, []byte(transport), []byte(key))
}

// ScanState implements record.Tx, a page at a time.
func (t *txn) ScanState(transport, prefix string, fn func(key string, value []byte) error) error {
	p := []byte(prefix)
	after, first := p, true
	for {
		op := ">"
		if first {
			op = ">="
		}
		rs, err := t.keyed(`SELECT key, value FROM takbot_state WHERE transport = $1 AND key `+op+` $2
			AND substring(key from 1 for $3) = $4 ORDER BY key LIMIT $5`, []byte(transport), after, len(p), p, page)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if err := fn(string(r.key), bytesArg(r.raw)); err != nil {
				return err
			}
		}
		if len(rs) < page {
			return nil
		}
		after, first = rs[len(rs)-1].key, false
	}
}

// Prune implements record.Tx: the oldest delivered or failed replies first,
// then the oldest processed records.
func (t *txn) Prune(before time.Time, limit int) (int, error) {
	if err := t.write(); err != nil {
		return 0, err
	}
	s, ns := timeArgs(before)
	tag, err := t.execNow(`DELETE FROM takbot_replies WHERE seq IN (SELECT seq FROM takbot_replies
		WHERE NOT pending AND (created_s, created_ns) < ($1, $2) ORDER BY created_s, created_ns, seq LIMIT $3)`,
		s, ns, limitArg(limit))
	if err != nil {
		return 0, err
	}
	removed := int(tag.RowsAffected())
	if limit > 0 && removed >= limit {
		return removed, nil
	}
	rest := 0
	if limit > 0 {
		rest = limit - removed
	}
	tag, err = t.execNow(`DELETE FROM takbot_processed WHERE id IN (SELECT id FROM takbot_processed
		WHERE (at_s, at_ns) < ($1, $2) ORDER BY at_s, at_ns, id LIMIT $3)`, s, ns, limitArg(rest))
	if err != nil {
		return 0, err
	}
	return removed + int(tag.RowsAffected()), nil
}

// Tourney implements record.Tx.
func (t *txn) Tourney(key string) (*record.Tourney, error) {
	var raw []byte
	err := t.queryRow(`SELECT data FROM takbot_tourneys WHERE key = $1`, []byte(key)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("event %s: %w", key, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	v := new(record.Tourney)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, damaged("event", key, err)
	}
	return v, nil
}

// PutTourney implements record.Tx.
func (t *txn) PutTourney(v *record.Tourney) error {
	if err := t.write(); err != nil {
		return err
	}
	if v.Key() == "" {
		return fmt.Errorf("event: %w", ErrEmptyKey)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("event %s: %w", v.Key(), err)
	}
	return t.exec(`INSERT INTO takbot_tourneys (key, data) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET data = $2`, []byte(v.Key()), raw)
}

// Tourneys implements record.Tx: the keys in order.
func (t *txn) Tourneys() ([]string, error) {
	return t.strings(`SELECT key FROM takbot_tourneys ORDER BY key`)
}
