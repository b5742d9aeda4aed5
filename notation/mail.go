package notation

import (
	"strconv"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// mailDirs writes the directions North, East, South, West in mail commands.
const mailDirs = "nesw"

// ParseMailMove reads a Tak by Mail command on a board of the given size,
// case-insensitively: "ps b4", "pw a1", "pc c3" to place a stone, wall or
// capstone, and "ms b2 p3 2 1" to pick up 3 pieces from B2 and move south
// dropping 2 then 1. The pick-up may be written pN or gN; the count and the
// drops may be left out where obvious ("ms b2" moves one piece one square,
// "ms b2 p3" moves three pieces one square, drops without a count pick up
// their sum). A trailing "t" calls Tak. Squares are in mail coordinates: A1
// is the north-west corner and rows count southward.
func ParseMailMove(s string, size int) (ParsedMove, error) {
	pm := ParsedMove{Notation: Mail}
	if size < tak.MinSize || size > tak.MaxSize {
		return pm, boardSizeErr(s, size)
	}
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return pm, syntaxErr(KindMove, s, "empty command")
	}
	if len(f) > 1 && f[len(f)-1] == "t" {
		pm.TakCall = true
		f = f[:len(f)-1]
	}
	cmd := f[0]
	if len(cmd) != 2 || (cmd[0] != 'p' && cmd[0] != 'm') {
		return pm, syntaxErr(KindMove, s, "unknown command %q: use ps, pw or pc to place, mn, ms, me or mw to move", excerpt(cmd))
	}
	if len(f) < 2 {
		return pm, syntaxErr(KindMove, s, "%q needs a square, such as %q", cmd, cmd+" b2")
	}
	sq, err := ParseSquare(f[1], size, Mail)
	if err != nil {
		return pm, err
	}
	if cmd[0] == 'p' {
		kind, ok := map[byte]tak.Kind{'s': tak.Flat, 'w': tak.Wall, 'c': tak.Cap}[cmd[1]]
		if !ok {
			return pm, syntaxErr(KindPiece, s, "unknown piece '%c': use s (stone), w (wall) or c (capstone)", cmd[1])
		}
		if len(f) > 2 {
			return pm, syntaxErr(KindMove, s, "unexpected %q after %s %s: a placement takes only a square (and t to call Tak)", excerpt(strings.Join(f[2:], " ")), cmd, f[1])
		}
		pm.Move = tak.PlaceMove(sq, kind)
		return pm, nil
	}
	i := strings.IndexByte(mailDirs, cmd[1])
	if i < 0 {
		return pm, syntaxErr(KindMove, s, "unknown direction '%c': use n, s, e or w", cmd[1])
	}
	dir := tak.Direction(i)
	// The mail north is the PTN north: both point to the far edge.
	count := -1
	rest := f[2:]
	if len(rest) > 0 && (rest[0][0] == 'p' || rest[0][0] == 'g') {
		n, err := strconv.Atoi(rest[0][1:])
		if err != nil || n < 0 {
			return pm, syntaxErr(KindCount, s, "%q is not a pick-up: write p or g and a number, such as p3", excerpt(rest[0]))
		}
		count = min(n, 1000)
		rest = rest[1:]
	}
	var drops []int
	for _, tok := range rest {
		for _, c := range tok {
			if !isDigit(c) {
				return pm, syntaxErr(KindCount, s, "%q is not a drop count: after the pick-up, write the pieces dropped on each square, such as 2 1", excerpt(tok))
			}
			drops = append(drops, int(c-'0'))
		}
	}
	pm.Move, err = buildSpread(s, sq, dir, count, drops, size, func(q tak.Square) string { return SquareName(q, size, Mail) })
	return pm, err
}

// FormatMail writes m as a Tak by Mail command, always in full: "ps b4",
// "pw a1", "pc c3", "ms b2 p3 2 1", "mn a5 p1 1".
func FormatMail(m tak.Move, size int) string {
	var buf [40]byte
	b := buf[:0]
	if m.Type == tak.Place {
		b = append(b, 'p', "swc"[m.Piece%3], ' ')
		return string(appendSquareName(b, m.Square, size, Mail))
	}
	b = append(b, 'm', mailDirs[m.Dir&3], ' ')
	b = append(appendSquareName(b, m.Square, size, Mail), " p"...)
	b = append(strconv.AppendInt(b, int64(m.Carry()), 10), ' ')
	for i, d := range m.Drops {
		if d == 0 {
			break
		}
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(d), 10)
	}
	return string(b)
}

// ParseMove reads a move in either notation on a board of the given size. A
// mail command starts with p followed by s, w or c, or m followed by n, s, e
// or w, then whitespace; anything else is read as PTN.
func ParseMove(s string, size int) (ParsedMove, error) {
	if looksLikeMail(s) {
		return ParseMailMove(s, size)
	}
	t := strings.TrimSpace(s)
	if t != "" && (lower(t[0]) == 'p' || lower(t[0]) == 'm') {
		// No PTN move starts with p or m: it is a malformed mail command.
		return ParseMailMove(s, size)
	}
	return ParsePTNMove(s, size)
}

func looksLikeMail(s string) bool {
	t := strings.TrimSpace(s)
	if len(t) < 3 {
		return false
	}
	a, b, c := lower(t[0]), lower(t[1]), t[2]
	if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
		return false
	}
	return a == 'p' && strings.IndexByte("swc", b) >= 0 || a == 'm' && strings.IndexByte(mailDirs, b) >= 0
}
