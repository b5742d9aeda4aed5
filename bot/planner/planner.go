package planner

import (
	"errors"
	"strings"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Turn is what "plan" needs of the message being evaluated.
type Turn interface {
	// Sender is the player who sent it.
	Sender() *record.Player
	// PlayingGame is the game in progress the command is about, loaded
	// for change; Position is where a loaded game stands.
	PlayingGame(c *command.Command) (*record.Game, error)
	Position(id string) *tak.Position
	// Orient is the notation the player key reads.
	Orient(key string) notation.Orientation
	// MarkGame records that a game loaded for change changed.
	MarkGame(g *record.Game)
	// ChosenHint explains, when the command went to g because the sender
	// chose it earlier with "game ID", how to choose another ("" else).
	ChosenHint(g *record.Game) string
	// Tell tells an outcome to the player key, in the reply about game.
	Tell(to, game string, o words.Outcome)
	// Refused refuses the command being run, telling the sender why.
	Refused(o words.Outcome) error
}

// Plan is "plan" (show), "plan clear" and "plan MOVES".
func Plan(t Turn, c *command.Command) error {
	g, err := t.PlayingGame(c)
	if err != nil {
		return err
	}
	key := t.Sender().Key
	me, _ := g.ColorOf(key)
	wg := words.Game{ID: g.ID, Names: g.Names}
	if g.Status != record.Active {
		return t.Refused(words.PlanRefused{Kind: words.PlanNotInProgress, Game: wg, Me: me, Status: string(g.Status), Hint: t.ChosenHint(g)})
	}
	pos := t.Position(g.ID)
	ps := livePlans(g, me, pos)
	args := strings.TrimSpace(strings.Join(c.Args, " "))
	switch strings.ToLower(strings.TrimRight(args, ".!")) {
	case "":
		t.Tell(key, g.ID, shown(g, me, ps, pos))
		return nil
	case "clear", "clear all", "none", "off":
		n := 0
		if ps != nil {
			n = len(ps.Tree.Lines())
		}
		g.Plans[me] = nil
		t.MarkGame(g)
		t.Tell(key, g.ID, words.PlansCleared{Game: g.ID, N: n})
		return nil
	}
	if pos.ToMove() == me {
		return t.Refused(words.PlanRefused{Kind: words.PlanOnTurn, Game: wg, Me: me, Hint: t.ChosenHint(g)})
	}
	moves, err := plan.ParseLine(args, g.Config.Size, t.Orient(key))
	if err == nil {
		var pairs []plan.Pair
		if pairs, err = plan.Pairs(moves); err == nil {
			if err = plan.Check(pos, moves); err == nil {
				tree := plan.Tree(nil)
				if ps != nil {
					tree = ps.Tree
				}
				if tree, err = tree.Add(pairs); err == nil {
					g.Plans[me] = &record.Plans{At: notation.FormatTPS(pos), Tree: tree}
					t.MarkGame(g)
					o := shown(g, me, g.Plans[me], pos)
					o.Made = lineOf(pos, moves)
					t.Tell(key, g.ID, o)
					return nil
				}
			}
		}
	}
	if o := refusal(g, me, pos, moves, err); o.Kind != 0 {
		return t.Refused(o)
	}
	return err
}

// refusal describes why a plan was not made.
func refusal(g *record.Game, me tak.Color, pos *tak.Position, moves []tak.Move, err error) words.PlanRefused {
	o := words.PlanRefused{Game: words.Game{ID: g.ID, Names: g.Names}, Me: me, Err: err, Size: g.Config.Size}
	var me2 *plan.MoveError
	var ce *plan.ConflictError
	switch {
	case errors.As(err, &ce):
		// Replay the shared beginning to name the moves.
		p := pos
		for i := 0; i < 2*ce.Depth && i < len(moves); i++ {
			if q, e := p.Play(moves[i]); e == nil {
				p = q
			}
		}
		o.Kind = words.PlanConflict
		if q, e := p.Play(ce.If); e == nil {
			o.If, o.Had = words.NamesOf(ce.If, p), words.NamesOf(ce.Had, q)
		}
	case errors.Is(err, plan.ErrOddLine):
		o.Kind, o.N = words.PlanOddLine, len(moves)
	case errors.Is(err, plan.ErrTooLong):
		o.Kind, o.N = words.PlanTooLong, plan.MaxPairs
	case errors.Is(err, plan.ErrTooMany):
		o.Kind, o.N = words.PlanTooMany, plan.MaxNodes
	case errors.Is(err, plan.ErrEmpty):
		o.Kind = words.PlanEmpty
	case errors.As(err, &me2):
		o.Index, o.Opponents, o.Err = me2.Index+1, plan.Opponent(me2.Index), me2.Err
		var mv *tak.MoveError
		var se *notation.SyntaxError
		switch {
		case errors.Is(err, plan.ErrGameEnds):
			o.Kind = words.PlanGameEnds
		case errors.As(err, &mv):
			o.Kind, o.Err, o.Text = words.PlanIllegal, mv, command.Excerpt(me2.Text, 20)
			if me2.Index < len(moves) {
				// Name the move from the position before it.
				p := pos
				for _, m := range moves[:me2.Index] {
					if q, e := p.Play(m); e == nil {
						p = q
					}
				}
				o.Move = words.NamesOf(moves[me2.Index], p)
			}
		case errors.As(err, &se):
			o.Kind, o.Err = words.PlanUnreadable, se
		default:
			o.Kind = words.PlanMoveUnusable
		}
	}
	return o // Kind 0: not a plan's error
}

// livePlans are a colour's plans when they still apply to the position.
func livePlans(g *record.Game, c tak.Color, pos *tak.Position) *record.Plans {
	ps := g.Plans[c]
	if ps == nil || ps.At != notation.FormatTPS(pos) {
		return nil
	}
	return ps
}

// shown lists a player's plans in a game.
func shown(g *record.Game, me tak.Color, ps *record.Plans, pos *tak.Position) words.PlansShown {
	o := words.PlansShown{Game: words.Game{ID: g.ID, Names: g.Names}, Me: me}
	if ps == nil || len(ps.Tree) == 0 {
		return o
	}
	for _, l := range ps.Tree.Lines() {
		var moves []tak.Move
		for _, n := range l {
			a, err1 := plan.ReadStored(n.If, g.Config.Size)
			b, err2 := plan.ReadStored(n.Then, g.Config.Size)
			if err1 != nil || err2 != nil {
				break
			}
			moves = append(moves, a, b)
		}
		o.Lines = append(o.Lines, lineOf(pos, moves))
	}
	return o
}

// lineOf names a line of a plan from the position pos: each pair of the
// opponent's move and its answer, as far as they can be played.
func lineOf(pos *tak.Position, moves []tak.Move) words.PlanLine {
	l := words.PlanLine{}
	p := pos
	for i := 0; i+1 < len(moves); i += 2 {
		q, err := p.Play(moves[i])
		if err != nil {
			break
		}
		r, err := q.Play(moves[i+1])
		if err != nil {
			break
		}
		l = append(l, words.NamesOf(moves[i], p), words.NamesOf(moves[i+1], q))
		p = r
	}
	return l
}

// Answer lets the plans of the opponent of mover answer the move m that
// has just been played (before is the position before it, pos after it):
// it returns the planned answer, with the outcome that tells the planner,
// or nil and why the plans were dropped (nil: silently, the game being
// over). The plans are taken from g, and what is left of them after the
// answer put back; the caller plays the answer like any move.
func Answer(g *record.Game, mover tak.Color, m tak.Move, before, pos *tak.Position) (*tak.Move, words.Outcome) {
	planner := mover.Opponent()
	ps := g.Plans[planner]
	g.Plans[planner] = nil
	wg := words.Game{ID: g.ID, Names: g.Names}
	if ps.At != notation.FormatTPS(before) {
		return nil, words.PlansStale{Game: wg}
	}
	if g.Status != record.Active {
		return nil, nil // the game is over: plans have nothing left to answer
	}
	ans, rest, ok := ps.Tree.Respond(m)
	if !ok {
		return nil, words.PlansUnexpected{Game: wg, Move: words.NamesOf(m, before)}
	}
	am, err := plan.ReadStored(ans, g.Config.Size)
	var after *tak.Position
	if err == nil {
		after, err = pos.Play(am)
	}
	if err != nil {
		return nil, words.PlanUnplayable{Game: wg, Move: words.NamesOf(m, before), Answer: command.Excerpt(ans, 20), Err: err, Size: g.Config.Size}
	}
	if len(rest) > 0 {
		g.Plans[planner] = &record.Plans{At: notation.FormatTPS(after), Tree: rest}
	}
	return &am, words.PlanAnswered{Game: wg, Mover: mover, Move: words.NamesOf(m, before), Answer: words.NamesOf(am, pos), Left: len(rest.Lines())}
}
