package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/takbymail/takbot/tak"
)

// ParseSyncBoard reads the board a Tak by Mail player sends in answer to
// "rs": one line per row, north row first; each square written top to
// bottom with s (stone), w (wall) and c (capstone), lowercase for White and
// uppercase for Black, and 0 for an empty square. Squares are separated by
// any amount of whitespace; blank lines are ignored, and "/" may stand for a
// line break, for boards written on one line ("0 0 0 / 0 s 0 / 0 0 0"). The
// board must be square, 3x3 to 8x8, and its size is its number of rows.
// Stacks are returned bottom first, indexed by square. Errors are
// *SyntaxError of KindSyncBoard; they name the row and, inside a square,
// the square (in Tak by Mail, A1 the north-west corner), and quote at most
// a short excerpt of the text. When the game's size is known,
// ParseSyncBoardSize says more precisely what is expected.
func ParseSyncBoard(text string) (size int, stacks map[tak.Square]tak.Stack, err error) {
	rows := syncRows(text)
	size = len(rows)
	if size < tak.MinSize || size > tak.MaxSize {
		return 0, nil, syntaxErr(KindSyncBoard, text, "the board has %s: it must have between %d and %d, one line per row (north row first)",
			count(size, "row", "rows"), tak.MinSize, tak.MaxSize)
	}
	stacks, err = parseSyncRows(text, rows, size, false)
	if err != nil {
		return 0, nil, err
	}
	return size, stacks, nil
}

// ParseSyncBoardSize reads a sync board, as ParseSyncBoard does, for a game
// whose board is size x size, and says what that board needs when the text
// does not fit it: "the board has 4 rows; a 5x5 board has 5 (north row
// first)", "row 2 has 1 square; a 5x5 board needs 5 squares in every row".
// A size out of range gives a *SyntaxError of KindBoardSize.
func ParseSyncBoardSize(text string, size int) (map[tak.Square]tak.Stack, error) {
	if size < tak.MinSize || size > tak.MaxSize {
		return nil, boardSizeErr(text, size)
	}
	rows := syncRows(text)
	if len(rows) != size {
		return nil, syntaxErr(KindSyncBoard, text, "the board has %s; a %dx%d board has %d (north row first)",
			count(len(rows), "row", "rows"), size, size, size)
	}
	return parseSyncRows(text, rows, size, true)
}

// syncRows splits a sync board into its rows of square texts, leaving out
// blank lines.
func syncRows(text string) [][]string {
	var rows [][]string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '/' }) {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	return rows
}

// parseSyncRows reads the squares of a board of size rows. known says that
// the size is the game's, not merely the number of rows, for the message of
// a row of the wrong length.
func parseSyncRows(text string, rows [][]string, size int, known bool) (map[tak.Square]tak.Stack, error) {
	stacks := make(map[tak.Square]tak.Stack)
	for i, row := range rows {
		if len(row) != size {
			if known {
				return nil, syntaxErr(KindSyncBoard, text, "row %d has %s; a %dx%d board needs %d squares in every row",
					i+1, count(len(row), "square", "squares"), size, size, size)
			}
			return nil, syntaxErr(KindSyncBoard, text, "row %d has %s, but the board has %d rows: a %dx%d board needs %d squares in every row",
				i+1, count(len(row), "square", "squares"), size, size, size, size)
		}
		rank := size - 1 - i
		for f, cell := range row {
			if cell == "0" {
				continue
			}
			sq := tak.SquareAt(f, rank)
			st, err := parseSyncStack(cell)
			if err != nil {
				return nil, syntaxErr(KindSyncBoard, text, "%s (row %d, square %d): %s",
					strings.ToUpper(SquareName(sq, size, Mail)), i+1, f+1, err)
			}
			stacks[sq] = st
		}
	}
	return stacks, nil
}

// parseSyncStack reads one square's stack, written top first, and returns
// it bottom first. Its errors say what is wrong with the square's text.
func parseSyncStack(cell string) (tak.Stack, error) {
	var pieces []tak.Piece // top first
	for _, c := range cell {
		color := tak.White
		if c >= 'A' && c <= 'Z' {
			color = tak.Black
		}
		var kind tak.Kind
		switch unicode.ToLower(c) {
		case 's':
			kind = tak.Flat
		case 'w':
			kind = tak.Wall
		case 'c':
			kind = tak.Cap
		default:
			return nil, fmt.Errorf("unexpected %q in %q: use s, w or c (lowercase white, uppercase black), or 0 for empty",
				string(c), excerpt(cell))
		}
		if kind != tak.Flat && len(pieces) > 0 {
			return nil, fmt.Errorf("%q has a %s below the top; a wall or capstone can only be the first (top) letter",
				excerpt(cell), kind)
		}
		if len(pieces) == tak.MaxPieces {
			return nil, fmt.Errorf("%q is a stack of more than %d pieces, more than any game has", excerpt(cell), tak.MaxPieces)
		}
		pieces = append(pieces, tak.MakePiece(color, kind))
	}
	st := make(tak.Stack, len(pieces))
	for j, pc := range pieces {
		st[len(pieces)-1-j] = pc
	}
	return st, nil
}

// count writes n and the noun: "1 row", "4 rows".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// FormatSyncBoard writes p's board in the "rs" format: rows north first, one
// line per row, squares separated by one space, each written top to bottom,
// "0" for empty.
func FormatSyncBoard(p *tak.Position) string {
	var buf [160]byte
	return string(appendSyncBoard(buf[:0], p.Size(), p.AppendStack))
}

// formatSyncStacks writes stacks (bottom first, by square) in the "rs" format.
func formatSyncStacks(size int, stacks map[tak.Square]tak.Stack) string {
	return string(appendSyncBoard(nil, size, func(dst tak.Stack, sq tak.Square) tak.Stack { return append(dst, stacks[sq]...) }))
}

// appendSyncBoard appends a board of the given size in the "rs" format;
// stackAt appends the stack on a square, bottom first, to dst.
func appendSyncBoard(b []byte, size int, stackAt func(dst tak.Stack, sq tak.Square) tak.Stack) []byte {
	var pieces [32]tak.Piece // taller stacks go to the heap
	for r := size - 1; r >= 0; r-- {
		for f := 0; f < size; f++ {
			if f > 0 {
				b = append(b, ' ')
			}
			b = AppendSyncStack(b, stackAt(pieces[:0], tak.SquareAt(f, r)))
		}
		b = append(b, '\n')
	}
	return b
}

// FormatSyncStack writes one stack (bottom first) as the sync board writes
// a square: top first, "s" flat, "w" wall, "c" capstone, lowercase white,
// uppercase black, "0" when empty.
func FormatSyncStack(st tak.Stack) string {
	return string(AppendSyncStack(nil, st))
}

// AppendSyncStack appends FormatSyncStack(st) to b.
func AppendSyncStack(b []byte, st tak.Stack) []byte {
	if len(st) == 0 {
		return append(b, '0')
	}
	for j := len(st) - 1; j >= 0; j-- {
		c := "swc"[st[j].Kind()%3]
		if st[j].Color() == tak.Black {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}
