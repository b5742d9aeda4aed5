package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

func (s *session) cmdMove(c *Command) error {
	gs, err := s.target(c, pickMove)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	if s.lateClockReprieve(gs, me) {
		g = gs.rec
	}
	switch g.Status {
	case Challenged:
		if g.Challenger != me {
			return refuse("game %s has not started: you have not accepted the challenge yet; send \"accept\" to start it%s", g.ID, s.chosenHint(g))
		}
		return refuse("game %s has not started: %s has not accepted the challenge yet%s", g.ID, g.Names[g.Challenger.Opponent()], s.chosenHint(g))
	case Over:
		return &refusal{msg: fmt.Sprintf("game %s is over: %s%s %s", g.ID, resultTextFor(g, s.sender.Key), s.chosenHint(g), gamesHint), actions: []Action{gamesAction}}
	case Active:
	default:
		return refuse("game %s was %s%s", g.ID, g.Status, s.chosenHint(g))
	}
	before := gs.pos()
	turn := before.Ply() + 1
	if c.Guard != 0 && c.Guard != turn {
		return refuse("this move is marked #%d but game %s is at %s; it was not played (a stale or repeated message?)", c.Guard, g.ID, turnName(turn))
	}
	// A move that can never be played ("zz9", "ps f1" on 5x5) is refused
	// for what is wrong with it, in turn or not.
	pm, err := notation.ParseMove(c.Text, g.Config.Size)
	if err != nil {
		return moveSyntaxRefusal(err)
	}
	if before.ToMove() != me {
		return refuse("it is not your turn in game %s: %s is to move%s", g.ID, who(g, before.ToMove()), s.chosenHint(g))
	}
	if g.ClockRunning() && !s.received.Before(g.Deadline) {
		// The transport received the move after the deadline: the game is
		// lost on time, whether or not the clocks have ticked yet.
		s.loseOnTime(gs)
		s.tell(s.sender.Key, g.ID).say("Your move %s reached the referee at %s, after the deadline of %s.", excerpt(c.Text, excerptRunes), fmtTime(s.received), fmtTime(g.Result.Deadline))
		return nil
	}
	bare := bareSquare(c.Text)
	if bare != "" && pm.Notation == notation.PTN && s.sender.Notation == notation.Mail {
		if q := ambiguousSquare(bare, pm, c, g.Config.Size); q != nil {
			return q
		}
	}
	if err := before.Check(pm.Move); err != nil {
		return refuse("%s", describeMoveError(err, g.Config.Size, pm.Notation))
	}
	// A move in the other notation is read, never adopted: the reader's
	// notation changes only when they say so ("notation ptn"), so no mail
	// ever comes back flipped without a word (issue 26).
	if pr := g.Proposal; pr != nil {
		// Said before the move is recorded: the proposal names the moves
		// of the game as it was.
		g.Proposal = nil
		both(g, func(k string, c tak.Color) {
			text := s.proposalText(g, pr, k)
			switch {
			case pr.By == me && c == me:
				s.event(k, g.ID).say("Your move withdraws your proposal to %s.", text)
			case pr.By == me:
				s.event(k, g.ID).say("%s's move withdraws the proposal to %s.", g.Names[me], text)
			case c == me:
				s.event(k, g.ID).say("Your move declines %s's proposal to %s.", g.Names[pr.By], text)
			default:
				s.event(k, g.ID).say("%s's move declines your proposal to %s.", g.Names[me], text)
			}
		})
	}
	return s.landMove(gs, me, pm, turn, before)
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
	mail, ptn := notation.FormatMail(pm.Move, before.Size()), notation.FormatPTN(pm.Move, before) // for both readers
	both(g, func(k string, c tak.Color) {
		o := s.orient(k)
		d := s.event(k, g.ID)
		d.line(turnTitle(turn) + " of game " + g.ID + ": " + whoFor(g, me, k) + " played " + orderNames(mail, ptn, o) + ".")
		if pm.TakCall {
			if c != me {
				d.say("%s calls Tak: they say they can win with their next move.", g.Names[me])
			} else {
				d.say("You called Tak; %s is told.", g.Names[me.Opponent()])
			}
		}
		if g.Style == Courtly && g.Status == Active {
			for _, col := range []tak.Color{me, me.Opponent()} {
				if threats := pos.RoadInOne(col); len(threats) > 0 {
					var ms []string
					for i, t := range threats {
						if i == 4 {
							ms = append(ms, fmt.Sprintf("and %d more", len(threats)-4))
							break
						}
						ms = append(ms, moveNames(t, pos, o))
					}
					d.say("Tak! %s %s a road: %s.", sentence(whoFor(g, col, k)), verbFor(g, col, k, "threaten", "threatens"), strings.Join(ms, ", "))
				}
			}
		}
		if g.Status == Over && g.Result.Reason == EndRoad {
			d.say("The road: %s.", squareList(pos.Result().Road, g.Config.Size, o))
		}
		s.status(gs, k, true)
	})
	s.tellWatchers(gs, turn, me, pm.Move, before)
	return s.answerPlans(gs, me, pm.Move, pos)
}

// moveSyntaxRefusal words a move that cannot be read.
func moveSyntaxRefusal(err error) error {
	var se *notation.SyntaxError
	if !errors.As(err, &se) {
		return refuse("%v", err)
	}
	switch se.Kind {
	case notation.KindCarryLimit, notation.KindOffBoard, notation.KindSquare:
		return refuse("%s", se.Msg)
	}
	return refuse("%s. Write a move like \"ps b4\", \"ms b2 p3 2 1\" (Tak by Mail) or \"c3\", \"3c3>12\" (PTN)", se.Msg)
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
	ptnAsMail := notation.SquareName(pm.Move.Square, size, notation.Mail)
	mailAsPTN := notation.SquareName(mailSq, size, notation.PTN)
	tail := ""
	if pm.TakCall {
		tail += " t"
	}
	if c.Guard > 0 {
		tail += fmt.Sprintf(" #%d", c.Guard)
	}
	asMail := "ps " + bare + tail
	asPTN := "ps " + ptnAsMail + tail
	return &question{
		msg: fmt.Sprintf("Did you mean %q (Tak by Mail %s, which is PTN %s) or PTN %s (Tak by Mail %s: send %q)? Your notation is Tak by Mail, where A1 is the north-west corner, so a bare square could be either. Nothing was played. Send \"notation ptn\" to have bare squares read as PTN.",
			asMail, strings.ToUpper(bare), mailAsPTN, bare, strings.ToUpper(ptnAsMail), asPTN),
		actions: []Action{
			{Label: fmt.Sprintf("Place a flat on Tak by Mail %s (PTN %s)", strings.ToUpper(bare), mailAsPTN), Command: asMail},
			{Label: fmt.Sprintf("Place a flat on PTN %s (Tak by Mail %s)", bare, strings.ToUpper(ptnAsMail)), Command: asPTN},
			{Label: "Read bare squares as PTN from now on", Command: "notation ptn"},
		},
	}
}
