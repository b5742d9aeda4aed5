package render

import (
	"image"
	"image/color"
	"testing"
)

// TestCanvasPalette checks the palette's limits: blends get entries until
// 256 are in use, then the nearest; more than 256 paints still draw.
func TestCanvasPalette(t *testing.T) {
	c := newCanvas(64, 64, nil)
	c.rect(c.bounds(), color.RGBA{0, 0, 0, 255})
	for i := range 300 {
		col := color.RGBA{uint8(i), uint8(i / 2), uint8(i % 7 * 30), 255}
		if i%2 == 1 {
			col = color.RGBA{uint8(i / 3), 0, 0, uint8(i)}
		}
		c.roundRectFill(float32(i%60)+2, float32(i/5)+2, 3.3, 3.3, 1.5, col)
	}
	if len(c.pal) != 256 {
		t.Errorf("palette has %d colours, want 256", len(c.pal))
	}
	img := c.paletted()
	if img.Bounds() != image.Rect(0, 0, 64, 64) || len(img.Palette) != 256 {
		t.Fatalf("paletted image %v with %d colours", img.Bounds(), len(img.Palette))
	}
	for _, p := range img.Pix {
		if int(p) >= len(img.Palette) {
			t.Fatalf("pixel index %d outside the palette", p)
		}
	}
	rgba := c.rgba()
	if got, want := rgba.At(0, 0), img.At(0, 0); got != color.Color(want.(color.RGBA)) {
		t.Errorf("rgba pixel %v, paletted %v", got, want)
	}
}
