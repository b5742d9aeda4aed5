package console_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/record"
)

// fakeReferee is a console.Referee that records what the console asks of
// it: the console needs nothing of the real referee but these three calls.
type fakeReferee struct {
	handled   []bot.Message
	delivered []string
	ticks     int
	fail      error // Handle's error
}

func (f *fakeReferee) Handle(_ context.Context, m bot.Message) (bot.Outcome, error) {
	f.handled = append(f.handled, m)
	return bot.Outcome{}, f.fail
}

func (f *fakeReferee) DeliverDue(_ context.Context, transport string) (int, error) {
	f.delivered = append(f.delivered, transport)
	return 0, nil
}

func (f *fakeReferee) Tick(context.Context) ([]record.Reply, error) {
	f.ticks++
	return nil, nil
}

type stillClock struct{ t time.Time }

func (c stillClock) Now() time.Time { return c.t }

// TestRunWithAnyReferee: Run drives whatever implements console.Referee:
// each line a message from its author, the clocks ticked and the outbox
// delivered after each, a failed message noted and the run going on.
func TestRunWithAnyReferee(t *testing.T) {
	now := time.Date(2026, 11, 28, 7, 0, 0, 0, time.UTC)
	ref := &fakeReferee{}
	var notes bytes.Buffer
	in := strings.NewReader("Alice: new bob\n# a comment\nBob: accept\n")
	err := console.Run(context.Background(), ref, in, console.Options{Clock: stillClock{now}, Notes: &notes, TickEachMessage: true, Replayable: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(ref.handled) != 2 {
		t.Fatalf("handled %d messages, want 2: %+v", len(ref.handled), ref.handled)
	}
	for i, want := range []struct{ addr, text string }{{"alice", "new bob"}, {"bob", "accept"}} {
		m := ref.handled[i]
		if m.From != (record.Identity{Transport: console.Name, Address: want.addr}) || m.Text != want.text || !m.Received.Equal(now) || m.ID == "" {
			t.Errorf("message %d = %+v, want from %s: %q", i, m, want.addr, want.text)
		}
	}
	// once before the first line, then after each message
	if got := strings.Join(ref.delivered, ","); got != "console,console,console" || ref.ticks != 2 {
		t.Errorf("delivered %q, ticks %d; want console three times, 2 ticks", got, ref.ticks)
	}

	ref = &fakeReferee{fail: errors.New("store down")}
	notes.Reset()
	if err := console.Run(context.Background(), ref, strings.NewReader("Alice: games\n"), console.Options{Clock: stillClock{now}, Notes: &notes}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(notes.String(), "Alice's message was not handled: store down") {
		t.Errorf("notes %q, want the failure noted", notes.String())
	}
}
