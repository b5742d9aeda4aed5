package opponent

import (
	"context"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Referee is what takbot as a player uses of the referee, and all of it;
// *bot.Referee implements it (cmd/takbot asserts so), and a test may hand
// the player something else.
type Referee interface {
	// Handle referees one message (the player's move).
	Handle(ctx context.Context, msg bot.Message) (bot.Outcome, error)
	// Game returns a stored game record.
	Game(ctx context.Context, id string) (*record.Game, error)
	// GamesOf returns the ids of a player's games.
	GamesOf(ctx context.Context, id record.Identity) ([]string, error)
}
