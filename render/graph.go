package render

import (
	"fmt"
	"image"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// Graph is an evaluation graph: how a game's evaluation went, position by
// position, drawn as White's chance to win.
type Graph struct {
	// Scores are the evaluations of the positions, in centiflats (100 is
	// one flat) for White: Scores[0] is the start position, Scores[i]
	// the position after turn i. Positive favours White.
	Scores []int
	// Marks are the turns to point out (the moves the review marks as
	// blunders or mistakes, or as strong), each labelled with its move.
	Marks []GraphMark
	// Title is drawn at the top ("g3: Alice vs Bob"); "" draws none.
	Title string
}

// GraphMark points out one turn on a graph.
type GraphMark struct {
	Turn int    // the turn after which the position was scored (index into Scores)
	Sign string // "?", "??", "!" or "!!" (at most 2 characters): "!" marks a good move
	// Label names the move in the reader's notation ("d4", "ms b2 p1 1");
	// the graph shows it with Sign ("d4?"). "" shows the turn: "T7?".
	Label string
}

// MaxGraphPoints bounds Graph.Scores.
const MaxGraphPoints = 2000

// maxMarkLabel bounds a mark's label, in runes.
const maxMarkLabel = 24

// WinScale is the evaluation, in centiflats, at which a player's chance
// to win is e/(1+e), about 73%, on the graph's win-chance scale: the
// chance of an evaluation s is 1/(1+exp(-s/WinScale)). One flat ahead is
// then 61%, three flats 79%, five 90%, and the engine's evaluation of a
// won game (thousands of centiflats) reaches the edge. The scale is a
// choice for reading the graph, not fitted to game results.
const WinScale = 220

// WinChance maps an evaluation in centiflats for White to White's chance
// to win, 0 to 1, with the logistic of WinScale.
func WinChance(centiflats int) float64 {
	return 1 / (1 + math.Exp(-float64(centiflats)/WinScale))
}

// EvalGraph draws an evaluation graph as a PNG: the start on the left,
// the last position on the right, White's chance to win (WinChance) from
// 0% at the bottom to 100% at the top, the area between the curve and the
// 50% line filled in White's piece colour above it and Black's below, and
// the marked turns as dots labelled with their moves. o chooses the theme
// and width (the height is two fifths of it); Orientation is not used.
func EvalGraph(w io.Writer, g Graph, o Options) error {
	if len(g.Scores) == 0 {
		return fmt.Errorf("no scores to draw: %w", ErrInput)
	}
	if len(g.Scores) > MaxGraphPoints {
		return fmt.Errorf("%d scores to draw, more than %d: %w", len(g.Scores), MaxGraphPoints, ErrInput)
	}
	for _, m := range g.Marks {
		if m.Turn < 0 || m.Turn >= len(g.Scores) || len(m.Sign) > 2 {
			return fmt.Errorf("mark %q at turn %d outside the %d scores: %w", m.Sign, m.Turn, len(g.Scores), ErrInput)
		}
	}
	if o.Theme == "" {
		o.Theme = Dark
	}
	pal, ok := palettes[o.Theme]
	if !ok {
		return fmt.Errorf("unknown theme %q (use dark, light or contrast): %w", o.Theme, ErrInput)
	}
	if o.Size == 0 {
		o.Size = DefaultWidth
	}
	if o.Size < MinWidth || o.Size > MaxWidth {
		return fmt.Errorf("picture width %d is not between %d and %d pixels: %w", o.Size, MinWidth, MaxWidth, ErrInput)
	}
	if err := loadFonts(); err != nil {
		return err
	}
	wd := float32(o.Size)
	u := wd / 100
	ht := float32(math.Ceil(float64(wd * 0.4)))
	c := newCanvas(o.Size, int(ht), nil)
	for _, col := range pal.colours() {
		c.colorIndex(col)
	}
	var fc faces
	defer fc.close()
	face := func(bold bool, px float32) *sizedFace { return fc.get(bold, int(px+0.5)) }

	c.rect(c.bounds(), pal.bg)
	pad := 2.5 * u
	top := pad
	if g.Title != "" {
		f := face(true, 3.8*u)
		c.text(f, fit(f, captionLine(g.Title), wd-2*pad), pad, pad+1.9*u, pal.text)
		top += 5.4 * u
	}
	small := face(false, 3.2*u)
	left, right, bottom := pad+textWidth(small, "100%")+1.2*u, wd-pad, ht-pad-4.4*u
	plot := struct{ x0, y0, x1, y1 float32 }{left, top, right, bottom}
	c.rect(rectOf(plot.x0, plot.y0, plot.x1, plot.y1), pal.square[1])
	mid := (plot.y0 + plot.y1) / 2
	n := len(g.Scores)
	x := func(i int) float32 {
		if n == 1 {
			return plot.x0
		}
		return plot.x0 + (plot.x1-plot.x0)*float32(i)/float32(n-1)
	}
	y := func(s int) float32 {
		return plot.y1 - (plot.y1-plot.y0)*float32(WinChance(s))
	}
	// Quarter lines under the curve.
	for _, q := range []float32{0.25, 0.75} {
		qy := plot.y1 - (plot.y1-plot.y0)*q
		c.begin().segment(pt{plot.x0, qy}, pt{plot.x1, qy}, max(1, 0.15*u), 0)
		c.fill(withAlpha(pal.muted, 0.5))
	}
	// White's chances above the 50% line, Black's below: each the area
	// between the curve and the line, clipped to its side.
	for side, sign := range []int{1, -1} {
		p := c.begin()
		p.moveTo(pt{x(0), mid})
		for i, s := range g.Scores {
			if s*sign < 0 {
				s = 0
			}
			p.lineTo(pt{x(i), y(s)})
		}
		p.lineTo(pt{x(n - 1), mid})
		c.fill(pal.piece[side])
	}
	c.begin().segment(pt{plot.x0, mid}, pt{plot.x1, mid}, max(1, 0.3*u), 0)
	c.fill(pal.highlight)
	for i := 1; i < n; i++ {
		c.begin().segment(pt{x(i - 1), y(g.Scores[i-1])}, pt{x(i), y(g.Scores[i])}, max(1, 0.4*u), 0)
		c.fill(pal.muted)
	}
	right100 := func(s string, yy float32) { c.text(small, s, left-1.2*u-textWidth(small, s), yy, pal.muted) }
	right100("100%", plot.y0+1.4*u)
	right100("50%", mid)
	right100("0%", plot.y1-1.4*u)
	// The corner words sit on the plot or on a fill: dark on a light plot.
	ink := pal.piece[tak.Black]
	if luminance(pal.square[1]) < 0.3 {
		ink = pal.piece[tak.White]
	}
	c.text(small, "White wins", plot.x0+u, plot.y0+2.2*u, ink)
	c.text(small, "Black wins", plot.x0+u, plot.y1-2.2*u, ink)
	foot := ht - pad - 1.8*u
	c.text(small, "start", plot.x0, foot, pal.muted)
	label := "turn " + strconv.Itoa(n-1)
	c.text(small, label, plot.x1-textWidth(small, label), foot, pal.muted)
	axis := "White's chance to win"
	c.textCentred(small, axis, (plot.x0+plot.x1)/2, foot, pal.muted)
	graphMarks(c, g, face(true, 3.2*u), u, plot.y0, plot.y1, x, y, pal)
	e := encoderPool.Get().(*pngEncoder)
	defer encoderPool.Put(e)
	if _, err := w.Write(e.encode(c)); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// graphMarks draws each marked turn as a dot on the curve and its move in
// a pill beside it, away from the 50% line's far side and from the pills
// drawn before it.
func graphMarks(c *canvas, g Graph, bold *sizedFace, u, y0, y1 float32, x func(int) float32, y func(int) float32, pal *palette) {
	type box struct{ x0, y0, x1, y1 float32 }
	var placed []box
	overlaps := func(b box) bool {
		for _, p := range placed {
			if b.x0 < p.x1 && p.x0 < b.x1 && b.y0 < p.y1 && p.y0 < b.y1 {
				return true
			}
		}
		return false
	}
	w := float32(c.w)
	for _, m := range g.Marks {
		cx, cy := x(m.Turn), y(g.Scores[m.Turn])
		col := pal.highlight
		if strings.HasPrefix(m.Sign, "!") {
			col = pal.road
		}
		c.begin().circle(cx, cy, 1.2*u, false)
		c.fill(pal.plate)
		c.begin().circle(cx, cy, 0.85*u, false)
		c.fill(col)
		text := []rune(captionLine(m.Label))
		if len(text) > maxMarkLabel {
			text = append(text[:maxMarkLabel-1], '…')
		}
		s := string(text) + m.Sign
		if m.Label == "" {
			s = "T" + strconv.Itoa(m.Turn) + m.Sign
		}
		bh := 4.4 * u
		bw := textWidth(bold, s) + 2*u
		bx := min(max(cx, bw/2+1), w-bw/2-1)
		// Below the dot in the upper half, above it in the lower half;
		// further out while the place is taken.
		dir := float32(1)
		if cy > (y0+y1)/2 {
			dir = -1
		}
		var b box
		for try := 0; try < 6; try++ {
			d := dir * (3.4*u + float32(try/2)*(bh+0.6*u))
			if try%2 == 1 {
				d = -d
			}
			by := cy + d
			by = min(max(by, y0+bh/2), y1-bh/2)
			b = box{bx - bw/2, by - bh/2, bx + bw/2, by + bh/2}
			if !overlaps(b) {
				break
			}
		}
		placed = append(placed, b)
		c.roundRectFill((b.x0+b.x1)/2, (b.y0+b.y1)/2, bw+2, bh+2, (bh+2)/2, pal.plate)
		c.roundRectFill((b.x0+b.x1)/2, (b.y0+b.y1)/2, bw, bh, bh/2, col)
		c.textCentred(bold, s, (b.x0+b.x1)/2, (b.y0+b.y1)/2, pal.hlText)
	}
}

// rectOf returns the pixel rectangle covering x0..x1, y0..y1.
func rectOf(x0, y0, x1, y1 float32) image.Rectangle {
	return image.Rect(int(x0), int(y0), int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1))))
}
