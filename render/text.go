package render

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TextStyle chooses the characters of a text board.
type TextStyle uint8

// The text styles.
const (
	// Unicode separates cells with the box-drawing bar │.
	Unicode TextStyle = iota
	// ASCII uses only printable ASCII: | between cells.
	ASCII
	// Figure draws as ASCII does but pads with figure spaces (U+2007, as
	// wide as a digit in nearly every font), for text that may be shown in a
	// proportional font: a mail's text part. See grid.
	Figure
)

// TextLegend explains the stacks of a text board and of the sync board
// sent beside it: both write a stack with the same letters, so a reader
// learns one code. Text ends with it; the referee writes it once per mail.
const TextLegend = "Stacks read top first: s flat, w wall, c capstone; lowercase white, uppercase black; 0 is an empty square."

// Text draws p as a text board: one line per row, north at the top, each
// square written as in the sync board, 0 when empty and a stack top first
// (notation.FormatSyncBoard) a Tak by Mail player copies back with "rs":
// s flat, w wall, c capstone, lowercase white, uppercase black, so "Wss"
// is a black wall on two white flats. Axis labels follow orientation o:
// PTN puts lowercase files along the bottom and rank 1 at the bottom; Mail
// puts capital files along the top and row 1 at the top. Lines after the
// board give the turn, flat counts with komi, the reserves, the result of
// a finished game, and the legend.
func Text(p *tak.Position, o notation.Orientation, style TextStyle) string {
	if p == nil {
		return ""
	}
	return grid(p, o, style) + statusText(p) + TextLegend + "\n"
}

// Grid draws the board as Text does, without the lines about the turn,
// flats and reserves and without the legend: for callers that say those
// themselves (the referee, which knows how a game ended off the board, by
// resignation or on time, and writes the legend once per mail however many
// boards it holds).
func Grid(p *tak.Position, o notation.Orientation, style TextStyle) string {
	if p == nil {
		return ""
	}
	return grid(p, o, style)
}

// grid draws the board with its axis labels.
//
// The board has no horizontal rules and every line, the file labels
// included, separates its cells with the same vertical bar. A mail's
// text/plain part is shown in whatever font the reader's client uses:
// mutt and most text clients use a monospace font, where the bars line
// up in columns, but some (webmail showing a text-only mail, phones)
// use a proportional font, where letters differ in width and no
// arrangement of letters lines up exactly. There the rows still hold
// together, one row per line with its label first, and a square is found
// by counting bars, which gives the same column in any font; rules of
// dashes, whose length never matches the row below in a proportional
// font, would only draw a broken frame. In the Figure style the row
// labels' column and the padding of short stacks are figure spaces, as
// wide as a digit, so the label column lines up exactly (digits and
// figure spaces have one width in nearly every font) and a short cell is
// padded by about the width of the letters it stands for (a plain space
// is half as wide, and columns with a tall stack drift far); in a
// monospace font a figure space is one cell like any character.
// (The HTML part of a mail shows boards in a <pre> block, always
// monospace.)
func grid(p *tak.Position, o notation.Orientation, style TextStyle) string {
	n := p.Size()
	g := glyphs[Unicode]
	if style == ASCII || style == Figure {
		g = glyphs[style]
	}
	emptyRunes := utf8.RuneCountInString(g.empty)
	var width [tak.MaxSize]int // per file: a cell is one letter per piece, or g.empty
	size := 0                  // the bytes of the board, for one allocation
	for file := range n {
		width[file] = emptyRunes
		for rank := range n {
			width[file] = max(width[file], p.Height(tak.SquareAt(file, rank)))
		}
		size += width[file] * len(g.pad)
	}
	size = (n+1)*(size+2*len(g.pad)+n*(len(g.v)+2)+len(g.v)+2) + 16
	var buf [640]byte // enough for most boards up to 7x7
	b := buf[:0]
	if size > len(buf) {
		b = make([]byte, 0, size)
	}
	var letters [4]byte
	var pieces [32]byte // taller stacks go to the heap
	var stack [32]tak.Piece
	if o == notation.Mail {
		b = gridFiles(b, g, width[:n], 'A')
	}
	for row := range n {
		rank := n - 1 - row
		label := rank + 1 // the rank in PTN, counted from the south
		if o == notation.Mail {
			label = row + 1 // the row in Tak by Mail, counted from the north
		}
		b = gridOpen(b, g, strconv.AppendInt(letters[:0], int64(label), 10))
		for f := range n {
			st := p.AppendStack(stack[:0], tak.SquareAt(f, rank))
			if len(st) == 0 {
				b = gridCell(b, g, width[f], append(pieces[:0], g.empty...), emptyRunes)
				continue
			}
			b = gridCell(b, g, width[f], notation.AppendSyncStack(pieces[:0], st), len(st)) // the sync board's code
		}
		b = append(append(b, g.v...), '\n')
	}
	if o == notation.PTN {
		b = gridFiles(b, g, width[:n], 'a')
	}
	return string(b)
}

// gridFiles appends the line of file letters, the first one a.
func gridFiles(b []byte, g boxGlyphs, width []int, a byte) []byte {
	b = gridOpen(b, g, nil)
	for f := range width {
		b = gridCell(b, g, width[f], []byte{a + byte(f)}, 1)
	}
	return append(append(b, g.v...), '\n')
}

// gridOpen appends a line's label, right-aligned in two columns.
func gridOpen(b []byte, g boxGlyphs, label []byte) []byte {
	b = gridPad(b, g, 2-len(label))
	return append(append(b, label...), ' ')
}

// gridCell appends a cell of text (runes long) in a column width wide.
func gridCell(b []byte, g boxGlyphs, width int, text []byte, runes int) []byte {
	b = append(append(b, g.v...), ' ')
	b = append(b, text...)
	b = gridPad(b, g, width-runes)
	return append(b, ' ')
}

// gridPad appends k pads.
func gridPad(b []byte, g boxGlyphs, k int) []byte {
	for range k {
		b = append(b, g.pad...)
	}
	return b
}

// boxGlyphs are the characters of one text style.
type boxGlyphs struct {
	v, empty string
	pad      string // fills a short cell and the label column
}

var glyphs = [3]boxGlyphs{
	Unicode: {v: "│", empty: "0", pad: " "},
	ASCII:   {v: "|", empty: "0", pad: " "},
	Figure:  {v: "|", empty: "0", pad: "\u2007"},
}

// turnName names a turn as the referee does everywhere, with its PTN move
// number and the colour that plays it: "turn 7 (PTN move 4, white)".
func turnName(turn int) string {
	c := tak.White
	if (turn-1)%2 == 1 {
		c = tak.Black
	}
	return fmt.Sprintf("turn %d (PTN move %d, %s)", turn, (turn-1)/2+1, c)
}

// statusText gives the side to move, flats, reserves and result.
func statusText(p *tak.Position) string {
	var b strings.Builder
	res := p.Result()
	if res.Over() {
		fmt.Fprintf(&b, "Game over after %s: %s (%s).\n", turnName(p.Ply()), res, res.PTN())
	} else {
		fmt.Fprintf(&b, "T%s to play.\n", turnName(p.Ply() + 1)[1:])
	}
	fl := p.FlatCounts()
	komi := ""
	if k := p.Config().Komi; k > 0 {
		komi = " + " + k.String() + " komi"
	} else if k < 0 {
		komi = " - " + (-k).String() + " komi"
	}
	fmt.Fprintf(&b, "Flats: white %d, black %d%s.\n", fl[tak.White], fl[tak.Black], komi)
	b.WriteString("Left: ")
	for c := tak.White; c <= tak.Black; c++ {
		if c == tak.Black {
			b.WriteString(", ")
		}
		st, cp := p.Reserves(c)
		fmt.Fprintf(&b, "%s %d %s", c, st, plural(st, "stone", "stones"))
		if p.Config().Caps[c] > 0 {
			fmt.Fprintf(&b, " and %d %s", cp, plural(cp, "capstone", "capstones"))
		}
	}
	b.WriteString(".\n")
	return b.String()
}

// SyncText returns the board in the Tak by Mail "rs" format: north row
// first, each square's stack top to bottom, lowercase white and capital
// black, s a flat, w a wall, c a capstone, 0 an empty square.
func SyncText(p *tak.Position) string {
	if p == nil {
		return ""
	}
	return notation.FormatSyncBoard(p)
}
