package notation

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/takbymail/takbot/tak"
)

// ptnDirs and arrowDirs write the directions North, East, South, West.
const (
	ptnDirs   = "+>-<"
	arrowDirs = "↑→↓←"
)

// ParsePTNMove reads one move in PTN on a board of the given size:
// placements ("c3", "Sc3", "Cc3", "Fc3") and stack moves with or without
// count and drops ("c3>", "3c3>12", "4a4→112"), an optional crush marker
// "*", then optional tak marks (' or ”) and an annotation (!, ?, !!, ??,
// !?, ?!). Typographic quotes are accepted for the tak marks. When the count
// is left out but drops are given, the count is their sum. The move's
// legality in a position is not checked; its shape on the board is.
func ParsePTNMove(s string, size int) (ParsedMove, error) {
	pm := ParsedMove{Notation: PTN}
	if size < tak.MinSize || size > tak.MaxSize {
		return pm, boardSizeErr(s, size)
	}
	body := strings.TrimSpace(s)
	if body == "" {
		return pm, syntaxErr(KindMove, s, "empty move")
	}
	body, ticks, marks := splitSuffix(body)
	if marks != "" {
		if !validAnnotation(marks) {
			return pm, syntaxErr(KindMove, s, "unknown annotation %q: use !, ?, !!, ??, !? or ?!", excerpt(marks))
		}
		pm.Annotation = marks
	}
	pm.TakCall = ticks > 0
	pm.Tinue = ticks > 1
	if strings.HasSuffix(body, "*") {
		pm.Crush = true
		body = body[:len(body)-1]
	}
	if body == "" {
		return pm, syntaxErr(KindMove, s, "%q is not a move", excerpt(strings.TrimSpace(s)))
	}
	m, err := parsePTNBody(s, body, size)
	if err != nil {
		return pm, err
	}
	if pm.Crush && m.Type == tak.Place {
		return pm, syntaxErr(KindMove, s, "%s: a placement cannot flatten a wall ('*' marks a capstone flattening a wall)", body)
	}
	pm.Move = m
	return pm, nil
}

// splitSuffix removes the trailing tak marks and annotation characters,
// returning the rest, the number of tak ticks and the ! and ? marks in order.
func splitSuffix(s string) (rest string, ticks int, marks string) {
	if c := s[len(s)-1]; c < utf8.RuneSelf && c != '\'' && c != '"' && c != '!' && c != '?' {
		return s, 0, ""
	}
	r := []rune(s)
	end := len(r)
	for end > 0 {
		switch r[end-1] {
		case '\'', '’', '‘':
			ticks++
		case '"', '”', '“', '″':
			ticks += 2
		case '!', '?':
			marks = string(r[end-1]) + marks
		default:
			return string(r[:end]), ticks, marks
		}
		end--
	}
	return "", ticks, marks
}

func validAnnotation(m string) bool {
	switch m {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

func isLetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c rune) bool  { return c >= '0' && c <= '9' }

// parsePTNBody reads a move without suffixes.
func parsePTNBody(input, body string, size int) (tak.Move, error) {
	r := []rune(body)
	// placement with a piece letter: the second character is a letter too
	if len(r) >= 2 && isLetter(r[0]) && isLetter(r[1]) {
		kind, ok := tak.Flat, true
		switch r[0] {
		case 'F', 'f':
		case 'S', 's':
			kind = tak.Wall
		case 'C', 'c':
			kind = tak.Cap
		default:
			ok = false
		}
		if !ok {
			return tak.Move{}, syntaxErr(KindPiece, input, "unknown piece %q in %q: use F, S or C before the square", string(r[0]), excerpt(body))
		}
		if len(r) != 3 {
			return tak.Move{}, syntaxErr(KindMove, input, "%q is not a placement: write the piece letter and a square, such as Sc3", excerpt(body))
		}
		sq, err := ptnSquare(input, r[1:3], size)
		return tak.PlaceMove(sq, kind), err
	}
	i := 0
	count := -1
	for i < len(r) && isDigit(r[i]) {
		if count < 0 {
			count = 0
		}
		if count < 1000 {
			count = count*10 + int(r[i]-'0')
		}
		i++
	}
	if i+2 > len(r) || !isLetter(r[i]) || !isDigit(r[i+1]) {
		return tak.Move{}, syntaxErr(KindMove, input, "%q is not a move: expected a square such as c3", excerpt(body))
	}
	sq, err := ptnSquare(input, r[i:i+2], size)
	if err != nil {
		return tak.Move{}, err
	}
	i += 2
	if i == len(r) {
		if count >= 0 {
			return tak.Move{}, syntaxErr(KindMove, input, "%q has a count but no direction: add one of + - < >", excerpt(body))
		}
		return tak.PlaceMove(sq, tak.Flat), nil
	}
	dir, ok := ptnDirection(r[i])
	if !ok {
		return tak.Move{}, syntaxErr(KindMove, input, "unknown direction %q in %q: use + - < > (or ↑ ↓ ← →)", string(r[i]), excerpt(body))
	}
	i++
	var drops []int
	for ; i < len(r); i++ {
		if !isDigit(r[i]) {
			return tak.Move{}, syntaxErr(KindMove, input, "unexpected %q in %q: only drop counts may follow the direction", string(r[i]), excerpt(body))
		}
		drops = append(drops, int(r[i]-'0'))
	}
	return buildSpread(input, sq, dir, count, drops, size, func(s tak.Square) string { return SquareName(s, size, PTN) })
}

func ptnSquare(input string, r []rune, size int) (tak.Square, error) {
	if len(r) != 2 || !isLetter(r[0]) || !isDigit(r[1]) {
		return 0, syntaxErr(KindSquare, input, "%q is not a square", strings.ToLower(string(r)))
	}
	sq, ok := squareAt(lower(byte(r[0])), byte(r[1]), size, PTN)
	if !ok {
		return 0, syntaxErr(KindOffBoard, input, "%s is not on a %dx%d board", strings.ToLower(string(r)), size, size)
	}
	return sq, nil
}

func ptnDirection(c rune) (tak.Direction, bool) {
	if i := strings.IndexRune(ptnDirs, c); i >= 0 {
		return tak.Direction(i), true
	}
	for i, a := range []rune(arrowDirs) {
		if a == c {
			return tak.Direction(i), true
		}
	}
	return 0, false
}

// buildSpread checks the shape of a stack move and builds it. count is -1
// when not given; drops is nil when not given. name names squares in the
// notation of the input.
func buildSpread(input string, sq tak.Square, dir tak.Direction, count int, drops []int, size int, name func(tak.Square) string) (tak.Move, error) {
	if len(drops) > tak.MaxSize-1 {
		return tak.Move{}, syntaxErr(KindCount, input, "%d drops: a move crosses at most %d squares", len(drops), tak.MaxSize-1)
	}
	sum := 0
	for _, d := range drops {
		if d == 0 {
			return tak.Move{}, syntaxErr(KindCount, input, "a drop of 0: every square along the path must get at least one piece")
		}
		sum += d
	}
	switch {
	case count == 0:
		return tak.Move{}, syntaxErr(KindCount, input, "cannot pick up 0 pieces")
	case count < 0 && drops == nil:
		count = 1
	case count < 0:
		count = sum
	}
	if count > size {
		return tak.Move{}, syntaxErr(KindCarryLimit, input, "carry limit is %d on %dx%d: cannot pick up %d", size, size, size, count)
	}
	if drops == nil {
		drops = []int{count}
	} else if sum != count {
		if len(drops) == 1 {
			return tak.Move{}, syntaxErr(KindCount, input, "picks up %d but drops %d", count, sum)
		}
		return tak.Move{}, syntaxErr(KindCount, input, "picks up %d but drops %d (%s)", count, sum, joinInts(drops, "+"))
	}
	cur := sq
	for range drops {
		next, ok := cur.Step(dir, size)
		if !ok {
			return tak.Move{}, syntaxErr(KindOffBoard, input, "moving %s from %s over %d square%s leaves the %dx%d board", dir, name(sq), len(drops), plural(len(drops)), size, size)
		}
		cur = next
	}
	return tak.SpreadMove(sq, dir, drops...), nil
}

func joinInts(v []int, sep string) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, sep)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// FormatPTN writes m in canonical PTN, as PTN Ninja writes it: "c3", "Sc3",
// "Cc3", "a1+", "3c3>12", "3c3+". The count is left out when it is 1 and
// the drops when there is a single drop. When before is the position the
// move is played in and the move flattens a wall, "*" is appended.
func FormatPTN(m tak.Move, before *tak.Position) string {
	var buf [24]byte
	b := buf[:0]
	sq := func(s tak.Square) []byte { return append(b, byte('a'+s.File()), byte('1'+s.Rank())) }
	if m.Type == tak.Place {
		switch m.Piece {
		case tak.Wall:
			b = append(b, 'S')
		case tak.Cap:
			b = append(b, 'C')
		}
		b = sq(m.Square)
		return string(b)
	}
	if n := m.Carry(); n > 1 {
		b = append(b, byte('0'+n%10))
	}
	b = sq(m.Square)
	b = append(b, ptnDirs[m.Dir&3])
	if m.Distance() > 1 {
		for _, d := range m.Drops {
			if d == 0 {
				break
			}
			b = append(b, '0'+d%10)
		}
	}
	if before != nil && before.IsCrush(m) {
		b = append(b, '*')
	}
	return string(b)
}

// formatParsedPTN writes a parsed move in canonical PTN with its tak marks
// and annotation. The crush marker is computed from before when it is
// known, and kept as read otherwise.
func formatParsedPTN(pm ParsedMove, before *tak.Position) string {
	s := FormatPTN(pm.Move, before)
	if before == nil && pm.Crush {
		s += "*"
	}
	switch {
	case pm.Tinue:
		s += "''"
	case pm.TakCall:
		s += "'"
	}
	return s + pm.Annotation
}
