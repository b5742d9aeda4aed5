package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Proposals: one player asks, the other answers "accept" or "decline".
// Taking moves back (undo, takeback) works only while a game is in
// progress: once a game is over its result stands, except that a move that
// "im" rules illegal is taken back at once, even the one that ended it.

func (s *session) cmdResign(c *Command) error {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active {
		return refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	if s.abortEarly(gs, "resigned") {
		return nil
	}
	me, _ := g.ColorOf(s.sender.Key)
	s.finish(gs, gs.pos().Resign(me))
	both(g, func(k string, _ tak.Color) {
		s.event(k, g.ID).say("%s %s game %s.", sentence(whoFor(g, me, k)), verbFor(g, me, k, "resign", "resigns"), g.ID)
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

// propose makes a proposal of kind k in the game c addresses.
func (s *session) propose(c *Command, k ProposalKind) error {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active {
		if g.Status == Over && (k == ProposeUndo || k == ProposeTakeback) {
			return refuse("game %s is over (%s) and its result stands: moves can be taken back only while a game is in progress%s", g.ID, g.Result.PTN, s.chosenHint(g))
		}
		return refuse("game %s is not in progress%s", g.ID, s.chosenHint(g))
	}
	me, _ := g.ColorOf(s.sender.Key)
	if pr := g.Proposal; pr != nil && pr.By != me && pr.Kind == k && (k == ProposeDraw || k == ProposeRestart) {
		// offers that cross in the mail: both players want the same thing
		g.Proposal = nil
		gs.dirty = true
		return s.applyProposal(gs, pr)
	}
	if pr := g.Proposal; pr != nil {
		if pr.By == me {
			return refuse("you already proposed to %s; wait for the answer or send \"cancel\"", s.proposalText(g, pr, s.sender.Key))
		}
		return refuse("%s proposed to %s; answer with \"accept\" or \"decline\" first", g.Names[me.Opponent()], s.proposalText(g, pr, s.sender.Key))
	}
	pr := &Proposal{Kind: k, By: me, At: s.now}
	first := gs.tg.Start().Ply()
	last := gs.pos().Ply()
	var adopted *tak.Position
	switch k {
	case ProposeUndo:
		n := lastMoveBy(gs, me)
		if n < 0 {
			return refuse("you have no move to take back in game %s%s", g.ID, s.startNote(gs))
		}
		pr.Turn = first + n
	case ProposeTakeback:
		if openDispute(gs, me) == nil {
			return refuse("takeback asks for the move you disputed with \"im\" to be taken back; dispute the last move first, e.g. \"im the wall was covered\"")
		}
		pr.Turn = last - 1
	case ProposeRevert:
		sb := g.Sync[me]
		if sb == nil || sb.Match < 0 {
			sb = g.Sync[me.Opponent()] // the opponent's rs board may have found the point
		}
		switch {
		case last == first:
			return refuse("no move has been played in game %s since %s: there is nothing to go back to", g.ID, s.startName(gs))
		case len(c.Args) > 0:
			n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
			if err != nil || n < first || n >= last {
				return refuse("%q is not a turn to go back to: \"revert N\" goes back to the position after turn N, from %d (%s) to %d", excerpt(c.Args[0], 20), first, s.startName(gs), last-1)
			}
			pr.Turn = n
		case sb != nil && sb.Match >= first && sb.Match < last:
			pr.Turn = sb.Match
		default:
			return refuse("say which turn to go back to, e.g. \"revert %d\" (send \"rs\" with your board to find where it matches)", last-1)
		}
	case ProposeAdopt:
		sb := g.Sync[me]
		if sb == nil {
			return refuse("send your board first: \"rs\" followed by your board, one row per line")
		}
		pos, err := boardPosition(gs, sb.Board)
		if err != nil {
			return refuse("your board cannot be adopted: %v", err)
		}
		pr.Board = sb.Board
		adopted = pos
	}
	g.Proposal = pr
	gs.dirty = true
	d := s.event(s.sender.Key, g.ID)
	d.say("You propose to %s. %s is asked to answer \"accept\" or \"decline\".", s.proposalText(g, pr, s.sender.Key), g.Names[me.Opponent()])
	opp := g.Players[me.Opponent()]
	d = s.event(opp, g.ID)
	what := s.proposalText(g, pr, opp)
	if pr.Kind == ProposeUndo { // "bob proposes to take back their move", not "bob's move"
		what = strings.Replace(what, "take back "+possessiveFor(g, me, opp)+" move", "take back their move", 1)
	}
	if s.buttons(opp) {
		d.say("%s proposes to %s.", who(g, me), what) // the buttons below answer
	} else {
		d.say("%s proposes to %s. Answer \"accept\" or \"decline\".", who(g, me), what)
	}
	if adopted != nil {
		both(g, func(k string, _ tak.Color) {
			s.proposedBoard(gs, k, me, adopted)
			s.event(k, g.ID).say("%s", adoptConsequence(g, adopted))
		})
	}
	both(g, func(k string, _ tak.Color) { s.offerActions(gs, k) })
	return nil
}

// startName names where a game's history starts: the empty board, or the
// board adopted at a turn.
func (s *session) startName(gs *gameState) string { return startName(gs.rec) }

func (s *session) startNote(gs *gameState) string {
	if gs.rec.Start == "" || gs.rec.Start == gs.rec.Setup {
		return ""
	}
	return fmt.Sprintf(" since the board adopted at turn %d", gs.tg.Start().Ply()+1)
}

// adoptConsequence says what accepting an adopt will do.
func adoptConsequence(g *GameRecord, pos *tak.Position) string {
	turn := pos.Ply() + 1
	if res := pos.Result(); res.Over() {
		return fmt.Sprintf("Accepting ends the game at once: on this board %s (%s).", res, res.PTN())
	}
	text := fmt.Sprintf("Accepting makes this board the position, with %s to move at %s; the moves played since the start are kept in the game's notes.", pos.ToMove(), turnName(turn))
	if g.Config.Opening == tak.SwapOpening && pos.Ply() < 2 {
		text += " The swap opening ends with it: from then on each player places their own colour."
	}
	return text
}

// proposalText says what a proposal asks, to a reader (a player key; ""
// for the game's notes): "take back your move of turn 7, ps c3 (PTN c3)".
func (s *session) proposalText(g *GameRecord, p *Proposal, reader string) string {
	return s.proposalWords(g, p, reader, true)
}

// proposalShort says what a proposal asks without naming the moves, for a
// list in brackets: "take back your move of turn 7".
func (s *session) proposalShort(g *GameRecord, p *Proposal, reader string) string {
	return s.proposalWords(g, p, reader, false)
}

func (s *session) proposalWords(g *GameRecord, p *Proposal, reader string, moves bool) string {
	first := startPly(g)
	last := first + len(g.Moves)
	switch p.Kind {
	case ProposeDraw:
		return "agree a draw"
	case ProposeUndo:
		if !moves {
			if last-p.Turn <= 1 {
				return fmt.Sprintf("take back %s move of turn %d", possessiveFor(g, tak.Color(p.Turn%2), reader), p.Turn+1)
			}
			return fmt.Sprintf("take back the moves of turns %d to %d", p.Turn+1, last)
		}
		var named []string
		for ply := p.Turn; ply < last; ply++ {
			c := tak.Color(ply % 2)
			named = append(named, possessiveFor(g, c, reader)+" "+s.recordedMoveNames(g, ply-first, reader))
		}
		if len(named) <= 1 {
			return fmt.Sprintf("take back %s move of turn %d, %s", possessiveFor(g, tak.Color(p.Turn%2), reader), p.Turn+1, s.recordedMoveNames(g, p.Turn-first, reader))
		}
		return fmt.Sprintf("take back the moves of turns %d to %d: %s", p.Turn+1, last, strings.Join(named, ", then "))
	case ProposeTakeback:
		if !moves {
			return fmt.Sprintf("take back the disputed move of turn %d", p.Turn+1)
		}
		return fmt.Sprintf("take back the disputed move of turn %d, %s %s", p.Turn+1, possessiveFor(g, tak.Color(p.Turn%2), reader), s.recordedMoveNames(g, p.Turn-first, reader))
	case ProposeRevert:
		if p.Turn == 0 {
			return "go back to the empty board, the position after turn 0"
		}
		return fmt.Sprintf("go back to the position after turn %d", p.Turn)
	case ProposeAdopt:
		return fmt.Sprintf("make %s rs board the position", possessiveFor(g, p.By, reader))
	case ProposeRestart:
		return "restart the game from " + setupName(g)
	}
	return string(p.Kind)
}

// proposalTexts says what a proposal asks to each player of its game, as
// it stands now (before the moves it takes back are gone).
func (s *session) proposalTexts(g *GameRecord, p *Proposal) map[string]string {
	texts := map[string]string{"": s.proposalShort(g, p, "")} // the game's notes list the moves in PTN
	both(g, func(k string, _ tak.Color) { texts[k] = s.proposalText(g, p, k) })
	return texts
}

// boardPosition builds the position of a sync board in game gs, keeping the
// side to move and the turn. An adopted board is played on without the
// swap opening.
func boardPosition(gs *gameState, board string) (*tak.Position, error) {
	stacks, err := notation.ParseSyncBoardSize(board, gs.rec.Config.Size)
	if err != nil {
		return nil, err
	}
	pos := gs.pos()
	return tak.Setup(adoptedConfig(gs.rec.Config), stacks, pos.ToMove(), pos.MoveNumber())
}

// adoptedConfig is a game's configuration from an adopted board on.
func adoptedConfig(cfg tak.Config) tak.Config {
	cfg.Opening = tak.NoSwapOpening
	return cfg
}

func (s *session) applyProposal(gs *gameState, pr *Proposal) error {
	g := gs.rec
	by := pr.By
	first := gs.tg.Start().Ply()
	switch pr.Kind {
	case ProposeDraw:
		if s.abortEarly(gs, "agreed to a draw in") {
			return nil
		}
		s.finish(gs, gs.pos().AgreedDraw())
		both(g, func(k string, _ tak.Color) {
			s.event(k, g.ID).say("%s the draw.", s.senderDid(k, "accepted"))
			s.status(gs, k, true)
		})
		s.tellWatchersEnd(gs)
		return nil
	case ProposeUndo, ProposeTakeback, ProposeRevert:
		keep := pr.Turn - first
		if keep < 0 || keep > gs.tg.Len() {
			return refuse("the game has changed since the proposal")
		}
		var ptn []string
		for _, m := range g.Moves[keep:] {
			ptn = append(ptn, m.PTN)
		}
		texts := s.proposalTexts(g, pr)
		gs.tg.TruncateTo(keep)
		g.CutMoves(keep)
		g.Events = append(g.Events, fmt.Sprintf("%s: %s agreed to %s; moves taken back: %s", fmtTime(s.now), s.sender.Name, texts[""], strings.Join(ptn, " ")))
		s.accepted(gs, texts)
		return nil
	}
	texts := s.proposalTexts(g, pr)
	switch pr.Kind {
	case ProposeAdopt:
		pos, err := boardPosition(gs, pr.Board)
		if err != nil {
			return refuse("the board cannot be adopted: %v", err)
		}
		g.Events = append(g.Events, fmt.Sprintf("%s: %s's board adopted at %s; moves before it: %s", fmtTime(s.now), g.Names[by], turnName(pos.Ply()+1), movesText(g)))
		g.Start = notation.FormatTPS(pos)
		g.Moves = nil
		gs.tg = tak.GameFrom(pos)
	case ProposeRestart:
		g.Events = append(g.Events, fmt.Sprintf("%s: restarted from %s; moves before: %s", fmtTime(s.now), setupName(g), movesText(g)))
		g.Start = g.Setup
		g.Moves = nil
		tg, err := g.History()
		if err != nil {
			return err
		}
		gs.tg = tg
	}
	s.accepted(gs, texts)
	return nil
}

// accepted finishes an accepted change of position: the rs boards are
// forgotten, the game ends if the new position is over, the clock of the
// side to move starts, and both players are told.
func (s *session) accepted(gs *gameState, texts map[string]string) {
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
		s.event(k, g.ID).say("%s: %s.", s.senderDid(k, "accepted"), texts[k])
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
