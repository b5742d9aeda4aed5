package notation

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/takbymail/takbot/tak"
)

// oldFormatTPS, oldFormatSyncBoard and oldSquareName are FormatTPS,
// FormatSyncBoard and SquareName as they were written with strings.Builder,
// Position.Stack and fmt, before they appended into one buffer.
func oldFormatTPS(p *tak.Position) string {
	var b strings.Builder
	size := p.Size()
	for r := size - 1; r >= 0; r-- {
		if r != size-1 {
			b.WriteByte('/')
		}
		empty := 0
		first := true
		sep := func() {
			if !first {
				b.WriteByte(',')
			}
			first = false
		}
		flush := func() {
			if empty > 0 {
				sep()
				b.WriteByte('x')
				if empty > 1 {
					b.WriteString(strconv.Itoa(empty))
				}
				empty = 0
			}
		}
		for f := 0; f < size; f++ {
			st := p.Stack(tak.SquareAt(f, r))
			if len(st) == 0 {
				empty++
				continue
			}
			flush()
			sep()
			for _, pc := range st {
				b.WriteByte('1' + byte(pc.Color()))
			}
			switch st[len(st)-1].Kind() {
			case tak.Wall:
				b.WriteByte('S')
			case tak.Cap:
				b.WriteByte('C')
			}
		}
		flush()
	}
	fmt.Fprintf(&b, " %d %d", p.ToMove()+1, p.MoveNumber())
	return b.String()
}

func oldFormatSyncBoard(p *tak.Position) string {
	stacks := p.Stacks()
	size := p.Size()
	var b strings.Builder
	for r := size - 1; r >= 0; r-- {
		for f := 0; f < size; f++ {
			if f > 0 {
				b.WriteByte(' ')
			}
			st := stacks[tak.SquareAt(f, r)]
			if len(st) == 0 {
				b.WriteByte('0')
				continue
			}
			for j := len(st) - 1; j >= 0; j-- {
				c := "swc"[st[j].Kind()%3]
				if st[j].Color() == tak.Black {
					c -= 'a' - 'A'
				}
				b.WriteByte(c)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func oldFormatMail(m tak.Move, size int) string {
	sq := oldSquareName(m.Square, size, Mail)
	if m.Type == tak.Place {
		return fmt.Sprintf("p%c %s", "swc"[m.Piece%3], sq)
	}
	return fmt.Sprintf("m%c %s p%d %s", mailDirs[m.Dir&3], sq, m.Carry(), joinInts(m.DropList(), " "))
}

func oldSquareName(sq tak.Square, size int, o Orientation) string {
	row := sq.Rank() + 1
	if o == Mail {
		row = size - sq.Rank()
	}
	return fmt.Sprintf("%c%d", 'a'+sq.File(), row)
}

// checkFormatsAsBefore fails when FormatTPS or FormatSyncBoard writes p
// otherwise than before.
func checkFormatsAsBefore(t testing.TB, p *tak.Position) {
	t.Helper()
	if got, want := FormatTPS(p), oldFormatTPS(p); got != want {
		t.Fatalf("FormatTPS %q, before %q", got, want)
	}
	if got, want := FormatSyncBoard(p), oldFormatSyncBoard(p); got != want {
		t.Fatalf("FormatSyncBoard %q, before %q", got, want)
	}
}

// FormatTPS, FormatSyncBoard, FormatMail and SquareName write what they
// wrote before, over the positions and moves of real games, tall stacks and
// every board size.
func TestFormatsAsBefore(t *testing.T) {
	n := 0
	var buf []tak.Move
	for gi, g := range corpusGames(t)[:300] {
		game, err := g.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", gi+1, err)
		}
		for ply := 0; ply <= game.Len(); ply++ {
			p := game.PositionAfter(ply)
			checkFormatsAsBefore(t, p)
			n++
			if ply%4 == 0 {
				buf = p.LegalMoves(buf[:0])
				for _, m := range buf {
					checkMailAsBefore(t, m, p.Size())
				}
			}
		}
	}
	for _, m := range []tak.Move{{}, {Type: tak.Spread, Square: 63, Dir: 7}, {Type: tak.Spread, Square: 200, Dir: 2, Drops: [tak.MaxSize - 1]uint8{255, 100, 3}},
		{Type: tak.Place, Piece: 7, Square: 255}} {
		for size := tak.MinSize; size <= tak.MaxSize; size++ {
			checkMailAsBefore(t, m, size)
		}
	}
	for _, tps := range []string{
		"x3/x3/x3 1 1", "1,2,1/2,1,2/1,2,1S 2 9", "x8/x8/x8/x8/x8/x8/x8/x8 1 1",
		strings.Repeat("12", 35) + "C,x7/x8/x8/x8/x8/x8/x8/" + strings.Repeat("2", 10) + "S,x6,1 2 40",
		"2" + strings.Repeat("1", 45) + ",x7/x8/x8/x8/x8/x8/x8/x6," + strings.Repeat("2", 40) + ",2C 1 99",
	} {
		p, err := ParseTPS(tps, tak.Config{})
		if err != nil {
			t.Fatalf("%s: %v", tps, err)
		}
		checkFormatsAsBefore(t, p)
		n++
	}
	if n < 10000 {
		t.Fatalf("only %d positions compared", n)
	}
	for size := tak.MinSize; size <= tak.MaxSize; size++ {
		for sq := range 256 {
			for _, o := range []Orientation{Mail, PTN} {
				if got, want := SquareName(tak.Square(sq), size, o), oldSquareName(tak.Square(sq), size, o); got != want {
					t.Fatalf("SquareName(%d, %d, %v) = %q, before %q", sq, size, o, got, want)
				}
			}
		}
	}
}

// checkMailAsBefore fails when FormatMail writes m otherwise than before.
func checkMailAsBefore(t testing.TB, m tak.Move, size int) {
	t.Helper()
	if got, want := FormatMail(m, size), oldFormatMail(m, size); got != want {
		t.Fatalf("FormatMail(%+v) = %q, before %q", m, got, want)
	}
}

// FuzzFormatsAsBefore writes any position a TPS describes as before.
func FuzzFormatsAsBefore(f *testing.F) {
	f.Add("x3/x3/x3 1 1")
	f.Add("x2,2S,x2/x2,121,x2/x5/x5/x5 1 4")
	f.Add("1212121212C,x5/x6/x6/x6/x6/x6 2 30")
	f.Fuzz(func(t *testing.T, tps string) {
		p, err := ParseTPS(tps, tak.Config{})
		if err != nil {
			return
		}
		checkFormatsAsBefore(t, p)
	})
}
