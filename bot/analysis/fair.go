package analysis

import (
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// fairSetUp refuses the analysis of the position after ply n of a game
// against takbot that did not start from the empty board, when that
// position could come from one of the sender's live games against another
// player of the same board size: a player must not set up their game's
// position against takbot to have it analysed.
//
// The rule, cheap and sound: pieces never leave the board in Tak (a ply
// places one or moves some), so a position reachable from a live game's
// position P has at least P's stones and at least P's capstones of each
// colour on the board. The analysis is refused when the position has at
// least as many of each as the live game's position now (it may lie ahead
// of it), or has the board and side to move of any position the live game
// passed through (it lies behind it).
func fairSetUp(t Turn, g *record.Game, tg *tak.Game, n int) error {
	q := tg.PositionAfter(n)
	me := t.Sender().Key
	ids, err := t.GamesOf(me)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id == g.ID {
			continue
		}
		other, err := t.PeekGame(id)
		if err != nil {
			return err
		}
		if other.Status != record.Active || other.AgainstEngine() || other.Config.Size != g.Config.Size {
			continue
		}
		live, err := t.History(id)
		if err != nil {
			return err
		}
		if reachable(q, live) {
			return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseSetUpFromLive, ID: g.ID, Other: id, Opponent: other.Names[1-colorIndex(other, me)], Hint: t.ChosenHint(g)})
		}
	}
	return nil
}

// reachable reports whether position q could be one of game g's: one it
// passed through, or one that may follow its position now (see fairSetUp).
func reachable(q *tak.Position, g *tak.Game) bool {
	if q.Size() != g.Position().Size() {
		return false
	}
	if atLeast(pieceCounts(q), pieceCounts(g.Position())) {
		return true
	}
	for i := 0; i <= g.Len(); i++ {
		if p := g.PositionAfter(i); p.ToMove() == q.ToMove() && p.SameBoard(q) {
			return true
		}
	}
	return false
}

// pieceCounts counts each colour's stones (flats and walls) and
// capstones on the board.
func pieceCounts(p *tak.Position) [2][2]int {
	var out [2][2]int
	for _, sq := range p.Squares() {
		for _, pc := range p.Stack(sq) {
			k := 0
			if pc.Kind() == tak.Cap {
				k = 1
			}
			out[pc.Color()][k]++
		}
	}
	return out
}

// atLeast reports whether a has at least b's pieces of every colour and
// kind.
func atLeast(a, b [2][2]int) bool {
	for c := range 2 {
		for k := range 2 {
			if a[c][k] < b[c][k] {
				return false
			}
		}
	}
	return true
}
