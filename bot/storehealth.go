package bot

import (
	"context"

	"github.com/takbymail/takbot/outbox"
)

// The store's health (its failures to record, the replies delivered and
// not recorded, the damaged records set aside) is watched by
// Referee.trouble, an outbox.Health, through the store wrapper
// outbox.Watched.

// recordUnrecorded records the delivery of a reply sent before whose
// record failed, instead of sending it again. done is false for any other
// reply.
func (r *Referee) recordUnrecorded(ctx context.Context, e *transportEntry, rp *Reply) (res outbox.Result, done bool) {
	at, ok := r.trouble.Gate.Unrecorded(rp.ID)
	if !ok {
		return 0, false
	}
	if err := r.markDeliveredAt(ctx, rp, at); err != nil {
		r.logger().Debug("delivery: record a delivery made before", "transport", e.info.Name, "reply", rp.ID, "err", err)
		return outbox.Retry, true
	}
	r.trouble.Gate.Forget(rp.ID)
	r.logger().Debug("reply delivered before, recorded now", "transport", e.info.Name, "reply", rp.ID, "game", rp.Game)
	return outbox.Delivered, true
}

// Problems describes, for a health check, what leaves the referee
// degraded: the store failing to record, replies delivered and not yet
// recorded, damaged records set aside. None when all is well.
func (r *Referee) Problems() []string { return r.trouble.Problems() }

// SetAside reports the damaged records err names (errors wrapping a
// *DamagedRecordError, such as a transport's adapter state it cannot
// decode), each once: logged, counted and listed in Problems. It returns
// whether err is about damaged records; the caller then goes on without
// them.
func (r *Referee) SetAside(err error) bool { return len(r.trouble.Damaged(err)) > 0 }
