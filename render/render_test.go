package render

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func TestThemes(t *testing.T) {
	got := Themes()
	if len(got) != 3 || got[0] != Dark {
		t.Fatalf("Themes() = %v, want dark first of three", got)
	}
	for _, th := range got {
		if _, ok := palettes[th]; !ok {
			t.Errorf("theme %q has no palette", th)
		}
		if p, err := ParseTheme(string(th)); err != nil || p != th {
			t.Errorf("ParseTheme(%q) = %q, %v", th, p, err)
		}
	}
	if p, err := ParseTheme(""); err != nil || p != Dark {
		t.Errorf("ParseTheme(\"\") = %q, %v; want dark", p, err)
	}
	if _, err := ParseTheme("neon"); err == nil || !strings.Contains(err.Error(), "dark, light, contrast") {
		t.Errorf("ParseTheme(neon) error = %v", err)
	}
}

func TestImageErrors(t *testing.T) {
	p5, _ := position(t, "x5/x5/x5/x5/x5 1 1", tak.Config{})
	p6, _ := position(t, "x6/x6/x6/x6/x6/x6 1 1", tak.Config{})
	off := tak.PlaceMove(tak.SquareAt(6, 0), tak.Flat)
	leaves := tak.SpreadMove(tak.SquareAt(4, 0), tak.East, 1)
	for _, tc := range []struct {
		name string
		p    *tak.Position
		f    Frame
		o    Options
		want string
	}{
		{"nil position", nil, Frame{}, Options{}, "no position"},
		{"theme", p5, Frame{}, Options{Theme: "neon"}, `unknown theme "neon"`},
		{"narrow", p5, Frame{}, Options{Size: 100}, "width 100 is not between 240 and 4096"},
		{"wide", p5, Frame{}, Options{Size: 5000}, "width 5000"},
		{"orientation", p5, Frame{}, Options{Orientation: 9}, "unknown orientation 9"},
		{"last off board", p5, Frame{Last: &off}, Options{}, "starts off the 5x5 board"},
		{"last leaves board", p5, Frame{Last: &leaves}, Options{}, "leaves the 5x5 board"},
		{"road off board", p5, Frame{Result: tak.Result{Reason: tak.RoadEnd, Road: []tak.Square{tak.SquareAt(7, 7)}}}, Options{}, "road square h8 is off"},
		{"winner", p5, Frame{Result: tak.Result{Reason: tak.ResignEnd, Winner: 7}}, Options{}, "winner 7 is not a colour"},
		{"mark off board", p5, Frame{Marks: []tak.Square{tak.SquareAt(1, 1), tak.SquareAt(5, 0)}}, Options{}, "marked square f1 is off"},
		{"too many marks", p5, Frame{Marks: make([]tak.Square, 26)}, Options{}, "26 marked squares on a 5x5 board"},
		{"before size", p5, Frame{Before: p6}, Options{}, "is 6x6, not 5x5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Image(tc.p, tc.f, tc.o)
			if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Image error = %v, want ErrInput with %q", err, tc.want)
			}
			var buf bytes.Buffer
			if err2 := PNG(&buf, tc.p, tc.f, tc.o); err2 == nil || err2.Error() != err.Error() || buf.Len() != 0 {
				t.Errorf("PNG error = %v (wrote %d bytes), want %v and nothing written", err2, buf.Len(), err)
			}
		})
	}
}

// TestDeterministic checks that the same input gives the same bytes, also
// when pictures are drawn at the same time (run with -race).
func TestDeterministic(t *testing.T) {
	p, f := midGame(t)
	var first bytes.Buffer
	if err := PNG(&first, p, f, Options{}); err != nil {
		t.Fatal(err)
	}
	img1, err := Image(p, f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	img2, _ := Image(p, f, Options{})
	if !bytes.Equal(img1.Pix, img2.Pix) {
		t.Error("two Image calls differ")
	}
	var wg sync.WaitGroup
	outs := make([][]byte, 4)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			theme := Themes()[i%3]
			if i == 0 {
				theme = Dark
			}
			if err := PNG(&b, p, f, Options{Theme: theme}); err != nil {
				t.Error(err)
			}
			outs[i] = b.Bytes()
		}()
	}
	wg.Wait()
	if !bytes.Equal(outs[0], first.Bytes()) {
		t.Error("PNG bytes differ between calls")
	}
	for i, o := range outs {
		if len(o) == 0 || len(o) > 40<<10 {
			t.Errorf("picture %d is %d bytes; want some, under 40 KiB", i, len(o))
		}
	}
}

// TestOptionsDefaults checks the default width and that only the labels
// depend on the orientation.
func TestOptionsDefaults(t *testing.T) {
	p, f := midGame(t)
	img, err := Image(p, f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != DefaultWidth {
		t.Errorf("default width %d, want %d", img.Bounds().Dx(), DefaultWidth)
	}
	dark, _ := Image(p, f, Options{Theme: Dark, Size: DefaultWidth})
	if !bytes.Equal(img.Pix, dark.Pix) {
		t.Error("zero Options differ from dark at the default width")
	}
	mail, _ := Image(p, f, Options{Orientation: notation.Mail})
	if mail.Bounds() != img.Bounds() {
		t.Errorf("mail picture is %v, ptn picture %v", mail.Bounds(), img.Bounds())
	}
}

// TestGreyscale draws a white and a black flat, wall and capstone in each
// theme and checks that their centres and outlines stay far apart in grey,
// and apart from the square they stand on.
func TestGreyscale(t *testing.T) {
	p, f := position(t, "x3/1,1S,1C/2,2S,2C 1 4", tak.Config{Size: 3, Stones: [2]int{10, 10}, Caps: [2]int{1, 1}})
	grey := func(c color.RGBA) float64 { return luminance(c) * 255 }
	for _, th := range Themes() {
		img, err := Image(p, f, Options{Theme: th, Size: 480})
		if err != nil {
			t.Fatal(err)
		}
		r := newRenderer(p, f, Options{Theme: th, Size: 480}, palettes[th], nil)
		at := func(q pt) float64 { return grey(img.RGBAAt(int(q.x), int(q.y))) }
		for file := range 3 {
			w, b := r.centre(tak.SquareAt(file, 1)), r.centre(tak.SquareAt(file, 0))
			empty := r.centre(tak.SquareAt(file, 2))
			gw, gb, gs := at(w), at(b), at(empty)
			if gw-gb < 150 {
				t.Errorf("%s, file %d: white piece grey %.0f, black %.0f: too close", th, file, gw, gb)
			}
			if gw-gs < 40 || gs-gb < 60 {
				t.Errorf("%s, file %d: pieces %.0f and %.0f on squares of grey %.0f: too close", th, file, gw, gb, gs)
			}
		}
		pal := palettes[th]
		for c := range 2 {
			for _, sq := range pal.square {
				if d := grey(pal.border[c]) - grey(sq); d*d < 40*40 && c == int(tak.Black) {
					t.Errorf("%s: black outline grey is %.0f from the square", th, d)
				}
			}
		}
	}
}

func TestText(t *testing.T) {
	if Text(nil, notation.PTN, Unicode) != "" || SyncText(nil) != "" {
		t.Error("nil position should give empty text")
	}
	p, _ := position(t, "x4/x,1212S,x2/2C,x3/x3,1 1 9", tak.Config{Size: 4, Stones: [2]int{15, 15}, Caps: [2]int{1, 1}, Komi: -1})
	for _, tc := range []struct {
		o     notation.Orientation
		style TextStyle
		want  []string
	}{
		{notation.PTN, Unicode, []string{" 3 │ 0 │ WsSs │ 0 │ 0 │", " 2 │ C │", "   │ a │ b    │ c │ d │", "Turn 17 (PTN move 9, white) to play.", "Flats: white 1, black 0 - 0.5 komi.", "1 capstone"}},
		{notation.Mail, ASCII, []string{"   | A | B    | C | D |", " 2 | 0 | WsSs | 0 | 0 |", " 4 | 0 | 0    | 0 | s |"}},
	} {
		got := Text(p, tc.o, tc.style)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("Text(%v, %v) lacks %q:\n%s", tc.o, tc.style, w, got)
			}
		}
		if !strings.HasSuffix(got, TextLegend+"\n") {
			t.Errorf("Text does not end with the legend:\n%s", got)
		}
	}
	if got, want := SyncText(p), notation.FormatSyncBoard(p); got != want {
		t.Errorf("SyncText = %q, want %q", got, want)
	}
}

// TestTextTopFirst checks that the text board writes each stack in the
// code and order of the sync board sent in the same reply: top piece first,
// s, w or c, lowercase white and uppercase black.
func TestTextTopFirst(t *testing.T) {
	p, _ := midGame(t)
	sync := strings.Fields(SyncText(p))
	n := p.Size()
	var cells []string
	for _, line := range strings.Split(strings.TrimSpace(Grid(p, notation.PTN, ASCII)), "\n")[:n] { // the rows, without the files' line
		parts := strings.Split(line, "|")
		for _, c := range parts[1 : len(parts)-1] {
			cells = append(cells, strings.TrimSpace(c))
		}
	}
	if len(cells) != len(sync) {
		t.Fatalf("%d cells on the text board, %d on the sync board", len(cells), len(sync))
	}
	tall := 0
	for i, cell := range cells {
		tall = max(tall, p.Height(tak.SquareAt(i%n, n-1-i/n)))
		if cell != sync[i] {
			t.Errorf("square %d: text %q, sync %q", i, cell, sync[i])
		}
	}
	if tall < 3 {
		t.Fatalf("the mid-game has no stack of 3 or more (tallest %d): pick another", tall)
	}
	if got := Text(p, notation.PTN, Unicode); !strings.Contains(got, "Stacks read top first") {
		t.Errorf("legend does not say stacks read top first:\n%s", got)
	}
}

// Grid is Text without the status lines and the legend.
func TestGridHasNoStatus(t *testing.T) {
	p, err := notation.ParseTPS("x5/x5/x2,1,x2/x5/2,x4 1 2", tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	g := Grid(p, notation.Mail, ASCII)
	full := Text(p, notation.Mail, ASCII)
	if strings.Contains(g, "to play") || strings.Contains(g, TextLegend) || !strings.HasPrefix(full, g) {
		t.Errorf("Grid:\n%s\nText:\n%s", g, full)
	}
}

// TestStackLayout checks that the side view of every stack a game can
// build, in a picture 400 pixels wide (what a client scales it to), fits
// its tile in one column, shows the pieces within the carry limit and at
// most maxFaded below it, in layers at least 4 pixels high up to 6x6 (a
// 12-stack can be counted) and 2.5 on 7x7 and 8x8.
func TestStackLayout(t *testing.T) {
	for n := 3; n <= 8; n++ {
		p, _ := position(t, strings.TrimSuffix(strings.Repeat("x"+strconv.Itoa(n)+"/", n), "/")+" 1 1", tak.Config{})
		o := Options{Size: 400}
		pal, err := checkArgs(p, Frame{}, &o)
		if err != nil {
			t.Fatal(err)
		}
		r := newRenderer(p, Frame{}, o, pal, nil)
		_, _, tile := r.tile(tak.SquareAt(0, 0))
		stones, caps := tak.DefaultReserves(n)
		minStep := float32(4)
		if n > 6 {
			minStep = 2.5
		}
		for h := 2; h <= 2*(stones+caps); h++ {
			for _, top := range []float32{1, 1.8, 1.9} {
				shown, below, step, colW := stackLayout(h, n, tile, top)
				if shown != min(h, n)+below || below > maxFaded || below != min(max(0, h-n), maxFaded) {
					t.Fatalf("%dx%d, %d pieces: %d shown, %d below the carry limit", n, n, h, shown, below)
				}
				if high := (float32(shown) - 1 + top) * step; high > 0.84*tile+0.01 {
					t.Errorf("%dx%d, %d pieces: column %.1f px high, tile %.1f", n, n, h, high, tile)
				}
				if step < minStep || colW < 3 {
					t.Errorf("%dx%d, %d pieces: layers %.1f px high, column %.1f px wide: too thin to count", n, n, h, step, colW)
				}
			}
		}
	}
}

// TestFlatsReadFilled checks that a flat is mostly its body colour, not
// its outline, in every theme: at least 75% for a black flat (with a
// light outline taking 30% of it, the contrast theme's black flats read
// as empty frames) and 65% for a white one.
func TestFlatsReadFilled(t *testing.T) {
	p, f := position(t, "x3/x3/1,2,x 1 2", tak.Config{})
	for _, th := range Themes() {
		o := Options{Theme: th, Size: 480}
		img, err := Image(p, f, o)
		if err != nil {
			t.Fatal(err)
		}
		r := newRenderer(p, f, o, palettes[th], nil)
		pal := palettes[th]
		for c := tak.White; c <= tak.Black; c++ {
			cx, cy := r.centre(tak.SquareAt(int(c), 0)).x, r.centre(tak.SquareAt(int(c), 0)).y
			_, _, tile := r.tile(tak.SquareAt(0, 0))
			s := 0.56 * tile
			body, all := 0, 0
			for y := int(cy - s/2); y < int(cy+s/2); y++ {
				for x := int(cx - s/2); x < int(cx+s/2); x++ {
					all++
					if img.RGBAAt(x, y) == pal.piece[c] {
						body++
					}
				}
			}
			want := 0.75
			if c == tak.White {
				want = 0.65
			}
			if share := float64(body) / float64(all); share < want {
				t.Errorf("%s: the %s flat is %.0f%% its body colour, want %.0f%% at least", th, c, 100*share, 100*want)
			}
		}
	}
}

// TestFigureStyle checks the text board meant for a mail's text part: its
// bars stand at the same rune columns on every line (a monospace font), and
// every filler is a figure space, as wide as the digits of the row labels
// in a proportional font, while a plain space only ever stands beside a bar.
func TestFigureStyle(t *testing.T) {
	p, _ := midGame(t)
	for _, o := range []notation.Orientation{notation.PTN, notation.Mail} {
		g := Grid(p, o, Figure)
		lines := strings.Split(strings.TrimSuffix(g, "\n"), "\n")
		if len(lines) != p.Size()+1 {
			t.Fatalf("%d lines, want %d:\n%s", len(lines), p.Size()+1, g)
		}
		bars := func(l string) []int {
			var at []int
			for i, r := range []rune(l) {
				if r == '|' {
					at = append(at, i)
				}
			}
			return at
		}
		want := bars(lines[0])
		for _, l := range lines {
			if got := bars(l); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: bars of %q at %v, want %v", o, l, got, want)
			}
			r := []rune(l)
			for i, c := range r {
				if c == ' ' && !(i+1 < len(r) && r[i+1] == '|') && !(i > 0 && r[i-1] == '|') {
					t.Errorf("%v: %q has a plain space at %d, away from a bar", o, l, i)
				}
			}
		}
		if !strings.Contains(g, "\u2007\u2007 | ") || !strings.Contains(g, "\u20071 | ") {
			t.Errorf("%v: the label column is not padded with figure spaces:\n%s", o, g)
		}
		if strings.ReplaceAll(g, "\u2007", " ") != Grid(p, o, ASCII) {
			t.Errorf("%v: Figure differs from ASCII by more than its spaces:\n%s", o, g)
		}
	}
}

// TestNearSquare checks that a picture is near square at any width: no
// more than 1.14 times as high as wide without the carry-limit legend,
// caption or banner, and 1.18 with the legend (the 6x6 mid-game has a
// 7-stack).
func TestNearSquare(t *testing.T) {
	start := func(tb testing.TB) (*tak.Position, Frame) {
		return position(tb, "x6/x6/x6/x6/x6/x6 1 1", tak.Config{})
	}
	tests := []struct {
		name  string
		pos   func(testing.TB) (*tak.Position, Frame)
		ratio float64
	}{
		{"6x6 start", start, 1.14},
		{"6x6 mid-game", midGame, 1.18},
	}
	for _, tt := range tests {
		for _, w := range []int{MinWidth, 400, DefaultWidth, 1024} {
			p, f := tt.pos(t)
			img, err := Image(p, f, Options{Size: w})
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if r := float64(b.Dy()) / float64(b.Dx()); r > tt.ratio {
				t.Errorf("%s at %d px: %dx%d, %.2f times as high as wide, want %.2f at most", tt.name, w, b.Dx(), b.Dy(), r, tt.ratio)
			}
			if w == DefaultWidth {
				t.Logf("%s: %dx%d", tt.name, b.Dx(), b.Dy())
			}
		}
	}
}

// TestTurnLabel checks the default status words and the GIF's frame
// labels: turns counted from 1 as the referee's replies count them, the
// turn to be played while the game goes on and the last one played once
// it is over.
func TestTurnLabel(t *testing.T) {
	tests := []struct {
		tps  string
		over bool
		want string
	}{
		{"x3/x3/x3 1 1", false, "Turn 1 (PTN move 1, white)"},
		{"x3/x3/1,x2 2 1", false, "Turn 2 (PTN move 1, black)"},
		{"x3/x3/1,2,x 1 2", false, "Turn 3 (PTN move 2, white)"},
		{"x3/x3/1,2,x 1 2", true, "After turn 2 (PTN move 1, black)"},
		{"x3/x3/x3 1 1", true, "Turn 1 (PTN move 1, white)"}, // nothing played yet
	}
	for _, tt := range tests {
		p, _ := position(t, tt.tps, tak.Config{})
		if got := turnLabel(p, tt.over); got != tt.want {
			t.Errorf("%s, over %v: %q, want %q", tt.tps, tt.over, got, tt.want)
		}
	}
}
