package bot

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Commands that show a game or the player's games and change nothing.

func (s *session) cmdBoard(c *Command) error {
	gs, err := s.target(c, pickShow)
	if err != nil {
		return err
	}
	g := gs.rec
	key := s.sender.Key
	s.tell(key, g.ID).say("Game %s: %s against %s.%s", g.ID, whoFor(g, tak.White, key), whoFor(g, tak.Black, key), challenge.RematchLinks(g))
	s.status(gs, key, true)
	return nil
}

func (s *session) cmdHistory(c *Command) error {
	return s.withPTN(c, func(d *draft, g *GameRecord, ptn string) { d.block(fmt.Sprintf("Game %s as PTN:", g.ID), ptn) })
}

func (s *session) cmdLink(c *Command) error {
	return s.withPTN(c, func(d *draft, g *GameRecord, ptn string) {
		d.say("Game %s on PTN Ninja: %s", g.ID, notation.NinjaLink(ptn))
	})
}

// withPTN writes the game a command addresses as PTN and hands it to show.
func (s *session) withPTN(c *Command, show func(d *draft, g *GameRecord, ptn string)) error {
	gs, err := s.target(c, pickShow)
	if err != nil {
		return err
	}
	text, err := gs.rec.PTNFile(gs.tg)
	if err != nil {
		return err
	}
	show(s.tell(s.sender.Key, gs.rec.ID), gs.rec, text)
	return nil
}

func (s *session) cmdTPS(c *Command) error {
	gs, err := s.target(c, pickShow)
	if err != nil {
		return err
	}
	s.tell(s.sender.Key, gs.rec.ID).block(fmt.Sprintf("Game %s at %s as TPS:", gs.rec.ID, turnName(gs.pos().Ply()+1)), notation.FormatTPS(gs.pos()))
	return nil
}

func (s *session) cmdGames(c *Command) error { return s.listGames(false, "") }

// listGames tells the sender their games, those waiting for them first
// (live: without the challenges declined, withdrawn or expired), the
// title ending with hint.
func (s *session) listGames(live bool, hint string) error {
	lines, err := s.gameLines(live)
	if err != nil {
		return err
	}
	d := s.tell(s.sender.Key, "")
	if len(lines) == 0 {
		d.say("You have no games yet: challenge someone with \"new OPPONENT\", e.g. \"new bob size=5\", or send \"seeks\" for the open challenges waiting for an opponent.")
		return nil
	}
	d.block("Your games, those waiting for you first"+hint+":", strings.Join(lines, "\n"))
	return nil
}

// gameLines describes the sender's games, those waiting for them first;
// live leaves out the challenges declined, withdrawn or expired.
func (s *session) gameLines(live bool) ([]string, error) {
	key := s.sender.Key
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	var first, rest []string
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		if live && calledOff(g) {
			continue
		}
		line, waiting := s.gameLine(g, key)
		if id == s.sender.Chosen {
			line += " (chosen: your commands go here)"
		}
		if waiting {
			first = append(first, line)
		} else {
			rest = append(rest, line)
		}
	}
	return append(first, rest...), nil
}

// gameLine describes one game for "games", and whether it waits for the player.
func (s *session) gameLine(g *GameRecord, key string) (string, bool) {
	me, _ := g.ColorOf(key)
	line := fmt.Sprintf("%s%s against %s, you play %s: ", g.ID, wordsGame(g).EventNote(), g.Names[me.Opponent()], me)
	waiting := false
	switch g.Status {
	case Active:
		tm := toMove(g)
		turn := startPly(g) + len(g.Moves) + 1
		if tm == me {
			line += fmt.Sprintf("your turn (turn %d)", turn)
			waiting = true
		} else {
			line += fmt.Sprintf("%s's turn (turn %d)", g.Names[tm], turn)
		}
		if !g.Deadline.IsZero() {
			line += ", due " + s.timeFor(key, g.Deadline)
		}
	case Challenged:
		if me == g.Challenger && g.Seek != nil {
			line += "open challenge, until someone accepts it (\"seeks\" lists it)"
		} else if me == g.Challenger {
			line += "challenge sent"
		} else {
			line += "challenge to answer"
			waiting = true
		}
	case Over:
		line += "over, " + g.Result.PTN
	default:
		line += string(g.Status)
	}
	line += challenge.RematchLinks(g)
	if g.Proposal != nil && answerable(g) && g.Proposal.By != me {
		line += fmt.Sprintf("; %s proposes to %s: send \"game %s; accept\" or \"game %s; decline\"", g.Names[g.Proposal.By], s.proposalShort(g, g.Proposal, key), g.ID, g.ID)
		waiting = true
	}
	return line, waiting
}

func (s *session) cmdGame(c *Command) error {
	switch {
	case len(c.Args) == 0:
		return refuse("say which game, e.g. \"game g3\" (send \"games\" to list yours)")
	case len(c.Args) > 1:
		return refuse("\"game\" takes one game id; to send a command to that game, separate them with ';', e.g. \"game %s; %s\"",
			strings.ToLower(excerpt(c.Args[0], 12)), excerpt(strings.Join(c.Args[1:], " "), excerptRunes))
	}
	id := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:"))
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	g, err := s.peekGame(id)
	if err != nil || !ViewerOf(s.sender.Key).SeesGame(g) {
		// Someone else's private game is answered as a missing one.
		return refuse("there is no game %s; send \"games\" to list yours", excerpt(id, 12))
	}
	if _, ok := g.ColorOf(s.sender.Key); !ok {
		return refuse("game %s is not one of yours; send \"games\" to list yours", id)
	}
	s.current = id
	s.touch(id)
	s.sender.Chosen = id
	s.markPlayer(s.sender)
	s.tell(s.sender.Key, id).say("Your commands now go to game %s, %s against %s, until you choose another with \"game ID\".", id, nameFor(g, tak.White, s.sender.Key), nameFor(g, tak.Black, s.sender.Key))
	return nil
}

func (s *session) cmdNotation(c *Command) error {
	if len(c.Args) != 1 {
		return refuse("say \"notation mail\" (Tak by Mail: A1 is the north-west corner) or \"notation ptn\" (a1 is the south-west corner)")
	}
	switch strings.ToLower(c.Args[0]) {
	case "mail":
		s.sender.Notation = notation.Mail
	case "ptn":
		s.sender.Notation = notation.PTN
	default:
		return refuse("notation is mail or ptn, not %q", excerpt(c.Args[0], 20))
	}
	s.sender.NotationFixed = true
	s.markPlayer(s.sender)
	what := "Tak by Mail (A1 is the north-west corner); a bare square such as \"b4\" is asked about, since it reads differently in PTN"
	if s.sender.Notation == notation.PTN {
		what = "PTN (a1 is the south-west corner); bare squares such as \"b4\" are read as PTN"
	}
	s.tell(s.sender.Key, s.defaultGame()).say("The referee now writes to you in %s.", what)
	return nil
}
