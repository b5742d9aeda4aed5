package versus

import (
	"strings"

	"github.com/takbymail/takbot/record"
)

// The engine player.
const (
	// DefaultLevel is the engine's level when "new takbot" names none.
	DefaultLevel = 5
	// MaxLevel is the strongest level.
	MaxLevel = 10
	// MaxEngineGames is how many games against takbot one player may
	// have in progress at once.
	MaxEngineGames = 10
)

// Turn is what this package needs of the message being evaluated
// (bot's session implements it; "new takbot" itself is bot/challenge's,
// which asks Named and ActiveGames through its own Turn).
type Turn interface {
	Sender() *record.Player
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	Refuse(format string, args ...any) error
	// EnginePlays reports whether the engine's transport runs here.
	EnginePlays() bool
}

// Named reports whether the word after "new" names takbot, and refuses
// when the engine is not enabled here.
func Named(t Turn, word string) (bool, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w != record.EngineAddress && w != record.EngineIdentity().Key() {
		return false, nil
	}
	if !t.EnginePlays() {
		if w == record.EngineAddress {
			return false, nil // perhaps a player called takbot
		}
		return true, t.Refuse("this takbot does not play games itself: its engine is not enabled here")
	}
	return true, nil
}

// ParseAddress reads the engine's address on its transport: "takbot",
// in any case.
func ParseAddress(s string) (string, bool) {
	if strings.EqualFold(strings.TrimSpace(s), record.EngineAddress) {
		return record.EngineAddress, true
	}
	return "", false
}

// ActiveGames counts the sender's games in progress against takbot.
func ActiveGames(t Turn) (int, error) {
	ids, err := t.GamesOf(t.Sender().Key)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return 0, err
		}
		if g.Status == record.Active && g.AgainstEngine() {
			n++
		}
	}
	return n, nil
}

// RateLimit is the hourly limit of the messages from a sender, perHour
// for everyone but the engine, which answers in every game against it.
func RateLimit(from record.Identity, perHour int) int {
	if from.Transport == record.EngineTransport {
		return 0
	}
	return perHour
}
