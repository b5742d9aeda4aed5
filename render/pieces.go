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
	ow := max(1.2, r.pal.outline[c]*min(s, 12*r.unit))
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
// more pieces, the side view of the stack and its height. The side view
// shows every piece: a stack too tall for one column at a readable layer
// height is wrapped into columns side by side, read left to right, the
// bottom of the stack at the foot of the leftmost column and its top at
// the top of the rightmost.
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
	cols, per, step, colW, colGap := stackLayout(h, t, topUnits)
	right := x + t - 0.08*t
	left := right - float32(cols)*colW - float32(cols-1)*colGap
	// The top piece seen from above, left of the columns.
	size := min(0.48*t, left-x-0.1*t)
	r.piece(top, min(x+0.40*t, left-0.06*t-size/2), y+0.43*t, size)

	lw := max(1, min(step*0.14, 0.012*t))
	gapH := max(1, step*0.18)
	if step < 5 {
		lw = 0 // too thin for an outline: the gaps part the pieces
	}
	for i, pc := range st {
		col, k := i/per, i%per
		colX := left + float32(col)*(colW+colGap)
		c := pc.Color()
		ly := bottom - float32(k+1)*step
		lh := step - gapH
		w := colW
		if i == h-1 && pc.Kind() != tak.Flat {
			lh = topUnits*step - gapH
			ly = bottom - float32(k)*step - topUnits*step
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
		if lw == 0 {
			r.roundRectFill(colX+colW/2, cy, w, lh, rad, r.pal.piece[c])
			continue
		}
		r.roundRectFill(colX+colW/2, cy, w, lh, rad, r.pal.border[c])
		r.roundRectFill(colX+colW/2, cy, w-2*lw, lh-2*lw, max(0, rad-lw), r.pal.piece[c])
	}
	// A notch left of the column marks the carry limit: only the pieces
	// above it can move.
	if j := h - r.n; j > 0 {
		col, k := j/per, j%per
		colX := left + float32(col)*(colW+colGap)
		by := bottom - float32(k)*step + gapH/2 - 0.5
		tip := colX - max(1, 0.015*t)
		r.begin().poly(pt{tip, by}, pt{tip - 0.06*t, by - 0.035*t}, pt{tip - 0.06*t, by + 0.035*t})
		r.fill(r.pal.muted)
	}
	// Height badge in the bottom-left corner.
	r.badge(strconv.Itoa(h), x+0.17*t, y+t-0.15*t, 0.19*t, r.pal.badge, r.pal.badgeText, true)
}

// stackLayout lays out the side view of a stack of h pieces on a tile of
// side t, whose top piece takes topUnits layers: the number of columns,
// the pieces in each column but the last, the height of a layer, and the
// width of a column and of the gap between columns.
func stackLayout(h int, t, topUnits float32) (cols, per int, step, colW, colGap float32) {
	avail := 0.84 * t
	// The thinnest layer that still shows as a piece with a gap.
	minStep := max(3, 0.045*t)
	cols = 1
	for cols < maxStackColumns && (float32((h+cols-1)/cols)-1+topUnits)*minStep > avail {
		cols++
	}
	per = (h + cols - 1) / cols
	step = min(avail/(float32(per)-1+topUnits), 0.15*t)
	// Columns: one is 0.22 of the tile; more share up to 0.46 of it.
	colGap = max(1, 0.025*t)
	if cols > 2 {
		colGap = 1 // narrow columns: the layers' gaps set them apart
	}
	colW = 0.22 * t
	if cols > 1 {
		colW = min(colW, (0.46*t-float32(cols-1)*colGap)/float32(cols))
	}
	return cols, per, step, colW, colGap
}

// maxStackColumns bounds the columns of a stack's side view. At the
// default width it is enough for every piece of an 8x8 game on one square
// (six columns); on a smaller picture the layers grow thinner instead, but
// every piece is still drawn inside the tile.
const maxStackColumns = 8

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
