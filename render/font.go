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

// faces hands out font faces for one picture. Faces are not safe for
// concurrent use, so each picture has its own set.
type faces struct {
	m map[faceKey]font.Face
}

func (f *faces) get(isBold bool, px int) font.Face {
	px = max(px, minFontPx)
	k := faceKey{isBold, px}
	if fc, ok := f.m[k]; ok {
		return fc
	}
	src := regular
	if isBold {
		src = bold
	}
	fc, err := opentype.NewFace(src, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// NewFace only fails on a bad size, which the layout never gives.
		panic(fmt.Sprintf("render: font face of %d px: %v", px, err))
	}
	if f.m == nil {
		f.m = make(map[faceKey]font.Face)
	}
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
func (c *canvas) text(fc font.Face, s string, x, y float32, col color.Color) float32 {
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
		dr, mask, mp, adv, ok := fc.Glyph(dot, ch)
		if !ok {
			dr, mask, mp, adv, _ = fc.Glyph(dot, '?')
		}
		if am, isAlpha := mask.(*image.Alpha); isAlpha {
			clip := dr.Intersect(c.bounds())
			c.composite(am, mp.Add(clip.Min.Sub(dr.Min)), clip, col)
		}
		dot.X += adv
		prev = ch
	}
	return float32(dot.X-start) / 64
}

// textCentred draws s centred on (x, y).
func (c *canvas) textCentred(fc font.Face, s string, x, y float32, col color.Color) {
	c.text(fc, s, x-textWidth(fc, s)/2, y, col)
}

// fit shortens s with an ellipsis until it fits in width w.
func fit(fc font.Face, s string, w float32) string {
	if textWidth(fc, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if textWidth(fc, t) <= w {
			return t
		}
	}
	return ""
}
