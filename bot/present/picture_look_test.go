package present

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// Everything that changes a picture's pixels changes its name, so the PNG
// cache never serves one reader's picture to another: two pictures that
// differ only in theme, width, turn label or marks get different names.
func TestPictureNameCoversTheLook(t *testing.T) {
	base := record.Picture{Config: tak.DefaultConfig(5), TPS: "x5/x5/x2,1,x2/x5/2,x4 1 2", Players: [2]string{"Ann", "Bo"},
		Orientation: notation.Mail, Theme: render.Light, Turn: "Turn 3 (PTN move 2, white)"}
	variants := map[string]func(p *record.Picture){
		"theme": func(p *record.Picture) { p.Theme = render.Dark },
		"width": func(p *record.Picture) { p.Width = 480 },
		"turn":  func(p *record.Picture) { p.Turn = "Turn 4 (PTN move 2, black)" },
		"marks": func(p *record.Picture) { p.Marks = []tak.Square{tak.SquareAt(2, 2)} },
	}
	want := Named(base, "g1", 2).Name
	if again := Named(base, "g1", 2).Name; again != want {
		t.Fatalf("one picture named %s, then %s", want, again)
	}
	for what, change := range variants {
		p := base
		change(&p)
		if got := Named(p, "g1", 2).Name; got == want {
			t.Errorf("two pictures differing only in %s share the name %s", what, got)
		}
	}
}

// DefaultRender draws a picture in its theme and at its width.
func TestDefaultRenderUsesTheLook(t *testing.T) {
	p := record.Picture{Config: tak.DefaultConfig(5), TPS: "x5/x5/x2,1,x2/x5/2,x4 1 2", Turn: "Turn 3 (PTN move 2, white)",
		Marks: []tak.Square{tak.SquareAt(0, 0)}}
	corner := map[render.Theme]uint32{}
	for _, tc := range []struct {
		theme render.Theme
		width int
	}{{render.Light, 480}, {render.Dark, 0}, {render.Contrast, 960}} {
		p.Theme, p.Width = tc.theme, tc.width
		b, err := Render(Named(p, "g1", 2))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		want := tc.width
		if want == 0 {
			want = render.DefaultWidth
		}
		if w := img.Bounds().Dx(); w != want {
			t.Errorf("%s at width %d: drawn %d pixels wide, want %d", tc.theme, tc.width, w, want)
		}
		r, g, bl, _ := img.At(1, 1).RGBA()
		corner[tc.theme] = r<<16 ^ g<<8 ^ bl
	}
	if corner[render.Light] == corner[render.Dark] {
		t.Errorf("the light and dark pictures have the same background")
	}
}
