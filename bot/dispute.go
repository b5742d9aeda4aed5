package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/syncboard"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
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
	gs, err := s.target(c, pick.Dispute)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	reason, err := s.disputable(gs, c, me)
	if err != nil {
		return err
	}
	n := gs.tg.Len()
	before := gs.tg.PositionAfter(n - 1)
	m := gs.tg.Moves()[n-1]
	turn := before.Ply() + 1
	checkErr := before.Check(m)
	ruling := words.Ruling{Game: wordsGame(g), By: me, Turn: turn, Move: m, Before: before, Reason: reason, Err: checkErr, Over: g.Status == Over}
	if r := gs.pos().Result(); checkErr == nil && r.Reason == tak.RoadEnd {
		ruling.Road, ruling.RoadBy = r.Road, r.Winner
	}
	d := Dispute{By: me, Turn: turn, Move: m.String(), Reason: reason, Legal: checkErr == nil, At: s.now}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, ruling)
		dr := s.event(k, g.ID)
		dr.image(s.beforePicture(gs, k, before, turn))
		dr.block(fmt.Sprintf("Before the move (the position after turn %d). %s", turn-1, present.SyncCaption), notation.FormatSyncBoard(before))
	})
	if checkErr != nil {
		d.Ruling = "illegal: " + describeMoveError(checkErr, g.Config.Size, notation.PTN)
		gs.tg.TruncateTo(n - 1)
		g.CutMoves(n - 1)
		g.Status, g.Result = Active, nil
		s.startTurn(gs)
	} else {
		d.Ruling = "legal: " + words.ExplainMove(before, m, notation.PTN)
	}
	g.Disputes = append(g.Disputes, d)
	gs.dirty = true
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, words.PositionNow{TakenBack: checkErr != nil})
		s.status(gs, k, checkErr == nil)
	})
	return nil
}

// disputable returns the reason of colour me's dispute of the last move of
// game gs, or refuses it: the game must have an opponent's move to dispute
// and the reason must be said, briefly.
func (s *session) disputable(gs *gameState, c *Command, me tak.Color) (string, error) {
	g := gs.rec
	if g.Status != Active && !(g.Status == Over && g.Result != nil && g.Result.Reason.OnBoard()) {
		return "", s.refusal(g, words.Refusal{Reason: words.NoMoveToDispute, Chosen: s.chosen(g)})
	}
	n := gs.tg.Len()
	if n == 0 {
		return "", s.refusal(g, words.Refusal{Reason: words.NoMoveYet, AdoptedAt: syncboard.AdoptedAt(gs.rec, gs.tg)})
	}
	if gs.tg.PositionAfter(n-1).ToMove() == me {
		return "", s.refusal(g, words.Refusal{Reason: words.OwnMove})
	}
	reason := strings.TrimSpace(strings.Join(c.Args, " "))
	if reason == "" {
		return "", s.refusal(g, words.Refusal{Reason: words.NoDisputeReason})
	}
	if n := utf8.RuneCountInString(reason); n > maxReason {
		return "", s.refusal(g, words.Refusal{Reason: words.ReasonTooLong, Count: n, Limit: maxReason})
	}
	return reason, nil
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
