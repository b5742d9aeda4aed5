package demo

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// TestDemo runs the demo and checks that the game ended with alice's
// road win, that every mail was saved, and that the pictures (named by
// turn) and the game's PTN file were written.
func TestDemo(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	res, err := Run(ctx, Options{Out: &out, Dir: dir, Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	t.Logf("demo took %s, %d mails", time.Since(start), res.Mails)
	transcript := out.String()
	for _, want := range []string{"challenges you", "wins by road", "Ruling: the move is legal", "matches the true board", "played ps a1 (PTN a5)"} {
		if !strings.Contains(transcript, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	db, err := storage.Open(res.DBPath, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(ctx, func(tx bot.Tx) error {
		g, err := tx.Game(res.Game)
		if err != nil {
			return err
		}
		if g.Result == nil || g.Result.Reason != bot.EndRoad || g.Result.Winner != tak.White {
			t.Errorf("game %s result %+v, want a road win for white", g.ID, g.Result)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	emls, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(emls) != res.Mails || len(pngs) == 0 {
		t.Errorf("%d .eml files for %d mails, %d pictures", len(emls), res.Mails, len(pngs))
	}
	if _, err := os.Stat(filepath.Join(dir, res.Game+"-turn-1.png")); err != nil {
		t.Errorf("the first move's picture: %v", err)
	}
	ptn, err := os.ReadFile(filepath.Join(dir, res.Game+"-Alice-vs-Bob.ptn"))
	if err != nil || !strings.Contains(string(ptn), `[Result "R-0"]`) || !strings.Contains(transcript, "[file saved: ") {
		t.Errorf("the game's PTN file (%v):\n%s", err, ptn)
	}
	if testing.Verbose() {
		t.Log(transcript)
	}
}

// TestDemoNeverCaps: a player of the demo who writes more mails in an
// hour than takbot serve's limits allow (30 answers, 10 to an unverified
// address) gets every answer at once.
func TestDemoNeverCaps(t *testing.T) {
	const mails = 45
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	w, err := startWorld(ctx, Options{Logger: slog.New(slog.DiscardHandler)}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	alice, err := Connect(ctx, w.servers(), AliceAddress, "Alice", alicePassword, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer alice.Close()
	for i := range mails {
		if _, err := alice.Write(ctx, BotAddress, "help", "help", Plain); err != nil {
			t.Fatalf("mail %d: %v", i+1, err)
		}
	}
	for i := range mails {
		if _, err := alice.NextMatching(ctx, "help", nil); err != nil {
			t.Fatalf("answer %d of %d never came: %v", i+1, mails, err)
		}
	}
}
