package render

import (
	"fmt"
	"image"
	"io"
	"math"
	"strconv"
)

// Graph is an evaluation graph: how a game's evaluation went, position by
// position, from White's point of view.
type Graph struct {
	// Scores are the evaluations of the positions, in centiflats (100 is
	// one flat) for White: Scores[0] is the start position, Scores[i]
	// the position after turn i. Positive favours White.
	Scores []int
	// Marks are the turns to point out (the largest swings), each with
	// its sign: "?" for a move that lost much, "!" for one that gained.
	Marks []GraphMark
	// Title is drawn at the top ("g3: Alice vs Bob"); "" draws none.
	Title string
}

// GraphMark points out one turn on a graph.
type GraphMark struct {
	Turn int    // the turn after which the position was scored (index into Scores)
	Sign string // "?" or "!" (at most 2 characters)
}

// MaxGraphPoints bounds Graph.Scores.
const MaxGraphPoints = 2000

// graphClamp is the evaluation at the top and bottom of a graph: 10
// flats; beyond is drawn at the edge.
const graphClamp = 1000

// EvalGraph draws an evaluation graph as a PNG: the start on the left,
// the last position on the right, White's advantage above the middle line
// (in White's piece colour) and Black's below it (in Black's), the marked
// turns as labelled dots. o chooses the theme and width (the height is
// two fifths of it); Orientation is not used.
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
	pad := 3 * u
	top := pad
	if g.Title != "" {
		f := face(true, 3.4*u)
		c.text(f, fit(f, captionLine(g.Title), wd-2*pad), pad, pad+1.7*u, pal.text)
		top += 5 * u
	}
	left, right, bottom := pad+9*u, wd-pad, ht-pad-4*u
	plot := struct{ x0, y0, x1, y1 float32 }{left, top, right, bottom}
	c.rect(rectOf(plot.x0, plot.y0, plot.x1, plot.y1), pal.card)
	mid := (plot.y0 + plot.y1) / 2
	half := (plot.y1 - plot.y0) / 2
	n := len(g.Scores)
	x := func(i int) float32 {
		if n == 1 {
			return plot.x0
		}
		return plot.x0 + (plot.x1-plot.x0)*float32(i)/float32(n-1)
	}
	y := func(s int) float32 {
		s = max(-graphClamp, min(graphClamp, s))
		return mid - half*float32(s)/graphClamp
	}
	// White's advantage above the line, Black's below: each the area
	// between the curve and the middle, clipped to its side.
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
	c.fill(pal.muted)
	for i := 1; i < n; i++ {
		c.begin().segment(pt{x(i - 1), y(g.Scores[i-1])}, pt{x(i), y(g.Scores[i])}, max(1, 0.4*u), 0)
		c.fill(pal.text)
	}
	small := face(false, 2.6*u)
	c.text(small, "+10", pad, plot.y0+1.3*u, pal.muted)
	c.text(small, "0", pad, mid, pal.muted)
	c.text(small, "−10", pad, plot.y1-1.3*u, pal.muted)
	c.text(small, "White ahead", plot.x0+u, plot.y0+2*u, pal.muted)
	c.text(small, "Black ahead", plot.x0+u, plot.y1-2*u, pal.muted)
	label := "turn " + strconv.Itoa(n-1)
	c.text(small, "start", plot.x0, ht-pad-1.5*u, pal.muted)
	c.text(small, label, plot.x1-textWidth(small, label), ht-pad-1.5*u, pal.muted)
	bold := face(true, 2.8*u)
	for _, m := range g.Marks {
		cx, cy := x(m.Turn), y(g.Scores[m.Turn])
		col := pal.highlight
		if m.Sign == "!" {
			col = pal.road
		}
		c.begin().circle(cx, cy, 1.1*u, false)
		c.fill(col)
		ly := cy - 3*u
		if cy < plot.y0+4*u {
			ly = cy + 3*u
		}
		c.textCentred(bold, m.Sign, cx, ly, col)
	}
	e := encoderPool.Get().(*pngEncoder)
	defer encoderPool.Put(e)
	if _, err := w.Write(e.encode(c)); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// rectOf returns the pixel rectangle covering x0..x1, y0..y1.
func rectOf(x0, y0, x1, y1 float32) image.Rectangle {
	return image.Rect(int(x0), int(y0), int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1))))
}
