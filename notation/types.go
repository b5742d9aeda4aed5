package notation

import "github.com/takbymail/takbot/tak"

// Orientation is a coordinate system for naming squares.
type Orientation uint8

const (
	// PTN: a1 is the south-west corner, ranks count northward.
	PTN Orientation = 0
	// Mail: Tak by Mail, A1 is the north-west corner, rows count southward.
	Mail Orientation = 1
)

// ParsedMove is a move read from text, with what the text said around it.
type ParsedMove struct {
	Move       tak.Move
	Notation   Orientation // the notation the move was written in
	TakCall    bool        // ' or '' in PTN, a trailing t in mail
	Tinue      bool        // '' in PTN (the mover says the win cannot be stopped); implies TakCall
	Crush      bool        // PTN '*' marker given (optional on input)
	Annotation string      // PTN "!", "?", "!!", "??", "!?", "?!" ("" if none)
}
