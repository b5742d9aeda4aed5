package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// ParseTPS reads a position in TPS: rows north (top rank) first separated by
// "/", squares separated by ",", "x" or "xN" for empty squares, stacks bottom
// to top with 1 for White and 2 for Black and an optional S or C top, then
// the side to move (1 or 2) and the move number. A [TPS "..."] tag is
// accepted too. When cfg.Size is 0 the game is tak.DefaultConfig of the
// TPS's size; otherwise the sizes must agree. Reserves are derived from the
// configuration.
func ParseTPS(s string, cfg tak.Config) (*tak.Position, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") {
		v, ok := tagValue(t)
		if !ok {
			return nil, syntaxErr(KindTPS, s, "%q is not a TPS tag", excerpt(t))
		}
		t = v
	}
	f := strings.Fields(t)
	if len(f) != 3 {
		return nil, syntaxErr(KindTPS, s, "TPS needs three fields (board, side to move, move number), found %d", len(f))
	}
	size, stacks, err := parseTPSBoard(s, f[0])
	if err != nil {
		return nil, err
	}
	var toMove tak.Color
	switch f[1] {
	case "1":
		toMove = tak.White
	case "2":
		toMove = tak.Black
	default:
		return nil, syntaxErr(KindTPS, s, "side to move %q must be 1 or 2", excerpt(f[1]))
	}
	n, err := strconv.Atoi(f[2])
	if err != nil || n < 1 || n > 100000 {
		return nil, syntaxErr(KindTPS, s, "move number %q must be a whole number from 1", excerpt(f[2]))
	}
	switch {
	case cfg.Size == 0:
		cfg = tak.DefaultConfig(size)
	case cfg.Size != size:
		return nil, syntaxErr(KindTPS, s, "the TPS board is %dx%d but the game is %dx%d", size, size, cfg.Size, cfg.Size)
	}
	p, err := tak.Setup(cfg, stacks, toMove, n)
	if err != nil {
		return nil, fmt.Errorf("TPS %q: %w", excerpt(t), err)
	}
	return p, nil
}

// tagValue reads the value of a one-line tag pair such as [TPS "x3/x3/x3 1 1"].
func tagValue(t string) (string, bool) {
	if !strings.HasSuffix(t, "]") {
		return "", false
	}
	in := strings.TrimSpace(t[1 : len(t)-1])
	i := strings.IndexByte(in, '"')
	if i < 0 || !strings.HasSuffix(in, `"`) || i == len(in)-1 {
		return "", false
	}
	return in[i+1 : len(in)-1], true
}

func parseTPSBoard(input, board string) (int, map[tak.Square]tak.Stack, error) {
	rows := strings.Split(board, "/")
	size := len(rows)
	if size < tak.MinSize || size > tak.MaxSize {
		return 0, nil, syntaxErr(KindTPS, input, "TPS has %d rows: the board size must be between %d and %d", size, tak.MinSize, tak.MaxSize)
	}
	stacks := make(map[tak.Square]tak.Stack)
	for i, row := range rows {
		rank := size - 1 - i
		file := 0
		for _, cell := range strings.Split(row, ",") {
			if cell == "" {
				return 0, nil, syntaxErr(KindTPS, input, "TPS row %d (rank %d) has an empty square entry", i+1, rank+1)
			}
			if cell[0] == 'x' {
				n := 1
				if len(cell) > 1 {
					v, err := strconv.Atoi(cell[1:])
					if err != nil || v < 1 || v > tak.MaxSize {
						return 0, nil, syntaxErr(KindTPS, input, "%q in TPS row %d is not a run of empty squares", excerpt(cell), i+1)
					}
					n = v
				}
				file += n
				if file > size {
					break
				}
				continue
			}
			st, err := parseTPSStack(input, cell)
			if err != nil {
				return 0, nil, err
			}
			if file < size {
				stacks[tak.SquareAt(file, rank)] = st
			}
			file++
		}
		if file != size {
			return 0, nil, syntaxErr(KindTPS, input, "TPS row %d (rank %d) has %d squares, expected %d", i+1, rank+1, file, size)
		}
	}
	return size, stacks, nil
}

func parseTPSStack(input, cell string) (tak.Stack, error) {
	st := make(tak.Stack, 0, len(cell))
	for j := 0; j < len(cell); j++ {
		switch c := cell[j]; c {
		case '1', '2':
			st = append(st, tak.MakePiece(tak.Color(c-'1'), tak.Flat))
		case 'S', 'C':
			if j != len(cell)-1 || len(st) == 0 {
				return nil, syntaxErr(KindTPS, input, "%q: %c may only follow the top piece of a stack", excerpt(cell), c)
			}
			k := tak.Wall
			if c == 'C' {
				k = tak.Cap
			}
			st[len(st)-1] = tak.MakePiece(st[len(st)-1].Color(), k)
		default:
			return nil, syntaxErr(KindTPS, input, "unexpected %q in TPS stack %q: use 1, 2, then S or C for the top", string(rune(c)), excerpt(cell))
		}
	}
	if len(st) > tak.MaxPieces {
		return nil, syntaxErr(KindTPS, input, "TPS stack of %d pieces is too tall", len(st))
	}
	return st, nil
}

// FormatTPS writes p in canonical compressed TPS, rows north first:
// "x5/x2,2S,x2/x2,121,x2/x5/x5 1 4".
func FormatTPS(p *tak.Position) string {
	var buf [128]byte
	return string(appendTPS(buf[:0], p))
}

// appendTPS appends p's TPS, as FormatTPS writes it, to b.
func appendTPS(b []byte, p *tak.Position) []byte {
	var pieces [32]tak.Piece // taller stacks go to the heap
	size := p.Size()
	for r := size - 1; r >= 0; r-- {
		if r != size-1 {
			b = append(b, '/')
		}
		empty := 0
		first := true
		for f := 0; f <= size; f++ {
			var st tak.Stack
			if f < size {
				st = p.AppendStack(pieces[:0], tak.SquareAt(f, r))
				if len(st) == 0 {
					empty++
					continue
				}
			}
			if empty > 0 { // the run of empty squares before this one, or at the row's end
				if !first {
					b = append(b, ',')
				}
				first = false
				b = append(b, 'x')
				if empty > 1 {
					b = strconv.AppendInt(b, int64(empty), 10)
				}
				empty = 0
			}
			if f == size {
				break
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendTPSStack(b, st)
		}
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.ToMove()+1), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(p.MoveNumber()), 10)
}

func appendTPSStack(b []byte, st tak.Stack) []byte {
	for _, pc := range st {
		b = append(b, '1'+byte(pc.Color()))
	}
	switch st[len(st)-1].Kind() {
	case tak.Wall:
		b = append(b, 'S')
	case tak.Cap:
		b = append(b, 'C')
	}
	return b
}
