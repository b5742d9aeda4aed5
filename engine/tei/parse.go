package tei

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is the kind of a command line.
type Kind int

// The commands a GUI sends.
const (
	CmdTEI Kind = iota + 1
	CmdIsReady
	CmdNewGame
	CmdSetOption
	CmdPosition
	CmdGo
	CmdStop
	CmdQuit
)

// Command is one parsed command line.
type Command struct {
	Kind Kind
	Size int // teinewgame; 0 when not given

	Name, Value string // setoption

	StartPos bool     // position startpos
	TPS      string   // position tps: the three TPS fields joined by spaces
	Moves    []string // position ... moves: PTN moves as written

	Go GoParams // go
}

// GoParams are the limits of a go command; zero fields were not given.
type GoParams struct {
	MoveTime, WTime, BTime, WInc, BInc time.Duration
	Depth                              int
	Nodes                              int64
	Infinite                           bool
	Clock                              bool // wtime or btime given
}

// ErrEmpty is returned by ParseLine for a blank line, which a server ignores.
var ErrEmpty = errors.New("empty line")

// SyntaxError is a command line that is not TEI.
type SyntaxError struct{ Reason string }

func (e *SyntaxError) Error() string { return e.Reason }

func syntaxf(format string, args ...any) error {
	return &SyntaxError{Reason: fmt.Sprintf(format, args...)}
}

// MaxMoves bounds the moves of a position command.
const MaxMoves = 10000

// maxMillis bounds times in go commands (a year).
const maxMillis = 365 * 24 * 3600 * 1000

// ParseLine reads one command line. A blank line gives ErrEmpty, anything
// else that is not a TEI command a *SyntaxError.
func ParseLine(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, ErrEmpty
	}
	switch f[0] {
	case "tei":
		return Command{Kind: CmdTEI}, nil
	case "isready":
		return Command{Kind: CmdIsReady}, nil
	case "stop":
		return Command{Kind: CmdStop}, nil
	case "quit":
		return Command{Kind: CmdQuit}, nil
	case "teinewgame":
		c := Command{Kind: CmdNewGame}
		if len(f) > 2 {
			return c, syntaxf("teinewgame takes one board size, not %d words", len(f)-1)
		}
		if len(f) == 2 {
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 3 || n > 8 {
				return c, syntaxf("teinewgame: board size %q is not a number from 3 to 8", clip(f[1]))
			}
			c.Size = n
		}
		return c, nil
	case "setoption":
		// setoption name NAME value VALUE
		if len(f) != 5 || f[1] != "name" || f[3] != "value" {
			return Command{}, syntaxf("setoption must read \"setoption name NAME value VALUE\"")
		}
		return Command{Kind: CmdSetOption, Name: f[2], Value: f[4]}, nil
	case "position":
		return parsePosition(f[1:])
	case "go":
		return parseGo(f[1:])
	}
	return Command{}, syntaxf("unknown command %q", clip(f[0]))
}

func parsePosition(f []string) (Command, error) {
	c := Command{Kind: CmdPosition}
	if len(f) == 0 {
		return c, syntaxf("position needs startpos or tps")
	}
	rest := f[1:]
	switch f[0] {
	case "startpos":
		c.StartPos = true
	case "tps":
		if len(rest) < 3 {
			return c, syntaxf("position tps needs the three TPS fields (board, side to move, move number)")
		}
		c.TPS = strings.Join(rest[:3], " ")
		rest = rest[3:]
	default:
		return c, syntaxf("position needs startpos or tps, not %q", clip(f[0]))
	}
	if len(rest) == 0 {
		return c, nil
	}
	if rest[0] != "moves" {
		return c, syntaxf("position: expected \"moves\", found %q", clip(rest[0]))
	}
	if len(rest)-1 > MaxMoves {
		return c, syntaxf("position: %d moves is more than %d", len(rest)-1, MaxMoves)
	}
	c.Moves = append([]string(nil), rest[1:]...)
	return c, nil
}

func parseGo(f []string) (Command, error) {
	c := Command{Kind: CmdGo}
	g := &c.Go
	for i := 0; i < len(f); i++ {
		word := f[i]
		if word == "infinite" {
			g.Infinite = true
			continue
		}
		if i+1 >= len(f) {
			return c, syntaxf("go: %q needs a value", clip(word))
		}
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return c, syntaxf("go: %s %q is not a whole number", clip(word), clip(f[i+1]))
		}
		i++
		if v < 0 {
			v = 0 // clocks may run below zero in some GUIs: no time left
		}
		ms := time.Duration(min(v, maxMillis)) * time.Millisecond
		switch word {
		case "movetime":
			g.MoveTime = ms
		case "wtime":
			g.WTime, g.Clock = ms, true
		case "btime":
			g.BTime, g.Clock = ms, true
		case "winc":
			g.WInc = ms
		case "binc":
			g.BInc = ms
		case "depth":
			g.Depth = int(min(v, 1000))
		case "nodes":
			g.Nodes = v
		default:
			return c, syntaxf("go: unknown parameter %q", clip(word))
		}
	}
	return c, nil
}

// clip shortens a word for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
