package storetest

import (
	"reflect"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// copyCase checks one record type: neither the value given to the store
// nor one it returned shares memory with what it keeps.
type copyCase[T any] struct {
	put      func(bot.Tx) (T, error) // stores a fixture and returns it
	get      func(bot.Tx) (T, error)
	want     func(got T) T // what get must return
	scribble func(T)       // changes every part a shallow copy would share
}

// check puts a fixture and scribbles on it, then gets the record, scribbles
// on it and gets it again.
func (c copyCase[T]) check(t *testing.T, s bot.Store) {
	t.Helper()
	update(t, s, func(tx bot.Tx) error {
		v, err := c.put(tx)
		if err == nil {
			c.scribble(v)
		}
		return err
	})
	view(t, s, func(tx bot.Tx) error {
		v, err := c.get(tx)
		if err != nil {
			return err
		}
		c.scribble(v)
		if v, err = c.get(tx); err != nil || !reflect.DeepEqual(v, c.want(v)) {
			t.Errorf("a changed copy changed the store: %+v, %v", v, err)
		}
		return nil
	})
}

var copyCases = []suiteCase{
	{"GameCopies", func(t *testing.T, open Opener) {
		copyCase[*bot.GameRecord]{
			put:      func(tx bot.Tx) (*bot.GameRecord, error) { g := fullGame("g1"); return g, tx.PutGame(g) },
			get:      func(tx bot.Tx) (*bot.GameRecord, error) { return tx.Game("g1") },
			want:     func(*bot.GameRecord) *bot.GameRecord { return fullGame("g1") },
			scribble: scribbleGame,
		}.check(t, fresh(t, open))
	}},
	{"PlayerCopies", func(t *testing.T, open Opener) {
		copyCase[*bot.PlayerRecord]{
			put: func(tx bot.Tx) (*bot.PlayerRecord, error) {
				p := fullPlayer(alice, "alice")
				return p, tx.PutPlayer(p)
			},
			get:      func(tx bot.Tx) (*bot.PlayerRecord, error) { return tx.Player(alice.Key()) },
			want:     func(*bot.PlayerRecord) *bot.PlayerRecord { return fullPlayer(alice, "alice") },
			scribble: func(p *bot.PlayerRecord) { p.Unreachable.Told[0], p.Name = "scribbled", "scribbled" },
		}.check(t, fresh(t, open))
	}},
	{"ProcessedCopies", func(t *testing.T, open Opener) {
		copyCase[*bot.ProcessedRecord]{
			put: func(tx bot.Tx) (*bot.ProcessedRecord, error) {
				r := fullProcessed("m1", t0)
				return r, tx.MarkProcessed(r)
			},
			get:      func(tx bot.Tx) (*bot.ProcessedRecord, error) { return tx.Processed("m1") },
			want:     func(*bot.ProcessedRecord) *bot.ProcessedRecord { return fullProcessed("m1", t0) },
			scribble: func(r *bot.ProcessedRecord) { r.Replies[0] = "scribbled" },
		}.check(t, fresh(t, open))
	}},
	{"ReplyCopies", func(t *testing.T, open Opener) {
		copyCase[*bot.Reply]{
			put:  func(tx bot.Tx) (*bot.Reply, error) { r := fullReply("r1", alice); return r, tx.Enqueue(r) },
			get:  func(tx bot.Tx) (*bot.Reply, error) { return tx.Reply("r1") },
			want: func(got *bot.Reply) *bot.Reply { r := stored(fullReply("r1", alice), got.Seq); return &r },
			scribble: func(r *bot.Reply) {
				r.Parts[0].Text = "scribbled"
				r.Parts[3].Actions[0].Label = "scribbled"
				pic := r.Parts[len(r.Parts)-2].Picture
				pic.Name, pic.Players[0], pic.Result.Text = "scribbled", "scribbled", "scribbled"
			},
		}.check(t, fresh(t, open))
	}},
}
