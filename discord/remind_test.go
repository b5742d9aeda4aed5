package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// Reminders and set-up across transports: Alice on Discord challenges an
// email player from a position with uneven reserves and a negative komi
// (slash options), both choose a daily digest, each in their own zone;
// each day's digest lists only the games waiting for its reader (a
// direct message on Discord, a mail by email), and nobody gets one on a
// day when nothing waits.
func TestDigestAndSetupAcrossTransports(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{ManualClock: true})
	o := discordfake.Opt
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	mail, mailTo := w.emailPlayer(t, ann, "Ann", "r")
	digestsTo := func(who record.Identity) int {
		n := 0
		for _, r := range w.mail.replies {
			if r.To == who && strings.Contains(r.Text(), "Your daily digest") {
				n++
			}
		}
		return n
	}
	tick := func() {
		t.Helper()
		if _, err := w.ref.Tick(w.ctx); err != nil {
			t.Fatal(err)
		}
	}

	sent := w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, "ann@example.org"), o("color", "white"),
		o("tps", "x3/x3/x,1,x 2 2"), o("stones2", 8), o("komi", -0.5)))
	if !strings.Contains(sent.Content, "<#") {
		t.Fatalf("Alice's challenge: %s", show(sent))
	}
	challenge := mailTo("Alice challenges you")
	for _, want := range []string{"3x3, komi -0.5, no-swap opening", "white 10 stones and 0 capstones, black 8 stones and 0 capstones", "from the position x3/x3/x,1,x 2 2"} {
		if !strings.Contains(challenge.Text(), want) {
			t.Errorf("the challenge mail does not say %q:\n%s", want, challenge.Text())
		}
	}
	th := w.thread()
	mail("accept")
	mailTo("Turn 4 (PTN move 2, black): your move")

	got := w.reply(w.slash(w.alice.ID, w.channel, "settings", o("setting", "digest"), o("value", "daily 08:00 Europe/Berlin")))
	if !strings.Contains(got.Content, "Every day at 08:00 Europe/Berlin you get one message") || !got.Ephemeral {
		t.Errorf("Alice's /tak settings digest: %s", show(got))
	}
	mail("set digest daily 7am America/New_York\nset remind 12h")
	mailTo("Every day at 07:00 America/New_York")
	mailTo("You are reminded 12 hours before each deadline")

	// The first day: Ann's move, so only Ann gets a digest.
	w.clock.Advance(25 * time.Hour)
	tick()
	digest := mailTo("Your daily digest")
	if !strings.Contains(digest.Text(), "g1 against Alice, you play black: your turn (turn 4), due "+inZone(t, w.game("g1").Deadline, "America/New_York")) {
		t.Errorf("Ann's digest:\n%s", digest.Text())
	}
	if dm, ok := w.fake.DMChannelOf(w.alice.ID); ok && len(w.fake.Messages(dm)) > 0 {
		t.Errorf("Alice got a digest with nothing waiting: %s", contents(w.fake.Messages(dm)))
	}

	// Ann moves: the next day only Alice's digest goes out, by DM.
	mail("ps a1")
	w.waitPost(th.ID, func(m discordfake.Message) bool {
		return strings.Contains(m.Content, "ann (black) played") || strings.Contains(m.Content, "Ann (black) played")
	})
	w.clock.Advance(24 * time.Hour)
	tick()
	if err := w.fake.Await(w.ctx, func() bool {
		dm, ok := w.fake.DMChannelOf(w.alice.ID)
		return ok && len(w.fake.Messages(dm)) > 0
	}); err != nil {
		t.Fatalf("Alice got no digest by direct message: %v", err)
	}
	dm, _ := w.fake.DMChannelOf(w.alice.ID)
	msgs := w.fake.Messages(dm)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Your daily digest") ||
		!strings.Contains(msgs[0].Content, "g1 against Ann, you play white: your turn (turn 5), due "+inZone(t, w.game("g1").Deadline, "Europe/Berlin")) {
		t.Errorf("Alice's direct messages: %s", contents(msgs))
	}
	w.mail.mu.Lock()
	if n := digestsTo(ann); n != 1 {
		t.Errorf("Ann got %d digests, want 1 (none on the day nothing waited)", n)
	}
	w.mail.mu.Unlock()
	w.clean()
}

// inZone writes a time as a player of zone reads it.
func inZone(t *testing.T, at time.Time, zone string) string {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	return at.In(loc).Format("2006-01-02 15:04 MST")
}
