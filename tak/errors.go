package tak

import (
	"errors"
	"fmt"
)

// Rule names the rule a refused move breaks, so callers can branch on it.
type Rule uint8

// The rules a move can break.
const (
	RuleGameOver       Rule = iota + 1 // the game has ended
	RuleOffBoard                       // a square or path leaves the board
	RuleOccupied                       // placement on an occupied square
	RuleNoStones                       // no stones left in reserve
	RuleNoCapstones                    // no capstones left in reserve
	RuleOpeningFlat                    // only flats may be placed in the swap opening
	RuleOpeningMove                    // no stack moves in the swap opening
	RuleEmptySquare                    // stack move from an empty square
	RuleNotYourStack                   // stack move from a stack the mover does not control
	RuleCarryLimit                     // more pieces than the carry limit
	RuleStackTooSmall                  // more pieces than the stack holds
	RuleBadDrops                       // drops missing, zero, or not summing to the carry
	RuleCapstoneBlocks                 // a capstone cannot be covered
	RuleWallBlocks                     // a wall cannot be covered (except flattened by a lone capstone)
	RuleBadMove                        // malformed move (unknown type or piece)
)

// MoveError is the typed error of a refused move: the move, the rule it
// breaks, the square concerned and a readable reason.
type MoveError struct {
	Move   Move
	Rule   Rule
	Square Square // the square concerned by the reason
	// Detail explains the refusal. It contains the placeholder "{sq}" where
	// the square's name goes, so callers may name squares in their own
	// notation with Describe.
	Detail string
	Size   int
}

// Error returns the reason with squares named in PTN.
func (e *MoveError) Error() string {
	return e.Describe(func(s Square) string { return s.String() })
}

// Describe returns the reason with the square named by name, so that a Tak
// by Mail player reads "B2 is occupied" and a PTN player "b4 is occupied".
func (e *MoveError) Describe(name func(Square) string) string {
	out := make([]byte, 0, len(e.Detail)+4)
	d := e.Detail
	for {
		i := indexOf(d, "{sq}")
		if i < 0 {
			out = append(out, d...)
			break
		}
		out = append(out, d[:i]...)
		out = append(out, name(e.Square)...)
		d = d[i+4:]
	}
	return string(out)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func moveErr(m Move, r Rule, sq Square, size int, format string, args ...any) *MoveError {
	return &MoveError{Move: m, Rule: r, Square: sq, Size: size, Detail: fmt.Sprintf(format, args...)}
}

// IsRule reports whether err is a MoveError for rule r.
func IsRule(err error, r Rule) bool {
	var me *MoveError
	return errors.As(err, &me) && me.Rule == r
}
