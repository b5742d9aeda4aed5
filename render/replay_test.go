package render_test

import (
	"bytes"
	"errors"
	"image/gif"
	"image/png"
	"math"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

func replayMoves(t *testing.T, start *tak.Position, ptn ...string) []tak.Move {
	t.Helper()
	var out []tak.Move
	for _, s := range ptn {
		pm, err := notation.ParsePTNMove(s, start.Size())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pm.Move)
	}
	return out
}

func TestGIFReplay(t *testing.T) {
	start, err := tak.NewPosition(tak.DefaultConfig(5))
	if err != nil {
		t.Fatal(err)
	}
	moves := replayMoves(t, start, "a1", "e5", "b1", "b2", "c1", "c2", "d1", "d2", "e1")
	tests := []struct {
		name      string
		maxFrames int
		frames    int
	}{
		{"every position", 0, 11}, // the final position, then the ten from the start
		{"sampled", 4, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			err := render.GIF(&b, render.Replay{Start: start, Moves: moves, Players: [2]string{"Alice", "takbot"}, MaxFrames: tt.maxFrames},
				render.Options{Theme: render.Light, Size: 320})
			if err != nil {
				t.Fatal(err)
			}
			g, err := gif.DecodeAll(&b)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Image) != tt.frames {
				t.Fatalf("%d frames, want %d", len(g.Image), tt.frames)
			}
			if g.Config.Width != 320 || g.Delay[0] != 400 || g.Delay[len(g.Delay)-1] != 400 {
				t.Fatalf("width %d, first delay %d, last delay %d", g.Config.Width, g.Delay[0], g.Delay[len(g.Delay)-1])
			}
			for k, img := range g.Image {
				if b := img.Bounds(); b.Dx() != g.Config.Width || b.Dy() != g.Config.Height {
					t.Fatalf("frame %d is %v in a %dx%d canvas", k, b, g.Config.Width, g.Config.Height)
				}
			}
			// The first frame, what a client that does not animate shows,
			// is the final position: the same picture as the last frame.
			first, final := g.Image[0], g.Image[len(g.Image)-1]
			for y := range g.Config.Height {
				for x := range g.Config.Width {
					if first.At(x, y) != final.At(x, y) {
						t.Fatalf("first frame differs from the final position at (%d, %d)", x, y)
					}
				}
			}
		})
	}
}

func TestGIFBadMove(t *testing.T) {
	start, _ := tak.NewPosition(tak.DefaultConfig(5))
	moves := replayMoves(t, start, "a1", "a1")
	err := render.GIF(&bytes.Buffer{}, render.Replay{Start: start, Moves: moves}, render.Options{Size: 320})
	if !errors.Is(err, render.ErrInput) {
		t.Fatalf("err = %v, want ErrInput", err)
	}
}

func TestEvalGraph(t *testing.T) {
	tests := []struct {
		name string
		g    render.Graph
		ok   bool
	}{
		{"game", render.Graph{Scores: []int{0, 20, -40, 300, 2500, -900}, Marks: []render.GraphMark{{Turn: 4, Sign: "!", Label: "Sc3"}, {Turn: 5, Sign: "?"}}, Title: "g1: Alice vs takbot"}, true},
		{"marks in one place", render.Graph{Scores: []int{0, 0, 0}, Marks: []render.GraphMark{{Turn: 1, Sign: "?", Label: "ms b2 p1 1"}, {Turn: 1, Sign: "??", Label: "a very long label that is cut short"}, {Turn: 2, Sign: "!"}}}, true},
		{"one position", render.Graph{Scores: []int{0}}, true},
		{"no scores", render.Graph{}, false},
		{"mark outside", render.Graph{Scores: []int{0, 1}, Marks: []render.GraphMark{{Turn: 2, Sign: "?"}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			err := render.EvalGraph(&b, tt.g, render.Options{Size: 480})
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok %v", err, tt.ok)
			}
			if !tt.ok {
				if !errors.Is(err, render.ErrInput) {
					t.Fatalf("err = %v, want ErrInput", err)
				}
				return
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() != 480 || img.Bounds().Dy() != 192 {
				t.Fatalf("size %v", img.Bounds())
			}
		})
	}
}

// TestWinChance checks the graph's scale: even at 0, the same distance
// from 50% for either side, and the documented points of the logistic.
func TestWinChance(t *testing.T) {
	tests := []struct {
		centiflats int
		lo, hi     float64
	}{
		{0, 0.5, 0.5},
		{100, 0.60, 0.62},  // one flat
		{300, 0.78, 0.80},  // three
		{500, 0.90, 0.91},  // five
		{-500, 0.09, 0.10}, // five for Black
		{10000, 0.999, 1},  // a won game
		{-10000, 0, 0.001},
	}
	for _, tt := range tests {
		if got := render.WinChance(tt.centiflats); got < tt.lo || got > tt.hi {
			t.Errorf("WinChance(%d) = %.3f, want %.3f to %.3f", tt.centiflats, got, tt.lo, tt.hi)
		}
		if got, mirror := render.WinChance(tt.centiflats), render.WinChance(-tt.centiflats); math.Abs(got+mirror-1) > 1e-12 {
			t.Errorf("WinChance(%d) + WinChance(%d) = %v, want 1", tt.centiflats, -tt.centiflats, got+mirror)
		}
	}
}
