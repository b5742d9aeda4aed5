package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
)

// TestQuotasOnDiscord: the referee's quotas hold for Discord players too:
// a challenge beyond the open challenges allowed is refused with the
// reason, and beyond the messages of an hour the player is told once,
// then each command is answered that it was not read.
func TestQuotasOnDiscord(t *testing.T) {
	w := newWorld(t, worldOptions{Quotas: bot.Quotas{OpenChallenges: 1, MessagesPerHour: 3}})
	o := discordfake.Opt
	if got := w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)))); !strings.Contains(got.Content, "Challenge g1 sent") {
		t.Fatalf("first challenge: %s", show(got))
	}
	got := w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 4)))
	if !strings.Contains(got.Content, "you have 1 open challenge waiting for an answer (g1)") {
		t.Errorf("second challenge: %s", show(got))
	}
	w.reply(w.slash(w.alice.ID, w.channel, "games"))
	if got := w.reply(w.slash(w.alice.ID, w.channel, "games")); !strings.Contains(got.Content, "You have sent more than 3 messages in the last hour") {
		t.Errorf("the first message beyond the hour's: %s", show(got))
	}
	if got := w.reply(w.slash(w.alice.ID, w.channel, "games")); !strings.Contains(got.Content, "The referee did not read this") {
		t.Errorf("a later one: %s", show(got))
	}
}
