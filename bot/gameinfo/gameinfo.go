package gameinfo

import (
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/privacy"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Lister is what [Line] and [Games] need of the message being evaluated.
type Lister interface {
	// Sender is the sender's player record.
	Sender() *record.Player
	// Now is the time of the message being evaluated.
	Now() time.Time
	// GamesOf are a player's game ids, oldest first; PeekGame reads a
	// game without loading it.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// Reader describes the player key as a reader of game g (nil for none).
	Reader(g *record.Game, key string) words.Reader
	// WordsProposal describes a proposal of game g for words.
	WordsProposal(g *record.Game, p *record.Proposal) words.Proposal
	// Tell adds o's words to the reply to player to about game ("" for
	// none); TellBlock adds a monospace block with its caption.
	Tell(to, game string, o words.Outcome)
	TellBlock(to, game, caption, text string)
}

// Turn is what the handlers need of the message being evaluated; package
// bot's session implements it.
type Turn interface {
	Lister
	// MarkPlayer has a changed player written at commit.
	MarkPlayer(p *record.Player)
	// TargetShown loads the game command c is about, in progress or
	// waiting for an answer (asking which when it cannot tell).
	TargetShown(c *command.Command) (*record.Game, error)
	// Position is where a loaded game stands; History loads a game and
	// returns its history.
	Position(id string) *tak.Position
	History(id string) (*tak.Game, error)
	// Status adds what the player to sees of a loaded game: its picture
	// (withPicture), sync board, reserves, whose turn, the actions.
	Status(g *record.Game, to string, withPicture bool)
	// Reply tells an outcome of game g to the player key, as an answer.
	Reply(g *record.Game, key string, o words.Outcome)
	// Refused refuses the command with o's words.
	Refused(o words.Outcome) error
	// SetCurrent chooses game id for the rest of the message; Touch notes
	// that the message addressed it.
	SetCurrent(id string)
	Touch(id string)
	// DefaultGame is the game the message is about, "" for none.
	DefaultGame() string
}

// wordsGame is what words need of a game.
func wordsGame(g *record.Game) words.Game { return present.Game(g) }

// Board runs "board": who plays whom, then the game as it stands.
func Board(t Turn, c *command.Command) error {
	g, err := t.TargetShown(c)
	if err != nil {
		return err
	}
	key := t.Sender().Key
	t.Reply(g, key, words.GameShown{Game: wordsGame(g), Rematch: words.RematchLinks(g.RematchOf, g.Rematch)})
	t.Status(g, key, true)
	return nil
}

// History runs "history": the game as PTN, then the chat kept with it as
// chat gives it to the sender (nothing unless they play in it).
func History(t Turn, c *command.Command, chat func(g *record.Game, key string) words.ChatLog) error {
	return withPTN(t, c, func(g *record.Game, ptn string) {
		me := t.Sender().Key
		t.TellBlock(me, g.ID, words.PTNCaption(g.ID), ptn)
		if log := chat(g, me); len(log.Lines) > 0 {
			caption, text := log.Block()
			t.TellBlock(me, g.ID, caption, text)
		}
	})
}

// Link runs "link": the game's PTN Ninja link.
func Link(t Turn, c *command.Command) error {
	return withPTN(t, c, func(g *record.Game, ptn string) {
		t.Reply(g, t.Sender().Key, words.NinjaLinked{ID: g.ID, Link: notation.NinjaLink(ptn)})
	})
}

// withPTN writes the game a command addresses as PTN and hands it to show.
func withPTN(t Turn, c *command.Command, show func(g *record.Game, ptn string)) error {
	g, err := t.TargetShown(c)
	if err != nil {
		return err
	}
	tg, err := t.History(g.ID)
	if err != nil {
		return err
	}
	text, err := g.PTNFile(tg)
	if err != nil {
		return err
	}
	show(g, text)
	return nil
}

// TPS runs "tps": the position as TPS.
func TPS(t Turn, c *command.Command) error {
	g, err := t.TargetShown(c)
	if err != nil {
		return err
	}
	pos := t.Position(g.ID)
	t.TellBlock(t.Sender().Key, g.ID, words.TPSCaption(g.ID, pos.Ply()+1), notation.FormatTPS(pos))
	return nil
}

// Games tells the sender their games, those waiting for them first
// (live: without the challenges declined, withdrawn or expired), the
// caption ending with hint.
func Games(t Lister, live bool, hint string) error {
	key := t.Sender().Key
	ids, err := t.GamesOf(key)
	if err != nil {
		return err
	}
	var first, rest []string
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return err
		}
		if live && pick.CalledOff(g) {
			continue
		}
		o, waiting := Line(t, g, key)
		o.Chosen = id == t.Sender().Chosen
		line := o.Words(t.Reader(g, key))
		if waiting {
			first = append(first, line)
		} else {
			rest = append(rest, line)
		}
	}
	if len(first)+len(rest) == 0 {
		t.Tell(key, "", words.NoGames{})
		return nil
	}
	t.TellBlock(key, "", words.GamesCaption(hint), strings.Join(append(first, rest...), "\n"))
	return nil
}

// Line describes game g for the player key as "games" lists it, and
// whether it waits for them (their move, a challenge or a proposal to
// answer).
func Line(t Lister, g *record.Game, key string) (words.GameLine, bool) {
	me, _ := g.ColorOf(key)
	o := words.GameLine{Game: wordsGame(g), Me: me, Status: string(g.Status), Rematch: words.RematchLinks(g.RematchOf, g.Rematch)}
	waiting := false
	switch g.Status {
	case record.Active:
		o.Listing, o.ToMove, o.Turn, o.Deadline, o.Now = words.ListedActive, pick.ToMove(g), pick.Turn(g), g.Deadline, t.Now()
		waiting = o.ToMove == me
	case record.Challenged:
		switch {
		case me == g.Challenger && g.Seek != nil:
			o.Listing = words.ListedSeek
		case me == g.Challenger:
			o.Listing = words.ListedChallengeSent
		default:
			o.Listing, waiting = words.ListedChallengeToMeet, true
		}
	case record.Over:
		o.Listing, o.Result = words.ListedOver, g.Result.PTN
	}
	if pr := g.Proposal; pr != nil && pick.Answerable(g) && pr.By != me {
		o.Proposal = t.WordsProposal(g, pr).Short(wordsGame(g), t.Reader(g, key))
		o.ProposalBy, waiting = pr.By, true
	}
	return o, waiting
}

// Choose runs "game ID": the sender's commands go to that game, in this
// message and later ones, until they choose another.
func Choose(t Turn, c *command.Command) error {
	switch {
	case len(c.Args) == 0:
		return t.Refused(words.InfoRefusal{Reason: words.GameWhich})
	case len(c.Args) > 1:
		return t.Refused(words.InfoRefusal{Reason: words.GameOneID, Arg: strings.ToLower(command.Excerpt(c.Args[0], 12)),
			Rest: command.Excerpt(strings.Join(c.Args[1:], " "), command.QuoteRunes)})
	}
	id := strings.ToLower(strings.TrimRight(c.Args[0], ".,!?:"))
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	sender := t.Sender()
	g, err := t.PeekGame(id)
	if err != nil || !privacy.ViewerOf(sender.Key).SeesGame(g) {
		// Someone else's private game is answered as a missing one.
		return t.Refused(words.InfoRefusal{Reason: words.GameMissing, Arg: command.Excerpt(id, 12)})
	}
	if _, ok := g.ColorOf(sender.Key); !ok {
		return t.Refused(words.InfoRefusal{Reason: words.GameNotYours, Arg: id})
	}
	t.SetCurrent(id)
	t.Touch(id)
	sender.Chosen = id
	t.MarkPlayer(sender)
	t.Reply(g, sender.Key, words.GameChosen{Game: wordsGame(g)})
	return nil
}

// Notation runs "notation mail|ptn": the notation the referee writes to
// the sender in, and reads a bare square in.
func Notation(t Turn, c *command.Command) error {
	if len(c.Args) != 1 {
		return t.Refused(words.InfoRefusal{Reason: words.NotationWhich})
	}
	sender := t.Sender()
	switch strings.ToLower(c.Args[0]) {
	case "mail":
		sender.Notation = notation.Mail
	case "ptn":
		sender.Notation = notation.PTN
	default:
		return t.Refused(words.InfoRefusal{Reason: words.NotationUnknown, Arg: command.Excerpt(c.Args[0], 20)})
	}
	sender.NotationFixed = true
	t.MarkPlayer(sender)
	t.Tell(sender.Key, t.DefaultGame(), words.NotationSet{Notation: sender.Notation})
	return nil
}
