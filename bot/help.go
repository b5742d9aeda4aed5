package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// takebackRule is the rule on taking moves back, stated in help and the
// README.
const takebackRule = "Moves can be taken back (\"undo\" your last move, \"takeback\" after a dispute) only while a game is in progress, with the opponent's agreement; once a game is over its result stands, except that a move \"im\" rules illegal is taken back at once, even the one that ended the game."

// help: what the player can do now in their game (or games), then every
// command, from the command table.
func (s *session) cmdHelp(c *Command) error {
	key := s.sender.Key
	gs, err := s.target(c, pickShow)
	var rf *refusal
	var q *question
	switch {
	case err == nil:
		s.gameHelp(gs)
	case errors.As(err, &q) || errors.As(err, &rf):
		// no single game: say what waits for the player in each
		if err := s.gamesHelp(); err != nil {
			return err
		}
	default:
		return err // storage, or a lock to take first
	}
	game := ""
	if gs != nil {
		game = gs.rec.ID
	}
	d := s.tell(key, game)
	var b strings.Builder
	for grp := GroupStart; grp <= GroupAlways; grp++ {
		fmt.Fprintf(&b, "%s:\n", grp.Title())
		for _, spec := range Commands() {
			if spec.Group == grp {
				fmt.Fprintf(&b, "  %s: %s\n", spec.Syntax, spec.Summary)
			}
		}
	}
	d.block("Commands (several in one message: one per line, or separated by ';'):", strings.TrimRight(b.String(), "\n"))
	d.say("Moves: Tak by Mail \"ps b4\", \"pw c2\", \"pc d1\", \"ms b2 p3 2 1\" (A1 is the north-west corner, rows count south), or PTN \"c3\", \"Sc3\", \"3c3>12\" (a1 is the south-west corner). Lines that are neither a command nor a move are skipped as prose.")
	d.say("%s", takebackRule)
	return nil
}

// gameHelp says what the player can do now in one game.
func (s *session) gameHelp(gs *gameState) {
	g := gs.rec
	key := s.sender.Key
	me, _ := g.ColorOf(key)
	d := s.tell(key, g.ID)
	opp := g.Names[me.Opponent()]
	switch g.Status {
	case Challenged:
		if me == g.Challenger {
			d.say("Game %s: waiting for %s to accept your challenge; you can \"cancel\" it.", g.ID, opp)
		} else {
			d.say("Game %s: %s challenges you%s.", g.ID, opp, s.answerHint(key, "; send"))
		}
	case Active:
		pos := gs.pos()
		if g.Proposal != nil && g.Proposal.By != me {
			d.say("Game %s: %s proposes to %s%s.", g.ID, opp, s.proposalText(g, g.Proposal, key), s.answerHint(key, "; send"))
		}
		if pos.ToMove() == me {
			d.say("Game %s, %s: your move. Send a move, e.g. %s; add \" t\" to call Tak and \" #%d\" to guard the turn number.", g.ID, turnName(pos.Ply()+1), exampleMoves(pos, s.orient(key)), pos.Ply()+1)
			if pos.InOpening() {
				d.say("Swap opening: place a flat of your opponent's colour.")
			}
		} else {
			d.say("Game %s, %s: %s is to move.", g.ID, turnName(pos.Ply()+1), who(g, pos.ToMove()))
		}
		if od := openDispute(gs, me); od != nil && g.Proposal == nil {
			d.say("You disputed the move of turn %d: send \"takeback\" to ask %s to take it back.", od.Turn, opp)
		}
	case Over:
		d.say("Game %s is over: %s You can see it with \"board\", \"history\" or \"link\".", g.ID, resultTextFor(g, key))
		if g.Proposal != nil && g.Proposal.By != me {
			d.say("%s proposes to %s%s.", opp, s.proposalText(g, g.Proposal, key), s.answerHint(key, ": send"))
		}
	default:
		d.say("Game %s was %s.", g.ID, g.Status)
	}
	s.offerActions(gs, key)
}

// gamesHelp lists the player's live games and what each waits for.
func (s *session) gamesHelp() error {
	return s.listGames(true, ` (send "game ID; help" for what you can do in one)`)
}

// exampleMoves gives two legal moves of a position in notation o.
func exampleMoves(pos *tak.Position, o notation.Orientation) string {
	var ex []string
	for _, m := range pos.LegalMoves(nil) {
		if len(ex) == 2 {
			break
		}
		if len(ex) > 0 && m.Type == tak.Place && m.Piece == tak.Wall {
			continue
		}
		w := "\"" + formatMove(m, pos, o) + "\""
		if len(ex) == 0 || ex[0] != w {
			ex = append(ex, w)
		}
	}
	return strings.Join(ex, " or ")
}
