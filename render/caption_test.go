package render

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
)

// TestCaption checks that a frame's caption is drawn in a band above the
// player cards, in every theme and orientation, and that a long or
// multi-line caption is cut to one line that fits.
func TestCaption(t *testing.T) {
	p, f := midGame(t)
	for _, th := range Themes() {
		for _, o := range []notation.Orientation{notation.PTN, notation.Mail} {
			opt := Options{Theme: th, Orientation: o, Size: 480}
			plain, err := Image(p, f, opt)
			if err != nil {
				t.Fatal(err)
			}
			fc := f
			fc.Caption = "Before turn 21: the position the disputed move was played from"
			img, err := Image(p, fc, opt)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() != plain.Bounds().Dx() || img.Bounds().Dy() <= plain.Bounds().Dy() {
				t.Errorf("%s/%v: captioned picture is %v, plain %v: want as wide and taller", th, o, img.Bounds(), plain.Bounds())
			}
			// The band is drawn in the highlight colour, with text in
			// hlText inside it.
			pal := palettes[th]
			band := int(float32(opt.Size) / 100 * 9) // the top margin and the band
			hl, txt := 0, 0
			for y := range band {
				for x := range img.Bounds().Dx() {
					switch img.RGBAAt(x, y) {
					case pal.highlight:
						hl++
					case pal.hlText:
						txt++
					}
				}
			}
			if hl < img.Bounds().Dx()*band/4 || txt < 50 {
				t.Errorf("%s/%v: caption band has %d highlight and %d text pixels", th, o, hl, txt)
			}
		}
	}
}

func TestCaptionLine(t *testing.T) {
	long := strings.Repeat("garbage ", 5000)
	for _, tc := range []struct{ in, want string }{
		{"Before turn 7", "Before turn 7"},
		{"  two\nlines\t and\r\ncontrols\x00 ", "two lines and controls"},
		{"", ""},
		{" \n ", ""},
	} {
		if got := captionLine(tc.in); got != tc.want {
			t.Errorf("captionLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := captionLine(long); len([]rune(got)) > maxCaptionRunes+1 || !strings.HasSuffix(got, "…") {
		t.Errorf("captionLine of %d bytes gives %d runes: %.40q", len(long), len([]rune(got)), got)
	}
	// A long caption is ellipsized to the picture's width.
	p, f := midGame(t)
	f.Caption = long
	if _, err := Image(p, f, Options{Size: MinWidth}); err != nil {
		t.Fatal(err)
	}
}

// TestFit checks that fit keeps the longest prefix that fits.
func TestFit(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	var fc faces
	defer fc.close()
	face := fc.get(true, 14)
	s := "Before turn 7: the position the disputed move was played from"
	full := textWidth(face, s)
	for _, w := range []float32{full + 1, full - 1, full / 2, 20, 1} {
		got := fit(face, s, w)
		if got == s {
			if full > w {
				t.Errorf("fit(%.0f) kept the whole text of width %.0f", w, full)
			}
			continue
		}
		if got != "" && textWidth(face, got) > w {
			t.Errorf("fit(%.0f) = %q, %.0f wide", w, got, textWidth(face, got))
		}
		r := []rune(strings.TrimSuffix(got, "…"))
		if len(r) < len([]rune(s)) {
			longer := string([]rune(s)[:len(r)+1]) + "…"
			if textWidth(face, longer) <= w {
				t.Errorf("fit(%.0f) = %q, but %q fits too", w, got, longer)
			}
		}
	}
}
