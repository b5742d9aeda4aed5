package refbench

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/gctune"
	"github.com/takbymail/takbot/internal/pgtest"
	"github.com/takbymail/takbot/storage/pgstore"
)

// BenchmarkRefereeMovesPostgres is BenchmarkRefereeMoves on PostgreSQL:
// a server of its own (internal/pgtest) with PostgreSQL's durable
// defaults (fsync, synchronous_commit: every commit flushed to disk
// before Handle returns), on a Unix socket, the store with a pool of
// maxConns connections and the leader epoch checked in every update as
// takbot serve runs it. cpu-µs/move counts this process only, not the
// server's processes.
func BenchmarkRefereeMovesPostgres(b *testing.B) {
	const games, maxConns = 1000, 16
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	gctune.Apply(os.LookupEnv)
	c, err := pgtest.Start(pgtest.Options{Durable: true})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Stop()
	for _, workers := range []int{8, 64, 1000} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			name, dsn, err := c.CreateDatabase(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			defer c.DropDatabase(context.Background(), name)
			lead, err := pgstore.Lead(context.Background(), dsn, pgstore.LeaderOptions{})
			if err != nil {
				b.Fatal(err)
			}
			defer lead.Release()
			s, err := pgstore.Open(context.Background(), dsn, pgstore.Options{Epoch: lead.Epoch(), MaxConns: maxConns})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			w := newWorkloadOn(b, s, games, (b.N+games-1)/games, min(workers, 64))
			b.ReportAllocs()
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime(b)
			w.play(b, b.N, workers)
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
			b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/move")
		})
	}
}
