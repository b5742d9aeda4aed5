package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"golang.org/x/image/vector"
)

// canvas draws anti-aliased shapes and text on an indexed-colour picture of
// at most 256 colours, so that a PNG needs no colour quantization and each
// pixel costs one byte. Anti-aliasing blends a colour over a pixel at one
// of 16 coverage levels; each blend gets its own palette entry while there
// is room, and the nearest entry after that. Drawing the same shapes in the
// same order always gives the same palette and pixels.
type canvas struct {
	// pix holds the palette index of each pixel, row by row, each row
	// after a zero byte: the PNG filter byte ("none"), so that the rows
	// are compressed as they are, without a copy.
	pix    []uint8
	w, h   int
	stride int // w + 1

	pal   []color.RGBA     // opaque colours, by index
	index map[uint32]uint8 // colour (packed RGB) → palette index
	// byGreen lists the palette entries by green, for nearest.
	byGreen []uint8

	paints  []color.RGBA // premultiplied colours drawn with, by paint id
	paintID map[color.RGBA]uint8

	cache [blendCacheSize]blendEntry

	ras  vector.Rasterizer
	p    path
	mask []uint8 // coverage buffer reused by fill
}

const (
	blendCacheSize = 1 << 12
	levels         = 16 // coverage levels of anti-aliasing
)

type blendEntry struct {
	key uint32 // 1 + the blend's key, 0 when empty
	val uint8
}

// newCanvas returns a canvas of w by h pixels. When reuse is not nil, it
// is reset and returned, its buffers (pixels, palette, rasterizer) kept.
// The pixels are not cleared: the first drawing must cover the whole
// picture.
func newCanvas(w, h int, reuse *canvas) *canvas {
	c := reuse
	if c == nil {
		c = &canvas{index: make(map[uint32]uint8, 256), paintID: make(map[color.RGBA]uint8, 32)}
	} else {
		c.pal, c.paints, c.byGreen = c.pal[:0], c.paints[:0], c.byGreen[:0]
		clear(c.index)
		clear(c.paintID)
		c.cache = [blendCacheSize]blendEntry{}
	}
	stride := w + 1
	if cap(c.pix) < stride*h {
		c.pix = make([]uint8, stride*h)
	}
	c.pix = c.pix[:stride*h]
	for y := range h {
		c.pix[y*stride] = 0
	}
	c.w, c.h, c.stride = w, h, stride
	return c
}

func (c *canvas) bounds() image.Rectangle { return image.Rect(0, 0, c.w, c.h) }

// colorIndex returns the palette index of opaque colour col, adding it to
// the palette while there is room and taking the nearest entry after that.
func (c *canvas) colorIndex(col color.RGBA) uint8 {
	k := uint32(col.R) | uint32(col.G)<<8 | uint32(col.B)<<16
	if i, ok := c.index[k]; ok {
		return i
	}
	var i uint8
	if len(c.pal) < 256 {
		i = uint8(len(c.pal))
		c.pal = append(c.pal, color.RGBA{col.R, col.G, col.B, 0xff})
	} else {
		i = c.nearest(col)
	}
	c.index[k] = i
	return i
}

// nearest returns the palette entry closest to col, by a luminance-weighted
// squared distance, the first such entry when several are as close. It is
// only called once the palette is full, so the entries are sorted by green
// once and searched outwards from col's green, stopping when the green
// alone is farther than the best found.
func (c *canvas) nearest(col color.RGBA) uint8 {
	if len(c.byGreen) != len(c.pal) {
		c.byGreen = c.byGreen[:0]
		for i := range c.pal {
			c.byGreen = append(c.byGreen, uint8(i))
		}
		slices.SortFunc(c.byGreen, func(a, b uint8) int {
			return int(c.pal[a].G) - int(c.pal[b].G)
		})
	}
	best, bestD := 0, int32(math.MaxInt32)
	try := func(i uint8) {
		q := c.pal[i]
		dr, dg, db := int32(col.R)-int32(q.R), int32(col.G)-int32(q.G), int32(col.B)-int32(q.B)
		if d := 3*dr*dr + 6*dg*dg + db*db; d < bestD || (d == bestD && int(i) < best) {
			best, bestD = int(i), d
		}
	}
	g := int(col.G)
	hi, _ := slices.BinarySearchFunc(c.byGreen, g, func(i uint8, g int) int { return int(c.pal[i].G) - g })
	lo := hi - 1
	for lo >= 0 || hi < len(c.byGreen) {
		if hi < len(c.byGreen) {
			if dg := int32(c.pal[c.byGreen[hi]].G) - int32(g); 6*dg*dg > bestD {
				hi = len(c.byGreen)
			} else {
				try(c.byGreen[hi])
				hi++
			}
		}
		if lo >= 0 {
			if dg := int32(g) - int32(c.pal[c.byGreen[lo]].G); 6*dg*dg > bestD {
				lo = -1
			} else {
				try(c.byGreen[lo])
				lo--
			}
		}
	}
	return uint8(best)
}

// paint returns the paint id of col and its palette index when it is opaque.
func (c *canvas) paint(col color.Color) (id uint8, opaque bool, idx uint8) {
	r, g, b, a := col.RGBA()
	p := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	id, ok := c.paintID[p]
	if !ok {
		if len(c.paints) < 256 {
			id = uint8(len(c.paints))
			c.paints = append(c.paints, p)
		} else {
			// The layout uses a few dozen paints; should it ever use
			// more, the closest one serves.
			id = closestPaint(c.paints, p)
		}
		c.paintID[p] = id
	}
	if p.A == 0xff {
		return id, true, c.colorIndex(p)
	}
	return id, false, 0
}

// blend returns the palette index of paint id drawn over palette colour dst
// at coverage level lv (1..levels).
func (c *canvas) blend(dst, id uint8, lv uint32) uint8 {
	key := uint32(dst)<<13 | uint32(id)<<5 | lv
	e := &c.cache[(key*2654435761)>>(32-12)]
	if e.key == key+1 {
		return e.val
	}
	d, p := c.pal[dst], c.paints[id]
	a := lv * 255 / levels
	inv := 255*255 - uint32(p.A)*a
	mix := func(s, d uint8) uint8 { return uint8((uint32(s)*a*255 + uint32(d)*inv + 32512) / 65025) }
	v := c.colorIndex(color.RGBA{mix(p.R, d.R), mix(p.G, d.G), mix(p.B, d.B), 0xff})
	*e = blendEntry{key + 1, v}
	return v
}

// level converts a coverage of 0..255 to a level of 0..levels.
func level(cov uint8) uint32 { return (uint32(cov)*levels + 127) / 255 }

// span paints id (palette index idx when opaque) over pixels [x0, x1) of
// row y at full coverage.
func (c *canvas) span(y, x0, x1 int, id uint8, opaque bool, idx uint8) {
	if x1 <= x0 {
		return
	}
	row := c.pix[y*c.stride+1+x0 : y*c.stride+1+x1]
	if opaque {
		if len(row) >= 256 {
			row[0] = idx
			for n := 1; n < len(row); n *= 2 {
				copy(row[n:], row[:n])
			}
			return
		}
		// Short rows, most of them: eight bytes a store.
		v := uint64(idx) * 0x0101010101010101
		i := 0
		for ; i+8 <= len(row); i += 8 {
			binary.LittleEndian.PutUint64(row[i:], v)
		}
		for ; i < len(row); i++ {
			row[i] = idx
		}
		return
	}
	prev, out := row[0], c.blend(row[0], id, levels)
	for i, d := range row {
		if d != prev {
			prev, out = d, c.blend(d, id, levels)
		}
		row[i] = out
	}
}

// dot paints id over pixel (x, y) at coverage cov (0..255).
func (c *canvas) dot(x, y int, id uint8, opaque bool, idx uint8, cov uint8) {
	lv := level(cov)
	if lv == 0 {
		return
	}
	i := y*c.stride + 1 + x
	if lv == levels && opaque {
		c.pix[i] = idx
		return
	}
	c.pix[i] = c.blend(c.pix[i], id, lv)
}

// rect fills an axis-aligned rectangle with col, without anti-aliasing.
func (c *canvas) rect(r image.Rectangle, col color.Color) {
	r = r.Intersect(c.bounds())
	id, opaque, idx := c.paint(col)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		c.span(y, r.Min.X, r.Max.X, id, opaque, idx)
	}
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
		int(math.Ceil(float64(p.maxX))), int(math.Ceil(float64(p.maxY)))).Intersect(c.bounds())
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
	c.composite(m, image.Point{}, r, col)
}

// composite paints col through the coverage of mask m, whose point mp lies
// on r.Min, onto the picture at r (already inside the picture).
func (c *canvas) composite(m *image.Alpha, mp image.Point, r image.Rectangle, col color.Color) {
	id, opaque, idx := c.paint(col)
	for y := 0; y < r.Dy(); y++ {
		mrow := m.Pix[(mp.Y+y-m.Rect.Min.Y)*m.Stride+mp.X-m.Rect.Min.X:]
		for x := 0; x < r.Dx(); x++ {
			if a := mrow[x]; a != 0 {
				c.dot(r.Min.X+x, r.Min.Y+y, id, opaque, idx, a)
			}
		}
	}
}

// roundRectFill fills an axis-aligned rectangle with corners of radius rad,
// centred on (cx, cy), without the general rasterizer: the straight edges are
// snapped to whole pixels and the corners anti-aliased from each pixel's
// distance to the corner's centre. It is much faster than fill for the
// large shapes of the picture (plate, squares, cards).
func (c *canvas) roundRectFill(cx, cy, w, h, rad float32, col color.Color) {
	c.roundRectFillHole(cx, cy, w, h, rad, col, image.Rectangle{})
}

// roundRectCover returns the part of the picture that roundRectFill with
// the same arguments covers fully, as two rectangles: the rows between the
// corners, and the columns between them.
func roundRectCover(cx, cy, w, h, rad float32) (rows, cols image.Rectangle) {
	x0, y0 := int(math.Round(float64(cx-w/2))), int(math.Round(float64(cy-h/2)))
	x1, y1 := int(math.Round(float64(cx+w/2))), int(math.Round(float64(cy+h/2)))
	r := int(math.Ceil(float64(max(0, min(rad, float32(x1-x0)/2, float32(y1-y0)/2)))))
	return image.Rect(x0, y0+r, x1, y1-r), image.Rect(x0+r, y0, x1-r, y1)
}

// roundRectFillHole is roundRectFill leaving out the pixels of hole that
// it would cover fully: those about to be covered by an opaque shape.
// hole is one of the rectangles of roundRectCover.
func (c *canvas) roundRectFillHole(cx, cy, w, h, rad float32, col color.Color, hole image.Rectangle) {
	x0 := int(math.Round(float64(cx - w/2)))
	y0 := int(math.Round(float64(cy - h/2)))
	x1 := int(math.Round(float64(cx + w/2)))
	y1 := int(math.Round(float64(cy + h/2)))
	if x1 <= x0 || y1 <= y0 {
		return
	}
	fw, fh := float32(x1-x0), float32(y1-y0)
	rad = max(0, min(rad, fw/2, fh/2))
	id, opaque, idx := c.paint(col)
	// Corner centres, in pixel-edge coordinates.
	lx, rx := float32(x0)+rad, float32(x1)-rad
	ty, by := float32(y0)+rad, float32(y1)-rad
	cx0, cx1 := max(x0, 0), min(x1, c.w)
	for y := max(y0, 0); y < min(y1, c.h); y++ {
		py := float32(y) + 0.5
		var dy float32
		switch {
		case py < ty:
			dy = ty - py
		case py > by:
			dy = py - by
		}
		sx0, sx1 := cx0, cx1 // the solid part of the row
		if dy > 0 {
			// In a corner band. A pixel whose centre is within rad-0.5 of
			// the corner's centre is covered, one beyond rad+0.5 is not;
			// only the one or two pixels between are computed.
			full := float32(math.Sqrt(float64(max(0, (rad-0.5)*(rad-0.5)-dy*dy))))
			zero := float32(math.Sqrt(float64(max(0, (rad+0.5)*(rad+0.5)-dy*dy))))
			sx0 = min(max(cx0, int(math.Ceil(float64(lx-full-0.5)))), cx1)
			sx1 = max(min(cx1, int(math.Floor(float64(rx+full-0.5)))+1), sx0)
			edge := func(x int) {
				px := float32(x) + 0.5
				dx := max(lx-px, px-rx, 0)
				v := rad - float32(math.Sqrt(float64(dx*dx+dy*dy))) + 0.5
				if v <= 0 {
					return
				}
				cov := uint8(255)
				if v < 1 {
					cov = uint8(v * 255)
				}
				c.dot(x, y, id, opaque, idx, cov)
			}
			for x := max(cx0, int(math.Floor(float64(lx-zero-0.5)))); x < sx0; x++ {
				edge(x)
			}
			for x := sx1; x < min(cx1, int(math.Ceil(float64(rx+zero+0.5)))+1); x++ {
				edge(x)
			}
		}
		if y >= hole.Min.Y && y < hole.Max.Y {
			c.span(y, sx0, min(sx1, max(sx0, hole.Min.X)), id, opaque, idx)
			c.span(y, max(sx0, min(sx1, hole.Max.X)), sx1, id, opaque, idx)
			continue
		}
		c.span(y, sx0, sx1, id, opaque, idx)
	}
}

// paletted returns the picture as a paletted image sharing the pixels.
func (c *canvas) paletted() *image.Paletted {
	pal := make(color.Palette, len(c.pal))
	for i, col := range c.pal {
		pal[i] = col
	}
	return &image.Paletted{Pix: c.pix[1:], Stride: c.stride, Rect: c.bounds(), Palette: pal}
}

// rgba returns the picture as a new RGBA image.
func (c *canvas) rgba() *image.RGBA {
	img := image.NewRGBA(c.bounds())
	var lut [256]uint32
	for i, col := range c.pal {
		lut[i] = uint32(col.R) | uint32(col.G)<<8 | uint32(col.B)<<16 | 0xff<<24
	}
	for y := range c.h {
		row := c.pix[y*c.stride+1 : (y+1)*c.stride]
		out := img.Pix[y*img.Stride:]
		for x, p := range row {
			binary.LittleEndian.PutUint32(out[4*x:], lut[p])
		}
	}
	return img
}

// withAlpha returns col at opacity a (0..1), as a non-premultiplied colour.
func withAlpha(col color.RGBA, a float32) color.NRGBA {
	return color.NRGBA{col.R, col.G, col.B, uint8(a*255 + 0.5)}
}

// closestPaint returns the id of the paint closest to p.
func closestPaint(paints []color.RGBA, p color.RGBA) uint8 {
	best, bestD := 0, math.MaxInt
	for i, q := range paints {
		d := 0
		for _, v := range [4][2]uint8{{p.R, q.R}, {p.G, q.G}, {p.B, q.B}, {p.A, q.A}} {
			d += (int(v[0]) - int(v[1])) * (int(v[0]) - int(v[1]))
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
