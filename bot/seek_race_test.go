package bot_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
)

// TestSeekTakenOnceUnderContention: twenty players accept one open
// challenge at the same moment, on a real bbolt file: exactly one plays,
// every other is told someone else was first, and the game's seat holds
// the one who was told the game began.
func TestSeekTakenOnceUnderContention(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "takbot.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	ref := bot.New(db, newClock(), bot.Options{Rand: func(int) int { return 0 }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ref.Register(&capture{info: consoleInfo()})
	ctx := context.Background()
	out, err := ref.Handle(ctx, bot.Message{ID: "seek", From: player("alice"), Name: "alice", Text: "new anyone"})
	if err != nil || len(out.Replies) == 0 {
		t.Fatalf("new anyone: %v %v", out, err)
	}
	id := out.Replies[0].Game

	const n = 20
	var wg sync.WaitGroup
	texts := make([]string, n)
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			name := "p" + itoa(i)
			out, err := ref.Handle(ctx, bot.Message{ID: "a" + itoa(i), From: player(name), Name: name, Text: "accept " + id})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			texts[i] = textTo(out.Replies, name)
		}()
	}
	close(start)
	wg.Wait()
	winners, losers := 0, 0
	winner := ""
	for i, tx := range texts {
		switch {
		case strings.Contains(tx, "Game "+id+" begins"):
			winners++
			winner = "console:p" + itoa(i)
		case strings.Contains(tx, "someone else accepted the open challenge "+id+" first"):
			losers++
		default:
			t.Errorf("p%d was told:\n%s", i, tx)
		}
	}
	g, err := ref.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if winners != 1 || losers != n-1 || g.Status != bot.Active || g.Players[1] != winner {
		t.Errorf("%d began, %d told it was taken; the game: %s %v (winner %s)", winners, losers, g.Status, g.Players, winner)
	}
}
