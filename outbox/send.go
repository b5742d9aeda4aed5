package outbox

import (
	"context"
	"time"
)

// StopGrace is how long a send in flight may go on once the service is
// told to stop (see SendContext).
const StopGrace = 10 * time.Second

// SendContext bounds one send (a Transport.Send, or a transport's own
// mail) by timeout and, once ctx ends (the service stops), by StopGrace
// more: a send in flight is not cut off at once, since a mail cut off
// after the server took it, but before the bot heard so, would be sent
// again at the next start. Record its outcome with a context that
// outlives ctx (context.WithoutCancel).
func SendContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	stop := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(StopGrace, cancel)
		context.AfterFunc(sctx, func() { t.Stop() })
	})
	return sctx, func() {
		stop()
		cancel()
	}
}
