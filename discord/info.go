package discord

import (
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/render"
)

// Name is the transport name of Discord identities: a player is
// "discord:USERID".
const Name = "discord"

// MaxMessage is the most characters one Discord message may hold.
const MaxMessage = 2000

// Info describes the Discord transport to a referee that knows it without
// running it (bot.Referee.Know). A running Transport's Info also reads the
// usernames of the players it has seen.
func Info() bot.TransportInfo {
	return bot.TransportInfo{
		Name:         Name,
		Title:        "Discord",
		ParseAddress: ParseAddress,
		DisplayName:  func(string) string { return "" },
		PTNFirst:     true,
		DefaultTheme: render.Dark, // Discord's dark theme
		Limits:       bot.Limits{MaxText: MaxMessage, Pictures: true, Monospace: true, Buttons: true},
	}
}

// ParseAddress reads a Discord user as a player names an opponent: a
// mention "<@123…>" or "<@!123…>" (what Discord writes for @user) or a
// bare user id. It returns the user id.
func ParseAddress(text string) (string, bool) {
	s := strings.TrimSpace(text)
	if inner, ok := strings.CutPrefix(s, "<@"); ok {
		inner, ok = strings.CutSuffix(inner, ">")
		if !ok {
			return "", false
		}
		s = strings.TrimPrefix(inner, "!")
	}
	if !IsSnowflake(s) {
		return "", false
	}
	return s, true
}

// IsSnowflake reports whether s has the form of a Discord id: 15 to 20
// decimal digits (ids of real accounts have 17 to 19), without a leading
// zero.
func IsSnowflake(s string) bool {
	if len(s) < 15 || len(s) > 20 || s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	if len(s) == 20 && s > "18446744073709551615" {
		return false // beyond uint64
	}
	return true
}

// mention writes a user mention.
func mention(userID string) string { return "<@" + userID + ">" }

// parseUsername reads "@name" or "name" as a Discord username: 2 to 32
// characters of lower-case letters, digits, '_' and '.', without "..".
// It returns the name without '@'.
func parseUsername(text string) (string, bool) {
	s := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(text), "@"))
	if len(s) < 2 || len(s) > 32 || strings.Contains(s, "..") {
		return "", false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '.') {
			return "", false
		}
	}
	return s, true
}
