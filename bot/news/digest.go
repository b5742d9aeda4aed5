package news

import (
	"strings"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Digest is what the news part of a daily digest needs of the clock
// event being evaluated (bot/digest's Turn has it all).
type Digest interface {
	// View reads the store; AtCommit adds a write to the digest's
	// transaction.
	View(fn func(record.Tx) error) error
	AtCommit(fn func(record.Tx) error)
	// PeekGame reads a game without its lock.
	PeekGame(id string) (*record.Game, error)
}

// Held is the news held for player p's digest: the open challenges still
// open that p may still accept, and the events. The held news is deleted
// in the digest's transaction, told or not (news of a player who turned
// news off is dropped).
func Held(t Digest, p *record.Player) (words.NewsDigest, error) {
	var o words.NewsDigest
	type item struct{ key, value string }
	var items []item
	prefix := heldPrefix + p.Key + "/"
	if err := t.View(func(tx record.Tx) error {
		items = items[:0]
		return tx.ScanState(Space, prefix, func(k string, v []byte) error {
			items = append(items, item{k, string(v)})
			return nil
		})
	}); err != nil || len(items) == 0 {
		return o, err
	}
	for _, it := range items {
		name := strings.TrimPrefix(it.key, prefix)
		switch {
		case p.News == nil:
		case strings.HasPrefix(name, eventItem):
			if p.News.Events {
				o.Events = append(o.Events, it.value)
			}
		case p.News.Seeks:
			if g, err := t.PeekGame(name); err == nil && open(g) && g.Players[g.Challenger] != p.Key && admits(g, p) {
				o.Seeks = append(o.Seeks, listed(g, it.value))
			}
		}
	}
	t.AtCommit(func(tx record.Tx) error {
		for _, it := range items {
			if err := tx.DeleteState(Space, it.key); err != nil {
				return err
			}
		}
		return nil
	})
	return o, nil
}

// open reports whether g is an open challenge still waiting for an
// opponent (bot/challenge's expiry clock closes those out of time).
func open(g *record.Game) bool {
	return g.Seek != nil && g.Status == record.Challenged && g.Players[g.Challenger.Opponent()] == ""
}
