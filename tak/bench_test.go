package tak

import "testing"

// midgame plays a deterministic sequence of legal moves from the start of a
// standard game, for benchmarks that need a busy board without a parser.
func midgame(tb testing.TB, size, plies int) *Position {
	tb.Helper()
	p, err := NewPosition(DefaultConfig(size))
	if err != nil {
		tb.Fatal(err)
	}
	var buf []Move
	for i := 0; i < plies && !p.Over(); i++ {
		buf = p.LegalMoves(buf[:0])
		m := buf[(i*7919+13)%len(buf)]
		q, err := p.Play(m)
		if err != nil {
			tb.Fatal(err)
		}
		if q.Over() {
			break
		}
		p = q
	}
	return p
}

func benchPerft(b *testing.B, p *Position, depth int, want uint64) {
	b.Helper()
	var nodes uint64
	for b.Loop() {
		got := p.Perft(depth)
		if want != 0 && got != want {
			b.Fatalf("perft = %d, want %d", got, want)
		}
		nodes += got
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft6x6Start4 is the reference: 6x6 start position, depth 4.
func BenchmarkPerft6x6Start4(b *testing.B) {
	p, _ := NewPosition(DefaultConfig(6))
	benchPerft(b, p, 4, 13586048)
}

func BenchmarkPerft5x5Start4(b *testing.B) {
	p, _ := NewPosition(DefaultConfig(5))
	benchPerft(b, p, 4, 2999784)
}

func BenchmarkPerft6x6Midgame3(b *testing.B) {
	benchPerft(b, midgame(b, 6, 40), 3, 0)
}

func BenchmarkLegalMoves6x6Midgame(b *testing.B) {
	p := midgame(b, 6, 40)
	buf := make([]Move, 0, 512)
	n := 0
	for b.Loop() {
		buf = p.LegalMoves(buf[:0])
		n += len(buf)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkPlay6x6Midgame(b *testing.B) {
	p := midgame(b, 6, 40)
	moves := p.LegalMoves(nil)
	i := 0
	for b.Loop() {
		if _, err := p.Play(moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
