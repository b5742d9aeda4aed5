package main

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
)

// newLogger returns a logger writing to w at level, as text (key=value)
// or as one JSON object per line. Two rules hold for every line, whoever
// logs it:
//
//   - A duration is a Go duration string ("1.5s", "20.876ms"), in text
//     and in JSON alike (slog's JSON handler would write nanoseconds).
//   - A player's address (the attributes in [playerKeys]) appears as it
//     is only at debug level; above, it is a short keyed hash ("h:" and 10
//     hex digits, the same for an address throughout one run, so that one
//     player's lines can still be followed).
func newLogger(w io.Writer, level logLevel, format logFormat) *slog.Logger {
	return slog.New(newLogHandler(w, level.slogLevel(), format, newLogKey()))
}

// playerKeys are the attributes holding a player's address or user id.
var playerKeys = map[string]bool{"from": true, "to": true, "player": true, "user": true}

// newLogKey returns the key of one run's address hashes.
func newLogKey() []byte {
	key := make([]byte, 32)
	rand.Read(key)
	return key
}

// newLogHandler is newLogger's handler, with the hash key given.
func newLogHandler(w io.Writer, level slog.Level, format logFormat, key []byte) slog.Handler {
	o := &slog.HandlerOptions{Level: level, ReplaceAttr: durationString}
	var h slog.Handler
	if format == "json" {
		h = slog.NewJSONHandler(w, o)
	} else {
		h = slog.NewTextHandler(w, o)
	}
	return &redactingHandler{plain: h, hashed: h, key: key}
}

// durationString writes durations as Go duration strings.
func durationString(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		a.Value = slog.StringValue(a.Value.Duration().String())
	}
	return a
}

// redactingHandler hashes the player attributes of records above debug
// level. It keeps two handlers with the same attributes, one with the
// addresses as they are (for debug records), one with them hashed.
type redactingHandler struct {
	plain, hashed slog.Handler
	key           []byte
}

// Enabled implements slog.Handler.
func (h *redactingHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.plain.Enabled(ctx, l)
}

// Handle implements slog.Handler.
func (h *redactingHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level <= slog.LevelDebug {
		return h.plain.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.redact(a))
		return true
	})
	return h.hashed.Handle(ctx, out)
}

// WithAttrs implements slog.Handler.
func (h *redactingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	hashed := make([]slog.Attr, len(as))
	for i, a := range as {
		hashed[i] = h.redact(a)
	}
	return &redactingHandler{plain: h.plain.WithAttrs(as), hashed: h.hashed.WithAttrs(hashed), key: h.key}
}

// WithGroup implements slog.Handler.
func (h *redactingHandler) WithGroup(name string) slog.Handler {
	return &redactingHandler{plain: h.plain.WithGroup(name), hashed: h.hashed.WithGroup(name), key: h.key}
}

// redact hashes a player attribute's value.
func (h *redactingHandler) redact(a slog.Attr) slog.Attr {
	if !playerKeys[a.Key] {
		return a
	}
	v := a.Value.Resolve()
	var s string
	switch v.Kind() {
	case slog.KindString:
		s = v.String()
	case slog.KindAny:
		s = v.String() // a Stringer, such as an address type
	default:
		return a
	}
	if s == "" {
		return a
	}
	return slog.String(a.Key, hashAddress(h.key, s))
}

// hashAddress is the short keyed hash of an address: "h:" and the first
// 10 hex digits of its HMAC-SHA256.
func hashAddress(key []byte, address string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(address))
	return "h:" + hex.EncodeToString(m.Sum(nil)[:5])
}
