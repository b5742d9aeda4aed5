package notation

import (
	"strings"

	"github.com/takbymail/takbot/tak"
)

// ParseSyncBoard reads the board a Tak by Mail player sends in answer to
// "rs": one line per row, north row first; each square written top to
// bottom with s (stone), w (wall) and c (capstone), lowercase for White and
// uppercase for Black, and 0 for an empty square. Squares are separated by
// any amount of whitespace; blank lines are ignored, and "/" may stand for a
// line break, for boards written on one line ("0 0 0 / 0 s 0 / 0 0 0"). The board must be
// square, 3x3 to 8x8. Stacks are returned bottom first, indexed by square.
func ParseSyncBoard(text string) (size int, stacks map[tak.Square]tak.Stack, err error) {
	var rows [][]string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '/' }) {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	size = len(rows)
	if size < tak.MinSize || size > tak.MaxSize {
		return 0, nil, syntaxErr(text, "the board has %d rows: it must have between %d and %d", size, tak.MinSize, tak.MaxSize)
	}
	stacks = make(map[tak.Square]tak.Stack)
	for i, row := range rows {
		if len(row) != size {
			return 0, nil, syntaxErr(text, "row %d has %d squares, but the board has %d rows: every row needs %d", i+1, len(row), size, size)
		}
		rank := size - 1 - i
		for f, cell := range row {
			sq := tak.SquareAt(f, rank)
			if cell == "0" {
				continue
			}
			st := make(tak.Stack, len(cell))
			for j := 0; j < len(cell); j++ {
				c := cell[j]
				color := tak.White
				if c >= 'A' && c <= 'Z' {
					color = tak.Black
				}
				var kind tak.Kind
				switch lower(c) {
				case 's':
					kind = tak.Flat
				case 'w':
					kind = tak.Wall
				case 'c':
					kind = tak.Cap
				default:
					return 0, nil, syntaxErr(text, "%s (row %d, square %d): unexpected %q in %q: use s, w or c (lowercase white, uppercase black), or 0 for empty",
						strings.ToUpper(SquareName(sq, size, Mail)), i+1, f+1, string(rune(c)), cell)
				}
				if kind != tak.Flat && j > 0 {
					return 0, nil, syntaxErr(text, "%s: %q has a %s below the top; a wall or capstone can only be the first (top) letter",
						strings.ToUpper(SquareName(sq, size, Mail)), cell, kind)
				}
				st[len(cell)-1-j] = tak.MakePiece(color, kind)
			}
			stacks[sq] = st
		}
	}
	return size, stacks, nil
}

// FormatSyncBoard writes p's board in the "rs" format: rows north first, one
// line per row, squares separated by one space, each written top to bottom,
// "0" for empty.
func FormatSyncBoard(p *tak.Position) string {
	return formatSyncStacks(p.Size(), p.Stacks())
}

// formatSyncStacks writes stacks (bottom first, by square) in the "rs" format.
func formatSyncStacks(size int, stacks map[tak.Square]tak.Stack) string {
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
