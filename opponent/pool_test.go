package opponent_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
)

// challenge starts a game against takbot for a console player, takbot to
// move first (the player takes black).
func challenge(t *testing.T, w *world, name string) string {
	t.Helper()
	out, err := w.ref.Handle(t.Context(), bot.Message{ID: "new-" + name, From: record.Identity{Transport: "console", Address: name}, Name: name,
		Text: "new takbot size=4 color=black level=5"})
	if err != nil || out.Refused || len(out.Games) != 1 {
		t.Fatalf("new takbot for %s: %v %+v", name, err, out)
	}
	return out.Games[0]
}

// TestManyGamesNeverStall: with one worker and a queue of two, takbot
// thinking in one game holds up neither the referee (other players'
// messages are answered at once) nor the delivery (a full queue holds the
// engine's replies back in the outbox); once it thinks again, every game
// gets its move.
func TestManyGamesNeverStall(t *testing.T) {
	g := newGate()
	commits := make(chan struct{}, 1000)
	// The system clock: a held-back reply is retried when the outbox's
	// clock has passed its next try.
	w := newWorldClock(t, t.TempDir(), g, opponent.Config{Workers: 1, Queue: 2}, func([]string) { commits <- struct{}{} }, bot.SystemClock{})
	defer w.db.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	go w.player.Run(ctx)
	deliveryCtx, stopDelivery := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { w.ref.RunDelivery(deliveryCtx); close(done) }()
	defer func() { stopDelivery(); <-done }()

	const n = 6
	var games []string
	for i := range n {
		games = append(games, challenge(t, w, fmt.Sprintf("p%d", i)))
	}
	select {
	case <-g.started: // takbot thinks in one game and is stuck there
	case <-ctx.Done():
		t.Fatal("takbot never started thinking")
	}
	// The referee answers at once meanwhile.
	start := time.Now()
	out, err := w.ref.Handle(ctx, bot.Message{ID: "games", From: record.Identity{Transport: "console", Address: "p0"}, Name: "p0", Text: "games"})
	if err != nil || out.Refused {
		t.Fatalf("games: %v %+v", err, out)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the referee took %s to answer while takbot thinks", took)
	}
	close(g.release) // takbot thinks freely from now on
	for {
		moved := 0
		for _, id := range games {
			rec, err := w.ref.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Moves) == 1 {
				moved++
			}
		}
		if moved == n {
			break
		}
		select {
		case <-commits:
		case <-time.After(time.Second): // a held-back reply is retried by the outbox's clock, not a commit
		case <-ctx.Done():
			t.Fatalf("only %d of %d games got takbot's move", moved, n)
		}
	}
}

// TestResumeAfterRestart: a move takbot was asked for but had not made
// when the process stopped is made after the restart.
func TestResumeAfterRestart(t *testing.T) {
	dir := t.TempDir()
	g := newGate()
	w := newWorld(t, dir, g, opponent.Config{Workers: 1}, nil)
	id := challenge(t, w, "ann")
	// The engine's transport takes the reply (it is queued, not played):
	// delivered as far as the outbox knows.
	if _, err := w.ref.DeliverDue(t.Context(), record.EngineTransport); err != nil {
		t.Fatal(err)
	}
	w.db.Close() // the process stops before takbot played

	commits := make(chan struct{}, 100)
	w2 := newWorld(t, dir, opponent.Greedy{}, opponent.Config{Workers: 1}, func([]string) { commits <- struct{}{} })
	defer w2.db.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	go w2.player.Run(ctx)
	for {
		rec, err := w2.ref.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Moves) == 1 {
			return
		}
		select {
		case <-commits:
		case <-ctx.Done():
			t.Fatal("takbot did not move after the restart")
		}
	}
}

// TestProposalsAnswered: takbot accepts an undo and declines a draw.
func TestProposalsAnswered(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	w.script(t, `ann: new takbot size=4 color=white
ann: notation ptn
ann: a1
ann: draw
ann: undo
`)
	out := w.out.String()
	for _, want := range []string{"takbot declined the proposal to agree a draw", "takbot accepted"} {
		if !containsFold(out, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, out)
		}
	}
}
