package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Plans (conditional moves): "plan X Y [Z W …]" answers the opponent's
// move X with Y, then Z with W. The tree logic is in package plan; here
// are the command and the referee's answer when the opponent's move
// lands, in the same transaction as that move.

// cmdPlan is "plan" (show), "plan clear" and "plan MOVES".
func (s *session) cmdPlan(c *Command) error {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	if g.Status != Active {
		return refuse("game %s is not in progress (%s): plans are for a game in progress%s", g.ID, g.Status, s.chosenHint(g))
	}
	pos := gs.pos()
	ps := livePlans(gs, me)
	args := strings.TrimSpace(strings.Join(c.Args, " "))
	switch strings.ToLower(strings.TrimRight(args, ".!")) {
	case "":
		s.showPlans(gs, me, ps)
		return nil
	case "clear", "clear all", "none", "off":
		n := 0
		if ps != nil {
			n = len(ps.Tree.Lines())
		}
		g.Plans[me] = nil
		gs.dirty = true
		if n == 0 {
			s.tell(s.sender.Key, g.ID).say("You had no plans in game %s; there is nothing to clear.", g.ID)
		} else {
			s.tell(s.sender.Key, g.ID).say("Your plans in game %s are cleared (%s).", g.ID, plural(n, "line", "lines"))
		}
		return nil
	}
	if pos.ToMove() == me {
		return refuse("it is your turn in game %s: plans answer your opponent's next move, so play yours first, then send the plan%s", g.ID, s.chosenHint(g))
	}
	o := s.orient(s.sender.Key)
	moves, err := plan.ParseLine(args, g.Config.Size, o)
	if err == nil {
		var pairs []plan.Pair
		if pairs, err = plan.Pairs(moves); err == nil {
			if err = plan.Check(pos, moves); err == nil {
				tree := plan.Tree(nil)
				if ps != nil {
					tree = ps.Tree
				}
				tree, err = tree.Add(pairs)
				if err == nil {
					g.Plans[me] = &Plans{At: notation.FormatTPS(pos), Tree: tree}
					gs.dirty = true
					d := s.tell(s.sender.Key, g.ID)
					d.say("Plan made in game %s: %s. %s never sees your plans.", g.ID, s.lineText(gs, me, moves, o), g.Names[me.Opponent()])
					s.showPlans(gs, me, g.Plans[me])
					return nil
				}
			}
		}
	}
	return s.planRefusal(gs, me, moves, err, o)
}

// planRefusal words why a plan was not made.
func (s *session) planRefusal(gs *gameState, me tak.Color, moves []tak.Move, err error, o notation.Orientation) error {
	g := gs.rec
	opp := g.Names[me.Opponent()]
	var me2 *plan.MoveError
	var ce *plan.ConflictError
	switch {
	case errors.As(err, &ce):
		// Replay the shared beginning to name the moves in the reader's notation.
		p := gs.pos()
		for i := 0; i < 2*ce.Depth && i < len(moves); i++ {
			if q, e := p.Play(moves[i]); e == nil {
				p = q
			}
		}
		q, e := p.Play(ce.If)
		if e != nil {
			return refuse("this plan answers a move differently from a plan you already made; send \"plan\" to see yours, \"plan clear\" to start again")
		}
		return refuse("you already answer %s's %s with %s there; a plan gives one answer to each move (send \"plan clear\" to start again, \"plan\" to see yours)",
			opp, moveNames(ce.If, p, o), moveNames(ce.Had, q, o))
	case errors.Is(err, plan.ErrOddLine):
		return refuse("a plan pairs each move of %s with your answer: \"plan X Y\" means if %s plays X, you answer Y; your plan has %d moves, an odd number", opp, opp, len(moves))
	case errors.Is(err, plan.ErrTooLong):
		return refuse("a plan holds at most %d moves of %s, each with your answer", plan.MaxPairs, opp)
	case errors.Is(err, plan.ErrTooMany):
		return refuse("your plans in game %s would hold more than %d answers; send \"plan clear\" first, or fewer", g.ID, plan.MaxNodes)
	case errors.Is(err, plan.ErrEmpty):
		return refuse("say the moves: \"plan X Y\" means if %s plays X, you answer Y, e.g. \"plan c3 d3\" or \"plan ps b2, ps c2\"", opp)
	case errors.As(err, &me2):
		whose := "your answer"
		if plan.Opponent(me2.Index) {
			whose = opp + "'s move"
		}
		var mv *tak.MoveError
		var se *notation.SyntaxError
		switch {
		case errors.Is(err, plan.ErrGameEnds):
			return refuse("move %d of your plan (%s) comes after the game would be over", me2.Index+1, whose)
		case errors.As(err, &mv):
			name := excerpt(me2.Text, 20)
			if me2.Index < len(moves) {
				// Name the move in the reader's notation, from the position before it.
				p := gs.pos()
				for _, m := range moves[:me2.Index] {
					if q, e := p.Play(m); e == nil {
						p = q
					}
				}
				name = moveNames(moves[me2.Index], p, o)
			}
			return refuse("move %d of your plan, %s %s, cannot be played then: %s", me2.Index+1, whose, name,
				describeMoveError(mv, g.Config.Size, o))
		case errors.As(err, &se):
			return refuse("move %d of your plan (%s) cannot be read: %s. Write moves as for playing them, e.g. \"plan c3 d3\" (PTN) or \"plan ps b2, ps c2\" (Tak by Mail); commas may separate them", me2.Index+1, whose, se.Msg)
		}
		return refuse("move %d of your plan (%s) cannot be used: %v", me2.Index+1, whose, me2.Err)
	}
	return err
}

// livePlans are a colour's plans when they still apply to the position.
func livePlans(gs *gameState, c tak.Color) *Plans {
	ps := gs.rec.Plans[c]
	if ps == nil || ps.At != notation.FormatTPS(gs.pos()) {
		return nil
	}
	return ps
}

// showPlans lists a player's plans in a game, in their notation.
func (s *session) showPlans(gs *gameState, me tak.Color, ps *Plans) {
	g := gs.rec
	d := s.tell(s.sender.Key, g.ID)
	if ps == nil || len(ps.Tree) == 0 {
		d.say("You have no plans in game %s. \"plan X Y\" answers %s's move X with your move Y as soon as it is played, e.g. \"plan c3 d3\"; add more pairs for the moves after.", g.ID, g.Names[me.Opponent()])
		return
	}
	o := s.orient(s.sender.Key)
	lines := ps.Tree.Lines()
	d.say("Your plans in game %s (%s never sees them; \"plan clear\" removes them):", g.ID, g.Names[me.Opponent()])
	for i, l := range lines {
		var moves []tak.Move
		for _, n := range l {
			a, err1 := plan.ReadStored(n.If, g.Config.Size)
			b, err2 := plan.ReadStored(n.Then, g.Config.Size)
			if err1 != nil || err2 != nil {
				break
			}
			moves = append(moves, a, b)
		}
		d.say("%d. %s", i+1, capitalize(s.lineText(gs, me, moves, o)))
	}
}

// lineText words a line of a plan from the position now: "if alice plays
// c3 (mail C3), you answer d3 (mail D3); then if …".
func (s *session) lineText(gs *gameState, me tak.Color, moves []tak.Move, o notation.Orientation) string {
	opp := gs.rec.Names[me.Opponent()]
	p := gs.pos()
	var parts []string
	for i := 0; i+1 < len(moves); i += 2 {
		q, err := p.Play(moves[i])
		if err != nil {
			break
		}
		r, err := q.Play(moves[i+1])
		if err != nil {
			break
		}
		if i == 0 {
			parts = append(parts, fmt.Sprintf("if %s plays %s, you answer %s", opp, moveNames(moves[i], p, o), moveNames(moves[i+1], q, o)))
		} else {
			parts = append(parts, fmt.Sprintf("then if %s, %s", moveNames(moves[i], p, o), moveNames(moves[i+1], q, o)))
		}
		p = r
	}
	return strings.Join(parts, "; ")
}

// answerPlans lets the plans of the mover's opponent answer the move m
// that has just been played (pos is the position after it): the planned
// answer is played like any move, in the same transaction; a diverging
// move clears the plans, and so does a planned answer that has become
// illegal, and the planner is told.
func (s *session) answerPlans(gs *gameState, mover tak.Color, m tak.Move, pos *tak.Position) error {
	g := gs.rec
	planner := mover.Opponent()
	ps := g.Plans[planner]
	if ps == nil {
		return nil
	}
	g.Plans[planner] = nil
	gs.dirty = true
	key := g.Players[planner]
	before := gs.tg.PositionAfter(gs.tg.Len() - 1)
	if ps.At != notation.FormatTPS(before) {
		s.announce(g, key, words.PlansStale{Game: wordsGame(g)})
		return nil
	}
	if g.Status != Active {
		return nil // the game is over: plans have nothing left to answer
	}
	ans, rest, ok := ps.Tree.Respond(m)
	if !ok {
		s.announce(g, key, words.PlansUnexpected{Game: wordsGame(g), Move: words.NamesOf(m, before)})
		return nil
	}
	am, err := plan.ReadStored(ans, g.Config.Size)
	if err == nil {
		_, err = pos.Play(am)
	}
	if err != nil {
		s.announce(g, key, words.PlanUnplayable{Game: wordsGame(g), Move: words.NamesOf(m, before), Answer: excerpt(ans, 20), Err: err, Size: g.Config.Size})
		return nil
	}
	if len(rest) > 0 {
		after, _ := pos.Play(am)
		g.Plans[planner] = &Plans{At: notation.FormatTPS(after), Tree: rest}
	}
	// The replies written so far tell the position before the answer:
	// what can be done now is offered with the answer's.
	for _, d := range s.drafts {
		if d.game == g.ID && d.stage == s.stage {
			d.offers = nil
		}
	}
	s.stage++
	s.announce(g, key, words.PlanAnswered{Game: wordsGame(g), Mover: mover, Move: words.NamesOf(m, before), Answer: words.NamesOf(am, pos), Left: len(rest.Lines())})
	pm := notation.ParsedMove{Move: am, Notation: s.orient(key)}
	return s.landMove(gs, planner, pm, pos.Ply()+1, pos)
}
