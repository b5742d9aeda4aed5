package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// maxReason bounds the reason of an "im" dispute, which is quoted to both
// players and kept with the game.
const maxReason = 1000

// im: a player disputes the opponent's last move. The referee checks it
// again and rules: an illegal move is taken back at once (even one that
// ended the game); a legal one stands, with the rules that make it legal,
// and while the game is in progress the disputing player may still ask for
// it to be taken back ("takeback"). Both players see, in this order, the
// dispute, the ruling, the position before the move, and the position
// after it.
func (s *session) cmdIM(c *Command) error {
	gs, err := s.target(c, pickDispute)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active && !(g.Status == Over && g.Result != nil && g.Result.Reason.OnBoard()) {
		return refuse("game %s has no move to dispute: only a game in progress, or one that ended on the board, can be disputed%s", g.ID, s.chosenHint(g))
	}
	me, _ := g.ColorOf(s.sender.Key)
	n := gs.tg.Len()
	if n == 0 {
		return refuse("no move has been played in game %s%s", g.ID, s.startNote(gs))
	}
	before := gs.tg.PositionAfter(n - 1)
	if before.ToMove() == me {
		return refuse("the last move of game %s is your own; \"im\" disputes your opponent's last move (send \"undo\" to ask to take back yours)", g.ID)
	}
	reason := strings.TrimSpace(strings.Join(c.Args, " "))
	if reason == "" {
		return refuse("say why you think the move was illegal, e.g. \"im the wall on c3 was covered\"")
	}
	if n := utf8.RuneCountInString(reason); n > maxReason {
		return refuse("the reason is %d characters long; say it in at most %d", n, maxReason)
	}
	m := gs.tg.Moves()[n-1]
	turn := before.Ply() + 1
	opp := me.Opponent()
	checkErr := before.Check(m)
	wasOver := g.Status == Over
	d := Dispute{By: me, Turn: turn, Move: m.String(), Reason: reason, Legal: checkErr == nil, At: s.now}
	both(g, func(k string, _ tak.Color) {
		o := s.orient(k)
		dr := s.event(k, g.ID)
		dr.say("%s %s the move of %s, %s by %s: %q.", sentence(whoFor(g, me, k)), verbFor(g, me, k, "dispute", "disputes"), turnName(turn), moveNames(m, before, o), nameFor(g, opp, k), reason)
		if checkErr == nil {
			dr.say("Ruling: the move is legal. %s", explainMove(before, m, o))
			if r := gs.pos().Result(); r.Reason == tak.RoadEnd {
				dr.say("It completed a road for %s: %s.", r.Winner, squareList(r.Road, g.Config.Size, o))
			}
			if wasOver {
				dr.say("The game is over, so the result stands: moves can be taken back only while a game is in progress.")
			}
		} else {
			dr.say("Ruling: the move is illegal: %s. It is taken back, and %s %s %s again.", describeMoveError(checkErr, g.Config.Size, o), nameFor(g, opp, k), verbFor(g, opp, k, "play", "plays"), turnName(turn))
		}
		dr.image(s.beforePicture(gs, k, before, turn))
		dr.block(fmt.Sprintf("Before the move (the position after turn %d). %s", turn-1, syncCaption), notation.FormatSyncBoard(before))
	})
	if checkErr != nil {
		d.Ruling = "illegal: " + describeMoveError(checkErr, g.Config.Size, notation.PTN)
		gs.tg.TruncateTo(n - 1)
		g.CutMoves(n - 1)
		g.Status, g.Result = Active, nil
		s.startTurn(gs)
	} else {
		d.Ruling = "legal: " + explainMove(before, m, notation.PTN)
	}
	g.Disputes = append(g.Disputes, d)
	gs.dirty = true
	both(g, func(k string, _ tak.Color) {
		if checkErr == nil {
			s.event(k, g.ID).say("After the move (the position now):")
			s.status(gs, k, true)
			return
		}
		s.event(k, g.ID).say("With the move taken back, the position now is the one before it:")
		s.status(gs, k, false)
	})
	return nil
}

func pieceName(p tak.Piece) string { return "a " + p.String() }

// explainMove says which rules make a legal move legal.
func explainMove(before *tak.Position, m tak.Move, o notation.Orientation) string {
	size := before.Size()
	name := func(sq tak.Square) string { return notation.SquareName(sq, size, o) }
	mover := before.ToMove()
	if m.Type == tak.Place {
		st, cp := before.Reserves(mover)
		if before.InOpening() {
			return fmt.Sprintf("In the swap opening each player's first move places a flat of the opponent's colour on an empty square; %s was empty.", name(m.Square))
		}
		left := plural(st, "stone", "stones")
		if m.Piece == tak.Cap {
			left = plural(cp, "capstone", "capstones")
		}
		return fmt.Sprintf("A piece may be placed on any empty square: %s was empty, and %s had %s in hand, so placing a %s there is allowed.", name(m.Square), mover, left, m.Piece)
	}
	var b strings.Builder
	h := before.Height(m.Square)
	top, _ := before.Top(m.Square)
	fmt.Fprintf(&b, "%s controlled the stack of %d on %s (%s on top). ", capitalize(mover.String()), h, name(m.Square), pieceName(top))
	fmt.Fprintf(&b, "The carry limit on %dx%d is %d; %s carried %s, leaving %d. ", size, size, size, plural(m.Carry(), "piece was", "pieces were"), m.Dir, h-m.Carry())
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

// openDispute returns the dispute by colour c of the game's last move that
// was ruled legal, which c may still ask to take back, or nil.
func openDispute(gs *gameState, c tak.Color) *Dispute {
	g := gs.rec
	n := len(g.Disputes)
	if n == 0 || gs.tg.Len() == 0 {
		return nil
	}
	d := &g.Disputes[n-1]
	last := gs.tg.Moves()[gs.tg.Len()-1]
	if d.By != c || !d.Legal || d.Turn != gs.pos().Ply() || d.Move != last.String() {
		return nil
	}
	return d
}
