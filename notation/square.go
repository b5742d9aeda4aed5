package notation

import (
	"strconv"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// SquareName names sq on a board of the given size in orientation o, in
// lowercase: "c3". In PTN the row is the rank counted from the south; in
// Tak by Mail it is counted from the north (row = size - rank).
func SquareName(sq tak.Square, size int, o Orientation) string {
	var buf [8]byte
	return string(appendSquareName(buf[:0], sq, size, o))
}

// appendSquareName appends SquareName(sq, size, o) to b.
func appendSquareName(b []byte, sq tak.Square, size int, o Orientation) []byte {
	row := sq.Rank() + 1
	if o == Mail {
		row = size - sq.Rank()
	}
	return strconv.AppendInt(append(b, byte('a'+sq.File())), int64(row), 10)
}

// ParseSquare reads a square name such as "c3" or "C3" in orientation o on
// a board of the given size. Surrounding whitespace is ignored.
func ParseSquare(s string, size int, o Orientation) (tak.Square, error) {
	t := strings.TrimSpace(s)
	if size < tak.MinSize || size > tak.MaxSize {
		return 0, boardSizeErr(s, size)
	}
	if len(t) != 2 || lower(t[0]) < 'a' || lower(t[0]) > 'z' || t[1] < '0' || t[1] > '9' {
		return 0, syntaxErr(KindSquare, s, "%q is not a square: write a file letter and a row number, such as c3", excerpt(t))
	}
	sq, ok := squareAt(lower(t[0]), t[1], size, o)
	if !ok {
		return 0, syntaxErr(KindOffBoard, s, "%s is not on a %dx%d board", strings.ToLower(t), size, size)
	}
	return sq, nil
}

// squareAt converts a lowercase file letter and a row digit to a square,
// reporting false when it is off the board.
func squareAt(file, row byte, size int, o Orientation) (tak.Square, bool) {
	f, r := int(file-'a'), int(row-'0')
	if f < 0 || f >= size || r < 1 || r > size {
		return 0, false
	}
	rank := r - 1
	if o == Mail {
		rank = size - r
	}
	return tak.SquareAt(f, rank), true
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// boardSizeErr reports a board size out of range given to a parser.
func boardSizeErr(input string, size int) *SyntaxError {
	return syntaxErr(KindBoardSize, input, "board size %d is not between %d and %d", size, tak.MinSize, tak.MaxSize)
}
