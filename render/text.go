package render

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TextStyle chooses the characters of a text board.
type TextStyle uint8

// The text styles.
const (
	// Unicode draws the grid with box-drawing characters and marks empty
	// squares with a middle dot.
	Unicode TextStyle = iota
	// ASCII uses only printable ASCII: +, -, | and a dot for empty squares.
	ASCII
)

// TextLegend explains the stacks of a text board; Text ends with it.
const TextLegend = "Stacks read top first, like the sync board: w is a white piece, b a black piece; a leading S makes the top piece a wall, a leading C a capstone (Sbbw: a black wall on a black flat on a white flat)."

// Text draws p as a monospace board: one cell per square, north at the
// top, each stack written top first, in the order of the sync board
// (FormatSyncBoard) sent beside it: S for a wall or C for a capstone on
// top, then w (white) or b (black) per piece from the top down, so "Sbbw"
// is a black wall on a black flat on a white flat. Axis labels follow
// orientation o: PTN puts lowercase files along the bottom and rank 1 at
// the bottom; Mail puts capital files along the top and row 1 at the top.
// Lines after the board give the side to move, flat counts with komi, the
// reserves, the result of a finished game, and the legend.
func Text(p *tak.Position, o notation.Orientation, style TextStyle) string {
	if p == nil {
		return ""
	}
	return grid(p, o, style) + statusText(p) + TextLegend + "\n"
}

// Grid draws the board as Text does, followed by the legend, without the
// lines about the side to move, flats and reserves: for callers that say
// those themselves (the referee, which knows how a game ended off the
// board, by resignation or on time).
func Grid(p *tak.Position, o notation.Orientation, style TextStyle) string {
	if p == nil {
		return ""
	}
	return grid(p, o, style) + TextLegend + "\n"
}

// grid draws the board with its axis labels.
func grid(p *tak.Position, o notation.Orientation, style TextStyle) string {
	n := p.Size()
	g := glyphs[Unicode]
	if style == ASCII {
		g = glyphs[ASCII]
	}
	cells := make([]string, 0, n*n)
	width := make([]int, n) // per file
	for rank := n - 1; rank >= 0; rank-- {
		for file := range n {
			s := stackText(p.Stack(tak.SquareAt(file, rank)))
			if s == "" {
				s = g.empty
			}
			width[file] = max(width[file], len([]rune(s)))
			cells = append(cells, s)
		}
	}
	var b strings.Builder
	files := func() {
		line := "   "
		for f := range n {
			l := string(rune('a' + f))
			if o == notation.Mail {
				l = string(rune('A' + f))
			}
			line += "  " + pad(l, width[f]) + " "
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	rule := func(l, m, r string) {
		b.WriteString("   " + l)
		for f := range n {
			if f > 0 {
				b.WriteString(m)
			}
			b.WriteString(strings.Repeat(g.h, width[f]+2))
		}
		b.WriteString(r + "\n")
	}
	if o == notation.Mail {
		files()
	}
	rule(g.tl, g.tm, g.tr)
	for row := range n {
		name := notation.SquareName(tak.SquareAt(0, n-1-row), n, o)
		fmt.Fprintf(&b, "%2s ", name[1:])
		for f := range n {
			b.WriteString(g.v + " " + pad(cells[row*n+f], width[f]) + " ")
		}
		b.WriteString(g.v + "\n")
	}
	rule(g.bl, g.bm, g.br)
	if o == notation.PTN {
		files()
	}
	return b.String()
}

// boxGlyphs are the characters of one text style.
type boxGlyphs struct {
	h, v, empty string
	tl, tm, tr  string // top corners and joins
	bl, bm, br  string // bottom corners and joins
}

var glyphs = [2]boxGlyphs{
	Unicode: {h: "─", v: "│", empty: "·", tl: "┌", tm: "┬", tr: "┐", bl: "└", bm: "┴", br: "┘"},
	ASCII:   {h: "-", v: "|", empty: ".", tl: "+", tm: "+", tr: "+", bl: "+", bm: "+", br: "+"},
}

// stackText writes a stack top first: S or C when the top piece is a wall
// or a capstone, then w or b per piece from the top down.
func stackText(st tak.Stack) string {
	if len(st) == 0 {
		return ""
	}
	out := make([]byte, 0, len(st)+1)
	switch st[len(st)-1].Kind() {
	case tak.Wall:
		out = append(out, 'S')
	case tak.Cap:
		out = append(out, 'C')
	}
	for i := len(st) - 1; i >= 0; i-- {
		if st[i].Color() == tak.White {
			out = append(out, 'w')
		} else {
			out = append(out, 'b')
		}
	}
	return string(out)
}

func pad(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-len([]rune(s))))
}

// statusText gives the side to move, flats, reserves and result.
func statusText(p *tak.Position) string {
	var b strings.Builder
	res := p.Result()
	if res.Over() {
		fmt.Fprintf(&b, "Game over after move %d: %s (%s).\n", p.Ply()/2+p.Ply()%2, res, res.PTN())
	} else {
		fmt.Fprintf(&b, "Move %d, %s to play.\n", p.MoveNumber(), p.ToMove())
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
