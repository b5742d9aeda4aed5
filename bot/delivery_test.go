package bot_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// emailGame starts a game between console player ann (white) and email
// player bea, and returns its id.
func emailGame(t *testing.T, h *harness) string {
	t.Helper()
	id := h.send("ann", "new bea@example.org color=white")[0].Game
	h.handle(bot.Message{ID: "bea-accepts", From: bot.Identity{Transport: "email", Address: "bea@example.org"}, Text: "accept", Game: id})
	return id
}

// Temporary failures are retried with capped exponential backoff; the
// attempts and the next try are stored, so a new referee on the same store
// (a restart) continues the schedule, and nothing is delivered twice.
func TestTemporaryFailuresRetriedAcrossRestart(t *testing.T) {
	h := newHarness(t, func(o *bot.Options, _ *harness) {
		o.Delivery = bot.DeliveryOptions{MinBackoff: time.Minute, MaxBackoff: 4 * time.Minute}
		o.Rand = func(n int) int { return n - 1 } // no jitter: the full wait
	})
	emailGame(t, h)
	// bea's accept is answered as her own play, in her events' lane
	// after the challenge; "games" is an answer, in her answers' lane
	h.handle(bot.Message{ID: "bea-games", From: bea, Text: "games"})
	down := errors.New("smtp: connection refused")
	h.email.fail = func(*bot.Reply) error { return down }
	ctx := context.Background()
	waits := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 4 * time.Minute}
	for i, wait := range waits {
		if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 0 {
			t.Fatalf("attempt %d: %d delivered, %v", i+1, n, err)
		}
		// bea's challenge (an event, the game's start behind it) and
		// the answer to "games" are the heads of her two lanes
		heads := pending(t, h, "email")
		if len(heads) != 2 {
			t.Fatalf("after attempt %d: heads %+v, want bea's event and answer", i+1, heads)
		}
		for _, hd := range heads {
			if hd.Delivery.Attempts != i+1 || !hd.Delivery.NextTry.Equal(h.clock.Now().Add(wait)) ||
				!strings.Contains(hd.Delivery.LastError, "connection refused") {
				t.Fatalf("after attempt %d: %s %+v, want attempts %d and the next try in %v", i+1, hd.Class, hd.Delivery, i+1, wait)
			}
		}
		if n, _ := h.ref.DeliverDue(ctx, "email"); n != 0 {
			t.Fatalf("attempt %d: retried before its time", i+1)
		}
		if i == 1 { // restart: a new referee over the same store
			ref := bot.New(h.store, h.clock, bot.Options{Delivery: bot.DeliveryOptions{MinBackoff: time.Minute, MaxBackoff: 4 * time.Minute}, Rand: func(n int) int { return n - 1 }})
			ref.Register(h.console)
			ref.Register(h.email)
			h.ref = ref
		}
		h.clock.Advance(wait)
	}
	h.email.fail = nil
	if n, err := h.ref.DeliverDue(ctx, "email"); err != nil || n != 3 {
		t.Fatalf("after the outage: %d delivered, %v; want the challenge, the game's start and the games", n, err)
	}
	if n, _ := h.ref.DeliverDue(ctx, "email"); n != 0 || len(h.email.replies()) != 3 {
		t.Fatalf("delivered again: %d, %d sent in all", n, len(h.email.replies()))
	}
}

// pending lists the oldest pending reply of each recipient of a transport.
func pending(t *testing.T, h *harness, transport string) []bot.Reply {
	t.Helper()
	var out []bot.Reply
	if err := h.store.View(context.Background(), func(tx bot.Tx) error {
		var err error
		out, err = tx.PendingHeads(transport, 0)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// A permanent failure marks the reply failed with its reason, tells the
// recipient's opponent once on their own transport, and the game goes on;
// a later delivery makes the player reachable again.
func TestPermanentFailureTellsOpponent(t *testing.T) {
	h := newHarness(t)
	id := emailGame(t, h)
	h.email.fail = func(*bot.Reply) error {
		return bot.Permanent("the address does not exist", errors.New("550 5.1.1 user unknown"))
	}
	ctx := context.Background()
	if _, err := h.ref.DeliverDue(ctx, "email"); err != nil {
		t.Fatal(err)
	}
	h.send("ann", "ps a1")
	if _, err := h.ref.DeliverDue(ctx, "email"); err != nil {
		t.Fatal(err)
	}
	if heads := pending(t, h, "email"); len(heads) != 0 {
		t.Fatalf("failed replies still pending: %+v", heads)
	}
	var failed int
	h.store.View(ctx, func(tx bot.Tx) error {
		return tx.ForEachReply(func(r *bot.Reply) error {
			if r.To.Transport == "email" && !r.Delivery.Failed.IsZero() && r.Delivery.LastError == "the address does not exist" {
				failed++
			}
			return nil
		})
	})
	if failed != 3 {
		t.Errorf("%d email replies marked failed with the reason, want 3", failed)
	}
	if _, err := h.ref.DeliverDue(ctx, "console"); err != nil {
		t.Fatal(err)
	}
	var told int
	for _, r := range h.console.replies() {
		if strings.Contains(r.Text(), "bea@example.org (black) cannot be reached by email: the address does not exist. Game "+id+" goes on") {
			told++
		}
	}
	if told != 1 {
		t.Errorf("ann was told %d times, want once", told)
	}
	if g := h.game(id); g.Status != bot.Active || len(g.Moves) != 1 {
		t.Errorf("game stopped: %s", g.Status)
	}
	p, _ := h.ref.Player(ctx, bot.Identity{Transport: "email", Address: "bea@example.org"})
	if p.Unreachable == nil {
		t.Fatalf("bea not marked unreachable")
	}
	h.email.fail = nil
	h.handle(bot.Message{ID: "bea-board", From: bot.Identity{Transport: "email", Address: "bea@example.org"}, Text: "board"})
	if _, err := h.ref.DeliverDue(ctx, "email"); err != nil {
		t.Fatal(err)
	}
	if p, _ := h.ref.Player(ctx, bot.Identity{Transport: "email", Address: "bea@example.org"}); p.Unreachable != nil {
		t.Errorf("bea still unreachable after a delivery")
	}
}

// A bounce reported after the transport took the reply goes the same way.
func TestReportUndeliverable(t *testing.T) {
	h := newHarness(t)
	id := emailGame(t, h)
	ctx := context.Background()
	h.ref.DeliverDue(ctx, "email")
	last := h.email.replies()[1]
	if err := h.ref.ReportUndeliverable(ctx, last.To, last.ID, "the mailbox is full"); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.ReportUndeliverable(ctx, last.To, last.ID, "the mailbox is full"); err != nil {
		t.Fatal(err)
	}
	h.ref.DeliverDue(ctx, "console")
	var told int
	for _, r := range h.console.replies() {
		if strings.Contains(r.Text(), "cannot be reached by email: the mailbox is full") && r.Game == id {
			told++
		}
	}
	if told != 1 {
		t.Errorf("ann told %d times, want once", told)
	}
	rp, err := h.ref.Reply(ctx, last.ID)
	if err != nil || rp.Delivery.Failed.IsZero() {
		t.Errorf("bounced reply: %+v, %v", rp, err)
	}
}

// One unreachable recipient does not hold up another's replies: with the
// first recipient's send blocked, the second's replies are delivered.
func TestFailingRecipientDoesNotDelayOthers(t *testing.T) {
	h := newHarness(t)
	release := make(chan struct{})
	var mu sync.Mutex
	deliveredTo := map[string]time.Time{}
	h.email.fail = func(r *bot.Reply) error {
		if r.To.Address == "slow@example.org" {
			<-release
			return bot.Temporary(errors.New("timed out"), 0)
		}
		mu.Lock()
		deliveredTo[r.To.Address] = time.Now()
		mu.Unlock()
		return nil
	}
	h.send("ann", "new slow@example.org")
	start := time.Now()
	h.send("ann", "new fast@example.org")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.ref.RunDelivery(ctx); close(done) }()
	deadline := time.After(10 * time.Second)
	for {
		mu.Lock()
		at, ok := deliveredTo["fast@example.org"]
		mu.Unlock()
		if ok {
			t.Logf("fast@example.org delivered %v after its challenge, while slow@example.org's send was blocked", at.Sub(start))
			break
		}
		select {
		case <-deadline:
			t.Fatal("fast@example.org's reply waited behind slow@example.org's blocked send")
		case <-time.After(time.Millisecond):
		}
	}
	close(release)
	cancel()
	<-done
}

// A reply reaches the transport with its parts intact: prose, blocks with
// captions, pictures rendered in Images in order, and actions with their
// exact commands and confirmations.
func TestStructuredPartsReachTransport(t *testing.T) {
	h := newHarness(t)
	emailGame(t, h)
	h.send("ann", "ps a1")
	ctx := context.Background()
	h.ref.DeliverDue(ctx, "email")
	sent := h.email.replies()
	r := sent[len(sent)-1]
	var kinds []bot.PartKind
	var acts []bot.Action
	for _, p := range r.Parts {
		kinds = append(kinds, p.Kind)
		acts = append(acts, p.Actions...)
	}
	want := []bot.PartKind{bot.Prose, bot.Image, bot.Block, bot.Block, bot.Prose, bot.Prose, bot.Actions} // the legend stands alone
	if len(kinds) != len(want) {
		t.Fatalf("parts %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("parts %v, want %v", kinds, want)
		}
	}
	if len(r.Images) != 1 || r.Images[0].Name != r.Parts[1].Picture.Name {
		t.Errorf("images %+v do not match the picture part %s", r.Images, r.Parts[1].Picture.Name)
	}
	if !r.Parts[2].Fallback || !strings.Contains(r.Parts[2].Text, "| A | B |") {
		t.Errorf("the text board after the picture: %+v", r.Parts[2])
	}
	if !strings.HasPrefix(r.Parts[3].Caption, "Sync board") || strings.Count(r.Parts[3].Text, "\n") != 4 || r.Parts[3].Fallback {
		t.Errorf("sync board block %+v", r.Parts[3])
	}
	var resign *bot.Action
	for i := range acts {
		if acts[i].Command == "resign" {
			resign = &acts[i]
		}
	}
	if resign == nil || resign.Confirm == "" || resign.Game != r.Game || !r.Attention || r.Private {
		t.Errorf("actions %+v, attention %v, private %v", acts, r.Attention, r.Private)
	}
}

// SplitParts splits a reply for a transport's limit between parts, and
// inside an over-long part between lines, never inside a character.
func TestSplitParts(t *testing.T) {
	size := func(p bot.Part) int { return len(p.PlainText()) + 1 }
	parts := []bot.Part{{Kind: bot.Prose, Text: "hello"}, {Kind: bot.Block, Caption: "Board:", Text: "0 0 0\n0 0 0\n0 0 0"}, {Kind: bot.Prose, Text: strings.Repeat("é", 30)}}
	got := bot.SplitParts(parts, 25, size)
	for _, msg := range got {
		n := 0
		for _, p := range msg {
			n += size(p)
			if !strings.HasPrefix(p.Text, "\x00") && !utf8Valid(p.Text) {
				t.Errorf("piece %q is not valid UTF-8", p.Text)
			}
		}
		if n > 25 {
			t.Errorf("message of %d characters: %+v", n, msg)
		}
	}
	var all strings.Builder
	for _, msg := range got {
		for _, p := range msg {
			all.WriteString(p.Text)
		}
	}
	if want := "hello0 0 0\n0 0 0\n0 0 0" + strings.Repeat("é", 30); strings.ReplaceAll(all.String(), "\n", "") != strings.ReplaceAll(want, "\n", "") {
		t.Errorf("text lost in the split: %q", all.String())
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// The outbox stores a text board drawn from a picture without its text;
// delivery draws it again, the same as the referee wrote it.
func TestFallbackDrawnAtDelivery(t *testing.T) {
	h := newHarness(t)
	emailGame(t, h)
	rs := h.send("ann", "ps a1")
	var written string
	for _, r := range rs {
		if r.To.Transport == "email" {
			written = r.Text()
		}
	}
	var storedText string
	h.store.View(context.Background(), func(tx bot.Tx) error {
		return tx.ForEachReply(func(r *bot.Reply) error {
			if r.Cause == rs[0].Cause && r.To.Transport == "email" {
				for _, p := range r.Parts {
					if p.Fallback {
						storedText = p.Text
					}
				}
			}
			return nil
		})
	})
	if storedText != "" {
		t.Errorf("the outbox stores the text board: %q", storedText)
	}
	h.ref.DeliverDue(context.Background(), "email")
	sent := h.email.replies()
	if got := sent[len(sent)-1].Text(); got != written || !strings.Contains(got, "| A | B |") {
		t.Errorf("delivered\n%s\nwritten\n%s", got, written)
	}
}
