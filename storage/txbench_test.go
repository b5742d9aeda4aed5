package storage_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// BenchmarkMoveTransaction stores moves as the referee's commit does for
// a move (bot's session.commit), 128 moves to a transaction as its group
// commit gathers them: the message looked up and marked processed, the
// game written, its two replies enqueued pending. 1,000 games of 6x6 are
// played a move at a time, round the games; the records are prepared
// (storage.DB.Prepare) off the timer, as the referee prepares them before
// its transaction. The file is not synced, so that it measures the CPU of
// the transactions and their commits. An op is one move; it reports the
// pages each move writes and the nodes it materialises (bbolt's TxStats).
func BenchmarkMoveTransaction(b *testing.B) {
	const games, perTx = 1000, 128
	db := openWith(b, filepath.Join(b.TempDir(), "moves.db"), storage.Options{NoSync: true})
	rng := rand.New(rand.NewPCG(1, 2))
	recs := make([]*record.Game, games)
	replies := make([][]*record.Reply, games)
	update(b, db, func(tx record.Tx) error {
		for g := range games {
			for len(replies[g]) < 60 { // a game that does not end
				recs[g], replies[g] = storage.SimulatedRecords(rng, g+1, 30)
			}
			start := *recs[g]
			start.Moves, start.Status = nil, record.Active
			if err := tx.PutGame(&start); err != nil {
				return err
			}
		}
		return nil
	})
	// move returns what the referee writes for the n-th move.
	move := func(n int) (*record.Game, *record.Processed, []record.Reply) {
		g, turn := n%games, n/games%30+1
		rec := *recs[g]
		m := rec.Moves[turn-1]
		rec.Moves, rec.Version, rec.Status = rec.Moves[:turn], turn, record.Active
		rec.TurnStart, rec.Deadline, rec.Updated, rec.Wake = m.At, m.At.Add(72*time.Hour), m.At, m.At.Add(48*time.Hour)
		rs := make([]record.Reply, 2)
		proc := &record.Processed{At: m.At}
		for i := range rs {
			rs[i] = *replies[g][2*(turn-1)+i]
			rs[i].Delivery = record.Delivery{}
			rs[i].ID += "/" + string(rune('a'+n/games/30)) // a game played again: new ids
			proc.Replies = append(proc.Replies, rs[i].ID)
		}
		proc.ID = rs[0].Cause + "/" + string(rune('a'+n/games/30))
		return &rec, proc, rs
	}
	b.ReportAllocs()
	before := db.Bolt().Stats().TxStats
	b.ResetTimer()
	for n := 0; n < b.N; n += perTx {
		b.StopTimer()
		k := min(perTx, b.N-n)
		recs, procs, rss := make([]*record.Game, k), make([]*record.Processed, k), make([][]record.Reply, k)
		var dones []func()
		for i := range k {
			recs[i], procs[i], rss[i] = move(n + i)
			dones = append(dones, db.Prepare(recs[i:i+1], rss[i]))
		}
		b.StartTimer()
		update(b, db, func(tx record.Tx) error {
			for i := range k {
				if _, err := tx.Processed(procs[i].ID); err == nil {
					return errors.New("processed twice")
				} else if !errors.Is(err, record.ErrNotFound) {
					return err
				}
				if err := tx.MarkProcessed(procs[i]); err != nil {
					return err
				}
				if err := tx.PutGame(recs[i]); err != nil {
					return err
				}
				for j := range rss[i] {
					if err := tx.Enqueue(&rss[i][j]); err != nil {
						return err
					}
				}
			}
			return nil
		})
		b.StopTimer()
		for _, done := range dones {
			done()
		}
		b.StartTimer()
	}
	after := db.Bolt().Stats().TxStats
	b.ReportMetric(float64(after.GetWrite()-before.GetWrite())/float64(b.N), "pages-written/move")
	b.ReportMetric(float64(after.GetNodeCount()-before.GetNodeCount())/float64(b.N), "nodes-read/move")
}
