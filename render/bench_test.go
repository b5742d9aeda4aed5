package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// BenchmarkPNG6x6 draws and encodes a 6x6 mid-game position at the default
// width, as the referee does for every reply.
func BenchmarkPNG6x6(b *testing.B) {
	p, f := midGame(b)
	benchPNG(b, p, f)
}

// BenchmarkPNG6x6Caption is BenchmarkPNG6x6 with a caption band, as the
// referee sends the position before a disputed move.
func BenchmarkPNG6x6Caption(b *testing.B) {
	p, f := midGame(b)
	f.Caption = "Before turn 21: the position the disputed move was played from"
	benchPNG(b, p, f)
}

// BenchmarkPNG6x6At720 is BenchmarkPNG6x6 at 720 pixels wide, the
// default width before 640, for comparison.
func BenchmarkPNG6x6At720(b *testing.B) {
	p, f := midGame(b)
	benchPNGOpt(b, p, f, Options{Size: 720})
}

// benchPNG draws and encodes p with frame f at the default options.
func benchPNG(b *testing.B, p *tak.Position, f Frame) { benchPNGOpt(b, p, f, Options{}) }

// benchPNGOpt draws and encodes p with frame f and options o.
func benchPNGOpt(b *testing.B, p *tak.Position, f Frame, o Options) {
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		buf.Reset()
		if err := PNG(&buf, p, f, o); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// cpuClock measures the CPU time of a benchmark's loop, which other
// processes on a shared machine change less than the wall time ns/op.
type cpuClock int64

func startCPU() cpuClock { return cpuClock(cpuTime()) }

// report adds the process's CPU time per op, GC included, as cpu-ns/op.
func (c cpuClock) report(b *testing.B) {
	if c == 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(cpuTime()-int64(c))/float64(b.N), "cpu-ns/op")
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

// BenchmarkEncode compares ways of storing the default 6x6 picture: RGBA or
// paletted, at each compression level of image/png, and paletted with
// this package's own encoder ("paletted-own", what PNG does).
func BenchmarkEncode(b *testing.B) {
	p, f := midGame(b)
	o := Options{}
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		b.Fatal(err)
	}
	r := newRenderer(p, f, o, pal, nil)
	r.draw()
	images := map[string]image.Image{"rgba": r.rgba(), "paletted": r.paletted()}
	levels := []struct {
		name  string
		level png.CompressionLevel
	}{{"speed", png.BestSpeed}, {"default", png.DefaultCompression}, {"best", png.BestCompression}}
	b.Run("paletted-own", func(b *testing.B) {
		var e pngEncoder
		n := 0
		cpu := startCPU()
		for b.Loop() {
			n = len(e.encode(r.canvas))
		}
		cpu.report(b)
		b.ReportMetric(float64(n), "bytes/png")
	})
	for _, kind := range []string{"rgba", "paletted"} {
		for _, l := range levels {
			b.Run(kind+"-"+l.name, func(b *testing.B) {
				var buf bytes.Buffer
				enc := png.Encoder{CompressionLevel: l.level}
				cpu := startCPU()
				for b.Loop() {
					buf.Reset()
					if err := enc.Encode(&buf, images[kind]); err != nil {
						b.Fatal(err)
					}
				}
				cpu.report(b)
				b.ReportMetric(float64(buf.Len()), "bytes/png")
			})
		}
	}
}

// BenchmarkPNG8x8 draws an 8x8 position with a stack move at the default width.
func BenchmarkPNG8x8(b *testing.B) {
	p, f := position(b, "x8/x8/x2,1,2,x4/x,2,1C,1221,x4/x2,1,2C,1,x3/x3,1,x4/x8/x8 1 8", tak.Config{}, "3d5>12")
	benchPNG(b, p, f)
}

// BenchmarkGrid draws a 6x6 mid-game as the text board under a picture
// (Figure style, Tak by Mail orientation), as the referee does for every
// status reply.
func BenchmarkGrid(b *testing.B) {
	p, _ := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if Grid(p, notation.Mail, Figure) == "" {
			b.Fatal("empty")
		}
	}
}
