package tak

import (
	"fmt"
	"strconv"
)

// MinSize and MaxSize bound the board sizes the engine plays.
const (
	MinSize = 3
	MaxSize = 8
)

// Color is a player's colour. White is the first player, Black the second.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Opponent returns the other colour.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is the kind of a piece: a flat stone, a standing stone (wall) or a capstone.
type Kind uint8

// The three piece kinds.
const (
	Flat Kind = 0
	Wall Kind = 1
	Cap  Kind = 2
)

// String returns "flat", "wall" or "capstone".
func (k Kind) String() string {
	switch k {
	case Flat:
		return "flat"
	case Wall:
		return "wall"
	case Cap:
		return "capstone"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Piece is one piece: a colour and a kind.
type Piece uint8

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(uint8(k)<<1 | uint8(c)) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p >> 1) }

// IsRoad reports whether the piece counts for a road (a flat or a capstone).
func (p Piece) IsRoad() bool { return p.Kind() != Wall }

// String returns a short description such as "white flat".
func (p Piece) String() string { return p.Color().String() + " " + p.Kind().String() }

// Square is a square of the board in engine coordinates: file 0 is the west
// (PTN "a") file, rank 0 the south (PTN "1") rank. The value is Rank*8+File for
// every board size, so a Square does not depend on the board it is used on.
type Square uint8

// SquareAt returns the square on file f and rank r (both zero-based).
func SquareAt(file, rank int) Square { return Square(rank<<3 | file) }

// File returns the zero-based file (0 = PTN "a", the west edge).
func (s Square) File() int { return int(s & 7) }

// Rank returns the zero-based rank (0 = PTN "1", the south edge).
func (s Square) Rank() int { return int(s >> 3) }

// OnBoard reports whether s lies on a board of the given size.
func (s Square) OnBoard(size int) bool { return s.File() < size && s.Rank() < size && s < 64 }

// String returns the PTN name of the square, such as "c3". Callers that need
// the Tak by Mail name use the notation package.
func (s Square) String() string {
	var buf [4]byte
	return string(s.appendName(buf[:0]))
}

// appendName appends the PTN name of the square to b, as String writes it.
func (s Square) appendName(b []byte) []byte {
	return strconv.AppendInt(append(b, byte('a'+s.File())), int64(s.Rank()+1), 10)
}

// Step returns the square one step from s in direction d on a board of the
// given size, and false if that leaves the board.
func (s Square) Step(d Direction, size int) (Square, bool) {
	f, r := s.File(), s.Rank()
	switch d {
	case North:
		r++
	case South:
		r--
	case East:
		f++
	case West:
		f--
	}
	if f < 0 || r < 0 || f >= size || r >= size {
		return 0, false
	}
	return SquareAt(f, r), true
}

// Direction is the direction of a stack move, with north toward PTN rank 8.
type Direction uint8

// The four directions. In PTN they are written + - > <.
const (
	North Direction = 0
	East  Direction = 1
	South Direction = 2
	West  Direction = 3
)

// String returns "north", "east", "south" or "west".
func (d Direction) String() string {
	switch d {
	case North:
		return "north"
	case East:
		return "east"
	case South:
		return "south"
	case West:
		return "west"
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// Opposite returns the reverse direction.
func (d Direction) Opposite() Direction { return (d + 2) & 3 }

// MoveType tells a placement from a stack move.
type MoveType uint8

// The two move types.
const (
	Place  MoveType = 0
	Spread MoveType = 1
)

// Move is one ply: a placement or a stack move ("spread"). The zero value is
// a flat placement on a1. Moves are small comparable values.
type Move struct {
	Type   MoveType
	Piece  Kind      // placement only: the kind placed
	Square Square    // placement square, or the origin of a stack move
	Dir    Direction // stack move only
	// Drops holds, for a stack move, the number of pieces dropped on each
	// square along the path, nearest first, ending at the first zero.
	Drops [MaxSize - 1]uint8
	// The blank byte makes a Move 12 bytes long. The CPU copies 11 bytes as
	// two overlapping words, and reading a copy just written that way
	// stalls on the overlap; this cost a third of the time of a search.
	_ uint8
}

// PlaceMove returns the placement of kind k on square s.
func PlaceMove(s Square, k Kind) Move { return Move{Type: Place, Piece: k, Square: s} }

// SpreadMove returns the stack move from s in direction d dropping the given
// counts, nearest square first. It does not check legality.
func SpreadMove(s Square, d Direction, drops ...int) Move {
	m := Move{Type: Spread, Square: s, Dir: d}
	for i, n := range drops {
		if i < len(m.Drops) {
			m.Drops[i] = uint8(n)
		}
	}
	return m
}

// Carry returns the number of pieces a stack move picks up (the sum of its drops).
func (m Move) Carry() int {
	n := 0
	for _, d := range m.Drops {
		if d == 0 {
			break
		}
		n += int(d)
	}
	return n
}

// Distance returns the number of squares a stack move travels.
func (m Move) Distance() int {
	n := 0
	for _, d := range m.Drops {
		if d == 0 {
			break
		}
		n++
	}
	return n
}

// DropList returns the drops of a stack move as a slice.
func (m Move) DropList() []int {
	out := make([]int, 0, m.Distance())
	for _, d := range m.Drops {
		if d == 0 {
			break
		}
		out = append(out, int(d))
	}
	return out
}

// Path returns the squares a stack move drops pieces on, nearest first, on a
// board of the given size. Squares off the board are left out.
func (m Move) Path(size int) []Square {
	if m.Type != Spread {
		return nil
	}
	out := make([]Square, 0, m.Distance())
	s := m.Square
	for i := 0; i < m.Distance(); i++ {
		next, ok := s.Step(m.Dir, size)
		if !ok {
			break
		}
		out = append(out, next)
		s = next
	}
	return out
}

// String returns the move in canonical PTN (without the crush marker, which
// depends on the position). The notation package writes every other form.
func (m Move) String() string {
	var buf [32]byte
	return string(m.AppendPTN(buf[:0]))
}

// AppendPTN appends the move as String writes it to b and returns the
// extended buffer.
func (m Move) AppendPTN(b []byte) []byte {
	if m.Type == Place {
		switch m.Piece {
		case Wall:
			b = append(b, 'S')
		case Cap:
			b = append(b, 'C')
		}
		return m.Square.appendName(b)
	}
	if c := m.Carry(); c > 1 {
		b = strconv.AppendInt(b, int64(c), 10)
	}
	b = append(m.Square.appendName(b), "+>-<"[m.Dir&3])
	if m.Distance() > 1 {
		for _, d := range m.Drops {
			if d == 0 {
				break
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
	}
	return b
}
