package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// position reads a TPS with the given configuration (Size 0: the default
// for the TPS's size) and plays the moves, written in either notation. It
// returns the final position and a frame with the last move.
func position(tb testing.TB, tps string, cfg tak.Config, moves ...string) (*tak.Position, Frame) {
	tb.Helper()
	p, err := notation.ParseTPS(tps, cfg)
	if err != nil {
		tb.Fatalf("TPS %q: %v", tps, err)
	}
	var f Frame
	for _, s := range moves {
		pm, err := notation.ParseMove(s, p.Size())
		if err != nil {
			tb.Fatalf("move %q: %v", s, err)
		}
		q, err := p.Play(pm.Move)
		if err != nil {
			tb.Fatalf("move %q: %v", s, err)
		}
		m := pm.Move
		f.Last, f.Before, p = &m, p, q
	}
	f.Result = p.Result()
	return p, f
}

type goldenCase struct {
	name string
	opt  Options
	pos  func(testing.TB) (*tak.Position, Frame)
}

func tps(s string, moves ...string) func(testing.TB) (*tak.Position, Frame) {
	return func(tb testing.TB) (*tak.Position, Frame) { return position(tb, s, tak.Config{}, moves...) }
}

func named(white, black string, pos func(testing.TB) (*tak.Position, Frame)) func(testing.TB) (*tak.Position, Frame) {
	return func(tb testing.TB) (*tak.Position, Frame) {
		p, f := pos(tb)
		f.Players = [2]string{white, black}
		return p, f
	}
}

// captioned adds a caption to a case's frame.
func captioned(pos func(testing.TB) (*tak.Position, Frame), caption string) func(testing.TB) (*tak.Position, Frame) {
	return func(tb testing.TB) (*tak.Position, Frame) {
		p, f := pos(tb)
		f.Caption = caption
		return p, f
	}
}

// flatWinKomi is a full 4x4 board that Black wins on flats only thanks to
// 2.5 komi.
func flatWinKomi(tb testing.TB) (*tak.Position, Frame) {
	cfg := tak.DefaultConfig(4)
	cfg.Komi = 5
	p, f := position(tb, "1,2,1,2/2,1,2,1/1,1,2,2/1,2S,1,x 2 9", cfg, "d1")
	f.Players = [2]string{"Alice", "Bob"}
	f.Score = 16 + 7 // the board, and the stones Black has left
	return p, f
}

var goldenCases = []goldenCase{
	{"start3-dark", Options{Size: 300}, tps("x3/x3/x3 1 1")},
	{"pieces4-light-mail", Options{Theme: Light, Orientation: notation.Mail, Size: 360},
		tps("1,2,1S,2S/x,12,21,x/2,x2,1/x4 1 8", "b1")},
	{"pieces5-contrast", Options{Theme: Contrast, Size: 400},
		tps("1C,2C,1S,2S,1/x,121S,212,x2/x5/12,21,x3/x4,2 2 10", "a3")},
	{"tall6-dark", Options{Size: 480},
		named("Anna", "Ben", tps("2,x5/x3,1C,x2/x,21S,x4/1,12121212121212121212C,x4/x,1S,2S,12,x2/x6 1 20"))},
	{"spread6-light", Options{Theme: Light, Size: 480},
		tps("x6/x6/x2,2,x3/x,1,21212,2,1,x/x2,1,x3/x6 2 12", "5c3>212")},
	{"crush5-dark-mail", Options{Orientation: notation.Mail, Size: 400},
		tps("x,2S,x3/x5/x,21C,x3/x,1,2,x2/x5 1 6", "2b3+11")},
	{"place7-contrast-mail", Options{Theme: Contrast, Orientation: notation.Mail, Size: 420},
		tps("x7/x7/x3,1,x3/x2,2,1C,2,x2/x3,2,x3/x7/x7 1 5", "Sd2")},
	{"road6-dark", Options{Size: 480}, func(tb testing.TB) (*tak.Position, Frame) {
		p, f := replay(tb, 0, -1)
		f.Score = 36 + 13
		return p, f
	}},
	{"flatwin4-light", Options{Theme: Light, Size: 400}, flatWinKomi},
	{"size8-dark", Options{Size: 560},
		tps("x8/x8/x2,1,2,x4/x,2,1C,1221,x4/x2,1,2C,1,x3/x3,1,x4/x8/x8 1 8", "3d5>12")},
	{"midgame6-default", Options{}, func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, 40) }},
	{"resign5-light-mail", Options{Theme: Light, Orientation: notation.Mail, Size: 360}, func(tb testing.TB) (*tak.Position, Frame) {
		p, f := position(tb, "x5/x,1,x3/x2,2C,x2/x,1,x3/x5 1 3", tak.Config{})
		f.Result = p.Resign(tak.White)
		f.Players = [2]string{"a player with a very long name indeed", "Bo"}
		f.Score = 25 + 20
		return p, f
	}},
	{"timeloss4-dark-mail", Options{Orientation: notation.Mail, Size: 320}, func(tb testing.TB) (*tak.Position, Frame) {
		p, f := position(tb, "x4/x,2,x2/x2,1,x/x4 2 2", tak.Config{}, "b2")
		f.Result = p.TimeLoss(tak.White)
		f.Players = [2]string{"Ann", "Bo"}
		f.Score = 16 + 13
		return p, f
	}},
	{"caption6-dark", Options{}, captioned(func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, 6) },
		"Before turn 7: the position the disputed move was played from")},
	{"caption5-light-mail", Options{Theme: Light, Orientation: notation.Mail, Size: 360},
		captioned(tps("x5/x,1,x3/x2,2C,x2/x,1,x3/x5 2 3", "mn c3 p1 1"),
			"Before turn 6: the position the disputed move was played from, drawn narrow so the caption is cut")},
	{"doubleroad5-dark", Options{Size: 400}, named("Ann", "Bo",
		tps("2,2,x,2,2/1,1,x,1,1/x2,12,x2/x5/x5 2 10", "2c3+11"))},
	{"marks6-dark-turn", Options{Size: 480}, func(tb testing.TB) (*tak.Position, Frame) {
		p, f := replay(tb, 0, 40)
		f.Turn = "Turn 41 (PTN move 21, white)"
		// b4 holds a stack, d3 the last move, a1 and f6 corner squares; a1
		// twice.
		f.Marks = []tak.Square{tak.SquareAt(1, 3), tak.SquareAt(3, 2), tak.SquareAt(0, 0), tak.SquareAt(5, 5), tak.SquareAt(0, 0)}
		return p, f
	}},
	{"midgame6-contrast", Options{Theme: Contrast, Size: 480}, func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, 40) }},
	{"tall8-dark", Options{}, func(tb testing.TB) (*tak.Position, Frame) {
		cfg := tak.DefaultConfig(8)
		cfg.Stones = [2]int{60, 60}
		tall := strings.Repeat("12", 17) // 34 pieces
		return position(tb, "x8/x8/x2,"+tall+",x5/x8/x3,"+tall+"C,x4/x8/x8/x6,12,"+tall+"S 1 30", cfg)
	}},
	{"tall3-light", Options{Theme: Light, Size: 360}, func(tb testing.TB) (*tak.Position, Frame) {
		cfg := tak.Config{Size: 3, Stones: [2]int{60, 60}, Caps: [2]int{1, 1}}
		tall := strings.Repeat("12", 17)
		return position(tb, "x2,"+tall+"/x,1221"+tall+"S,x/"+tall+"C,x2 1 30", cfg)
	}},
	{"draw3-contrast", Options{Theme: Contrast, Size: 300}, func(tb testing.TB) (*tak.Position, Frame) {
		p, f := position(tb, "1,2,x/x3/x3 1 2", tak.Config{})
		f.Result = p.AgreedDraw()
		return p, f
	}},
}

// TestGoldenPNG compares each picture, decoded, with its golden file.
func TestGoldenPNG(t *testing.T) {
	total := 0
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			p, f := tc.pos(t)
			var buf bytes.Buffer
			if err := PNG(&buf, p, f, tc.opt); err != nil {
				t.Fatal(err)
			}
			total += buf.Len()
			path := filepath.Join("testdata", "golden", tc.name+".png")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			want := readPNG(t, path)
			if msg := compareImages(got, want); msg != "" {
				// Kept after the test (t.TempDir would be removed) so the
				// pictures can be looked at.
				dir, err := os.MkdirTemp("", "render-golden-")
				if err != nil {
					t.Fatal(err)
				}
				diff := filepath.Join(dir, tc.name+"-diff.png")
				writeDiff(t, diff, got, want)
				gotPath := filepath.Join(dir, tc.name+"-got.png")
				if err := os.WriteFile(gotPath, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s: %s\n  got:  %s\n  diff: %s\n  (run go test ./render -update to accept)", path, msg, gotPath, diff)
			}
		})
	}
	if total > 1<<20 {
		t.Errorf("golden pictures take %d bytes in all; keep them under 1 MiB", total)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// Tolerances: a pixel differs when a channel is off by more than
// channelTolerance; a picture differs when more than pixelTolerance of its
// pixels differ (font and rounding changes move a few edge pixels).
const (
	channelTolerance = 24
	pixelTolerance   = 0.002
)

// compareImages returns "" when got matches want within the tolerances, or
// what differs.
func compareImages(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	b := got.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !close(got.At(x, y), want.At(x, y)) {
				bad++
			}
		}
	}
	if float64(bad) > pixelTolerance*float64(b.Dx()*b.Dy()) {
		return fmt.Sprintf("%d of %d pixels differ", bad, b.Dx()*b.Dy())
	}
	return ""
}

func close(a, b color.Color) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	d := func(x, y uint32) bool {
		if x > y {
			x, y = y, x
		}
		return (y-x)>>8 <= channelTolerance
	}
	return d(ar, br) && d(ag, bg) && d(ab, bb) && d(aa, ba)
}

// writeDiff writes a picture of want, faded, with differing pixels in red.
func writeDiff(t *testing.T, path string, got, want image.Image) {
	b := want.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !close(got.At(x, y), want.At(x, y)) {
				out.Set(x, y, color.RGBA{255, 0, 0, 255})
				continue
			}
			r, g, bl, _ := want.At(x, y).RGBA()
			l := uint8((r*3 + g*6 + bl) / 10 >> 8)
			out.Set(x, y, color.RGBA{l/3 + 170, l/3 + 170, l/3 + 170, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenText compares the text boards with their golden files.
func TestGoldenText(t *testing.T) {
	cases := []struct {
		name  string
		o     notation.Orientation
		style TextStyle
		pos   func(testing.TB) (*tak.Position, Frame)
	}{
		{"midgame6-ptn-unicode", notation.PTN, Unicode, func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, 40) }},
		{"midgame6-mail-ascii", notation.Mail, ASCII, func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, 40) }},
		{"tall6-mail-unicode", notation.Mail, Unicode, goldenCases[3].pos},
		{"start3-ptn-ascii", notation.PTN, ASCII, tps("x3/x3/x3 1 1")},
		{"flatwin4-ptn-unicode", notation.PTN, Unicode, flatWinKomi},
		{"road6-sync", notation.PTN, 255, func(tb testing.TB) (*tak.Position, Frame) { return replay(tb, 0, -1) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := tc.pos(t)
			var got string
			if tc.style == 255 {
				got = SyncText(p)
			} else {
				got = Text(p, tc.o, tc.style)
			}
			path := filepath.Join("testdata", "golden", tc.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
			}
			if tc.style == ASCII {
				for i, r := range got {
					if r > 126 || (r < 32 && r != '\n') {
						t.Fatalf("ASCII board has %q at byte %d", r, i)
					}
				}
			}
			if strings.Contains(got, "\t") {
				t.Error("text board contains a tab")
			}
		})
	}
}
