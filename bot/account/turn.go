package account

import (
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Turn is what every handler here needs of the message being evaluated.
type Turn interface {
	// Now is when the referee evaluates the message.
	Now() time.Time
	// Sender is the player who sent it.
	Sender() *record.Player
	// Player reads a player (under the session's locks).
	Player(key string) (*record.Player, error)
	// MarkPlayer records that a player changed, to be written with the
	// message's effects.
	MarkPlayer(p *record.Player)
	// DefaultGame is the game the message is about, "" for none.
	DefaultGame() string
	// Tell tells an outcome to the player key, in the reply about game
	// ("" for none).
	Tell(to, game string, o words.Outcome)
	// Refused refuses the command being run, telling the sender why.
	Refused(o words.Outcome) error
}

// InGame is what a handler of a command about one game needs.
type InGame interface {
	Turn
	// TargetShown is the game the command is about: one in progress or
	// waiting for an answer, loaded for change.
	TargetShown(c *command.Command) (*record.Game, error)
	// MarkGame records that a game loaded for change changed.
	MarkGame(g *record.Game)
	// ChosenHint explains, when the command went to g because the sender
	// chose it earlier with "game ID", how to choose another ("" else).
	ChosenHint(g *record.Game) string
	// Reply tells an outcome of game g to the player key, as an answer.
	Reply(g *record.Game, key string, o words.Outcome)
	// Announce tells an outcome of game g to the player key, as news of
	// the game.
	Announce(g *record.Game, key string, o words.Outcome)
}
