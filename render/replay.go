package render

import (
	"fmt"
	"image"
	"image/gif"
	"io"

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

// GIF writes an animated GIF replay of a game: a picture of the start
// position, then one of the position after each move (with the move
// highlighted), the last with the result. Each frame is the paletted
// picture PNG draws, so a frame needs no dithering; o chooses the look and
// width as for PNG (a small width keeps the file small: at 320 pixels a
// 6x6 game of 60 moves is a few hundred KB).
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
	limit = max(limit, 2)
	delay := rp.Delay
	if delay <= 0 {
		delay = 100
	}
	frames := replayFrames(len(positions), limit)
	out := &gif.GIF{LoopCount: 0}
	for k, i := range frames {
		f := Frame{Players: rp.Players}
		if i > 0 {
			m := rp.Moves[i-1]
			f.Last, f.Before = &m, positions[i-1]
		}
		last := k == len(frames)-1
		if last && rp.Result.Over() {
			f.Result, f.Score = rp.Result, rp.Score
		}
		img, err := paletted(positions[i], f, o)
		if err != nil {
			return err
		}
		d := delay
		if last {
			d *= 4
		}
		out.Image = append(out.Image, img)
		out.Delay = append(out.Delay, d)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	// Frames differ in height when the last one has a result banner: the
	// logical screen is the tallest.
	for _, img := range out.Image {
		b := img.Bounds()
		out.Config.Width = max(out.Config.Width, b.Dx())
		out.Config.Height = max(out.Config.Height, b.Dy())
	}
	if err := gif.EncodeAll(w, out); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
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
