package mailplay_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// busyPlayer is issue 24's point 10 on a mail system: alice, writing Tak
// by Mail, asks for her games more often than the hourly limit answers
// (30 answers an hour by default) within minutes; the answers over it are
// held. Her own play in her game is still answered at once, with the
// clock standing still (nothing waits for the hour): a question about an
// ambiguous square, a refused move, a move's confirmation. Each says how
// many answers are held back, the true number (the held one and those
// queued behind it), and "held" lists them, also at once.
func busyPlayer(t *testing.T, h *harness, clock *settableClock) {
	start := clock.Now()
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	h.write(alice, "Tak?", "new "+bobAddr+" size=6 color=white")
	h.confirm(alice)
	challenge := h.next(bob, "challenges you")
	h.reply(bob, challenge, "notation ptn\naccept")
	h.event(mailplay.MailHandled)
	aliceMail := h.next(alice, "your move,")

	limit := mailplay.DefaultMaxRepliesPerHour
	for range limit + 3 { // ten minutes of asking
		clock.advance(10 * time.Minute / time.Duration(limit+3))
		h.reply(alice, aliceMail, "games")
		h.event(mailplay.MailHandled)
	}
	h.waitResult("held")
	me := record.Identity{Transport: mailplay.TransportName, Address: aliceAddr}
	held, _, err := h.ref.PendingAnswers(h.ctx(), me, 0)
	if err != nil || held < 2 {
		t.Fatalf("after %d requests, %d answers wait for alice (%v); want at least 2 held", limit+3, held, err)
	}
	noteRE := regexp.MustCompile(`(\d+) answers? to you (?:is|are) held back`)
	checkNote := func(what string, m *demo.Mail) {
		t.Helper()
		got := noteRE.FindStringSubmatch(m.Text())
		if got == nil {
			t.Errorf("%s does not say that answers are held back:\n%s", what, m.Text())
			return
		}
		if n, _ := strconv.Atoi(got[1]); n != held {
			t.Errorf("%s says %s answers are held back; %d are", what, got[1], held)
		}
		if !strings.Contains(m.Text(), "the first goes out at 10:00 UTC, the last at 10:0") {
			t.Errorf("%s does not say when the held answers go out:\n%s", what, m.Text())
		}
	}
	frozen := clock.Now()
	for _, step := range []struct{ send, want string }{
		{"a1", "Did you mean"},                // a bare square in Tak by Mail notation: which square?
		{"ps a9", "Refused \"ps a9\""},        // off the 6x6 board
		{"ps a1", "you (white) played ps a1"}, // her move
	} {
		h.reply(alice, aliceMail, step.send)
		h.event(mailplay.MailHandled)
		m := h.next(alice, step.want)
		checkNote(fmt.Sprintf("the answer to %q", step.send), m)
	}
	h.reply(alice, aliceMail, "held")
	h.event(mailplay.MailHandled)
	list := h.next(alice, "answers to you wait")
	if want := fmt.Sprintf("%d answers to you wait by email (%s):", held, aliceAddr); !strings.Contains(list.Text(), want) {
		t.Errorf("held says:\n%s\nwant %q", list.Text(), want)
	}
	if strings.Contains(list.Text(), bobAddr) {
		t.Errorf("held names bob's address:\n%s", list.Text())
	}
	// they go out as the hour's first answers turn an hour old, not before
	if want := "from " + start.Add(time.Hour).Format("2006-01-02 15:04"); !strings.Contains(list.Text(), want) {
		t.Errorf("held says:\n%s\nwant the held answers going out %s…", list.Text(), want)
	}
	if !clock.Now().Equal(frozen) {
		t.Fatal("the clock moved")
	}
	if n, _, _ := h.ref.PendingAnswers(context.Background(), me, 0); n != held {
		t.Errorf("%d answers wait after alice's play, want the %d held before: her play was never queued behind them", n, held)
	}
}

// TestBusyPlayerStillPlays runs busyPlayer on the local mail system.
func TestBusyPlayerStillPlays(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	h, _ := startLocal(t, harnessOptions{clock: clock})
	busyPlayer(t, h, clock)
}
