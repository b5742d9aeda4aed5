package bot

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Choosing the game a command addresses. In order: a "game ID" earlier in
// the same message; the game the transport associates with the message (a
// mail or Discord thread); the game the player chose with "game ID" in an
// earlier message. Without any of these, the command goes to the only game
// it fits ("ps a1" to the only game where it is the sender's turn). When it
// fits several, the referee asks, offering the exact commands ("game g1;
// ps a1"), and changes nothing: it never guesses.

// pickKind is what a command needs of a game.
type pickKind uint8

const (
	pickMove    pickKind = iota + 1 // an active game where it is the sender's turn
	pickPlaying                     // an active game
	pickDispute                     // an active game, or one that ended on the board
	pickAnswer                      // a challenge or proposal to the sender
	pickCancel                      // a challenge or proposal by the sender
	pickShow                        // a game in progress or waiting for an answer
	pickAnalyse                     // a game against takbot in progress, or a finished game
)

// fits reports whether g is a game a command of kind k could address.
func (s *session) fits(g *GameRecord, k pickKind) bool {
	me, _ := g.ColorOf(s.sender.Key)
	switch k {
	case pickMove:
		return g.Status == Active && toMove(g) == me
	case pickPlaying:
		return g.Status == Active
	case pickDispute:
		return g.Status == Active || g.Status == Over && g.Result != nil && g.Result.Reason.OnBoard()
	case pickAnswer:
		return g.Status == Challenged && me != g.Challenger || answerable(g) && g.Proposal != nil && g.Proposal.By != me
	case pickCancel:
		return g.Status == Challenged && me == g.Challenger || answerable(g) && g.Proposal != nil && g.Proposal.By == me
	case pickShow:
		return g.Status == Active || g.Status == Challenged
	case pickAnalyse:
		return g.Status == Active && g.AgainstEngine() || g.Status == Over
	}
	return false
}

// answerable reports whether a proposal of g can still be answered.
func answerable(g *GameRecord) bool { return g.Status == Active || g.Status == Over }

// finished reports whether a game never started or was called off.
func calledOff(g *GameRecord) bool {
	return g.Status == Declined || g.Status == Cancelled || g.Status == Expired || g.Status == Aborted
}

// toMove returns the colour to move in a game, from its record alone.
func toMove(g *GameRecord) tak.Color {
	return tak.Color((startPly(g) + len(g.Moves)) % 2)
}

// startPly returns the ply of a game's start position: 0, or the ply of
// the adopted board's TPS (its move number and side to move).
func startPly(g *GameRecord) int {
	if g.Start == "" {
		return 0
	}
	f := strings.Fields(g.Start)
	if len(f) < 3 {
		return 0
	}
	side, move := 0, 0
	fmt.Sscan(f[1], &side)
	fmt.Sscan(f[2], &move)
	if move < 1 || side < 1 || side > 2 {
		return 0
	}
	return 2*(move-1) + side - 1
}

// namedGame returns the game of the player key that the message names, in
// order: the game chosen earlier in the message, the game of the message's
// thread, the player's chosen game; "" when none of them is the player's.
func (s *session) namedGame(key string) string {
	for _, id := range []string{s.current, s.msg.Game, s.sender.Chosen} {
		if id == "" {
			continue
		}
		if g, err := s.peekGame(id); err == nil {
			if _, ok := g.ColorOf(key); ok {
				return id
			}
		}
	}
	return ""
}

// target chooses the game command c addresses and loads it under its lock.
func (s *session) target(c *Command, k pickKind) (*gameState, error) {
	key := s.sender.Key
	if id := s.namedGame(key); id != "" {
		return s.load(id)
	}
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	var fit, relevant []*GameRecord
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		if s.fits(g, k) {
			fit = append(fit, g)
		}
		if !calledOff(g) {
			relevant = append(relevant, g)
		}
	}
	switch {
	case len(fit) == 1:
		return s.load(fit[0].ID)
	case len(fit) > 1:
		return nil, s.ask(c, k, fit)
	case len(relevant) == 1 && k != pickAnswer && k != pickCancel:
		// The one game there is: the command refuses there with a reason
		// of its own ("it is not your turn in g1: bob is to move").
		return s.load(relevant[0].ID)
	}
	return nil, s.noGame(k, relevant)
}

// load loads a chosen game and notes that the message addressed it.
func (s *session) load(id string) (*gameState, error) {
	gs, err := s.game(id)
	if err != nil {
		return nil, err
	}
	s.touch(id)
	return gs, nil
}

// ask is the question when a command fits several games.
func (s *session) ask(c *Command, k pickKind, fit []*GameRecord) error {
	key := s.sender.Key
	text := commandText(c)
	var names, cmds []string
	var actions []Action
	for _, g := range fit {
		me, _ := g.ColorOf(key)
		opp := g.Names[me.Opponent()]
		what := "against " + opp
		switch {
		case g.Status == Challenged && me != g.Challenger:
			what = "a challenge from " + opp
		case g.Status == Challenged:
			what = "your challenge to " + opp
		case k == pickAnswer && g.Proposal != nil:
			what = fmt.Sprintf("%s proposes to %s", opp, s.proposalShort(g, g.Proposal, s.sender.Key))
		case k == pickCancel && g.Proposal != nil:
			what = fmt.Sprintf("your proposal to %s", s.proposalShort(g, g.Proposal, s.sender.Key))
		case g.Status == Active:
			what += fmt.Sprintf(", turn %d", startPly(g)+len(g.Moves)+1)
		}
		names = append(names, fmt.Sprintf("%s (%s)", g.ID, what))
		cmd := "game " + g.ID + "; " + text
		cmds = append(cmds, "\""+cmd+"\"")
		// The moment of the game as read here: a button of this question
		// pressed once the game has moved on is refused (moment.go).
		a := Action{Label: fmt.Sprintf("%s in %s (%s)", text, g.ID, what), Command: cmd, Moment: MomentOf(g)}
		if c.Name == "resign" {
			a.Confirm = fmt.Sprintf("Resign game %s against %s?", g.ID, opp)
		}
		actions = append(actions, a)
	}
	var intro string
	switch k {
	case pickMove:
		intro = "It is your turn in several games"
	case pickAnswer:
		intro = "Several challenges or proposals wait for your answer"
	case pickCancel:
		intro = "You have several challenges or proposals you could withdraw"
	default:
		intro = "You play several games"
	}
	return &question{
		msg: fmt.Sprintf("%s: %s. Which one is %q for? Send %s (or \"game %s\" alone to send your commands to %s until you choose another). Nothing was changed.",
			intro, joinAnd(names), excerpt(text, excerptRunes), joinOr(cmds), fit[0].ID, fit[0].ID),
		actions: actions,
	}
}

// commandText writes a command as it can be sent again (a move with its
// guard).
func commandText(c *Command) string {
	if c.Name == cmdMove && c.Guard > 0 {
		return fmt.Sprintf("%s #%d", c.Text, c.Guard)
	}
	return c.Text
}

func joinOr(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// noGame refuses a command that fits none of the sender's games, saying
// what the sender's games are waiting for.
func (s *session) noGame(k pickKind, games []*GameRecord) error {
	key := s.sender.Key
	if len(games) == 0 {
		if k == pickAnswer {
			return refuse("there is no challenge or proposal for you to answer; start a game with \"new OPPONENT\", e.g. \"new bob size=5\"")
		}
		return refuse("you have no game; start one with \"new OPPONENT\", e.g. \"new bob size=5\"")
	}
	var waiting, sent, others []string
	for _, g := range games {
		me, _ := g.ColorOf(key)
		opp := g.Names[me.Opponent()]
		switch {
		case g.Status == Challenged && me != g.Challenger:
			waiting = append(waiting, fmt.Sprintf("%s from %s", g.ID, opp))
		case g.Status == Challenged:
			sent = append(sent, fmt.Sprintf("%s to %s", g.ID, opp))
		case g.Status == Active:
			others = append(others, fmt.Sprintf("%s (%s to move)", g.ID, g.Names[toMove(g)]))
		}
	}
	switch {
	case k == pickAnswer:
		return refuse("there is no challenge or proposal for you to answer")
	case k == pickCancel:
		return refuse("there is nothing of yours to withdraw (a challenge you sent, or a proposal you made)")
	case k == pickMove && len(others) > 0:
		return refuse("it is not your turn in any of your games: %s", joinAnd(others))
	case len(waiting) > 0:
		return refuse("you have no game in progress; a challenge waits for your answer (%s): send \"accept\" or \"decline\"", joinAnd(waiting))
	case len(sent) > 0:
		return refuse("you have no game in progress: your challenge (%s) has not been accepted yet", joinAnd(sent))
	case k == pickShow:
		var ids []string
		for _, g := range games {
			ids = append(ids, fmt.Sprintf("\"game %s\"", g.ID))
		}
		return &question{msg: fmt.Sprintf("You have no game in progress, and several finished ones: say which, e.g. %s. Send \"games\" to list them.", joinOr(ids[max(0, len(ids)-3):]))}
	}
	return refuse("you have no game in progress; send \"games\" to list yours, or start one with \"new OPPONENT\"")
}

// chosenHint explains, when g is the game the sender chose with "game ID"
// in an earlier message, why a command went there and how to choose another.
func (s *session) chosenHint(g *GameRecord) string {
	if !s.chosen(g) {
		return ""
	}
	return words.ChosenHint(g.ID)
}

// chosen reports whether g is the game the sender chose with "game ID" in
// an earlier message, and not the one this message addressed.
func (s *session) chosen(g *GameRecord) bool {
	return s.sender.Chosen == g.ID && s.current != g.ID && s.msg.Game != g.ID
}
