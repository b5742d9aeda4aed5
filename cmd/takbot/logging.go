package main

import (
	"io"
	"log/slog"
)

// newLogger returns a logger writing to w at level, as text (key=value)
// or as one JSON object per line.
func newLogger(w io.Writer, level logLevel, format logFormat) *slog.Logger {
	o := &slog.HandlerOptions{Level: level.slogLevel()}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, o))
	}
	return slog.New(slog.NewTextHandler(w, o))
}
