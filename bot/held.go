package bot

import (
	"context"
	"fmt"

	"github.com/takbymail/takbot/bot/consent"
)

// AnswerScheduler is implemented by a transport whose limit holds answers
// back: see consent.AnswerScheduler.
type AnswerScheduler = consent.AnswerScheduler

// PendingAnswers counts the answers (Answer class: the ones a transport's
// limit may hold back) that wait for delivery to a recipient, and returns
// the first limit of them in order (limit 0: the count only). Play answers
// and events are never held, and are not counted. A transport uses it to
// tell the true number of answers it holds back, the one it refused and
// those queued behind it.
func (r *Referee) PendingAnswers(ctx context.Context, to Identity, limit int) (int, []Reply, error) {
	var n int
	var out []Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		n, out, err = tx.PendingLane(to.Transport, LaneOf(to, Answer), limit)
		return err
	})
	if err != nil {
		return 0, nil, fmt.Errorf("bot: pending answers to %s: %w", to.Key(), err)
	}
	return n, out, nil
}
