package tourney

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// swissAfter returns a field of n players and the first played rounds of
// a Swiss between them, paired by PairSwiss with random results (fixed
// seed).
func swissAfter(b *testing.B, n, played int) ([]Player, []Round) {
	b.Helper()
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: PlayerID(fmt.Sprintf("player%02d", i+1)), Rating: float64(1000 + rng.IntN(1200))}
	}
	var rounds []Round
	for r := 0; r < played; r++ {
		round, _, err := PairSwiss(ps, rounds)
		if err != nil {
			b.Fatal(err)
		}
		rounds = append(rounds, round)
		playAll(rng, rounds[r:])
	}
	return ps, rounds
}

func benchSwiss(b *testing.B, n, played int) {
	ps, rounds := swissAfter(b, n, played)
	b.ReportAllocs()
	b.ResetTimer()
	var notes SwissNotes
	for b.Loop() {
		_, nt, err := PairSwiss(ps, rounds)
		if err != nil {
			b.Fatal(err)
		}
		notes |= nt
	}
	b.ReportMetric(float64(notes), "notes")
}

// The measure: a 64-player Swiss round after 5 played rounds
// (under 50 ms).
func BenchmarkPairSwiss64After5(b *testing.B) { benchSwiss(b, 64, 5) }

// Later rounds of a long Swiss, and a 63-player field (a bye).
func BenchmarkPairSwiss64After11(b *testing.B) { benchSwiss(b, 64, 11) }
func BenchmarkPairSwiss63After5(b *testing.B)  { benchSwiss(b, 63, 5) }

// Fields nearly exhausted: 16 players after 15 rounds (the notes metric
// shows what had to be given up: 4 is a rematch), and 64 players after 40
// rounds, where few opponents are left to each.
func BenchmarkPairSwiss16After15(b *testing.B) { benchSwiss(b, 16, 15) }
func BenchmarkPairSwiss64After40(b *testing.B) { benchSwiss(b, 64, 40) }

// The measure: a 12-player double round-robin's whole schedule
// (under 1 ms).
func BenchmarkRoundRobinSchedule12Double(b *testing.B) {
	players := ids(12)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RoundRobinSchedule(players, true); err != nil {
			b.Fatal(err)
		}
	}
}

// Standings and the crosstable's text of a 64-player Swiss after 7 rounds.
func BenchmarkStandingsCrosstable64After7(b *testing.B) {
	ps, rounds := swissAfter(b, 64, 7)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ct, err := NewCrosstable(Swiss, ps, rounds)
		if err != nil {
			b.Fatal(err)
		}
		_ = ct.Text(nil)
	}
}
