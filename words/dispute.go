package words

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Ruling is the referee's ruling on a move disputed with "im", told to
// both players before the boards of the position before the move.
type Ruling struct {
	Game   Game
	By     tak.Color // who disputed the move
	Turn   int       // the turn of the move disputed, from 1
	Move   tak.Move
	Before *tak.Position // the position the move was played from
	Reason string        // the disputing player's words
	// Err is why the move is illegal; nil when it is legal.
	Err error
	// Road holds, for a legal move that completed a road, its squares and
	// RoadBy whose road it is.
	Road   []tak.Square
	RoadBy tak.Color
	// Over is set when the game was over before the dispute: a legal
	// move's result stands.
	Over bool
}

// Words tells a player the dispute and the ruling.
func (o Ruling) Words(r Reader) string {
	g, me, opp := o.Game, o.By, o.By.Opponent()
	size := o.Before.Size()
	lines := []string{fmt.Sprintf("%s %s the move of %s, %s by %s: %q.", Sentence(g.whoFor(me, r)), verb(me, r, "dispute", "disputes"), TurnName(o.Turn), NamesOf(o.Move, o.Before).Names(r.Notation), g.nameFor(opp, r), o.Reason)}
	if o.Err != nil {
		lines = append(lines, fmt.Sprintf("Ruling: %s. It is taken back, and %s %s %s again.", o.Verdict(r), g.nameFor(opp, r), verb(opp, r, "play", "plays"), TurnName(o.Turn)))
		return strings.Join(lines, "\n")
	}
	lines = append(lines, "Ruling: "+o.Verdict(r)+". "+ExplainMove(o.Before, o.Move, r.Notation))
	if len(o.Road) > 0 {
		lines = append(lines, fmt.Sprintf("It completed a road for %s: %s.", o.RoadBy, squareList(o.Road, size, r.Notation)))
	}
	if o.Over {
		lines = append(lines, "The game is over, so the result stands: moves can be taken back only while a game is in progress.")
	}
	return strings.Join(lines, "\n")
}

// Verdict is the ruling itself, in lower case without a final stop:
// "the move is legal", "the move is illegal: there is no piece on c3".
func (o Ruling) Verdict(r Reader) string {
	if o.Err != nil {
		return "the move is illegal: " + MoveError(o.Err, o.Before.Size(), r.Notation)
	}
	return "the move is legal"
}

// PositionNow captions the board shown after a ruling: the position with
// the move (legal), or without it (taken back).
type PositionNow struct {
	TakenBack bool
}

// Words says which position follows.
func (o PositionNow) Words(Reader) string {
	if o.TakenBack {
		return "With the move taken back, the position now is the one before it:"
	}
	return "After the move (the position now):"
}

// nameFor names a player for a reader: "you" or "alice".
func (g Game) nameFor(c tak.Color, r Reader) string {
	if r.You[c] {
		return "you"
	}
	return g.Names[c]
}

func pieceName(p tak.Piece) string { return "a " + p.String() }

// ExplainMove says which rules make a legal move legal, with squares in
// notation o.
func ExplainMove(before *tak.Position, m tak.Move, o notation.Orientation) string {
	size := before.Size()
	name := func(sq tak.Square) string { return notation.SquareName(sq, size, o) }
	mover := before.ToMove()
	if m.Type == tak.Place {
		st, cp := before.Reserves(mover)
		if before.InOpening() {
			return fmt.Sprintf("In the swap opening each player's first move places a flat of the opponent's colour on an empty square; %s was empty.", name(m.Square))
		}
		left := Plural(st, "stone", "stones")
		if m.Piece == tak.Cap {
			left = Plural(cp, "capstone", "capstones")
		}
		return fmt.Sprintf("A piece may be placed on any empty square: %s was empty, and %s had %s in hand, so placing a %s there is allowed.", name(m.Square), mover, left, m.Piece)
	}
	var b strings.Builder
	h := before.Height(m.Square)
	top, _ := before.Top(m.Square)
	fmt.Fprintf(&b, "%s controlled the stack of %d on %s (%s on top). ", Capitalize(mover.String()), h, name(m.Square), pieceName(top))
	fmt.Fprintf(&b, "The carry limit on %dx%d is %d; %s carried %s, leaving %d. ", size, size, size, Plural(m.Carry(), "piece was", "pieces were"), m.Dir, h-m.Carry())
	path := m.Path(size)
	drops := m.DropList()
	for i, sq := range path {
		covered := "an empty square"
		if t, ok := before.Top(sq); ok {
			covered = pieceName(t)
		}
		fmt.Fprintf(&b, "%d dropped on %s, covering %s", drops[i], name(sq), covered)
		if t, ok := before.Top(sq); ok && t.Kind() == tak.Wall {
			fmt.Fprintf(&b, " — a wall may be flattened by a capstone moving onto it alone, as here")
		}
		if i < len(path)-1 {
			b.WriteString("; ")
		}
	}
	b.WriteString(". Every drop was at least one piece, nothing was dropped on a capstone, and no wall was covered except by a lone capstone.")
	return b.String()
}

// Plural counts: "1 stone", "3 stones".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
