package bot

import (
	"fmt"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// status adds what a reader sees of a game after a change: its picture
// (when withPicture), the sync board, the reserves and flat counts, whose
// turn it is and by when (or how the game ended), and the actions the
// reader can take now.
func (s *session) status(gs *gameState, to string, withPicture bool) {
	s.statusMarked(gs, to, withPicture, nil, "")
}

// statusMarked is status whose picture marks squares, with a caption
// saying why.
func (s *session) statusMarked(gs *gameState, to string, withPicture bool, marks []tak.Square, caption string) {
	g := gs.rec
	d := s.tell(to, g.ID)
	pos := gs.pos()
	texts := gs.texts()
	if withPicture {
		d.image(s.markedPicture(gs, to, marks, caption))
		if s.textBoard(to) {
			o := s.orient(to)
			d.fallback(present.BoardCaption(o), texts.Grid(o))
		}
	}
	d.block(present.SyncCaption, texts.Sync)
	d.line(texts.InHand(g.Config.Komi))
	st := words.Standing{Game: wordsGame(g)}
	switch g.Status {
	case Over:
		st.Stage, st.Result = words.Finished, wordsResult(g.Result)
	case Active:
		st.Stage, st.Turn, st.ToMove, st.Deadline = words.InProgress, pos.Ply()+1, pos.ToMove(), g.Deadline
	case Challenged:
		st.Stage, st.By = words.Waiting, g.Challenger
	}
	if st.Stage != words.Other {
		r := s.reader(g, to)
		d.word(st, r)
		if st.Stage == words.InProgress && st.ToMove == r.Color {
			d.attention = true
		}
	}
	if g.Status == Over {
		s.handGame(gs, d)
	}
	s.offerActions(gs, to)
}

// handGame hands a finished game's reader the whole game: the PTN file
// (both players' names, the dates it started and ended, every move, the
// result) and its PTN Ninja link.
func (s *session) handGame(gs *gameState, d *draft) {
	ptn, err := s.finalPTN(gs)
	if err != nil {
		s.r.logger().Warn("a finished game as PTN", "game", gs.rec.ID, "err", err)
		return
	}
	name := gs.rec.PTNFileName()
	d.word(words.GameFile{Name: name, Link: notation.NinjaLink(ptn)}, words.Reader{})
	d.file(name, ptn)
	if gs.ended {
		analysis.AddReview(s, gs.rec, d.to, ptn)
	}
}

// finalPTN is a finished game's PTN file, the same for every reader of the
// message that ended it.
func (s *session) finalPTN(gs *gameState) (string, error) {
	r := gs.rec.Result // no names in the comment: a name could close it
	return gs.rec.PTNFile(gs.tg, fmt.Sprintf("%s: game over, %s (%s)", fmtTime(s.now), r.Text, r.PTN))
}

// offerActions sets the commands a player can send now in a game
// (pick.Offers, and a rematch), replacing those set before in the same
// reply (an earlier state).
func (s *session) offerActions(gs *gameState, to string) {
	g := gs.rec
	me, ok := g.ColorOf(to)
	if !ok {
		return
	}
	d := s.tell(to, g.ID)
	offers, attention := pick.Offers(g, me, takebacks{gs, me}, func() string { return s.proposalShort(g, g.Proposal, to) })
	d.attention = d.attention || attention
	if g.Status == Over {
		challenge.OfferRematch(g, func(as ...Action) { offers = append(offers, as...) })
	}
	d.offers = offers // an array of its own: a reply may hold the earlier offers
}

// takebacks are the takebacks colour me may ask for in a loaded game.
type takebacks struct {
	gs *gameState
	me tak.Color
}

// CanUndo reports whether me moved last and may ask to take it back.
func (t takebacks) CanUndo() bool { return t.gs.pos().ToMove() != t.me && lastMoveBy(t.gs, t.me) >= 0 }

// CanTakeback reports whether me disputed the last move, ruled legal.
func (t takebacks) CanTakeback() bool { return openDispute(t.gs, t.me) != nil }

// both calls fn for each player key of the game.
func both(g *GameRecord, fn func(key string, c tak.Color)) {
	// An open challenge's empty seat (bot/challenge) has nobody to tell.
	if g.Players[0] != "" {
		fn(g.Players[0], tak.White)
	}
	if g.Players[1] != g.Players[0] && g.Players[1] != "" {
		fn(g.Players[1], tak.Black)
	}
}

// lastMoveBy returns the index in the history of colour c's last move, or -1.
func lastMoveBy(gs *gameState, c tak.Color) int {
	for i := gs.tg.Len() - 1; i >= 0; i-- {
		if gs.tg.PositionAfter(i).ToMove() == c {
			return i
		}
	}
	return -1
}
