package bot

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// cmdMove plays a move: it checks the game can take one from the sender
// (movable), reads the move, checks it, and lands it (landMove). Every
// sentence it leads to is worded by package words (words/move.go,
// words/refusal.go).
func (s *session) cmdMove(c *Command) error {
	gs, err := s.target(c, pick.Move)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	if s.lateClockReprieve(gs, me) {
		g = gs.rec
	}
	if err := s.movable(g, me); err != nil {
		return err
	}
	before := gs.pos()
	turn := before.Ply() + 1
	if c.Guard != 0 && c.Guard != turn {
		return s.refusal(g, words.Refusal{Reason: words.StaleTurn, Guard: c.Guard, Turn: turn})
	}
	// A move that can never be played ("zz9", "ps f1" on 5x5) is refused
	// for what is wrong with it, in turn or not.
	pm, err := notation.ParseMove(c.Text, g.Config.Size)
	if err != nil {
		return s.refusal(g, words.Refusal{Reason: words.MoveUnreadable, Err: err})
	}
	if before.ToMove() != me {
		return s.refusal(g, words.Refusal{Reason: words.NotYourTurn, ToMove: before.ToMove(), Chosen: s.chosen(g)})
	}
	if g.ClockRunning() && !s.received.Before(g.Deadline) {
		// The transport received the move after the deadline: the game is
		// lost on time, whether or not the clocks have ticked yet.
		s.loseOnTime(gs)
		s.reply(g, s.sender.Key, words.MoveTooLate{Text: excerpt(c.Text, excerptRunes), Received: s.received, Deadline: g.Result.Deadline})
		return nil
	}
	bare := bareSquare(c.Text)
	if bare != "" && pm.Notation == notation.PTN && s.sender.Notation == notation.Mail {
		if q := ambiguousSquare(bare, pm, c, g.Config.Size); q != nil {
			return q
		}
	}
	if err := before.Check(pm.Move); err != nil {
		return s.refusal(g, words.Refusal{Reason: words.IllegalMove, Err: err, Size: g.Config.Size, Written: pm.Notation})
	}
	// A move in the other notation is read, never adopted: the reader's
	// notation changes only when they say so ("notation ptn"), so no mail
	// ever comes back flipped without a word (issue 26).
	if pr := g.Proposal; pr != nil {
		// Said before the move is recorded: the proposal names the moves
		// of the game as it was.
		g.Proposal = nil
		s.announceBoth(g, words.MoveEndsProposal{Game: wordsGame(g), Mover: me, Proposal: wordsProposal(g, pr)})
	}
	return s.landMove(gs, me, pm, turn, before)
}

// movable refuses a move in game g from colour me unless the game is in
// progress.
func (s *session) movable(g *GameRecord, me tak.Color) error {
	switch g.Status {
	case Challenged:
		if g.Challenger != me {
			return s.refusal(g, words.Refusal{Reason: words.NotAccepted, Chosen: s.chosen(g)})
		}
		return s.refusal(g, words.Refusal{Reason: words.AwaitingAccept, ToMove: g.Challenger, Chosen: s.chosen(g)})
	case Over:
		return s.refusal(g, words.Refusal{Reason: words.GameOver, Result: wordsResult(g.Result), Chosen: s.chosen(g)})
	case Active:
		return nil
	}
	return s.refusal(g, words.Refusal{Reason: words.GameWas, Status: string(g.Status), Chosen: s.chosen(g)})
}

// landMove plays a checked move of colour me at turn, tells both players,
// and lets the opponent's plans answer it (plans.go).
func (s *session) landMove(gs *gameState, me tak.Color, pm notation.ParsedMove, turn int, before *tak.Position) error {
	g := gs.rec
	if err := gs.tg.Play(pm.Move); err != nil {
		return err
	}
	g.Moves = append(g.Moves, MoveRecord{PTN: pm.Move.String(), Tak: pm.TakCall, At: s.received})
	gs.dirty = true
	pos := gs.pos()
	if res := pos.Result(); res.Over() {
		s.finish(gs, res)
	} else {
		s.startTurn(gs)
	}
	played := movePlayed(g, me, pm, turn, before, pos)
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, played)
		s.status(gs, k, true)
	})
	s.tellWatchers(gs, turn, me, pm.Move, before)
	return s.answerPlans(gs, me, pm.Move, pos)
}

// movePlayed is the outcome of a move of colour me landed at turn, from
// the position before to pos.
func movePlayed(g *GameRecord, me tak.Color, pm notation.ParsedMove, turn int, before, pos *tak.Position) words.MovePlayed {
	o := words.MovePlayed{Game: wordsGame(g), Turn: turn, By: me, Move: words.NamesOf(pm.Move, before), TakCall: pm.TakCall}
	if g.Style == Courtly && g.Status == Active {
		for _, col := range []tak.Color{me, me.Opponent()} {
			threats := pos.RoadInOne(col)
			o.ThreatCount[col] = len(threats)
			for _, t := range threats[:min(len(threats), 4)] {
				o.Threats[col] = append(o.Threats[col], words.NamesOf(t, pos))
			}
		}
	}
	if g.Status == Over && g.Result.Reason == EndRoad {
		o.Road, o.Size = pos.Result().Road, g.Config.Size
	}
	return o
}

// bareSquare returns the square of a move written as a square alone
// ("b4", "b4'", "B4"), or "".
func bareSquare(text string) string {
	t := strings.TrimRight(strings.TrimSpace(text), "'\"!?*")
	if len(t) >= 2 && len(t) <= 3 && squareLike(t) {
		return strings.ToLower(t)
	}
	return ""
}

// ambiguousSquare asks a player who writes in Tak by Mail notation what a
// bare square means, when its PTN and mail readings are different squares.
func ambiguousSquare(bare string, pm notation.ParsedMove, c *Command, size int) error {
	mailSq, err := notation.ParseSquare(bare, size, notation.Mail)
	if err != nil || mailSq == pm.Move.Square {
		return nil
	}
	tail := ""
	if pm.TakCall {
		tail += " t"
	}
	if c.Guard > 0 {
		tail += fmt.Sprintf(" #%d", c.Guard)
	}
	q := words.AmbiguousSquare{
		Bare:      bare,
		MailAsPTN: notation.SquareName(mailSq, size, notation.PTN),
		PTNAsMail: notation.SquareName(pm.Move.Square, size, notation.Mail),
		Tail:      tail,
	}
	return &question{msg: q.Words(words.Reader{}), actions: actionsOf(q.Choices(), "")}
}
