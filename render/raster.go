package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in pixel coordinates.
type pt struct{ x, y float32 }

// path is a closed outline made of line and cubic segments, filled with the
// non-zero rule (a sub-path drawn the other way round cuts a hole).
type path struct {
	ops  []pathOp
	minX float32
	minY float32
	maxX float32
	maxY float32
}

type pathOp struct {
	kind uint8 // 0 move, 1 line, 2 cubic
	p    [3]pt
}

func (p *path) reset() {
	p.ops = p.ops[:0]
	p.minX, p.minY = float32(math.Inf(1)), float32(math.Inf(1))
	p.maxX, p.maxY = float32(math.Inf(-1)), float32(math.Inf(-1))
}

func (p *path) grow(q pt) {
	p.minX = min(p.minX, q.x)
	p.minY = min(p.minY, q.y)
	p.maxX = max(p.maxX, q.x)
	p.maxY = max(p.maxY, q.y)
}

func (p *path) moveTo(q pt) { p.ops = append(p.ops, pathOp{kind: 0, p: [3]pt{q}}); p.grow(q) }
func (p *path) lineTo(q pt) { p.ops = append(p.ops, pathOp{kind: 1, p: [3]pt{q}}); p.grow(q) }
func (p *path) cubeTo(a, b, q pt) {
	p.ops = append(p.ops, pathOp{kind: 2, p: [3]pt{a, b, q}})
	p.grow(a)
	p.grow(b)
	p.grow(q)
}

// kappa places cubic control points to approximate a quarter circle.
const kappa = 0.5522847498

// roundRect adds a rectangle with corners of radius r, rotated by angle
// (radians) around its centre (cx, cy). reverse draws it the other way round.
func (p *path) roundRect(cx, cy, w, h, r, angle float32, reverse bool) {
	r = max(0, min(r, w/2, h/2))
	sin, cos := float32(math.Sin(float64(angle))), float32(math.Cos(float64(angle)))
	tf := func(x, y float32) pt { return pt{cx + x*cos - y*sin, cy + x*sin + y*cos} }
	hw, hh := w/2, h/2
	k := r * (1 - kappa)
	// Corners clockwise from the top-left (y grows downward).
	type seg struct{ a, c1, c2, b pt }
	segs := [4]seg{
		{pt{-hw, -hh + r}, pt{-hw, -hh + k}, pt{-hw + k, -hh}, pt{-hw + r, -hh}},
		{pt{hw - r, -hh}, pt{hw - k, -hh}, pt{hw, -hh + k}, pt{hw, -hh + r}},
		{pt{hw, hh - r}, pt{hw, hh - k}, pt{hw - k, hh}, pt{hw - r, hh}},
		{pt{-hw + r, hh}, pt{-hw + k, hh}, pt{-hw, hh - k}, pt{-hw, hh - r}},
	}
	if reverse {
		for i, j := 0, 3; i < j; i, j = i+1, j-1 {
			segs[i], segs[j] = segs[j], segs[i]
		}
		for i := range segs {
			s := segs[i]
			segs[i] = seg{s.b, s.c2, s.c1, s.a}
		}
	}
	for i, s := range segs {
		if i == 0 {
			p.moveTo(tf(s.a.x, s.a.y))
		} else {
			p.lineTo(tf(s.a.x, s.a.y))
		}
		if r > 0 {
			p.cubeTo(tf(s.c1.x, s.c1.y), tf(s.c2.x, s.c2.y), tf(s.b.x, s.b.y))
		}
	}
	p.lineTo(tf(segs[0].a.x, segs[0].a.y))
}

// circle adds a circle; reverse draws it the other way round.
func (p *path) circle(cx, cy, r float32, reverse bool) {
	p.roundRect(cx, cy, 2*r, 2*r, r, 0, reverse)
}

// poly adds a closed polygon.
func (p *path) poly(pts ...pt) {
	for i, q := range pts {
		if i == 0 {
			p.moveTo(q)
		} else {
			p.lineTo(q)
		}
	}
	p.lineTo(pts[0])
}

// segment adds a straight bar of width w from a to b, with square ends
// extended by ext.
func (p *path) segment(a, b pt, w, ext float32) {
	dx, dy := b.x-a.x, b.y-a.y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	nx, ny := -uy*w/2, ux*w/2
	a = pt{a.x - ux*ext, a.y - uy*ext}
	b = pt{b.x + ux*ext, b.y + uy*ext}
	p.poly(pt{a.x + nx, a.y + ny}, pt{b.x + nx, b.y + ny}, pt{b.x - nx, b.y - ny}, pt{a.x - nx, a.y - ny})
}

// canvas draws anti-aliased shapes on an RGBA image.
type canvas struct {
	img   *image.RGBA
	ras   vector.Rasterizer
	p     path
	unif  image.Uniform
	mask  []uint8 // coverage buffer reused by fill
	solid []uint8 // a row of one colour, for roundRectFill
}

// newCanvas returns a canvas of w by h pixels, reusing buf for the pixels
// when it is large enough. The pixels are not cleared.
func newCanvas(w, h int, buf []uint8) *canvas {
	if cap(buf) < 4*w*h {
		buf = make([]uint8, 4*w*h)
	}
	return &canvas{img: &image.RGBA{Pix: buf[:4*w*h], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}}
}

// begin starts a new path and returns it.
func (c *canvas) begin() *path {
	c.p.reset()
	return &c.p
}

// fill fills the current path with col (alpha is honoured).
func (c *canvas) fill(col color.Color) {
	p := &c.p
	if len(p.ops) == 0 {
		return
	}
	r := image.Rect(int(math.Floor(float64(p.minX))), int(math.Floor(float64(p.minY))),
		int(math.Ceil(float64(p.maxX))), int(math.Ceil(float64(p.maxY)))).Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	w, h := r.Dx(), r.Dy()
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	c.ras.Reset(w, h)
	c.ras.DrawOp = draw.Src
	for _, op := range p.ops {
		switch op.kind {
		case 0:
			c.ras.MoveTo(op.p[0].x-ox, op.p[0].y-oy)
		case 1:
			c.ras.LineTo(op.p[0].x-ox, op.p[0].y-oy)
		case 2:
			c.ras.CubeTo(op.p[0].x-ox, op.p[0].y-oy, op.p[1].x-ox, op.p[1].y-oy, op.p[2].x-ox, op.p[2].y-oy)
		}
	}
	c.ras.ClosePath()
	if cap(c.mask) < w*h {
		c.mask = make([]uint8, w*h)
	}
	m := &image.Alpha{Pix: c.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	c.ras.Draw(m, m.Rect, image.Opaque, image.Point{})
	c.composite(m, r, col)
}

// composite paints col through coverage mask m onto the image at r, with
// integer arithmetic: pixels the mask misses are skipped, and pixels it
// covers fully with an opaque colour are simply overwritten.
func (c *canvas) composite(m *image.Alpha, r image.Rectangle, col color.Color) {
	cr, cg, cb, ca := col.RGBA() // premultiplied, 16 bits
	src := [4]uint32{cr >> 8, cg >> 8, cb >> 8, ca >> 8}
	w := r.Dx()
	for y := 0; y < r.Dy(); y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		off := c.img.PixOffset(r.Min.X, r.Min.Y+y)
		pix := c.img.Pix[off : off+4*w]
		for x, a := range row {
			if a != 0 {
				blend(pix[4*x:4*x+4:4*x+4], src, uint32(a))
			}
		}
	}
}

// rect fills an axis-aligned rectangle with an opaque colour, without anti-aliasing.
func (c *canvas) rect(r image.Rectangle, col color.RGBA) {
	c.unif.C = col
	draw.Draw(c.img, r, &c.unif, image.Point{}, draw.Src)
}

// withAlpha returns col at opacity a (0..1), as a non-premultiplied colour.
func withAlpha(col color.RGBA, a float32) color.NRGBA {
	return color.NRGBA{col.R, col.G, col.B, uint8(a*255 + 0.5)}
}

// roundRectFill fills an axis-aligned rectangle with corners of radius rad,
// centred on (cx, cy), without the general rasterizer: the straight edges are
// snapped to whole pixels and the corners anti-aliased from each pixel's
// distance to the corner's centre. It is much faster than fill for the
// large shapes of the picture (plate, squares, cards).
func (c *canvas) roundRectFill(cx, cy, w, h, rad float32, col color.Color) {
	x0 := int(math.Round(float64(cx - w/2)))
	y0 := int(math.Round(float64(cy - h/2)))
	x1 := int(math.Round(float64(cx + w/2)))
	y1 := int(math.Round(float64(cy + h/2)))
	if x1 <= x0 || y1 <= y0 {
		return
	}
	fw, fh := float32(x1-x0), float32(y1-y0)
	rad = max(0, min(rad, fw/2, fh/2))
	cr, cg, cb, ca := col.RGBA()
	src := [4]uint32{cr >> 8, cg >> 8, cb >> 8, ca >> 8}
	b := c.img.Bounds()
	opaque := src[3] == 255
	if opaque {
		c.solidRow(src, x1-x0)
	}
	// Corner centres, in pixel-edge coordinates.
	lx, rx := float32(x0)+rad, float32(x1)-rad
	ty, by := float32(y0)+rad, float32(y1)-rad
	cx0, cx1 := max(x0, b.Min.X), min(x1, b.Max.X)
	for y := max(y0, b.Min.Y); y < min(y1, b.Max.Y); y++ {
		py := float32(y) + 0.5
		var dy float32
		switch {
		case py < ty:
			dy = ty - py
		case py > by:
			dy = py - by
		}
		off := c.img.PixOffset(0, y)
		row := c.img.Pix[off : off+4*b.Dx()]
		// The solid middle of the row, and the anti-aliased ends.
		sx0, sx1 := cx0, cx1
		if dy > 0 {
			sx0 = max(cx0, int(math.Ceil(float64(lx))))
			sx1 = min(cx1, int(math.Floor(float64(rx))))
			for x := cx0; x < cx1; x++ {
				if x == sx0 && sx1 > sx0 {
					x = sx1 - 1
					continue
				}
				px := float32(x) + 0.5
				dx := max(lx-px, px-rx, 0)
				d := float32(math.Sqrt(float64(dx*dx + dy*dy)))
				v := rad - d + 0.5
				if v <= 0 {
					continue
				}
				cov := uint32(255)
				if v < 1 {
					cov = uint32(v * 255)
				}
				blend(row[4*x:4*x+4:4*x+4], src, cov)
			}
		}
		if sx1 <= sx0 {
			continue
		}
		if opaque {
			copy(row[4*sx0:4*sx1], c.solid)
			continue
		}
		for x := sx0; x < sx1; x++ {
			blend(row[4*x:4*x+4:4*x+4], src, 255)
		}
	}
}

// solidRow fills c.solid with n pixels of the opaque colour src.
func (c *canvas) solidRow(src [4]uint32, n int) {
	if cap(c.solid) < 4*n {
		c.solid = make([]uint8, 4*n)
	}
	c.solid = c.solid[:4*n]
	c.solid[0], c.solid[1], c.solid[2], c.solid[3] = uint8(src[0]), uint8(src[1]), uint8(src[2]), 255
	for i := 4; i < len(c.solid); i *= 2 {
		copy(c.solid[i:], c.solid[:i])
	}
}

// blend paints premultiplied 8-bit colour src at coverage a (0..255) over d.
func blend(d []uint8, src [4]uint32, a uint32) {
	if a == 255 && src[3] == 255 {
		d[0], d[1], d[2], d[3] = uint8(src[0]), uint8(src[1]), uint8(src[2]), 255
		return
	}
	inv := 255*255 - src[3]*a
	d[0] = uint8((src[0]*a*255 + uint32(d[0])*inv + 32512) / 65025)
	d[1] = uint8((src[1]*a*255 + uint32(d[1])*inv + 32512) / 65025)
	d[2] = uint8((src[2]*a*255 + uint32(d[2])*inv + 32512) / 65025)
	d[3] = uint8((src[3]*a*255 + uint32(d[3])*inv + 32512) / 65025)
}
