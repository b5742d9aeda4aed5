package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Picture widths, in pixels.
const (
	// DefaultWidth suits a phone screen and a chat embed.
	DefaultWidth = 640
	// MinWidth and MaxWidth bound Options.Size.
	MinWidth = 240
	MaxWidth = 4096
)

// Options choose how a picture looks.
type Options struct {
	Theme Theme // "" is Dark
	// Orientation selects the axis labels: notation.PTN (a1 in the
	// south-west corner) or notation.Mail (A1 in the north-west corner,
	// rows counting south). The board picture itself is identical.
	Orientation notation.Orientation
	Size        int // picture width in pixels; 0 is DefaultWidth
}

// Frame is everything a picture shows besides the board.
type Frame struct {
	Players [2]string     // White's (first player's) and Black's names; "" shows "White" or "Black"
	Last    *tak.Move     // the move that led to the position, or nil
	Before  *tak.Position // the position before Last: gives a capstone's crush; may be nil
	Result  tak.Result    // the game's result; Over() false while the game goes on
	Score   int           // the winner's score for the banner; 0 shows none
	// Turn labels the turn in the status line under the flat bar, in the
	// words the rest of the reply uses, such as "Turn 11 (PTN move 6,
	// black)"; "" shows the PTN move number, "Move 6". Line breaks and
	// control characters become spaces; text too wide is cut with "…".
	Turn string
	// Marks lists squares to point out, such as those where two boards
	// differ: each gets a bracket at its four corners, in a colour of its
	// own, apart from the last move's highlight. Squares off the board
	// are an error, and so are more entries than the board has squares;
	// a square listed twice is marked once.
	Marks []tak.Square
	// Caption is a short line drawn in a band above the player cards, such
	// as "Before turn 7: the position the disputed move was played from",
	// to say what the picture shows when it is not simply the game now.
	// Line breaks and control characters become spaces; text too wide for
	// the picture is cut with "…". "" draws no band.
	Caption string
}

// ErrInput is wrapped by every error about the arguments of Image and PNG.
var ErrInput = errors.New("render: bad input")

// Image draws position p with frame f.
func Image(p *tak.Position, f Frame, o Options) (*image.RGBA, error) {
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		return nil, err
	}
	r := newRenderer(p, f, o, pal, nil)
	defer r.fc.close()
	r.draw()
	return r.rgba(), nil
}

// checkArgs validates the arguments of Image and PNG, fills in the
// defaults in o and returns the theme's colours.
func checkArgs(p *tak.Position, f Frame, o *Options) (*palette, error) {
	if p == nil {
		return nil, fmt.Errorf("no position to draw: %w", ErrInput)
	}
	if o.Theme == "" {
		o.Theme = Dark
	}
	pal, ok := palettes[o.Theme]
	if !ok {
		return nil, fmt.Errorf("unknown theme %q (use dark, light or contrast): %w", o.Theme, ErrInput)
	}
	if o.Size == 0 {
		o.Size = DefaultWidth
	}
	if o.Size < MinWidth || o.Size > MaxWidth {
		return nil, fmt.Errorf("picture width %d is not between %d and %d pixels: %w", o.Size, MinWidth, MaxWidth, ErrInput)
	}
	if o.Orientation != notation.PTN && o.Orientation != notation.Mail {
		return nil, fmt.Errorf("unknown orientation %d: %w", o.Orientation, ErrInput)
	}
	n := p.Size()
	if f.Last != nil {
		if !f.Last.Square.OnBoard(n) {
			return nil, fmt.Errorf("last move %s starts off the %dx%d board: %w", f.Last, n, n, ErrInput)
		}
		if f.Last.Type == tak.Spread && len(f.Last.Path(n)) != f.Last.Distance() {
			return nil, fmt.Errorf("last move %s leaves the %dx%d board: %w", f.Last, n, n, ErrInput)
		}
	}
	if f.Result.Winner > tak.Black {
		return nil, fmt.Errorf("result winner %d is not a colour: %w", f.Result.Winner, ErrInput)
	}
	for _, sq := range f.Result.Road {
		if !sq.OnBoard(n) {
			return nil, fmt.Errorf("road square %s is off the %dx%d board: %w", sq, n, n, ErrInput)
		}
	}
	if len(f.Marks) > n*n {
		return nil, fmt.Errorf("%d marked squares on a %dx%d board: %w", len(f.Marks), n, n, ErrInput)
	}
	for _, sq := range f.Marks {
		if !sq.OnBoard(n) {
			return nil, fmt.Errorf("marked square %s is off the %dx%d board: %w", sq, n, n, ErrInput)
		}
	}
	if f.Before != nil && f.Before.Size() != n {
		return nil, fmt.Errorf("the position before the last move is %dx%d, not %dx%d: %w", f.Before.Size(), f.Before.Size(), n, n, ErrInput)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	return pal, nil
}

// renderer draws one picture.
type renderer struct {
	*canvas
	p   *tak.Position
	f   Frame
	o   Options
	pal *palette
	fc  faces
	n   int

	w     float32 // picture width
	unit  float32 // w / 100: every length is a multiple of it
	pad   float32
	capY  float32 // caption band's top; its height is capH, 0 without a caption
	capH  float32
	cardY float32
	cardH float32
	barY  float32 // flat bar's row: its top and height
	barH  float32
	statY float32
	// board plate
	plateX, plateY, plateW float32
	sq                     float32 // square pitch
	inset                  float32 // plate margin around the squares
	labelY                 float32 // file labels' middle
	bannerY, bannerH       float32
	h                      float32
}

// newRenderer lays the picture out. reuse, when not nil, is a canvas to
// draw on again.
func newRenderer(p *tak.Position, f Frame, o Options, pal *palette, reuse *canvas) *renderer {
	r := &renderer{p: p, f: f, o: o, pal: pal, n: p.Size()}
	w := float32(o.Size)
	u := w / 100
	r.w, r.unit = w, u
	r.pad = 3 * u
	r.cardY = r.pad
	r.f.Turn = captionLine(f.Turn)
	if f.Caption = captionLine(f.Caption); f.Caption != "" {
		r.f.Caption = f.Caption
		r.capY, r.capH = r.pad, 6*u
		r.cardY = r.capY + r.capH + 1.6*u
	}
	r.cardH = 15 * u
	r.barY = r.cardY + r.cardH + 1.4*u
	r.barH = 3.4 * u
	r.statY = r.barY + r.barH + 3*u
	top := r.statY + 3.6*u
	label := 5 * u
	r.plateX = r.pad + label
	r.plateW = w - r.pad - r.plateX
	r.inset = 1.2 * u
	r.sq = (r.plateW - 2*r.inset) / float32(r.n)
	if o.Orientation == notation.Mail {
		r.labelY = top + label/2
		r.plateY = top + label
	} else {
		r.plateY = top
		r.labelY = top + r.plateW + label/2
	}
	y := top + r.plateW + label
	if f.Result.Over() {
		r.bannerY = y + 1*u
		r.bannerH = 13 * u
		y = r.bannerY + r.bannerH
	}
	r.h = y + r.pad
	r.canvas = newCanvas(o.Size, int(math.Ceil(float64(r.h))), reuse)
	for _, col := range pal.colours() {
		r.colorIndex(col)
	}
	return r
}

func (r *renderer) draw() {
	r.rect(r.bounds(), r.pal.bg)
	if r.capH > 0 {
		r.caption()
	}
	r.header()
	r.board()
	r.labels()
	if r.f.Result.Over() {
		r.banner()
	}
}

func (r *renderer) name(c tak.Color) string {
	if s := r.f.Players[c]; s != "" {
		return s
	}
	if c == tak.White {
		return "White"
	}
	return "Black"
}

// moveText writes a move in the reader's notation.
func (r *renderer) moveText(m tak.Move, before *tak.Position) string {
	if r.o.Orientation == notation.Mail {
		return notation.FormatMail(m, r.n)
	}
	return notation.FormatPTN(m, before)
}

func (r *renderer) face(isBold bool, px float32) *sizedFace {
	return r.fc.get(isBold, int(px+0.5))
}

// ---- pieces ----

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

// ---- board ----

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
	fc := r.face(true, 3*r.unit)
	lx := r.pad + 2.5*r.unit
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
