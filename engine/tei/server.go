package tei

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/engine"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Options configure Serve.
type Options struct {
	Name, Author string         // for the id lines; defaults "takbot" and "the takbot authors"
	Engine       engine.Options // Info is set by Serve
	// Margin is kept back from every time limit for the answer's way to
	// the GUI (default 15 ms).
	Margin time.Duration
	// Nodes, if set, replaces every go's limits by this node budget (a
	// level of takbot's, whatever the GUI's clock says); the GUI's times
	// still cap it.
	Nodes int64
	// Pick, if set, chooses the move played from the search's best (a
	// level's weaker moves).
	Pick func(pos *tak.Position, best tak.Move) tak.Move
	// TimeAsCap makes a go movetime a cap, as takbot's games use their
	// longest think (no iteration started after half of it), instead of a
	// time to use up: a level then thinks as it does in games.
	TimeAsCap bool
}

// MaxLine bounds an input line; longer lines are refused.
const MaxLine = 1 << 20

// maxHalfKomi bounds the HalfKomi option.
const maxHalfKomi = 20

type server struct {
	opts   Options
	mu     sync.Mutex // guards out
	out    *bufio.Writer
	eng    *engine.Engine
	size   int
	komi   tak.Komi
	pos    *tak.Position
	cancel context.CancelFunc
	done   chan struct{} // closed when the running search has answered
}

// Serve answers TEI commands read from in on out until quit, the end of in
// or ctx's end. A search runs while further commands are read, so isready
// and stop are answered during it. It returns nil at quit or end of input.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Name == "" {
		opts.Name = "takbot"
	}
	if opts.Author == "" {
		opts.Author = "the takbot authors"
	}
	if opts.Margin <= 0 {
		opts.Margin = 15 * time.Millisecond
	}
	s := &server{opts: opts, out: bufio.NewWriter(out), size: 6}
	eo := opts.Engine
	eo.Info = s.info
	s.eng = engine.New(eo)
	defer s.stopSearch()
	r := bufio.NewReaderSize(in, 64<<10)
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		for {
			line, err := readLine(r)
			if err != nil {
				readErr <- err
				close(lines)
				return
			}
			select {
			case lines <- line:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				if err := <-readErr; !errors.Is(err, io.EOF) {
					return err
				}
				return nil
			}
			if s.handle(ctx, line) {
				return nil
			}
		}
	}
}

// tooLong stands for a line over MaxLine, whose rest is skipped.
const tooLong = "\x00toolong"

// readLine returns the next line without its end; an over-long line comes
// back as tooLong.
func readLine(r *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		chunk, err := r.ReadSlice('\n')
		if sb.Len()+len(chunk) <= MaxLine+1 {
			sb.Write(chunk)
		} else {
			sb.Reset()
			sb.WriteString(tooLong)
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return "", err
			}
			return sb.String(), nil
		}
		switch {
		case err == nil:
			return strings.TrimRight(sb.String(), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && sb.Len() > 0:
			return strings.TrimRight(sb.String(), "\r\n"), nil
		default:
			return "", err
		}
	}
}

func (s *server) println(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
}

func (s *server) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	msg = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, msg)
	s.println("info string error: %s", msg)
}

// handle runs one line and reports whether the session ends.
func (s *server) handle(ctx context.Context, line string) bool {
	if line == tooLong {
		s.errorf("line longer than %d bytes ignored", MaxLine)
		return false
	}
	c, err := ParseLine(line)
	if errors.Is(err, ErrEmpty) {
		return false
	}
	if err != nil {
		s.errorf("%v", err)
		return false
	}
	switch c.Kind {
	case CmdTEI:
		s.println("id name %s", s.opts.Name)
		s.println("id author %s", s.opts.Author)
		s.println("option name HalfKomi type spin default 0 min %d max %d", -maxHalfKomi, maxHalfKomi)
		s.println("teiok")
	case CmdIsReady:
		s.println("readyok")
	case CmdNewGame:
		s.stopSearch()
		if c.Size != 0 {
			s.size = c.Size
		}
		s.pos = nil
		s.eng.NewGame()
	case CmdSetOption:
		s.setOption(c.Name, c.Value)
	case CmdPosition:
		s.stopSearch()
		s.position(c)
	case CmdGo:
		s.goSearch(ctx, c.Go)
	case CmdStop:
		s.stopSearch()
	case CmdQuit:
		return true
	}
	return false
}

func (s *server) setOption(name, value string) {
	if !strings.EqualFold(name, "HalfKomi") {
		s.errorf("unknown option %q (the options are: HalfKomi)", clip(name))
		return
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < -maxHalfKomi || n > maxHalfKomi {
		s.errorf("HalfKomi %q is not a whole number from %d to %d", clip(value), -maxHalfKomi, maxHalfKomi)
		return
	}
	s.komi = tak.Komi(n)
}

func (s *server) position(c Command) {
	s.pos = nil
	var p *tak.Position
	if c.StartPos {
		cfg := tak.DefaultConfig(s.size)
		cfg.Komi = s.komi
		var err error
		if p, err = tak.NewPosition(cfg); err != nil {
			s.errorf("position: %v", err)
			return
		}
	} else {
		probe, err := notation.ParseTPS(c.TPS, tak.Config{})
		if err != nil {
			s.errorf("position: %v", err)
			return
		}
		cfg := tak.DefaultConfig(probe.Size())
		cfg.Komi = s.komi
		if p, err = notation.ParseTPS(c.TPS, cfg); err != nil {
			s.errorf("position: %v", err)
			return
		}
	}
	for i, text := range c.Moves {
		pm, err := notation.ParsePTNMove(text, p.Size())
		if err != nil {
			s.errorf("position: move %d %q: %v", i+1, clip(text), err)
			return
		}
		next, err := p.Play(pm.Move)
		if err != nil {
			s.errorf("position: move %d %q is illegal: %v", i+1, clip(text), err)
			return
		}
		p = next
	}
	s.pos = p
}

func (s *server) goSearch(ctx context.Context, g GoParams) {
	if s.done != nil {
		select {
		case <-s.done:
		default:
			s.errorf("go: a search is already running (send stop first)")
			return
		}
	}
	if s.pos == nil {
		s.errorf("go: no position (send position startpos or position tps first)")
		return
	}
	if s.pos.Over() {
		s.errorf("go: the game in this position is over")
		return
	}
	lim := s.opts.limits(g, s.pos.ToMove())
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	pos := s.pos
	go func() {
		defer close(done)
		res, err := s.eng.Search(sctx, pos, lim)
		if err != nil {
			s.errorf("go: %v", err)
			return
		}
		m := res.Move
		if s.opts.Pick != nil {
			m = s.opts.Pick(pos, m)
		}
		s.println("bestmove %s", m)
	}()
}

// limits are Limits with the options' node budget and time use.
func (o Options) limits(g GoParams, toMove tak.Color) engine.Limits {
	lim := Limits(g, toMove, o.Margin)
	if o.Nodes > 0 {
		lim.Nodes, lim.Depth = o.Nodes, 0
	}
	if o.TimeAsCap {
		lim.UseAll = false
	}
	return lim
}

// Limits turns a go command's parameters into the engine's limits for the
// side to move, keeping margin and a twentieth back from every time.
func Limits(g GoParams, toMove tak.Color, margin time.Duration) engine.Limits {
	lim := engine.Limits{Depth: g.Depth, Nodes: g.Nodes}
	if g.Infinite {
		return lim
	}
	var t time.Duration
	if g.Clock {
		left, inc := g.WTime, g.WInc
		if toMove == tak.Black {
			left, inc = g.BTime, g.BInc
		}
		t = engine.TimeForClock(left, inc)
	}
	if g.MoveTime > 0 && (t == 0 || g.MoveTime < t) {
		t = g.MoveTime
		// a fixed time a move: what is not used is lost, so the search
		// runs to its deadline
		lim.UseAll = true
	}
	if t > 0 {
		// keep back the margin and a twentieth of the time: what a busy
		// machine may take to schedule the answer
		t = max(t-margin-t/20, time.Millisecond)
	}
	lim.MoveTime = t
	return lim
}

// stopSearch ends the running search, if any, and waits for its answer.
func (s *server) stopSearch() {
	if s.done == nil {
		return
	}
	s.cancel()
	<-s.done
	s.done, s.cancel = nil, nil
}

func (s *server) info(r engine.Result) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d score cp %d nodes %d pv", r.Depth, r.Score, r.Nodes)
	for _, m := range r.PV {
		sb.WriteByte(' ')
		sb.WriteString(m.String())
	}
	s.println("%s", sb.String())
}
