package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// renderArgs are the parsed flags of takbot render.
type renderArgs struct {
	tps, komi, ptn, last, theme, orient, out string
	white, black                             string
	game, ply, size                          int
	text, ascii, sync                        bool
}

func runRender(ctx context.Context, e *env) int {
	args, stdout, stderr := e.args, e.stdout, e.stderr
	fs := newFlagSet("render", stderr,
		"usage: takbot render (-tps TPS | -ptn FILE [-game K] [-ply N]) [flags] (-o FILE.png | -text [-ascii] | -sync)",
		"\nDraws a position as a PNG picture, or prints it as a text board. From a PTN",
		"file the position is the one after N plies of game K, with the players' names,",
		"the komi and the last move taken from the file. Examples:",
		"  takbot render -tps \"x5/x5/x2,1,x2/x5/2,x4 1 2\" -last c3 -o board.png",
		"  takbot render -ptn game.ptn -ply 20 -theme light -orientation mail -o board.png",
		"  takbot render -ptn game.ptn -text -ascii")
	var a renderArgs
	fs.StringVar(&a.tps, "tps", "", "the position, in TPS")
	fs.StringVar(&a.komi, "komi", "", "komi for -tps, in flats (e.g. 2.5)")
	fs.StringVar(&a.white, "white", "", "White's name, for -tps")
	fs.StringVar(&a.black, "black", "", "Black's name, for -tps")
	fs.StringVar(&a.ptn, "ptn", "", "a PTN file to take the position from")
	fs.IntVar(&a.game, "game", 1, "with -ptn: the game of the file, from 1")
	fs.IntVar(&a.ply, "ply", -1, "with -ptn: the number of plies played; -1 is the whole game")
	fs.StringVar(&a.last, "last", "", "with -tps: the move that led to the position, in PTN or Tak by Mail notation")
	fs.StringVar(&a.theme, "theme", "dark", "picture colours: dark, light or contrast")
	fs.StringVar(&a.orient, "orientation", "ptn", "axis labels: ptn (a1 south-west) or mail (A1 north-west)")
	fs.IntVar(&a.size, "size", render.DefaultWidth, fmt.Sprintf("picture width in pixels, %d to %d", render.MinWidth, render.MaxWidth))
	fs.StringVar(&a.out, "o", "", "the PNG file to write")
	fs.BoolVar(&a.text, "text", false, "print a text board instead of drawing a picture")
	fs.BoolVar(&a.ascii, "ascii", false, "with -text: plain ASCII instead of box-drawing characters")
	fs.BoolVar(&a.sync, "sync", false, "print the board in the Tak by Mail \"rs\" format instead")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if msg := a.check(fs.NArg()); msg != "" {
		fmt.Fprintf(stderr, "takbot render: %s\n\n", msg)
		fs.Usage()
		return 2
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(stderr, "takbot render: %v\n", err)
		return 1
	}
	theme, _ := render.ParseTheme(a.theme)
	orient := notation.PTN
	if a.orient == "mail" {
		orient = notation.Mail
	}
	p, frame, err := a.position()
	if err != nil {
		fmt.Fprintf(stderr, "takbot render: %v\n", err)
		return 1
	}
	switch {
	case a.sync:
		s := render.SyncText(p)
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		fmt.Fprint(stdout, s)
		return 0
	case a.text:
		style := render.Unicode
		if a.ascii {
			style = render.ASCII
		}
		fmt.Fprint(stdout, render.Text(p, orient, style))
		return 0
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, p, frame, render.Options{Theme: theme, Orientation: orient, Size: a.size}); err != nil {
		fmt.Fprintf(stderr, "takbot render: %v\n", err)
		return 1
	}
	if err := os.WriteFile(a.out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "takbot render: %v\n", err)
		return 1
	}
	return 0
}

// check returns what is wrong with the flags, or "".
func (a *renderArgs) check(nargs int) string {
	switch {
	case nargs > 0:
		return "unexpected arguments after the flags"
	case (a.tps == "") == (a.ptn == ""):
		return "give exactly one of -tps and -ptn"
	case a.ptn != "" && (a.last != "" || a.komi != "" || a.white != "" || a.black != ""):
		return "-last, -komi, -white and -black go with -tps; a PTN file gives them"
	case a.tps != "" && (a.ply != -1 || a.game != 1):
		return "-ply and -game go with -ptn"
	case a.game < 1:
		return "-game counts from 1"
	case a.ply < -1:
		return "-ply cannot be negative"
	case a.orient != "ptn" && a.orient != "mail":
		return fmt.Sprintf("-orientation %q: use ptn or mail", a.orient)
	case a.ascii && !a.text:
		return "-ascii goes with -text"
	case a.text && a.sync:
		return "give -text or -sync, not both"
	case !a.text && !a.sync && a.out == "":
		return "give -o FILE.png (or -text or -sync)"
	case (a.text || a.sync) && a.out != "":
		return "-o writes a picture; -text and -sync print to standard output"
	case a.size < render.MinWidth || a.size > render.MaxWidth:
		return fmt.Sprintf("-size %d: the width must be between %d and %d pixels", a.size, render.MinWidth, render.MaxWidth)
	}
	if _, err := render.ParseTheme(a.theme); err != nil {
		return "-theme: " + err.Error()
	}
	return ""
}

// position reads the position and the frame from -tps or -ptn.
func (a *renderArgs) position() (*tak.Position, render.Frame, error) {
	if a.ptn != "" {
		return a.ptnPosition()
	}
	var cfg tak.Config
	if a.komi != "" {
		k, err := tak.ParseKomi(a.komi)
		if err != nil {
			return nil, render.Frame{}, fmt.Errorf("-komi: %w", err)
		}
		size := len(strings.Split(strings.Fields(a.tps + " x")[0], "/"))
		if size < tak.MinSize || size > tak.MaxSize {
			size = tak.MinSize // ParseTPS reports the bad size
		}
		cfg = tak.DefaultConfig(size)
		cfg.Komi = k
	}
	p, err := notation.ParseTPS(a.tps, cfg)
	if err != nil {
		return nil, render.Frame{}, fmt.Errorf("-tps: %w", err)
	}
	f := render.Frame{Players: [2]string{a.white, a.black}, Result: p.Result()}
	if a.last != "" {
		pm, err := notation.ParseMove(a.last, p.Size())
		if err != nil {
			return nil, render.Frame{}, fmt.Errorf("-last: %w", err)
		}
		if err := lastFits(p, pm.Move); err != nil {
			return nil, render.Frame{}, fmt.Errorf("-last %s: %w", a.last, err)
		}
		f.Last = &pm.Move
	}
	f.Score = tak.ScoreDetails(p, f.Result, 0).Total
	return p, f, nil
}

func (a *renderArgs) ptnPosition() (*tak.Position, render.Frame, error) {
	games, err := readPTNFile(a.ptn)
	if err != nil {
		return nil, render.Frame{}, err
	}
	if len(games) == 0 {
		return nil, render.Frame{}, fmt.Errorf("%s holds no game", a.ptn)
	}
	if a.game > len(games) {
		return nil, render.Frame{}, fmt.Errorf("-game %d: %s holds %d game%s", a.game, a.ptn, len(games), renderPlural(len(games)))
	}
	rec := games[a.game-1]
	g, err := rec.Replay()
	if err != nil {
		var re *notation.ReplayError
		if !errors.As(err, &re) || a.ply < 0 || a.ply >= re.Ply {
			return nil, render.Frame{}, fmt.Errorf("%s, game %d: %w", a.ptn, a.game, err)
		}
		// The plies before the bad one are playable: replay up to -ply.
		g, err = replayPrefix(rec, a.ply)
		if err != nil {
			return nil, render.Frame{}, fmt.Errorf("%s, game %d: %w", a.ptn, a.game, err)
		}
	}
	ply := a.ply
	if ply < 0 {
		ply = g.Len()
	}
	if ply > g.Len() {
		return nil, render.Frame{}, fmt.Errorf("-ply %d: game %d has %d plies", ply, a.game, g.Len())
	}
	p := g.PositionAfter(ply)
	f := render.Frame{Players: [2]string{rec.Tag("Player1"), rec.Tag("Player2")}, Result: p.Result()}
	if ply > 0 {
		m := g.Moves()[ply-1]
		f.Last, f.Before = &m, g.PositionAfter(ply-1)
	}
	f.Score = tak.ScoreDetails(p, f.Result, 0).Total
	return p, f, nil
}

// lastFits checks that move m can have led to position p: a placement's
// piece is on top of its square, and a stack move's squares are on the
// board and its last square is occupied.
func lastFits(p *tak.Position, m tak.Move) error {
	n := p.Size()
	if m.Type == tak.Place {
		top, ok := p.Top(m.Square)
		if !ok || p.Height(m.Square) != 1 || top.Kind() != m.Piece {
			return fmt.Errorf("%s does not hold the lone %s that move placed", notation.SquareName(m.Square, n, notation.PTN), m.Piece)
		}
		return nil
	}
	path := m.Path(n)
	if len(path) != m.Distance() {
		return fmt.Errorf("the move leaves the %dx%d board", n, n)
	}
	for _, sq := range path {
		if p.Height(sq) == 0 {
			return fmt.Errorf("the move drops pieces on %s, which is empty", notation.SquareName(sq, n, notation.PTN))
		}
	}
	return nil
}

// replayPrefix plays the first n plies of a record whose later plies are
// illegal.
func replayPrefix(rec *notation.PTNGame, n int) (*tak.Game, error) {
	start, err := rec.StartPosition()
	if err != nil {
		return nil, err
	}
	g := tak.GameFrom(start)
	for i := 0; i < n && i < len(rec.Plies); i++ {
		pl := rec.Plies[i]
		if pl.Err != nil {
			return nil, fmt.Errorf("ply %d (%s): %w", i+1, pl.Text, pl.Err)
		}
		if err := g.Play(pl.Move.Move); err != nil {
			return nil, fmt.Errorf("ply %d (%s): %w", i+1, pl.Text, err)
		}
	}
	return g, nil
}

func renderPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
