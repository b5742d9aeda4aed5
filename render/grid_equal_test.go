package render

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// oldGrid is grid as it was written, with a string per cell, before it
// appended into one buffer.
func oldGrid(p *tak.Position, o notation.Orientation, style TextStyle) string {
	n := p.Size()
	g := glyphs[Unicode]
	if style == ASCII || style == Figure {
		g = glyphs[style]
	}
	cells := make([]string, 0, n*n)
	width := make([]int, n) // per file
	for rank := n - 1; rank >= 0; rank-- {
		for file := range n {
			s := ""
			if st := p.Stack(tak.SquareAt(file, rank)); len(st) > 0 {
				s = notation.FormatSyncStack(st) // what render's stackText wrote
			}
			if s == "" {
				s = g.empty
			}
			width[file] = max(width[file], utf8.RuneCountInString(s))
			cells = append(cells, s)
		}
	}
	var b strings.Builder
	pad := func(k int) {
		for range k {
			b.WriteString(g.pad)
		}
	}
	line := func(label string, cell func(f int) string) {
		pad(2 - len(label))
		b.WriteString(label)
		b.WriteByte(' ')
		for f := range n {
			c := cell(f)
			b.WriteString(g.v)
			b.WriteByte(' ')
			b.WriteString(c)
			pad(width[f] - utf8.RuneCountInString(c))
			b.WriteByte(' ')
		}
		b.WriteString(g.v)
		b.WriteByte('\n')
	}
	files := func() {
		line("", func(f int) string {
			if o == notation.Mail {
				return string(rune('A' + f))
			}
			return string(rune('a' + f))
		})
	}
	if o == notation.Mail {
		files()
	}
	for row := range n {
		name := notation.SquareName(tak.SquareAt(0, n-1-row), n, o)
		line(name[1:], func(f int) string { return cells[row*n+f] })
	}
	if o == notation.PTN {
		files()
	}
	return b.String()
}

// checkGridAsBefore fails when grid draws p otherwise than before, in any
// orientation and style.
func checkGridAsBefore(t testing.TB, p *tak.Position) {
	t.Helper()
	for _, o := range []notation.Orientation{notation.Mail, notation.PTN} {
		for _, style := range []TextStyle{Unicode, ASCII, Figure, 7} {
			if got, want := grid(p, o, style), oldGrid(p, o, style); got != want {
				t.Fatalf("%s, orientation %v, style %d:\n%s\nbefore:\n%s", notation.FormatTPS(p), o, style, got, want)
			}
		}
	}
}

// grid draws what it drew before over random games of every size and
// tall stacks.
func TestGridAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []tak.Move
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for range 20 {
			p, err := tak.NewPosition(tak.DefaultConfig(size))
			if err != nil {
				t.Fatal(err)
			}
			for !p.Over() && p.Ply() < 200 {
				checkGridAsBefore(t, p)
				buf = p.LegalMoves(buf[:0])
				q, err := p.Play(buf[rng.IntN(len(buf))])
				if err != nil {
					t.Fatal(err)
				}
				p = q
			}
			checkGridAsBefore(t, p)
		}
	}
	p, err := notation.ParseTPS(strings.Repeat("12", 35)+"C,x7/x8/x8/x8/x8/x8/x8/"+strings.Repeat("2", 10)+"S,x6,1 2 40", tak.Config{})
	if err != nil {
		t.Fatal(err)
	}
	checkGridAsBefore(t, p)
}

// FuzzGridAsBefore draws any position a TPS describes as before.
func FuzzGridAsBefore(f *testing.F) {
	f.Add("x3/x3/x3 1 1")
	f.Add("x2,2S,x2/x2,121,x2/x5/x5/x5 1 4")
	f.Fuzz(func(t *testing.T, tps string) {
		p, err := notation.ParseTPS(tps, tak.Config{})
		if err != nil {
			return
		}
		checkGridAsBefore(t, p)
	})
}
