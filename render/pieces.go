package render

// Drawing the pieces and the stacks on the board.

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/takbymail/takbot/tak"
)

// piece draws a piece seen from above, centred on (cx, cy), s wide.
func (r *renderer) piece(pc tak.Piece, cx, cy, s float32) {
	c := pc.Color()
	ow := max(1.2, r.pal.outline[c]*min(s, 10*r.unit))
	body, edge := r.pal.piece[c], r.pal.border[c]
	// A soft shadow below and to the right lifts the piece off its square.
	sh := withAlpha(color.RGBA{}, 0.28)
	d := max(1, 0.05*s)
	switch pc.Kind() {
	case tak.Flat:
		// Only the part of the shadow that the piece leaves uncovered is
		// drawn.
		rows, _ := roundRectCover(cx, cy, s, s, 0.2*s)
		r.roundRectFillHole(cx+d*0.6, cy+d, s, s, 0.2*s, sh, rows)
	case tak.Wall:
		r.begin().roundRect(cx+d*0.6, cy+d, 0.36*s, 1.08*s, 0.12*s, -math.Pi/4, false)
		r.fill(sh)
	case tak.Cap:
		r.roundRectFill(cx+d*0.6, cy+d, 0.96*s, 0.96*s, 0.48*s, sh)
	}
	switch pc.Kind() {
	case tak.Flat:
		r.roundRectFill(cx, cy, s, s, 0.2*s, edge)
		r.roundRectFill(cx, cy, s-2*ow, s-2*ow, 0.2*s-ow, body)
	case tak.Wall:
		const angle = -math.Pi / 4
		l, t := 1.08*s, 0.36*s
		r.begin().roundRect(cx, cy, t, l, 0.12*s, angle, false)
		r.fill(edge)
		r.begin().roundRect(cx, cy, t-2*ow, l-2*ow, 0.12*s-ow, angle, false)
		r.fill(body)
	case tak.Cap:
		rad := 0.48 * s
		r.roundRectFill(cx, cy, 2*(rad), 2*(rad), rad, edge)
		r.roundRectFill(cx, cy, 2*(rad-ow), 2*(rad-ow), rad-ow, body)
		p := r.begin()
		p.circle(cx, cy, 0.25*s, false)
		p.circle(cx, cy, 0.25*s-max(1.2, 0.07*s), true)
		r.fill(r.pal.mark[c])
	}
}

// tile returns the rectangle of a square's tile: x, y of its top-left
// corner and its side.
func (r *renderer) tile(sq tak.Square) (x, y, t float32) {
	col, row := sq.File(), r.n-1-sq.Rank()
	g := r.gap()
	x = r.plateX + r.inset + float32(col)*r.sq + g
	y = r.plateY + r.inset + float32(row)*r.sq + g
	return x, y, r.sq - 2*g
}

func (r *renderer) gap() float32 { return max(1, 0.035*r.sq) }

func (r *renderer) centre(sq tak.Square) pt {
	x, y, t := r.tile(sq)
	return pt{x + t/2, y + t/2}
}

// tileFill fills a square's tile with col.
func (r *renderer) tileFill(sq tak.Square, col color.Color) {
	x, y, t := r.tile(sq)
	r.roundRectFill(x+t/2, y+t/2, t, t, 0.1*t, col)
}

// tileStamp identifies the pixels of a bare square's tile on the plate:
// its size in whole pixels (edges are snapped) and its colour.
type tileStamp struct{ w, h, colour int }

// squareTile draws the bare tile of sq, of square colour colour. The tile
// is copied from an earlier tile of the same size and colour when there is
// one: they lie on the same plain plate, so their pixels are the same.
func (r *renderer) squareTile(sq tak.Square, colour int, stamps map[tileStamp]image.Point) {
	x, y, t := r.tile(sq)
	x0, y0 := int(math.Round(float64(x))), int(math.Round(float64(y)))
	x1, y1 := int(math.Round(float64(x+t))), int(math.Round(float64(y+t)))
	k := tileStamp{x1 - x0, y1 - y0, colour}
	from, ok := stamps[k]
	inside := x0 >= 0 && y0 >= 0 && x1 <= r.canvas.w && y1 <= r.canvas.h
	if !ok || !inside {
		r.tileFill(sq, r.pal.square[colour])
		if inside {
			stamps[k] = image.Pt(x0, y0)
		}
		return
	}
	for dy := range y1 - y0 {
		src := (from.Y+dy)*r.stride + 1 + from.X
		dst := (y0+dy)*r.stride + 1 + x0
		copy(r.pix[dst:dst+x1-x0], r.pix[src:src+x1-x0])
	}
}

// ring draws a band of width bw along the inside of a square's tile.
func (r *renderer) ring(sq tak.Square, bw float32, col color.Color) {
	x, y, t := r.tile(sq)
	p := r.begin()
	p.roundRect(x+t/2, y+t/2, t, t, 0.1*t, 0, false)
	p.roundRect(x+t/2, y+t/2, t-2*bw, t-2*bw, max(0, 0.1*t-bw), 0, true)
	r.fill(col)
}

// stack draws the pieces on sq: the top piece from above and, for two or
// more pieces, the side view of the stack and its height in a badge. The
// side view is one column, bottom piece at the bottom: the pieces within
// the carry limit (the top n on an n x n board, those that can move) in
// full, and at most maxFaded pieces below them, faded, as PTN Ninja draws
// them; the badge gives the count of the whole stack. A notch left of the
// column marks the carry limit.
func (r *renderer) stack(sq tak.Square) {
	h := r.p.Height(sq)
	if h == 0 {
		return
	}
	x, y, t := r.tile(sq)
	top, _ := r.p.Top(sq)
	if h == 1 {
		r.piece(top, x+t/2, y+t/2, 0.56*t)
		return
	}
	st := r.p.Stack(sq)

	bottom := y + t - 0.08*t
	// The top piece stands taller in the side view when it is a wall or a
	// capstone: it takes topUnits layers' height.
	topUnits := float32(1)
	switch top.Kind() {
	case tak.Wall:
		topUnits = 1.8
	case tak.Cap:
		topUnits = 1.9
	}
	shown, below, step, colW := stackLayout(h, r.n, t, topUnits)
	st = st[h-shown:]
	right := x + t - 0.08*t
	left := right - colW
	// The top piece seen from above, left of the column.
	size := min(0.48*t, left-x-0.1*t)
	r.piece(top, min(x+0.40*t, left-0.06*t-size/2), y+0.43*t, size)

	lw := max(1, min(step*0.14, 0.012*t))
	gapH := max(1, step*0.18)
	if step < 5 {
		lw = 0 // too thin for an outline: the gaps part the pieces
	}
	for i, pc := range st {
		c := pc.Color()
		ly := bottom - float32(i+1)*step
		lh := step - gapH
		w := colW
		if i == shown-1 && pc.Kind() != tak.Flat {
			lh = topUnits*step - gapH
			ly = bottom - float32(i)*step - topUnits*step
			w = 0.45 * colW
			if pc.Kind() == tak.Cap {
				// A dome no taller than it is wide, sitting on the stack.
				w = 0.7 * colW
				if lh > w {
					ly += lh - w
					lh = w
				}
			}
		}
		cy := ly + gapH/2 + lh/2
		rad := min(lh*0.35, 0.25*colW)
		if pc.Kind() == tak.Cap {
			rad = w / 2
		}
		var body, edge color.Color = r.pal.piece[c], r.pal.border[c]
		if i < below {
			// Below the carry limit: faded into the square.
			body, edge = withAlpha(r.pal.piece[c], fadedAlpha), withAlpha(r.pal.border[c], fadedAlpha)
		}
		if lw == 0 {
			r.roundRectFill(left+colW/2, cy, w, lh, rad, body)
			continue
		}
		r.roundRectFill(left+colW/2, cy, w, lh, rad, edge)
		r.roundRectFill(left+colW/2, cy, w-2*lw, lh-2*lw, max(0, rad-lw), body)
	}
	if below > 0 {
		r.carryNotch(left, bottom-float32(below)*step+gapH/2-0.5, t)
	}
	// Height badge in the bottom-left corner.
	r.badge(strconv.Itoa(h), x+0.18*t, y+t-0.16*t, 0.23*t, r.pal.badge, r.pal.badgeText, true)
}

// stackLayout lays out the side view of a stack of h pieces on an n x n
// board's tile of side t, whose top piece takes topUnits layers: the
// pieces shown (the top ones), how many of those are below the carry
// limit (drawn faded), the height of a layer and the column's width.
func stackLayout(h, n int, t, topUnits float32) (shown, below int, step, colW float32) {
	below = min(max(0, h-n), maxFaded)
	shown = min(h, n) + below
	step = min(0.84*t/(float32(shown)-1+topUnits), 0.15*t)
	return shown, below, step, 0.26 * t
}

// carryNotch draws the carry-limit mark, a small triangle pointing right
// at (colX, by), for a tile of side t.
func (r *renderer) carryNotch(colX, by, t float32) {
	tip := colX - max(1, 0.015*t)
	d := max(5, 0.1*t)
	r.begin().poly(pt{tip, by}, pt{tip - d, by - 0.6*d}, pt{tip - d, by + 0.6*d})
	r.fill(r.pal.highlight)
}

// maxFaded bounds the pieces drawn below a stack's carry limit; the badge
// counts the rest.
const maxFaded = 2

// fadedAlpha is the opacity of the pieces drawn below the carry limit.
const fadedAlpha = 0.4

// tallStack reports whether a stack of the position rises above the
// carry limit, so that the picture carries the notch's legend.
func (r *renderer) tallStack() bool {
	for i := range r.n * r.n {
		if r.p.Height(tak.SquareAt(i%r.n, i/r.n)) > r.n {
			return true
		}
	}
	return false
}

// badge draws a pill holding s, centred on (cx, cy), of height bh.
func (r *renderer) badge(s string, cx, cy, bh float32, bg, fg color.RGBA, outline bool) {
	bh = max(bh, 11)
	fc := r.face(true, bh*0.78)
	w := max(bh, textWidth(fc, s)+bh*0.6)
	if outline {
		r.roundRectFill(cx, cy, w+2, bh+2, (bh+2)/2, withAlpha(fg, 0.55))
	}
	r.roundRectFill(cx, cy, w, bh, bh/2, bg)
	r.textCentred(fc, s, cx, cy, fg)
}
