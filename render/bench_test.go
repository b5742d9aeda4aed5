package render

import (
	"bytes"
	"testing"
)

// BenchmarkPNG6x6 draws and encodes a 6x6 mid-game position at the default
// width, as the referee does for every reply.
func BenchmarkPNG6x6(b *testing.B) {
	p, f := midGame(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := PNG(&buf, p, f, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkImage6x6 draws the same picture without encoding it.
func BenchmarkImage6x6(b *testing.B) {
	p, f := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Image(p, f, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
