package notation

import (
	"fmt"
	"unicode/utf8"
)

// SyntaxKind says what is wrong with text a parser could not read, so that
// callers can branch on it (refuse a move over the carry limit, point at a
// square that is not on the board) without reading the message.
type SyntaxKind uint8

// The kinds of syntax error. Every *SyntaxError this package returns has
// one of them; the zero value KindUnknown is never returned.
const (
	// KindUnknown is the zero SyntaxKind.
	KindUnknown SyntaxKind = iota
	// KindBoardSize: the board size given to the parser is not between
	// tak.MinSize and tak.MaxSize: a mistake of the caller, not the text.
	KindBoardSize
	// KindMove: text that is not a move: empty, an unknown mail command,
	// a missing or unknown direction, stray characters, an unknown
	// annotation, a crush marker on a placement.
	KindMove
	// KindPiece: an unknown piece letter in a PTN placement or a mail
	// place command.
	KindPiece
	// KindSquare: a square name that is not a letter and a digit.
	KindSquare
	// KindOffBoard: a well-formed square that is not on this board, or a
	// stack move whose path runs off the board.
	KindOffBoard
	// KindCarryLimit: a stack move picking up more pieces than the carry
	// limit (the board size) allows.
	KindCarryLimit
	// KindCount: counts and drops that do not add up: a pick-up or a drop
	// of 0, drops whose sum is not the pick-up, a pick-up or drop that is
	// not a number, more drops than any board has squares to cross.
	KindCount
	// KindTPS: a TPS position that cannot be read.
	KindTPS
	// KindSyncBoard: a Tak by Mail sync ("rs") board that cannot be read.
	KindSyncBoard
	// KindPTNFile: a PTN file whose structure is broken: a malformed tag
	// or an unclosed comment. (A move that cannot be read is kept in the
	// game record, see ReadPTN.)
	KindPTNFile
)

var kindNames = [...]string{
	KindUnknown:    "unknown",
	KindBoardSize:  "board size",
	KindMove:       "move",
	KindPiece:      "piece",
	KindSquare:     "square",
	KindOffBoard:   "off the board",
	KindCarryLimit: "carry limit",
	KindCount:      "count",
	KindTPS:        "TPS",
	KindSyncBoard:  "sync board",
	KindPTNFile:    "PTN file",
}

// String names the kind in a few words, such as "carry limit".
func (k SyntaxKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("SyntaxKind(%d)", uint8(k))
}

// SyntaxError is returned for text that is not a move, square, TPS, board
// or PTN file. Kind classifies the problem; Msg says specifically what is
// wrong, quoting at most a short excerpt of the input (see Excerpt).
type SyntaxError struct {
	Kind  SyntaxKind
	Input string // the text given to the parser, whole
	Msg   string
}

// Error returns Msg, which says what is wrong.
func (e *SyntaxError) Error() string { return e.Msg }

// excerptRunes is the length of the excerpts of user text that error
// messages quote.
const excerptRunes = 20

// Excerpt returns s cut to at most n runes for quoting in a message: s
// itself when it is that short, else its first n-1 runes and "…". An n
// below 1 counts as 1. Invalid UTF-8 counts a rune per bad byte and is
// kept as it is.
func Excerpt(s string, n int) string {
	n = max(n, 1)
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	end := 0
	for range n - 1 {
		_, w := utf8.DecodeRuneInString(s[end:])
		end += w
	}
	return s[:end] + "…"
}

// excerpt cuts user text to the excerpt length of error messages.
func excerpt(s string) string { return Excerpt(s, excerptRunes) }

func syntaxErr(kind SyntaxKind, input, format string, args ...any) *SyntaxError {
	return &SyntaxError{Kind: kind, Input: input, Msg: fmt.Sprintf(format, args...)}
}
