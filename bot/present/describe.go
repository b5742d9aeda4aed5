package present

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Describe says in words what a board picture shows, for the alt text of
// an image (what a screen reader reads and what a client that blocks
// images shows): the size and turn, the flats each colour has on top,
// where the capstones and walls stand, the tallest stack, the last move
// and the result or who is to move, with squares and the move in the
// reader's notation: "5x5 board after turn 11, black to
// move: white has 7 flats on top, black 6; white's capstone on c3;
// black's capstone in reserve; walls: white b2; tallest stack: 3 pieces
// on d4, white on top; last move: c3+." A position that cannot be read is
// described by its TPS.
func Describe(p record.Picture) string {
	pos, err := notation.ParseTPS(p.TPS, p.Config)
	if err != nil {
		return "Board: " + p.TPS
	}
	name := func(sq tak.Square) string { return notation.SquareName(sq, pos.Size(), p.Orientation) }
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d board", pos.Size(), pos.Size())
	switch ply := pos.Ply(); {
	case ply == 0:
		b.WriteString(" before the first move")
	default:
		fmt.Fprintf(&b, " after turn %d", ply)
	}
	if p.Result == nil {
		fmt.Fprintf(&b, ", %s to move", pos.ToMove())
	}
	flats := pos.FlatCounts()
	fmt.Fprintf(&b, ": white has %s on top, black %d", words.Plural(flats[tak.White], "flat", "flats"), flats[tak.Black])
	var caps [2][]string
	var walls [2][]string
	tallest, tallSq := 0, tak.Square(0)
	for _, sq := range pos.Squares() {
		top, ok := pos.Top(sq)
		if !ok {
			continue
		}
		switch top.Kind() {
		case tak.Cap:
			caps[top.Color()] = append(caps[top.Color()], name(sq))
		case tak.Wall:
			walls[top.Color()] = append(walls[top.Color()], name(sq))
		}
		if h := pos.Height(sq); h > tallest {
			tallest, tallSq = h, sq
		}
	}
	for _, c := range []tak.Color{tak.White, tak.Black} {
		if n := p.Config.Caps[c]; n > 0 {
			b.WriteString("; " + capsWhere(c, n, caps[c]))
		}
	}
	if len(walls[tak.White])+len(walls[tak.Black]) > 0 {
		var ws []string
		for _, c := range []tak.Color{tak.White, tak.Black} {
			if len(walls[c]) > 0 {
				ws = append(ws, c.String()+" "+strings.Join(walls[c], " "))
			}
		}
		b.WriteString("; walls: " + strings.Join(ws, ", "))
	}
	if tallest > 1 {
		top, _ := pos.Top(tallSq)
		fmt.Fprintf(&b, "; tallest stack: %d pieces on %s, %s on top", tallest, name(tallSq), top.Color())
	}
	if p.Last != "" {
		last := p.Last
		if m, err := notation.ParsePTNMove(p.Last, pos.Size()); err == nil && p.Orientation == notation.Mail {
			last = notation.FormatMail(m.Move, pos.Size())
		}
		b.WriteString("; last move: " + last)
	}
	if p.Result != nil && p.Result.Text != "" {
		b.WriteString("; " + p.Result.Text)
	}
	if len(p.Marks) > 0 { // a reader who cannot see the picture learns what it marks
		var ms []string
		for _, sq := range p.Marks {
			ms = append(ms, name(sq))
		}
		b.WriteString("; marked: " + strings.Join(ms, ", "))
	}
	b.WriteString(".")
	return b.String()
}

// capsWhere says where colour c's n capstones are, given the squares of
// those on the board: "white's capstone on c3", "black's capstone in
// reserve", "white's capstones on c3 and d4, 1 in reserve".
func capsWhere(c tak.Color, n int, on []string) string {
	s := c.String() + "'s capstone"
	if n > 1 {
		s += "s"
	}
	switch {
	case len(on) == 0:
		return s + " in reserve"
	case len(on) >= n:
		return s + " on " + strings.Join(on, " and ")
	}
	return fmt.Sprintf("%s on %s, %d in reserve", s, strings.Join(on, " and "), n-len(on))
}
