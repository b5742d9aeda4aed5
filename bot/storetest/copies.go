package storetest

import (
	"reflect"
	"testing"

	"github.com/takbymail/takbot/record"
)

// copyCase checks one record type: neither the value given to the store
// nor one it returned shares memory with what it keeps.
type copyCase[T any] struct {
	put      func(record.Tx) (T, error) // stores a fixture and returns it
	get      func(record.Tx) (T, error)
	want     func(got T) T // what get must return
	scribble func(T)       // changes every part a shallow copy would share
}

// check puts a fixture and scribbles on it, then gets the record, scribbles
// on it and gets it again.
func (c copyCase[T]) check(t *testing.T, s record.Store) {
	t.Helper()
	update(t, s, func(tx record.Tx) error {
		v, err := c.put(tx)
		if err == nil {
			c.scribble(v)
		}
		return err
	})
	view(t, s, func(tx record.Tx) error {
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
		copyCase[*record.Game]{
			put:      func(tx record.Tx) (*record.Game, error) { g := fullGame("g1"); return g, tx.PutGame(g) },
			get:      func(tx record.Tx) (*record.Game, error) { return tx.Game("g1") },
			want:     func(*record.Game) *record.Game { return fullGame("g1") },
			scribble: scribbleGame,
		}.check(t, fresh(t, open))
	}},
	{"PlayerCopies", func(t *testing.T, open Opener) {
		copyCase[*record.Player]{
			put: func(tx record.Tx) (*record.Player, error) {
				p := fullPlayer(alice, "alice")
				return p, tx.PutPlayer(p)
			},
			get:      func(tx record.Tx) (*record.Player, error) { return tx.Player(alice.Key()) },
			want:     func(*record.Player) *record.Player { return fullPlayer(alice, "alice") },
			scribble: func(p *record.Player) { p.Unreachable.Told[0], p.Name = "scribbled", "scribbled" },
		}.check(t, fresh(t, open))
	}},
	{"ProcessedCopies", func(t *testing.T, open Opener) {
		copyCase[*record.Processed]{
			put: func(tx record.Tx) (*record.Processed, error) {
				r := fullProcessed("m1", t0)
				return r, tx.MarkProcessed(r)
			},
			get:      func(tx record.Tx) (*record.Processed, error) { return tx.Processed("m1") },
			want:     func(*record.Processed) *record.Processed { return fullProcessed("m1", t0) },
			scribble: func(r *record.Processed) { r.Replies[0] = "scribbled" },
		}.check(t, fresh(t, open))
	}},
	{"ReplyCopies", func(t *testing.T, open Opener) {
		copyCase[*record.Reply]{
			put:  func(tx record.Tx) (*record.Reply, error) { r := fullReply("r1", alice); return r, tx.Enqueue(r) },
			get:  func(tx record.Tx) (*record.Reply, error) { return tx.Reply("r1") },
			want: func(got *record.Reply) *record.Reply { r := stored(fullReply("r1", alice), got.Seq); return &r },
			scribble: func(r *record.Reply) {
				r.Parts[0].Text = "scribbled"
				r.Parts[3].Actions[0].Label = "scribbled"
				pic := r.Parts[len(r.Parts)-2].Picture
				pic.Name, pic.Players[0], pic.Result.Text = "scribbled", "scribbled", "scribbled"
			},
		}.check(t, fresh(t, open))
	}},
}
