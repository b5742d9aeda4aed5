package render_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// A position after a stack move, drawn for a Tak by Mail player in the
// light theme.
func ExamplePNG() {
	before, _ := notation.ParseTPS("x4/x,21,x2/x4/x4 1 3", tak.Config{})
	pm, _ := notation.ParseMove("me b2 p2 1 1", 4) // PTN 2b3>11
	after, _ := before.Play(pm.Move)
	f := render.Frame{
		Players: [2]string{"Ann", "Bo"},
		Last:    &pm.Move,
		Before:  before,
		Result:  after.Result(),
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, after, f, render.Options{Theme: render.Light, Orientation: notation.Mail}); err != nil {
		fmt.Println(err)
		return
	}
	cfg, _ := png.DecodeConfig(&buf)
	fmt.Println(cfg.Width, "pixels wide")
	// Output: 640 pixels wide
}

func ExampleText() {
	p, _ := notation.ParseTPS("x3/x,12S,x/1,x,2C 1 4", tak.Config{Size: 3, Stones: [2]int{10, 10}, Caps: [2]int{1, 1}})
	fmt.Print(render.Text(p, notation.PTN, render.ASCII))
	// Output:
	//  3 | 0 | 0  | 0 |
	//  2 | 0 | Ws | 0 |
	//  1 | s | 0  | C |
	//    | a | b  | c |
	// Turn 7 (PTN move 4, white) to play.
	// Flats: white 1, black 0.
	// Left: white 8 stones and 1 capstone, black 9 stones and 0 capstones.
	// Stacks read top first: s flat, w wall, c capstone; lowercase white, uppercase black; 0 is an empty square.
}
