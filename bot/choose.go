package bot

import (
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/words"
)

// Choosing the game a command addresses. In order: a "game ID" earlier in
// the same message; the game the transport associates with the message (a
// mail or Discord thread); the game the player chose with "game ID" in an
// earlier message. Without any of these, the command goes to the only game
// it fits ("ps a1" to the only game where it is the sender's turn). When it
// fits several, the referee asks, offering the exact commands ("game g1;
// ps a1"), and changes nothing: it never guesses.

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
func (s *session) target(c *Command, k pick.Kind) (*gameState, error) {
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
		if pick.Fits(g, key, k) {
			fit = append(fit, g)
		}
		if !pick.CalledOff(g) {
			relevant = append(relevant, g)
		}
	}
	switch {
	case len(fit) == 1:
		return s.load(fit[0].ID)
	case len(fit) > 1:
		return nil, s.ask(c, k, fit)
	case len(relevant) == 1 && k != pick.Answer && k != pick.Cancel:
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
func (s *session) ask(c *Command, k pick.Kind, fit []*GameRecord) error {
	key := s.sender.Key
	o := pick.Which(c, k, key, fit, func(g *GameRecord, p *Proposal) string { return s.proposalShort(g, p, key) })
	var actions []Action
	for i, cd := range o.Candidates {
		// The moment of the game as read here: a button of this question
		// pressed once the game has moved on is refused (moment.go).
		a := Action{Label: o.Label(cd), Command: o.Command(cd), Moment: MomentOf(fit[i])}
		if c.Name == "resign" {
			a.Confirm = o.ConfirmResign(cd)
		}
		actions = append(actions, a)
	}
	return &question{msg: o.Words(words.Reader{}), actions: actions}
}

// noGame refuses a command that fits none of the sender's games, saying
// what the sender's games are waiting for (pick.None).
func (s *session) noGame(k pick.Kind, games []*GameRecord) error {
	o := pick.None(k, s.sender.Key, games)
	if o.Question() {
		return &question{msg: o.Words(words.Reader{})}
	}
	return refuse("%s", o.Words(words.Reader{}))
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
