package render

// Drawing the board: its plate, squares, marks of the last move, roads
// and labels.

import (
	"image"
	"image/color"
	"strconv"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func (r *renderer) board() {
	pal := r.pal
	r.roundRectFill(r.plateX+r.plateW/2, r.plateY+r.plateW/2, r.plateW, r.plateW, 1.2*r.unit, pal.plate)
	n := r.n

	road := map[tak.Square]bool{}
	for _, s := range r.f.Result.Road {
		road[s] = true
	}
	// Squares of the last move: origin, and the squares it reached.
	var lastTo []tak.Square
	var lastFrom tak.Square
	isSpread := false
	if m := r.f.Last; m != nil {
		lastFrom = m.Square
		if m.Type == tak.Spread {
			isSpread = true
			lastTo = m.Path(n)
		} else {
			lastTo = []tak.Square{m.Square}
		}
	}
	reached := map[tak.Square]bool{}
	for _, s := range lastTo {
		reached[s] = true
	}

	stamps := map[tileStamp]image.Point{}
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			r.squareTile(tak.SquareAt(file, rank), (file+rank)&1, stamps)
		}
	}
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			sq := tak.SquareAt(file, rank)
			switch {
			case reached[sq]:
				r.tileFill(sq, withAlpha(pal.highlight, 0.38))
			case road[sq], r.countedFlat(sq):
				r.tileFill(sq, withAlpha(pal.road, 0.3))
			}
		}
	}
	r.roadLines()
	// Last-move rings under the pieces.
	bw := max(2, 0.05*r.sq)
	if r.f.Last != nil {
		if isSpread {
			r.ring(lastFrom, bw, withAlpha(pal.highlight, 0.8))
		}
		for _, s := range lastTo {
			r.ring(s, bw, pal.highlight)
		}
	}
	r.marks()
	for rank := n - 1; rank >= 0; rank-- {
		for file := 0; file < n; file++ {
			r.stack(tak.SquareAt(file, rank))
		}
	}
	if isSpread {
		r.spreadMarks(*r.f.Last)
	}
}

// marks draws a bracket at the four corners of each square in Frame.Marks.
func (r *renderer) marks() {
	done := map[tak.Square]bool{}
	l := max(4, 0.24*r.sq)
	bw := max(2, 0.055*r.sq)
	for _, sq := range r.f.Marks {
		if done[sq] {
			continue
		}
		done[sq] = true
		x, y, t := r.tile(sq)
		// Inside the band of a last-move ring, so both show.
		in := max(2, 0.05*r.sq) + 1
		x, y, t = x+in, y+in, t-2*in
		for _, c := range [4]pt{{x, y}, {x + t, y}, {x, y + t}, {x + t, y + t}} {
			// Each arm runs from the corner into the tile.
			dx, dy := float32(1), float32(1)
			if c.x > x {
				dx = -1
			}
			if c.y > y {
				dy = -1
			}
			for _, col := range [2]color.RGBA{r.pal.plate, r.pal.flag} {
				e := float32(0)
				if col == r.pal.plate {
					e = 1 // a dark edge keeps the bracket apart from any square
				}
				r.roundRectFill(c.x+dx*l/2, c.y+dy*bw/2, l+2*e, bw+2*e, 0, col)
				r.roundRectFill(c.x+dx*bw/2, c.y+dy*l/2, bw+2*e, l+2*e, 0, col)
			}
		}
	}
}

// countedFlat reports whether sq holds a flat of the winner of a game won
// on flats: those squares are tinted to show the count.
func (r *renderer) countedFlat(sq tak.Square) bool {
	res := r.f.Result
	if res.Reason != tak.FlatsEnd || res.Draw {
		return false
	}
	top, ok := r.p.Top(sq)
	return ok && top.Kind() == tak.Flat && top.Color() == res.Winner
}

// otherRoad returns the loser's road after a road win that made a road
// for both players (the player who moved wins), or nil.
func (r *renderer) otherRoad() []tak.Square {
	res := r.f.Result
	if res.Reason != tak.RoadEnd || res.Draw {
		return nil
	}
	return r.p.WinningRoad(res.Winner.Opponent())
}

// roadLines draws the winning road as a band through its squares' centres
// and, when the move made a road for both players, the loser's road as a
// thinner band below it.
func (r *renderer) roadLines() {
	if other := r.otherRoad(); other != nil {
		r.roadLine(other, 0.1*r.sq, withAlpha(r.pal.muted, 0.9))
	}
	r.roadLine(r.f.Result.Road, 0.16*r.sq, withAlpha(r.pal.road, 0.9))
}

// roadLine draws a road as a band of width w from edge to edge.
func (r *renderer) roadLine(road []tak.Square, w float32, col color.Color) {
	if len(road) == 0 {
		return
	}
	for i, s := range road {
		c := r.centre(s)
		r.roundRectFill(c.x, c.y, 2*(w/2), 2*(w/2), w/2, col)
		if i > 0 && adjacent(road[i-1], s) {
			r.begin().segment(r.centre(road[i-1]), c, w, 0)
			r.fill(col)
		}
	}
	// Extend the road to the two edges it joins.
	r.roadEnd(road[0], road[min(1, len(road)-1)], w, col)
	r.roadEnd(road[len(road)-1], road[max(0, len(road)-2)], w, col)
}

// roadEnd draws the road from end square s to the board edge it touches,
// away from its neighbour on the road.
func (r *renderer) roadEnd(s, next tak.Square, w float32, col color.Color) {
	n := r.n
	c := r.centre(s)
	half := r.sq / 2
	var to pt
	switch {
	case s.Rank() == 0 && (next.Rank() > 0 || next == s):
		to = pt{c.x, c.y + half}
	case s.Rank() == n-1 && (next.Rank() < n-1 || next == s):
		to = pt{c.x, c.y - half}
	case s.File() == 0:
		to = pt{c.x - half, c.y}
	case s.File() == n-1:
		to = pt{c.x + half, c.y}
	default:
		return
	}
	r.begin().segment(c, to, w, 0)
	r.fill(col)
}

func adjacent(a, b tak.Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df*df+dr*dr == 1
}

// spreadMarks draws a stack move's direction chevrons between squares and
// its drop counts.
func (r *renderer) spreadMarks(m tak.Move) {
	path := m.Path(r.n)
	drops := m.DropList()
	crush := r.f.Before != nil && r.f.Before.IsCrush(m)
	prev := m.Square
	for i, s := range path {
		r.chevron(prev, s)
		prev = s
		label := strconv.Itoa(drops[i])
		if crush && i == len(path)-1 {
			label += "*"
		}
		x, y, t := r.tile(s)
		r.badge(label, x+0.17*t, y+0.16*t, 0.2*t, r.pal.highlight, r.pal.hlText, true)
	}
	// The number of pieces picked up, on the origin.
	x, y, t := r.tile(m.Square)
	r.badge("−"+strconv.Itoa(m.Carry()), x+0.17*t, y+0.16*t, 0.2*t, r.pal.hlText, r.pal.highlight, true)
}

// chevron draws an arrowhead on the edge between adjacent squares a and b,
// pointing from a to b.
func (r *renderer) chevron(a, b tak.Square) {
	ca, cb := r.centre(a), r.centre(b)
	m := pt{(ca.x + cb.x) / 2, (ca.y + cb.y) / 2}
	dx, dy := (cb.x-ca.x)/r.sq, (cb.y-ca.y)/r.sq
	nx, ny := -dy, dx
	tri := func(fwd, back, side float32) {
		r.begin().poly(
			pt{m.x + dx*fwd, m.y + dy*fwd},
			pt{m.x - dx*back + nx*side, m.y - dy*back + ny*side},
			pt{m.x - dx*back - nx*side, m.y - dy*back - ny*side},
		)
	}
	s := r.sq
	tri(0.1*s, 0.06*s, 0.14*s)
	r.fill(r.pal.hlText)
	tri(0.07*s, 0.04*s, 0.1*s)
	r.fill(r.pal.highlight)
}

// labels draws the axis labels in the reader's notation.
func (r *renderer) labels() {
	fc := r.face(true, 3.6*r.unit)
	lx := r.plateX - 2.6*r.unit
	for i := range r.n {
		file := string(rune('a' + i))
		if r.o.Orientation == notation.Mail {
			file = string(rune('A' + i))
		}
		x := r.plateX + r.inset + (float32(i)+0.5)*r.sq
		r.textCentred(fc, file, x, r.labelY, r.pal.muted)
		sq := tak.SquareAt(0, r.n-1-i) // the square in the i-th row from the north
		name := notation.SquareName(sq, r.n, r.o.Orientation)
		y := r.plateY + r.inset + (float32(i)+0.5)*r.sq
		r.textCentred(fc, name[1:], lx, y, r.pal.muted)
	}
}

// legend explains the carry-limit notch under the board, drawn when a
// stack rises above the carry limit.
func (r *renderer) legend() {
	u := r.unit
	fc := r.face(false, 3.2*u)
	x := r.plateX + 2.4*u
	r.carryNotch(x, r.legendY, 30*u)
	r.text(fc, fit(fc, "carry limit: only the pieces above it can move", r.plateX+r.plateW-x-u), x+u, r.legendY, r.pal.muted)
}
