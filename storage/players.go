package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/takbymail/takbot/record"
)

// foldName maps a name to a key shared by exactly the names equal to it
// under strings.EqualFold: each character becomes the smallest character
// of its case-folding orbit (so "Σ", "σ" and "ς" all become "Σ"), and each
// byte that is not UTF-8 becomes U+FFFD, as EqualFold reads it.
func foldName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
		i += size
	}
	return b.String()
}

// Player implements record.Tx.
func (t *txn) Player(key string) (*record.Player, error) {
	b, err := t.bucket(bPlayers)
	if err != nil {
		return nil, err
	}
	p := new(record.Player)
	if err := getJSON(b, []byte(key), p); errors.Is(err, ErrCorrupt) {
		return nil, &record.DamagedRecordError{Kind: "player", Key: key, Err: err}
	} else if err != nil {
		return nil, fmt.Errorf("player %s: %w", key, err)
	}
	return p, nil
}

// PutPlayer implements record.Tx.
func (t *txn) PutPlayer(p *record.Player) error {
	if p.Key == "" {
		return fmt.Errorf("player: %w", ErrEmptyKey)
	}
	bs, err := t.buckets(bPlayers, bNames)
	if err != nil {
		return err
	}
	players, names := bs[0], bs[1]
	key := []byte(p.Key)
	if raw := players.Get(key); raw != nil {
		var old struct{ Name string }
		if err := json.Unmarshal(raw, &old); err != nil {
			return fmt.Errorf("player %s: %w: %w", p.Key, ErrCorrupt, err)
		}
		if err := names.Delete(prefixed(foldName(old.Name), key)); err != nil {
			return err
		}
	}
	if err := putJSON(players, key, p); err != nil {
		return fmt.Errorf("player %s: %w", p.Key, err)
	}
	return names.Put(prefixed(foldName(p.Name), key), nil)
}

// PlayersNamed implements record.Tx: the keys in order.
func (t *txn) PlayersNamed(name string) ([]string, error) {
	b, err := t.bucket(bNames)
	if err != nil {
		return nil, err
	}
	prefix := prefixed(foldName(name))
	var keys []string
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, string(k[len(prefix):]))
	}
	return keys, nil
}
