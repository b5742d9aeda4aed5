package tak

import (
	"fmt"
	"testing"
)

// oldSquareString and oldMoveString are Square.String and Move.String as
// they were written with fmt, before they appended bytes.
func oldSquareString(s Square) string { return fmt.Sprintf("%c%d", 'a'+s.File(), s.Rank()+1) }

func oldMoveString(m Move) string {
	if m.Type == Place {
		switch m.Piece {
		case Wall:
			return "S" + oldSquareString(m.Square)
		case Cap:
			return "C" + oldSquareString(m.Square)
		}
		return oldSquareString(m.Square)
	}
	s := ""
	if m.Carry() > 1 {
		s = fmt.Sprint(m.Carry())
	}
	s += fmt.Sprintf("%s%c", oldSquareString(m.Square), "+>-<"[m.Dir&3])
	if m.Distance() > 1 {
		for _, d := range m.DropList() {
			s += fmt.Sprint(d)
		}
	}
	return s
}

// Square.String and Move.String write what they wrote with fmt, for every
// square and for every legal move along games of every size.
func TestTextAsWithFmt(t *testing.T) {
	for s := range 256 {
		if got, want := Square(s).String(), oldSquareString(Square(s)); got != want {
			t.Fatalf("square %d: %q, want %q", s, got, want)
		}
	}
	var buf []Move
	seen := 0
	for size := MinSize; size <= MaxSize; size++ {
		for plies := 0; plies < 60; plies += 7 {
			p := midgame(t, size, plies)
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				if got, want := m.String(), oldMoveString(m); got != want {
					t.Fatalf("%+v: %q, want %q", m, got, want)
				}
				seen++
			}
		}
	}
	odd := []Move{{Type: Spread, Square: 63, Dir: 3, Drops: [MaxSize - 1]uint8{200, 100, 1, 2, 3, 4, 5}}, {Type: Place, Piece: 3, Square: 255}}
	for _, m := range odd {
		if got, want := m.String(), oldMoveString(m); got != want {
			t.Fatalf("%+v: %q, want %q", m, got, want)
		}
	}
	if seen < 1000 {
		t.Fatalf("only %d moves compared", seen)
	}
}

// AppendStack appends what Stack returns, and Stacks holds every stack as
// Stack returns it.
func TestAppendStackAndStacks(t *testing.T) {
	for size := MinSize; size <= MaxSize; size++ {
		for plies := 0; plies < 120; plies += 11 {
			p := midgame(t, size, plies)
			all := p.Stacks()
			n := 0
			for _, sq := range geometries[size].squareList {
				want := p.Stack(sq)
				got := p.AppendStack(Stack{Piece(9)}, sq)
				if fmt.Sprint(got[1:]) != fmt.Sprint(want) || got[0] != 9 {
					t.Fatalf("%dx%d square %v: AppendStack %v, Stack %v", size, size, sq, got, want)
				}
				if len(want) > 0 {
					n++
					if fmt.Sprint(all[sq]) != fmt.Sprint(want) {
						t.Fatalf("%dx%d square %v: Stacks %v, Stack %v", size, size, sq, all[sq], want)
					}
				}
			}
			if len(all) != n {
				t.Fatalf("%dx%d: Stacks has %d stacks, want %d", size, size, len(all), n)
			}
		}
	}
}
