package bot_test

import (
	"context"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// heldTransport is an email transport whose first send waits, under way,
// until the test lets it finish; it records each reply it sends and the
// state of the first send's context when it finished.
type heldTransport struct {
	inSend, finish chan struct{}

	mu       sync.Mutex
	sent     map[string]int // reply id: sends
	firstErr error          // the first send's ctx.Err() when it finished
	calls    int
}

func (h *heldTransport) Info() bot.TransportInfo { return emailInfo() }

func (h *heldTransport) Send(ctx context.Context, r *bot.Reply) error {
	h.mu.Lock()
	h.calls++
	first := h.calls == 1
	h.mu.Unlock()
	if first {
		close(h.inSend)
		<-h.finish
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if first {
		h.firstErr = ctx.Err()
	}
	h.sent[r.ID]++
	return nil
}

// TestStopFinishesTheSendUnderWay: when the delivery pipeline is told to
// stop while a reply is being sent, the send is not cut off (its context
// lives on, within bot.StopGrace) and its success is recorded, so neither
// the shutdown's flush nor the next start sends it again.
func TestStopFinishesTheSendUnderWay(t *testing.T) {
	h := newHarness(t, withoutEmail())
	held := &heldTransport{inSend: make(chan struct{}), finish: make(chan struct{}), sent: map[string]int{}}
	h.ref.Register(held)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ref.RunDelivery(ctx)
	}()
	emailGame(t, h)
	<-held.inSend
	stop() // the service stops while the first reply is being sent
	close(held.finish)
	<-done
	if held.firstErr != nil {
		t.Errorf("the send under way was cut off when the pipeline stopped: %v", held.firstErr)
	}
	// What a shutdown's flush, or the next start, sends.
	if _, err := h.ref.DeliverDue(context.Background(), "email"); err != nil {
		t.Fatal(err)
	}
	if len(held.sent) == 0 {
		t.Fatal("nothing was sent")
	}
	for id, n := range held.sent {
		if n != 1 {
			t.Errorf("reply %s was sent %d times", id, n)
		}
	}
	if p := pending(t, h, "email"); len(p) != 0 {
		t.Errorf("replies still pending: %+v", p)
	}
}
