package render

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"
)

// TestEvalGraphFills checks the win-chance scale and the fills: a game
// White leads by three flats throughout is filled in White's colour from
// the 50% line up to 79% of the plot's height and no further, and nothing
// below the line is Black's; the mirror game is filled in Black's colour
// below the line down to 21%.
func TestEvalGraphFills(t *testing.T) {
	pal := palettes[Light]
	for _, tt := range []struct {
		name  string
		score int
		fill  color.RGBA
	}{
		{"White ahead", 300, pal.piece[0]},
		{"Black ahead", -300, pal.piece[1]},
	} {
		var b bytes.Buffer
		scores := []int{tt.score, tt.score, tt.score, tt.score}
		if err := EvalGraph(&b, Graph{Scores: scores}, Options{Theme: Light, Size: 500}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		// The plot's top and bottom as EvalGraph lays them out without a
		// title: the padding above, the padding and the axis words below.
		u := float64(500) / 100
		y0, y1 := 2.5*u, float64(img.Bounds().Dy())-2.5*u-4.4*u
		x := 300 // a column with no word on it
		at := func(frac float64) color.RGBA {
			y := int(y1 - (y1-y0)*frac)
			r, g, bl, _ := img.At(x, y).RGBA()
			return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
		}
		top := 0.79 // WinChance(300), as TestWinChance checks
		probe := []float64{0.55, 0.7, top - 0.03}
		outside := []float64{top + 0.05, 0.95, 0.4, 0.1}
		if tt.score < 0 {
			probe = []float64{0.45, 0.3, 1 - top + 0.03}
			outside = []float64{1 - top - 0.05, 0.05, 0.6, 0.9}
		}
		for _, f := range probe {
			if got := at(f); got != tt.fill {
				t.Errorf("%s: at %.0f%% the plot is %v, want the fill %v", tt.name, 100*f, got, tt.fill)
			}
		}
		for _, f := range outside {
			if got := at(f); got == pal.piece[0] || got == pal.piece[1] {
				t.Errorf("%s: at %.0f%% the plot is filled (%v)", tt.name, 100*f, got)
			}
		}
	}
}
