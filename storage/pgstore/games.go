package pgstore

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/takbymail/takbot/record"
)

// damaged wraps a record's decoding error as a *record.DamagedRecordError.
func damaged(kind, key string, err error) error {
	return &record.DamagedRecordError{Kind: kind, Key: key, Err: fmt.Errorf("%w: %w", record.ErrDamagedRecord, err)}
}

// decodeGame decodes a game's JSON.
func decodeGame(id string, raw []byte) (*record.Game, error) {
	g := new(record.Game)
	if err := json.Unmarshal(raw, g); err != nil {
		return nil, damaged("game", id, err)
	}
	return g, nil
}

// Game implements record.Tx.
func (t *txn) Game(id string) (*record.Game, error) {
	var raw []byte
	err := t.queryRow(`SELECT data FROM takbot_games WHERE id = $1`, []byte(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("game %s: %w", id, record.ErrNotFound)
	}
	if err != nil {
		return nil, t.fail(err)
	}
	return decodeGame(id, raw)
}

// PutGame implements record.Tx.
func (t *txn) PutGame(g *record.Game) error {
	if err := t.write(); err != nil {
		return err
	}
	if g.ID == "" {
		return fmt.Errorf("game: %w", ErrEmptyKey)
	}
	raw, err := g.AppendJSON(nil)
	if err != nil {
		return fmt.Errorf("game %s: %w", g.ID, err)
	}
	var ws *int64
	var wns *int32
	if !g.Wake.IsZero() {
		s, ns := timeArgs(g.Wake)
		ws, wns = &s, &ns
	}
	return t.exec(`INSERT INTO takbot_games (id, status, wake_s, wake_ns, p0, p1, data) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (id) DO UPDATE SET status = $2, wake_s = $3, wake_ns = $4, p0 = $5, p1 = $6, data = $7`,
		[]byte(g.ID), []byte(g.Status), ws, wns, []byte(g.Players[0]), []byte(g.Players[1]), raw)
}

// NewGameID implements record.Tx.
func (t *txn) NewGameID() (string, error) {
	if err := t.write(); err != nil {
		return "", err
	}
	n, err := t.next("games")
	if err != nil {
		return "", err
	}
	return "g" + strconv.FormatInt(n, 10), nil
}

// next increments a counter of takbot_meta and returns its new value.
// The counters are read once a transaction and written back before its
// commit (saveCounters): one statement a transaction instead of one an id.
func (t *txn) next(name string) (int64, error) {
	c := &t.counters
	n, read, changed := &c.games, &c.gamesRead, &c.gamesChanged
	if name == "replies" {
		n, read, changed = &c.replies, &c.repliesRead, &c.repliesChanged
	}
	if !*read {
		if err := t.queryRow(`SELECT value FROM takbot_meta WHERE name = $1`, name).Scan(n); err != nil {
			return 0, t.fail(err)
		}
		*read = true
	}
	*n++
	*changed = true
	return *n, nil
}

// saveCounters writes the counters the transaction changed.
func (t *txn) saveCounters() error {
	c := &t.counters
	if c.gamesChanged {
		if err := t.exec(`UPDATE takbot_meta SET value = $1 WHERE name = 'games'`, c.games); err != nil {
			return err
		}
	}
	if c.repliesChanged {
		if err := t.exec(`UPDATE takbot_meta SET value = $1 WHERE name = 'replies'`, c.replies); err != nil {
			return err
		}
	}
	return nil
}

// strings runs a query whose rows are one bytea column.
func (t *txn) strings(sql string, args ...any) ([]string, error) {
	rows, err := t.query(sql, args...)
	if err != nil {
		return nil, t.fail(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
		var b []byte
		err := r.Scan(&b)
		return string(b), err
	})
	if err != nil {
		return nil, t.fail(err)
	}
	return out, nil
}

// GamesOf implements record.Tx.
func (t *txn) GamesOf(player string) ([]string, error) {
	ids, err := t.strings(`SELECT id FROM takbot_games WHERE p0 = $1 OR p1 = $1`, []byte(player))
	slices.SortFunc(ids, compareGameIDs)
	return ids, err
}

// compareGameIDs orders game ids as NewGameID allocates them.
func compareGameIDs(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

// DueGames implements record.Tx.
func (t *txn) DueGames(now time.Time, limit int) ([]string, error) {
	s, ns := timeArgs(now)
	return t.strings(`SELECT id FROM takbot_games WHERE wake_s IS NOT NULL AND (wake_s, wake_ns) <= ($1, $2)
		ORDER BY wake_s, wake_ns, id LIMIT $3`, s, ns, limitArg(limit))
}

// CountGames implements record.Tx.
func (t *txn) CountGames() (map[record.Status]int, error) {
	rows, err := t.query(`SELECT status, count(*) FROM takbot_games GROUP BY status`)
	if err != nil {
		return nil, t.fail(err)
	}
	n := map[record.Status]int{}
	var status []byte
	var c int64
	_, err = pgx.ForEachRow(rows, []any{&status, &c}, func() error {
		n[record.Status(status)] = int(c)
		return nil
	})
	if err != nil {
		return nil, t.fail(err)
	}
	return n, nil
}

// page is how many records the walks of whole tables read at a time.
const page = 256

// row is one record read by a walk.
type row struct {
	key []byte
	seq int64
	raw []byte
}

// ForEachGame implements record.Tx, a page of games at a time (fn may use
// the transaction between pages).
func (t *txn) ForEachGame(fn func(*record.Game) error) error {
	var bad []error
	after := []byte{}
	for {
		rs, err := t.keyed(`SELECT id, data FROM takbot_games WHERE (length(id), id) > (length($1::bytea), $1::bytea)
			ORDER BY length(id), id LIMIT $2`, after, page)
		if err != nil {
			return err
		}
		for _, r := range rs {
			g, err := decodeGame(string(r.key), r.raw)
			if err != nil {
				bad = append(bad, err)
				continue
			}
			if err := fn(g); err != nil {
				return err
			}
		}
		if len(rs) < page {
			return errors.Join(bad...)
		}
		after = rs[len(rs)-1].key
	}
}
