package render

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// boardShare is the board plate's width as a share of the picture's.
const boardShare = 0.8

// Picture widths, in pixels.
const (
	// DefaultWidth suits a phone screen and a chat embed.
	DefaultWidth = 640
	// MinWidth and MaxWidth bound Options.Size.
	MinWidth = 240
	MaxWidth = 4096
)

// Options choose how a picture looks.
type Options struct {
	Theme Theme // "" is Dark
	// Orientation selects the axis labels: notation.PTN (a1 in the
	// south-west corner) or notation.Mail (A1 in the north-west corner,
	// rows counting south). The board picture itself is identical.
	Orientation notation.Orientation
	Size        int // picture width in pixels; 0 is DefaultWidth
}

// Frame is everything a picture shows besides the board.
type Frame struct {
	Players [2]string     // White's (first player's) and Black's names; "" shows "White" or "Black"
	Last    *tak.Move     // the move that led to the position, or nil
	Before  *tak.Position // the position before Last: gives a capstone's crush; may be nil
	Result  tak.Result    // the game's result; Over() false while the game goes on
	Score   int           // the winner's score for the banner; 0 shows none
	// Turn labels the turn in the status line under the flat bar, in the
	// words the rest of the reply uses, such as "Turn 11 (PTN move 6,
	// black)"; "" shows the same words made from the position. Line breaks and
	// control characters become spaces; text too wide is cut with "…".
	Turn string
	// Marks lists squares to point out, such as those where two boards
	// differ: each gets a bracket at its four corners, in a colour of its
	// own, apart from the last move's highlight. Squares off the board
	// are an error, and so are more entries than the board has squares;
	// a square listed twice is marked once.
	Marks []tak.Square
	// Caption is a short line drawn in a band above the player cards, such
	// as "Before turn 7: the position the disputed move was played from",
	// to say what the picture shows when it is not simply the game now.
	// Line breaks and control characters become spaces; text too wide for
	// the picture is cut with "…". "" draws no band.
	Caption string
}

// ErrInput is wrapped by every error about the arguments of Image and PNG.
var ErrInput = errors.New("render: bad input")

// Image draws position p with frame f.
func Image(p *tak.Position, f Frame, o Options) (*image.RGBA, error) {
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		return nil, err
	}
	r := newRenderer(p, f, o, pal, nil)
	defer r.fc.close()
	r.draw()
	return r.rgba(), nil
}

// checkArgs validates the arguments of Image and PNG, fills in the
// defaults in o and returns the theme's colours.
func checkArgs(p *tak.Position, f Frame, o *Options) (*palette, error) {
	if p == nil {
		return nil, fmt.Errorf("no position to draw: %w", ErrInput)
	}
	if o.Theme == "" {
		o.Theme = Dark
	}
	pal, ok := palettes[o.Theme]
	if !ok {
		return nil, fmt.Errorf("unknown theme %q (use dark, light or contrast): %w", o.Theme, ErrInput)
	}
	if o.Size == 0 {
		o.Size = DefaultWidth
	}
	if o.Size < MinWidth || o.Size > MaxWidth {
		return nil, fmt.Errorf("picture width %d is not between %d and %d pixels: %w", o.Size, MinWidth, MaxWidth, ErrInput)
	}
	if o.Orientation != notation.PTN && o.Orientation != notation.Mail {
		return nil, fmt.Errorf("unknown orientation %d: %w", o.Orientation, ErrInput)
	}
	n := p.Size()
	if f.Last != nil {
		if !f.Last.Square.OnBoard(n) {
			return nil, fmt.Errorf("last move %s starts off the %dx%d board: %w", f.Last, n, n, ErrInput)
		}
		if f.Last.Type == tak.Spread && len(f.Last.Path(n)) != f.Last.Distance() {
			return nil, fmt.Errorf("last move %s leaves the %dx%d board: %w", f.Last, n, n, ErrInput)
		}
	}
	if f.Result.Winner > tak.Black {
		return nil, fmt.Errorf("result winner %d is not a colour: %w", f.Result.Winner, ErrInput)
	}
	for _, sq := range f.Result.Road {
		if !sq.OnBoard(n) {
			return nil, fmt.Errorf("road square %s is off the %dx%d board: %w", sq, n, n, ErrInput)
		}
	}
	if len(f.Marks) > n*n {
		return nil, fmt.Errorf("%d marked squares on a %dx%d board: %w", len(f.Marks), n, n, ErrInput)
	}
	for _, sq := range f.Marks {
		if !sq.OnBoard(n) {
			return nil, fmt.Errorf("marked square %s is off the %dx%d board: %w", sq, n, n, ErrInput)
		}
	}
	if f.Before != nil && f.Before.Size() != n {
		return nil, fmt.Errorf("the position before the last move is %dx%d, not %dx%d: %w", f.Before.Size(), f.Before.Size(), n, n, ErrInput)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	return pal, nil
}

// renderer draws one picture.
type renderer struct {
	*canvas
	p   *tak.Position
	f   Frame
	o   Options
	pal *palette
	fc  faces
	n   int

	w     float32 // picture width
	unit  float32 // w / 100: every length is a multiple of it
	pad   float32
	capY  float32 // caption band's top; its height is capH, 0 without a caption
	capH  float32
	cardY float32
	cardH float32
	barY  float32 // flat bar's row: its top and height
	barH  float32
	statY float32
	// board plate
	plateX, plateY, plateW float32
	sq                     float32 // square pitch
	inset                  float32 // plate margin around the squares
	labelY                 float32 // file labels' middle
	legendY                float32 // the carry-limit legend's middle; 0: none
	bannerY, bannerH       float32
	h                      float32
}

// newRenderer lays the picture out. reuse, when not nil, is a canvas to
// draw on again.
func newRenderer(p *tak.Position, f Frame, o Options, pal *palette, reuse *canvas) *renderer {
	r := &renderer{p: p, f: f, o: o, pal: pal, n: p.Size()}
	w := float32(o.Size)
	u := w / 100
	r.w, r.unit = w, u
	r.pad = 2.5 * u
	r.cardY = r.pad
	r.f.Turn = captionLine(f.Turn)
	if f.Caption = captionLine(f.Caption); f.Caption != "" {
		r.f.Caption = f.Caption
		r.capY, r.capH = r.pad, 6.6*u
		r.cardY = r.capY + r.capH + 1.2*u
	}
	// Near square: a compact header in large type and a board of
	// boardShare of the width, so that the labels stay readable when a
	// client shows the picture 400 pixels wide.
	r.cardH = 11.5 * u
	r.barY = r.cardY + r.cardH + 1.2*u
	r.barH = 4.4 * u
	r.statY = r.barY + r.barH + 3.2*u
	top := r.statY + 3.4*u
	label := 4.6 * u
	r.plateW = boardShare * w
	r.plateX = (w-r.plateW)/2 + label/2
	r.inset = 1.2 * u
	r.sq = (r.plateW - 2*r.inset) / float32(r.n)
	if o.Orientation == notation.Mail {
		r.labelY = top + label/2
		r.plateY = top + label
	} else {
		r.plateY = top
		r.labelY = top + r.plateW + label/2
	}
	y := top + r.plateW + label
	if r.tallStack() {
		r.legendY = y + 1.6*u
		y += 4 * u
	}
	if f.Result.Over() {
		r.bannerY = y + 1*u
		r.bannerH = 11 * u
		y = r.bannerY + r.bannerH
	}
	r.h = y + r.pad
	r.canvas = newCanvas(o.Size, int(math.Ceil(float64(r.h))), reuse)
	for _, col := range pal.colours() {
		r.colorIndex(col)
	}
	return r
}

func (r *renderer) draw() {
	r.rect(r.bounds(), r.pal.bg)
	if r.capH > 0 {
		r.caption()
	}
	r.header()
	r.board()
	r.labels()
	if r.legendY > 0 {
		r.legend()
	}
	if r.f.Result.Over() {
		r.banner()
	}
}

func (r *renderer) name(c tak.Color) string {
	if s := r.f.Players[c]; s != "" {
		return s
	}
	if c == tak.White {
		return "White"
	}
	return "Black"
}

// moveText writes a move in the reader's notation.
func (r *renderer) moveText(m tak.Move, before *tak.Position) string {
	if r.o.Orientation == notation.Mail {
		return notation.FormatMail(m, r.n)
	}
	return notation.FormatPTN(m, before)
}

func (r *renderer) face(isBold bool, px float32) *sizedFace {
	return r.fc.get(isBold, int(px+0.5))
}
