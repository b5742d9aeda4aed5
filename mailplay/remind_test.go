package mailplay_test

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/mailplay"
)

// TestDigestAndReminderByMail: over localmail, a player sets a daily
// digest and a reminder lead by replying to the bot's mail; the digest
// arrives as a mail listing the game waiting for them, the reminder 12
// hours before the deadline, both with times in the player's zone.
func TestDigestAndReminderByMail(t *testing.T) {
	clock := &settableClock{now: time.Now().UTC().Truncate(time.Second)}
	h, _ := startLocal(t, harnessOptions{clock: clock})
	alice, bob := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob")
	game, aliceMail, _ := h.startGame(alice, bob)

	h.reply(alice, aliceMail, "set digest daily 08:00 Europe/Berlin\nset remind 12h")
	h.event(mailplay.MailHandled)
	set := h.next(alice, "Every day at 08:00 Europe/Berlin you get one message listing the games waiting for you")
	if !strings.Contains(set.Text(), "You are reminded 12 hours before each deadline") || !strings.Contains(set.Text(), "in all your games (now in "+game+")") {
		t.Errorf("alice's answer:\n%s", set.Text())
	}
	zone, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	due := h.game(game).Deadline.In(zone).Format("2006-01-02 15:04 MST")

	clock.advance(25 * time.Hour)
	if _, err := h.ref.Tick(h.ctx()); err != nil {
		t.Fatal(err)
	}
	digest := h.next(alice, "Your daily digest")
	if want := game + " against Bob, you play white: your turn (turn 1), due " + due; !strings.Contains(digest.Text(), want) {
		t.Errorf("alice's digest does not say %q:\n%s", want, digest.Text())
	}

	clock.advance(72*time.Hour - 12*time.Hour - 25*time.Hour)
	if _, err := h.ref.Tick(h.ctx()); err != nil {
		t.Fatal(err)
	}
	reminder := h.next(alice, "Reminder: it is your turn in game "+game)
	if want := "you have 12 hours left, until " + due; !strings.Contains(reminder.Text(), want) {
		t.Errorf("alice's reminder does not say %q:\n%s", want, reminder.Text())
	}
}
