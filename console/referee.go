package console

import (
	"context"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Referee is what the console uses of the referee, and all of it;
// *bot.Referee implements it (cmd/takbot asserts so), and a test may hand
// Run something else.
type Referee interface {
	// Handle referees one message (one line typed).
	Handle(ctx context.Context, msg bot.Message) (bot.Outcome, error)
	// DeliverDue delivers a transport's due replies, in order.
	DeliverDue(ctx context.Context, transport string) (int, error)
	// Tick runs the clocks: losses on time, expiries, digests.
	Tick(ctx context.Context) ([]record.Reply, error)
}
