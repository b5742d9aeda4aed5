package discord

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// discordgo logs through one package-level function; the transport
// points it at its own logger, so that discordgo's reports (a gateway
// that went away, a reconnection) land in takbot's log. Errors become
// warnings (discordgo recovers from them by itself), the rest debug
// lines.
var (
	libraryLogger atomic.Pointer[slog.Logger]
	hookLibrary   sync.Once
)

func routeLibraryLogs(l *slog.Logger) {
	libraryLogger.Store(l)
	hookLibrary.Do(func() {
		discordgo.Logger = func(level, caller int, format string, args ...any) {
			l := libraryLogger.Load()
			if l == nil {
				return
			}
			lvl := slog.LevelDebug
			if level <= discordgo.LogError {
				lvl = slog.LevelWarn
			}
			l.Log(context.Background(), lvl, "discordgo: "+fmt.Sprintf(format, args...))
		}
	})
}
