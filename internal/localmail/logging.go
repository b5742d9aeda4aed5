package localmail

import (
	"fmt"
	"log/slog"
	"strings"
)

// logAdapter gives the servers' Printf-style loggers to slog, at debug level.
type logAdapter struct {
	logger *slog.Logger
	server string
}

// Printf logs one formatted line.
func (a logAdapter) Printf(format string, args ...any) {
	a.logger.Debug(strings.TrimSpace(fmt.Sprintf(format, args...)), "server", a.server)
}

// Println logs its operands as one line.
func (a logAdapter) Println(args ...any) {
	a.logger.Debug(strings.TrimSpace(fmt.Sprintln(args...)), "server", a.server)
}
