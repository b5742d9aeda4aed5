package render

import (
	"fmt"
	"image"
	"image/gif"
	"io"
	"strconv"

	"github.com/takbymail/takbot/tak"
)

// Replay is a game to replay as an animated GIF.
type Replay struct {
	Start   *tak.Position // the position before the first move
	Moves   []tak.Move    // the moves played from Start, in order
	Players [2]string     // White's and Black's names
	Result  tak.Result    // drawn on the last frame when Over()
	Score   int           // the winner's score for the banner; 0 shows none
	// MaxFrames bounds the frames: a longer game shows every k-th
	// position, always with the first and the last (0: 200).
	MaxFrames int
	// Delay is each frame's time in hundredths of a second (0: 100); the
	// last frame stays four times as long.
	Delay int
}

// DefaultReplayFrames is Replay.MaxFrames when zero.
const DefaultReplayFrames = 200

// GIF writes an animated GIF replay of a game. Its first frame is the
// final position with the result (what a client that does not animate
// shows), then come the start position and the position after each move
// (with the move highlighted), ending on the final position again. Every
// frame is the full size of the GIF's canvas (frames without the result
// banner are padded with the background below the board), and each is
// labelled with its turn as the stills are ("Turn 7 (PTN move 4, white)",
// the turn to be played). Each frame is the paletted picture PNG draws, so
// a frame needs no dithering; o chooses the look and width as for PNG (a
// small width keeps the file small: at 320 pixels a 6x6 game of 60 moves
// is a few hundred KB).
func GIF(w io.Writer, rp Replay, o Options) error {
	if rp.Start == nil {
		return fmt.Errorf("no start position to replay: %w", ErrInput)
	}
	positions := []*tak.Position{rp.Start}
	for i, m := range rp.Moves {
		next, err := positions[i].Play(m)
		if err != nil {
			return fmt.Errorf("replay move %d %s: %v: %w", i+1, m, err, ErrInput)
		}
		positions = append(positions, next)
	}
	limit := rp.MaxFrames
	if limit <= 0 {
		limit = DefaultReplayFrames
	}
	limit = max(limit, 3)
	delay := rp.Delay
	if delay <= 0 {
		delay = 100
	}
	// The final position first, then the game from the start: limit
	// frames in all.
	last := len(positions) - 1
	frames := append([]int{last}, replayFrames(len(positions), limit-1)...)
	out := &gif.GIF{LoopCount: 0}
	for k, i := range frames {
		f := Frame{Players: rp.Players, Turn: turnLabel(positions[i], i == last && rp.Result.Over())}
		if i > 0 {
			m := rp.Moves[i-1]
			f.Last, f.Before = &m, positions[i-1]
		}
		if i == last && rp.Result.Over() {
			f.Result, f.Score = rp.Result, rp.Score
		}
		img, err := paletted(positions[i], f, o)
		if err != nil {
			return err
		}
		d := delay
		if k == 0 || k == len(frames)-1 {
			d *= 4 // the final position stays longer, first and last
		}
		out.Image = append(out.Image, img)
		out.Delay = append(out.Delay, d)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	// Frames differ in height when the final one has a result banner: the
	// canvas is the tallest, and shorter frames are padded to it.
	for _, img := range out.Image {
		b := img.Bounds()
		out.Config.Width = max(out.Config.Width, b.Dx())
		out.Config.Height = max(out.Config.Height, b.Dy())
	}
	for k, img := range out.Image {
		out.Image[k] = padTo(img, out.Config.Width, out.Config.Height)
	}
	if err := gif.EncodeAll(w, out); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
}

// turnLabel names the turn to be played in p as the referee's replies and
// the stills do: "Turn 7 (PTN move 4, white)", the turn counting every
// ply from 1. When the game is over (over, or p's own result) it names
// the last turn played:
// "After turn 9 (PTN move 5, white)".
func turnLabel(p *tak.Position, over bool) string {
	ply, word := p.Ply()+1, "Turn "
	if (over || p.Result().Over()) && p.Ply() > 0 {
		ply, word = p.Ply(), "After turn "
	}
	c := "white"
	if ply%2 == 0 {
		c = "black"
	}
	return word + strconv.Itoa(ply) + " (PTN move " + strconv.Itoa((ply-1)/2+1) + ", " + c + ")"
}

// padTo returns img grown to w x h, the new pixels in the colour of its
// top-left pixel (the background).
func padTo(img *image.Paletted, w, h int) *image.Paletted {
	b := img.Bounds()
	if b.Dx() == w && b.Dy() == h {
		return img
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), img.Palette)
	bg := img.Pix[0]
	for i := range out.Pix {
		out.Pix[i] = bg
	}
	for y := range b.Dy() {
		copy(out.Pix[y*out.Stride:], img.Pix[y*img.Stride:y*img.Stride+b.Dx()])
	}
	return out
}

// replayFrames picks at most limit of n positions, evenly, keeping the
// first and the last.
func replayFrames(n, limit int) []int {
	if n <= limit {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, 0, limit)
	for k := range limit {
		out = append(out, k*(n-1)/(limit-1))
	}
	return out
}

// paletted draws one picture as a paletted image with its own palette.
func paletted(p *tak.Position, f Frame, o Options) (*image.Paletted, error) {
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		return nil, err
	}
	r := newRenderer(p, f, o, pal, nil)
	defer r.fc.close()
	r.draw()
	img := r.paletted()
	// a copy: the canvas's rows carry a filter byte before each row
	out := image.NewPaletted(img.Rect, img.Palette)
	for y := range img.Rect.Dy() {
		copy(out.Pix[y*out.Stride:y*out.Stride+img.Rect.Dx()], img.Pix[y*img.Stride:y*img.Stride+img.Rect.Dx()])
	}
	return out, nil
}
