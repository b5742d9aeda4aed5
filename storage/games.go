package storage

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/record"
)

// gameIndex is what the indexes hold of a game, kept in the gameindex
// bucket so that PutGame can remove the entries a change makes stale
// without decoding the old record.
type gameIndex struct {
	status  record.Status
	wake    time.Time
	players [2]string
}

func (gi gameIndex) encode() []byte {
	e := encoder{b: make([]byte, 0, 64)}
	e.str(string(gi.status))
	e.time(gi.wake)
	e.str(gi.players[0])
	e.str(gi.players[1])
	return e.b
}

// same reports whether two index entries hold the same (encode writes
// the wake's instant, not its location).
func (gi gameIndex) same(o gameIndex) bool {
	return gi.status == o.status && gi.players == o.players && gi.wake.Equal(o.wake)
}

func decodeGameIndex(raw []byte) (gameIndex, error) {
	d := decoder{b: raw}
	gi := gameIndex{status: record.Status(d.str()), wake: d.time(), players: [2]string{d.str(), d.str()}}
	return gi, d.end("game index")
}

// wakeKey is a game's key in the wake index.
func wakeKey(wake time.Time, id string) []byte { return append(timeKey(wake), id...) }

// compareGameIDs orders game ids as NewGameID allocates them: "g2"
// before "g10".
func compareGameIDs(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

// Game implements record.Tx.
func (t *txn) Game(id string) (*record.Game, error) {
	b, err := t.bucket(bGames)
	if err != nil {
		return nil, err
	}
	g := new(record.Game)
	if err := getJSON(b, []byte(id), g); errors.Is(err, ErrCorrupt) {
		return nil, &record.DamagedRecordError{Kind: "game", Key: id, Err: err}
	} else if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return g, nil
}

// PutGame implements record.Tx.
func (t *txn) PutGame(g *record.Game) error {
	if g.ID == "" {
		return fmt.Errorf("game: %w", ErrEmptyKey)
	}
	bs, err := t.buckets(bGames, bGameIndex, bPlayerGames, bWake, bGameCounts)
	if err != nil {
		return err
	}
	games, index, playerGames, wakes, counts := bs[0], bs[1], bs[2], bs[3], bs[4]
	id := []byte(g.ID)
	var old gameIndex
	raw := index.Get(id)
	had := raw != nil
	if had {
		if old, err = decodeGameIndex(raw); err != nil {
			return fmt.Errorf("game %s: %w", g.ID, err)
		}
	}
	raw, err = t.gameJSON(g)
	if err == nil {
		err = games.Put(id, raw)
	}
	if err != nil {
		return fmt.Errorf("game %s: %w", g.ID, err)
	}
	// What the indexes hold of the game changes less often than the game:
	// its entries are left as they are, untouched, when their part of the
	// index entry is unchanged (a Put of the same key and value would
	// still rewrite its page at the commit).
	cur := gameIndex{status: g.Status, wake: g.Wake, players: g.Players}
	if !had || !old.same(cur) {
		if err := index.Put(id, cur.encode()); err != nil {
			return err
		}
	}
	if !had || old.status != cur.status {
		if had {
			if err := addCount(counts, []byte(old.status), -1); err != nil {
				return err
			}
		}
		if err := addCount(counts, []byte(cur.status), 1); err != nil {
			return err
		}
	}
	if !had || !old.wake.Equal(cur.wake) {
		if err := moveWake(wakes, g.ID, old.wake, cur.wake); err != nil {
			return err
		}
	}
	if had && old.players == cur.players {
		return nil
	}
	return indexPlayers(playerGames, g.ID, old.players, cur.players)
}

// moveWake moves a game's entry in the wake index; a zero time has none.
func moveWake(wakes *bolt.Bucket, id string, from, to time.Time) error {
	if !from.IsZero() {
		if err := wakes.Delete(wakeKey(from, id)); err != nil {
			return err
		}
	}
	if to.IsZero() {
		return nil
	}
	return wakes.Put(wakeKey(to, id), nil)
}

// indexPlayers moves a game's entries in the player → games index from
// the old players to the current ones.
func indexPlayers(b *bolt.Bucket, id string, old, cur [2]string) error {
	for _, p := range old {
		if p != "" && p != cur[0] && p != cur[1] {
			if err := b.Delete(prefixed(p, []byte(id))); err != nil {
				return err
			}
		}
	}
	for _, p := range cur {
		if p != "" {
			if err := b.Put(prefixed(p, []byte(id)), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// NewGameID implements record.Tx.
func (t *txn) NewGameID() (string, error) {
	b, err := t.bucket(bGames)
	if err != nil {
		return "", err
	}
	n, err := b.NextSequence()
	if err != nil {
		return "", err
	}
	return "g" + strconv.FormatUint(n, 10), nil
}

// GamesOf implements record.Tx.
func (t *txn) GamesOf(player string) ([]string, error) {
	b, err := t.bucket(bPlayerGames)
	if err != nil {
		return nil, err
	}
	prefix := prefixed(player)
	var ids []string
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		ids = append(ids, string(k[len(prefix):]))
	}
	slices.SortFunc(ids, compareGameIDs)
	return ids, nil
}

// DueGames implements record.Tx: a walk of the wake index from its start,
// which stops at the first game not due.
func (t *txn) DueGames(now time.Time, limit int) ([]string, error) {
	b, err := t.bucket(bWake)
	if err != nil {
		return nil, err
	}
	end := timeKey(now)
	var ids []string
	c := b.Cursor()
	for k, _ := c.First(); k != nil && (limit <= 0 || len(ids) < limit); k, _ = c.Next() {
		if len(k) < timeKeyLen {
			return nil, fmt.Errorf("%w: wake index key %x", ErrCorrupt, k)
		}
		if bytes.Compare(k[:timeKeyLen], end) > 0 {
			break
		}
		ids = append(ids, string(k[timeKeyLen:]))
	}
	return ids, nil
}

// CountGames implements record.Tx.
func (t *txn) CountGames() (map[record.Status]int, error) {
	b, err := t.bucket(bGameCounts)
	if err != nil {
		return nil, err
	}
	out := map[record.Status]int{}
	err = b.ForEach(func(k, _ []byte) error {
		out[record.Status(k)] = count(b, k)
		return nil
	})
	return out, err
}

// ForEachGame implements record.Tx.
func (t *txn) ForEachGame(fn func(*record.Game) error) error {
	b, err := t.bucket(bGames)
	if err != nil {
		return err
	}
	var ids []string
	if err := b.ForEach(func(k, _ []byte) error { ids = append(ids, string(k)); return nil }); err != nil {
		return err
	}
	slices.SortFunc(ids, compareGameIDs)
	var damaged []error
	for _, id := range ids {
		g, err := t.Game(id)
		if errors.Is(err, ErrCorrupt) {
			if len(damaged) < 100 {
				damaged = append(damaged, err)
			}
			continue // the others go on
		}
		if err != nil {
			return err
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return errors.Join(damaged...)
}
