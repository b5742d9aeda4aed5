package render

import "math"

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
