package bot

import (
	"context"

	"github.com/takbymail/takbot/bot/versus"
)

// The engine player: see bot/versus (and "takbot as a player" in doc.go).
const (
	DefaultLevel   = versus.DefaultLevel
	MaxLevel       = versus.MaxLevel
	MaxEngineGames = versus.MaxEngineGames
)

// EngineInfo describes the engine's transport: its player is named
// "takbot" (versus.ParseAddress), reads and writes PTN, and its replies
// carry nothing but text.
func EngineInfo() TransportInfo {
	return TransportInfo{Name: EngineTransport, Title: "takbot", ParseAddress: versus.ParseAddress,
		DisplayName: func(string) string { return EngineAddress }, PTNFirst: true}
}

// GamesOf returns the ids of a player's games, for adapters (the engine
// resumes the games where it is to move after a restart).
func (r *Referee) GamesOf(ctx context.Context, id Identity) ([]string, error) {
	var ids []string
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		ids, err = tx.GamesOf(id.Key())
		return err
	})
	return ids, err
}
