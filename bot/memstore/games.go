package memstore

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/record"
)

// Game implements record.Tx.
func (tx *txn) Game(id string) (*record.Game, error) {
	return get[string, record.Game]("game", tx.t.games, id)
}

// PutGame implements record.Tx.
func (tx *txn) PutGame(g *record.Game) error {
	if g.ID == "" {
		return ErrEmptyKey
	}
	return put(tx, "games", &tx.t.games, g.ID, g)
}

// NewGameID implements record.Tx.
func (tx *txn) NewGameID() (string, error) {
	if !tx.writable {
		return "", ErrReadOnly
	}
	tx.t.gameSeq++
	return "g" + strconv.FormatUint(tx.t.gameSeq, 10), nil
}

// games decodes every game, in id order.
func (tx *txn) games() ([]*record.Game, error) {
	ids := slices.SortedFunc(func(yield func(string) bool) {
		for id := range tx.t.games {
			if !yield(id) {
				return
			}
		}
	}, compareGameIDs)
	out := make([]*record.Game, 0, len(ids))
	for _, id := range ids {
		g, err := tx.Game(id)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// GamesOf implements record.Tx.
func (tx *txn) GamesOf(player string) ([]string, error) {
	gs, err := tx.games()
	var ids []string
	for _, g := range gs {
		if g.Players[0] == player || g.Players[1] == player {
			ids = append(ids, g.ID)
		}
	}
	return ids, err
}

// DueGames implements record.Tx.
func (tx *txn) DueGames(now time.Time, limit int) ([]string, error) {
	gs, err := tx.games()
	if err != nil {
		return nil, err
	}
	gs = slices.DeleteFunc(gs, func(g *record.Game) bool { return g.Wake.IsZero() || g.Wake.After(now) })
	slices.SortStableFunc(gs, func(a, b *record.Game) int {
		return cmp.Or(a.Wake.Compare(b.Wake), strings.Compare(a.ID, b.ID))
	})
	var ids []string
	for _, g := range gs {
		if limit > 0 && len(ids) == limit {
			break
		}
		ids = append(ids, g.ID)
	}
	return ids, nil
}

// CountGames implements record.Tx.
func (tx *txn) CountGames() (map[record.Status]int, error) {
	gs, err := tx.games()
	n := map[record.Status]int{}
	for _, g := range gs {
		n[g.Status]++
	}
	return n, err
}

// ForEachGame implements record.Tx.
func (tx *txn) ForEachGame(fn func(*record.Game) error) error {
	gs, err := tx.games()
	return each(gs, err, fn)
}
