package render

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts, parsed once.
var (
	fontsOnce sync.Once
	fontsErr  error
	regular   *opentype.Font
	bold      *opentype.Font
)

func loadFonts() error {
	fontsOnce.Do(func() {
		var err error
		if regular, err = opentype.Parse(goregular.TTF); err != nil {
			fontsErr = fmt.Errorf("render: parsing Go Regular: %w", err)
			return
		}
		if bold, err = opentype.Parse(gobold.TTF); err != nil {
			fontsErr = fmt.Errorf("render: parsing Go Bold: %w", err)
		}
	})
	return fontsErr
}

// minFontPx is the smallest text drawn, so small pictures stay legible.
const minFontPx = 9

// faceKey identifies a face by font and pixel size.
type faceKey struct {
	bold bool
	px   int
}

// sizedFace is a font face with the key that names it in the glyph cache.
type sizedFace struct {
	font.Face
	key faceKey
}

// faces hands out font faces for one picture. Faces are not safe for
// concurrent use, so each picture has its own set.
type faces struct {
	m map[faceKey]*sizedFace
}

func (f *faces) get(isBold bool, px int) *sizedFace {
	px = max(px, minFontPx)
	k := faceKey{isBold, px}
	if fc, ok := f.m[k]; ok {
		return fc
	}
	src := regular
	if isBold {
		src = bold
	}
	face, err := opentype.NewFace(src, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// NewFace only fails on a bad size, which the layout never gives.
		panic(fmt.Sprintf("render: font face of %d px: %v", px, err))
	}
	if f.m == nil {
		f.m = make(map[faceKey]*sizedFace)
	}
	fc := &sizedFace{face, k}
	f.m[k] = fc
	return fc
}

func (f *faces) close() {
	for _, fc := range f.m {
		fc.Close()
	}
}

// textWidth returns the advance width of s in face fc, in pixels.
func textWidth(fc font.Face, s string) float32 {
	return float32(font.MeasureString(fc, s)) / 64
}

// text draws s with its left end at x and its vertical middle (of the
// digits' height) at y, and returns the advance width.
func (c *canvas) text(fc *sizedFace, s string, x, y float32, col color.Color) float32 {
	m := fc.Metrics()
	// Centre on the cap height: the ascent of digits and capitals.
	capH := float32(m.CapHeight) / 64
	if capH <= 0 {
		capH = float32(m.Ascent) / 64 * 0.7
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + capH/2) * 64)}
	start := dot.X
	prev := rune(-1)
	for _, ch := range s {
		if prev >= 0 {
			dot.X += fc.Kern(prev, ch)
		}
		g, at := fc.glyph(dot, ch)
		if !g.ok {
			g, at = fc.glyph(dot, '?')
		}
		if g.mask != nil {
			clip := g.mask.Rect.Add(at).Intersect(c.bounds())
			if !clip.Empty() {
				c.composite(g.mask, clip.Min.Sub(at), clip, col)
			}
		}
		dot.X += g.adv
		prev = ch
	}
	return float32(dot.X-start) / 64
}

// glyph is a rasterized glyph: its coverage (Rect relative to the dot's
// whole-pixel position) and its advance.
type glyph struct {
	mask *image.Alpha // nil for an empty glyph
	adv  fixed.Int26_6
	ok   bool
}

type glyphKey struct {
	face   faceKey
	r      rune
	fx, fy uint8 // the dot's position within its pixel, in quarter pixels
}

// glyphCache caches rasterized glyphs for every picture: a few hundred cover
// the pictures of a board size. It stops growing at glyphCacheLimit entries.
var glyphCache struct {
	sync.Mutex
	m map[glyphKey]*glyph
}

const glyphCacheLimit = 8192

// glyph returns the glyph of r drawn with its dot at dot, rounded to a
// quarter pixel, and the whole-pixel offset at which to draw it.
func (fc *sizedFace) glyph(dot fixed.Point26_6, r rune) (*glyph, image.Point) {
	ix, iy := dot.X.Floor(), dot.Y.Floor()
	fx, fy := uint8((dot.X-fixed.I(ix))>>4), uint8((dot.Y-fixed.I(iy))>>4)
	key := glyphKey{fc.key, r, fx, fy}
	at := image.Point{ix, iy}
	glyphCache.Lock()
	g := glyphCache.m[key]
	glyphCache.Unlock()
	if g != nil {
		return g, at
	}
	d0 := fixed.Point26_6{X: fixed.Int26_6(fx) << 4, Y: fixed.Int26_6(fy) << 4}
	dr, mask, mp, adv, ok := fc.Face.Glyph(d0, r)
	g = &glyph{adv: adv, ok: ok}
	if ok && !dr.Empty() {
		g.mask = image.NewAlpha(dr)
		for y := dr.Min.Y; y < dr.Max.Y; y++ {
			for x := dr.Min.X; x < dr.Max.X; x++ {
				_, _, _, a := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
				g.mask.Pix[g.mask.PixOffset(x, y)] = uint8(a >> 8)
			}
		}
	}
	glyphCache.Lock()
	if glyphCache.m == nil {
		glyphCache.m = make(map[glyphKey]*glyph)
	}
	if len(glyphCache.m) < glyphCacheLimit {
		glyphCache.m[key] = g
	}
	glyphCache.Unlock()
	return g, at
}

// textCentred draws s centred on (x, y).
func (c *canvas) textCentred(fc *sizedFace, s string, x, y float32, col color.Color) {
	c.text(fc, s, x-textWidth(fc, s)/2, y, col)
}

// fit shortens s with an ellipsis until it fits in width w: it keeps the
// longest prefix that fits with "…" after it, or "" when not even "…"
// fits. It measures O(log n) prefixes, so long text costs little.
func fit(fc font.Face, s string, w float32) string {
	if textWidth(fc, s) <= w {
		return s
	}
	r := []rune(s)
	// Find the longest prefix r[:n], n < len(r), that fits with "…".
	lo, hi := -1, len(r)-1 // r[:lo] fits (lo -1: nothing known); r[:hi+1] does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if textWidth(fc, string(r[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo < 0 {
		return ""
	}
	return string(r[:lo]) + "…"
}
