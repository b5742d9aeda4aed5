package mailplay

import (
	"context"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Referee is what the email transport uses of the referee, and all of it;
// *bot.Referee implements it (cmd/takbot asserts so), and a test may hand
// the transport something else.
type Referee interface {
	// Handle referees one message.
	Handle(ctx context.Context, msg bot.Message) (bot.Outcome, error)
	// PendingAnswers counts the answers waiting for a recipient and
	// returns the first limit of them.
	PendingAnswers(ctx context.Context, to record.Identity, limit int) (int, []record.Reply, error)
	// ReportUndeliverable records that replies to a player cannot be
	// delivered (a bounce that came after the send).
	ReportUndeliverable(ctx context.Context, to record.Identity, replyID, reason string) error
	// SetAside reports the damaged records an error names, and whether
	// it named any (the transport then goes on without them).
	SetAside(err error) bool
	// ViewState and UpdateState read and change the transport's own
	// records in the referee's store.
	ViewState(ctx context.Context, transport string, fn func(record.StateTx) error) error
	UpdateState(ctx context.Context, transport string, fn func(record.StateTx) error) error
	// ForEachGame calls fn for every stored game (issue 24's consent
	// backfill, on its way in from branch i24-consent, reads the players of
	// the games kept before consent was).
	ForEachGame(ctx context.Context, fn func(*record.Game) error) error
}
