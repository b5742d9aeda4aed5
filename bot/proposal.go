package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/syncboard"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Proposals: one player asks, the other answers "accept" or "decline".
// Taking moves back (undo, takeback) works only while a game is in
// progress: once a game is over its result stands, except that a move that
// "im" rules illegal is taken back at once, even the one that ended it.

func (s *session) cmdResign(c *Command) error {
	gs, err := s.target(c, pick.Playing)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active {
		return s.refusal(g, words.Refusal{Reason: words.NotInProgress, Chosen: s.chosen(g)})
	}
	if s.abortEarly(gs, words.ResignedEarly) {
		return nil
	}
	me, _ := g.ColorOf(s.sender.Key)
	s.finish(gs, gs.pos().Resign(me))
	resigned := words.Resigned{Game: wordsGame(g), By: me}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, resigned)
		s.status(gs, k, true)
	})
	s.tellWatchersEnd(gs)
	return nil
}

func (s *session) cmdDraw(c *Command) error    { return s.propose(c, ProposeDraw) }
func (s *session) cmdUndo(c *Command) error    { return s.propose(c, ProposeUndo) }
func (s *session) cmdRevert(c *Command) error  { return s.propose(c, ProposeRevert) }
func (s *session) cmdAdopt(c *Command) error   { return s.propose(c, ProposeAdopt) }
func (s *session) cmdRestart(c *Command) error { return s.propose(c, ProposeRestart) }
func (s *session) cmdTakeback(c *Command) error {
	return s.propose(c, ProposeTakeback)
}

// propose makes a proposal of kind k in the game c addresses, in named
// steps: the game must be in progress (proposable); an open proposal is
// either met by the same offer crossing it or refused (proposalOpen); the
// proposal is built for its kind (newProposal) and told (tellProposal).
func (s *session) propose(c *Command, k ProposalKind) error {
	gs, err := s.target(c, pick.Playing)
	if err != nil {
		return err
	}
	g := gs.rec
	if err := s.proposable(g, k); err != nil {
		return err
	}
	me, _ := g.ColorOf(s.sender.Key)
	if pr := g.Proposal; pr != nil {
		return s.proposalOpen(gs, pr, me, k)
	}
	pr, adopted, err := s.newProposal(gs, c, k, me)
	if err != nil {
		return err
	}
	g.Proposal = pr
	gs.dirty = true
	s.tellProposal(gs, pr, adopted)
	return nil
}

// proposable refuses a proposal of kind k unless game g is in progress.
func (s *session) proposable(g *GameRecord, k ProposalKind) error {
	if g.Status == Active {
		return nil
	}
	if g.Status == Over && (k == ProposeUndo || k == ProposeTakeback) {
		return s.refusal(g, words.Refusal{Reason: words.ResultStands, Result: wordsResult(g.Result), Chosen: s.chosen(g)})
	}
	return s.refusal(g, words.Refusal{Reason: words.NotInProgress, Chosen: s.chosen(g)})
}

// proposalOpen answers a proposal of kind k by colour me while pr is
// open: offers that cross in the mail (both players want a draw, or a
// restart) are agreed; anything else is refused until pr is answered.
func (s *session) proposalOpen(gs *gameState, pr *Proposal, me tak.Color, k ProposalKind) error {
	g := gs.rec
	if pr.By != me && pr.Kind == k && (k == ProposeDraw || k == ProposeRestart) {
		g.Proposal = nil
		gs.dirty = true
		return s.applyProposal(gs, pr)
	}
	reason := words.AnswerFirst
	if pr.By == me {
		reason = words.AlreadyProposed
	}
	return s.refusal(g, words.Refusal{Reason: reason, Proposal: wordsProposal(g, pr)})
}

// newProposal builds colour me's proposal of kind k from command c, with
// the position it would adopt (adopt only).
func (s *session) newProposal(gs *gameState, c *Command, k ProposalKind, me tak.Color) (*Proposal, *tak.Position, error) {
	pr := &Proposal{Kind: k, By: me, At: s.now}
	var err error
	var adopted *tak.Position
	switch k {
	case ProposeUndo:
		pr.Turn, err = s.undoTurn(gs, me)
	case ProposeTakeback:
		if openDispute(gs, me) == nil {
			err = s.refusal(gs.rec, words.Refusal{Reason: words.NoDispute})
		}
		pr.Turn = gs.pos().Ply() - 1
	case ProposeRevert:
		pr.Turn, err = s.revertTurn(gs, c, me)
	case ProposeAdopt:
		pr.Board, adopted, err = s.adoptBoard(gs, me)
	}
	if err != nil {
		return nil, nil, err
	}
	return pr, adopted, nil
}

// undoTurn is the turn an undo by colour me goes back to: before me's
// last move.
func (s *session) undoTurn(gs *gameState, me tak.Color) (int, error) {
	n := lastMoveBy(gs, me)
	if n < 0 {
		return 0, s.refusal(gs.rec, words.Refusal{Reason: words.NothingToUndo, AdoptedAt: syncboard.AdoptedAt(gs.rec, gs.tg)})
	}
	return gs.tg.Start().Ply() + n, nil
}

// revertTurn is the turn a revert goes back to: the one the command
// names, else where the rs boards found the game's history matching.
func (s *session) revertTurn(gs *gameState, c *Command, me tak.Color) (int, error) {
	g := gs.rec
	first, last := gs.tg.Start().Ply(), gs.pos().Ply()
	sb := g.Sync[me]
	if sb == nil || sb.Match < 0 {
		sb = g.Sync[me.Opponent()] // the opponent's rs board may have found the point
	}
	switch {
	case last == first:
		return 0, s.refusal(g, words.Refusal{Reason: words.NothingToRevert, Start: syncboard.StartName(g)})
	case len(c.Args) > 0:
		n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
		if err != nil || n < first || n >= last {
			return 0, s.refusal(g, words.Refusal{Reason: words.BadRevertTurn, Arg: excerpt(c.Args[0], 20), First: first, Start: syncboard.StartName(g), Last: last})
		}
		return n, nil
	case sb != nil && sb.Match >= first && sb.Match < last:
		return sb.Match, nil
	}
	return 0, s.refusal(g, words.Refusal{Reason: words.RevertWhich, Last: last})
}

// adoptBoard is colour me's rs board and the position it would make.
func (s *session) adoptBoard(gs *gameState, me tak.Color) (string, *tak.Position, error) {
	sb := gs.rec.Sync[me]
	if sb == nil {
		return "", nil, s.refusal(gs.rec, words.Refusal{Reason: words.NoSyncBoard})
	}
	pos, err := syncboard.Position(gs.rec, gs.pos(), sb.Board)
	if err != nil {
		return "", nil, s.refusal(gs.rec, words.Refusal{Reason: words.BoardNotAdoptable, Err: err})
	}
	return sb.Board, pos, nil
}

// tellProposal tells both players of a proposal made: the proposer what
// they asked, the opponent what they are asked, and, for an adopt, the
// board with what accepting it would do.
func (s *session) tellProposal(gs *gameState, pr *Proposal, adopted *tak.Position) {
	g := gs.rec
	made := words.ProposalMade{Game: wordsGame(g), Proposal: wordsProposal(g, pr)}
	s.announce(g, s.sender.Key, made)
	opp := g.Players[pr.By.Opponent()]
	r := s.reader(g, opp)
	r.Sender = false // the proposer is told once, above
	s.event(opp, g.ID).line(made.Words(r))
	if adopted != nil {
		both(g, func(k string, _ tak.Color) {
			s.proposedBoard(gs, k, pr.By, adopted)
			s.announce(g, k, syncboard.Consequence(g, adopted))
		})
	}
	both(g, func(k string, _ tak.Color) { s.offerActions(gs, k) })
}

// proposalShort says what a proposal asks without naming the moves, for a
// list in brackets: "take back your move of turn 7".
func (s *session) proposalShort(g *GameRecord, p *Proposal, reader string) string {
	return wordsProposal(g, p).Short(wordsGame(g), s.reader(g, reader))
}

// applyProposal carries out an accepted proposal.
func (s *session) applyProposal(gs *gameState, pr *Proposal) error {
	g := gs.rec
	by := pr.By
	first := gs.tg.Start().Ply()
	// Worded before the change: the proposal names the moves it takes back.
	accepted := words.ProposalAccepted{Game: wordsGame(g), By: s.sender.Name, Proposal: wordsProposal(g, pr)}
	switch pr.Kind {
	case ProposeDraw:
		if s.abortEarly(gs, words.DrawnEarly) {
			return nil
		}
		s.finish(gs, gs.pos().AgreedDraw())
		both(g, func(k string, _ tak.Color) {
			s.announce(g, k, words.DrawAgreed{By: s.sender.Name})
			s.status(gs, k, true)
		})
		s.tellWatchersEnd(gs)
		return nil
	case ProposeUndo, ProposeTakeback, ProposeRevert:
		keep := pr.Turn - first
		if keep < 0 || keep > gs.tg.Len() {
			return s.refusal(g, words.Refusal{Reason: words.ProposalStale})
		}
		var ptn []string
		for _, m := range g.Moves[keep:] {
			ptn = append(ptn, m.PTN)
		}
		gs.tg.TruncateTo(keep)
		g.CutMoves(keep)
		g.Events = append(g.Events, fmt.Sprintf("%s: %s agreed to %s; moves taken back: %s", fmtTime(s.now), s.sender.Name, accepted.Proposal.Short(accepted.Game, words.Reader{}), strings.Join(ptn, " ")))
	case ProposeAdopt:
		pos, err := syncboard.Position(gs.rec, gs.pos(), pr.Board)
		if err != nil {
			return s.refusal(g, words.Refusal{Reason: words.BoardNoLongerAdoptable, Err: err})
		}
		g.Events = append(g.Events, fmt.Sprintf("%s: %s's board adopted at %s; moves before it: %s", fmtTime(s.now), g.Names[by], turnName(pos.Ply()+1), movesText(g)))
		g.Start = notation.FormatTPS(pos)
		g.Moves = nil
		gs.tg = tak.GameFrom(pos)
	case ProposeRestart:
		g.Events = append(g.Events, fmt.Sprintf("%s: restarted from %s; moves before: %s", fmtTime(s.now), syncboard.SetupName(g), movesText(g)))
		g.Start = g.Setup
		g.Moves = nil
		tg, err := g.History()
		if err != nil {
			return err
		}
		gs.tg = tg
	}
	s.accepted(gs, accepted)
	return nil
}

// accepted finishes an accepted change of position: the rs boards are
// forgotten, the game ends if the new position is over, the clock of the
// side to move starts, and both players are told.
func (s *session) accepted(gs *gameState, o words.ProposalAccepted) {
	g := gs.rec
	g.Sync = [2]*SyncBoard{}
	g.Status, g.Result = Active, nil
	gs.dirty = true
	if res := gs.pos().Result(); res.Over() {
		s.finish(gs, res)
	} else {
		s.startTurn(gs)
	}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, o)
		s.status(gs, k, true)
	})
}

func movesText(g *GameRecord) string {
	var ptn []string
	for _, m := range g.Moves {
		ptn = append(ptn, m.PTN)
	}
	if len(ptn) == 0 {
		return "none"
	}
	return strings.Join(ptn, " ")
}
