package demo

import (
	"bytes"
	"context"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"sort"
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

// TestDemoPrintsInOrder: the transcript shows the mails in the order the
// mail server accepted them, the players' and the bot's alike, so that
// bob's "Game begins" comes before alice's first move.
func TestDemoPrintsInOrder(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()
	w, err := startWorld(ctx, Options{Logger: slog.New(slog.DiscardHandler)}, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	var out bytes.Buffer
	sc := &script{w: w, out: &out, dir: dir}
	if err := sc.play(ctx); err != nil {
		t.Fatalf("play: %v\n%s", err, out.String())
	}
	// Between two mails of the players, the transcript prints the mails
	// of the bot the server accepted between them (in an order of its
	// own within that stretch).
	var accepted []string
	players := map[string]bool{}
	for _, sub := range w.sys.Sent() {
		msg, err := mail.ReadMessage(bytes.NewReader(sub.Raw))
		if err != nil {
			t.Fatalf("a mail the server accepted does not parse: %v", err)
		}
		id := normalID(msg.Header.Get("Message-Id"))
		accepted = append(accepted, id)
		if sub.User != BotAddress {
			players[id] = true
		}
	}
	if len(sc.printed) != len(accepted) || len(accepted) < 40 || len(players) < 10 {
		t.Fatalf("%d mails printed, %d accepted by the server (%d of the players); want the same, at least 40", len(sc.printed), len(accepted), len(players))
	}
	stretches := func(ids []string) []string {
		var out, cur []string
		flush := func() {
			sort.Strings(cur)
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
		for _, id := range ids {
			if players[id] {
				flush()
				out = append(out, "player "+id)
				continue
			}
			cur = append(cur, id)
		}
		flush()
		return out
	}
	got, want := stretches(sc.printed), stretches(accepted)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("stretch %d of the transcript is %q; the server accepted %q", i, got[i], want[i])
		}
	}
	transcript := out.String()
	begins := strings.Index(transcript, "Game g1 begins: ")
	bobBegins := strings.Index(transcript, "You play black.")
	firstMove := strings.Index(transcript, "alice → bot (as Gmail, text and HTML)")
	if begins < 0 || bobBegins < 0 || firstMove < 0 || bobBegins > firstMove {
		t.Errorf("bob's \"Game begins\" at %d, alice's first move at %d; want it before:\n%s", bobBegins, firstMove, transcript)
	}
}
