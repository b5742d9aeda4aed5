package discord

import (
	"context"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Referee is what the Discord transport uses of the referee, and all of
// it; *bot.Referee implements it (cmd/takbot asserts so), and a test may
// hand the transport something else.
type Referee interface {
	// Handle referees one message.
	Handle(ctx context.Context, msg bot.Message) (bot.Outcome, error)
	// Game returns a stored game record.
	Game(ctx context.Context, id string) (*record.Game, error)
	// Reply returns a reply of the outbox or the log.
	Reply(ctx context.Context, id string) (*record.Reply, error)
	// MoveChoices lists the legal moves a player could send now, for
	// autocomplete.
	MoveChoices(ctx context.Context, who record.Identity, game, prefix string, limit int) ([]string, error)
	// ViewState and UpdateState read and change the transport's own
	// records in the referee's store.
	ViewState(ctx context.Context, transport string, fn func(record.StateTx) error) error
	UpdateState(ctx context.Context, transport string, fn func(record.StateTx) error) error
}
