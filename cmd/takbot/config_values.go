package main

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
)

// valueSetter is a configuration value read from one scalar: the decoder
// calls set with the text after ${VAR} expansion.
type valueSetter interface {
	set(text string) error
}

// duration is a Go duration ("90s", "1h30m") or a whole number of days
// followed by "d", optionally followed by a Go duration ("90d", "1d12h").
type duration time.Duration

const day = 24 * time.Hour

func (d *duration) set(text string) error {
	v, err := parseDuration(text)
	if err != nil {
		return err
	}
	*d = duration(v)
	return nil
}

// String writes whole days as "Nd", and other durations as Go does
// without zero minutes and seconds at the end ("1m", "36h", "1m30s").
func (d duration) String() string {
	v := time.Duration(d)
	if v > 0 && v%day == 0 {
		return strconv.FormatInt(int64(v/day), 10) + "d"
	}
	s := v.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// LogValue logs a duration as it prints, in JSON logs too.
func (d duration) LogValue() slog.Value { return slog.StringValue(d.String()) }

// errBadDuration is a duration that is neither a Go duration nor days.
var errBadDuration = errors.New(`not a duration: write a number and a unit, such as 30s, 10m, 1h or 90d`)

// parseDuration reads a duration with an optional leading "Nd" for days.
func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	days, rest, hasDays := int64(0), s, false
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil || n < 0 || n > 100*365 {
			return 0, fmt.Errorf("%q: %w", s, errBadDuration)
		}
		days, rest, hasDays = n, s[i+1:], true
	}
	var d time.Duration
	if rest != "" || !hasDays {
		var err error
		if d, err = time.ParseDuration(rest); err != nil {
			return 0, fmt.Errorf("%q: %w", s, errBadDuration)
		}
		if days > 0 && d < 0 {
			return 0, fmt.Errorf("%q: %w", s, errBadDuration)
		}
	}
	return time.Duration(days)*day + d, nil
}

// choice is a value that must be one of a few words.
func choice(text string, allowed ...string) error {
	for _, a := range allowed {
		if text == a {
			return nil
		}
	}
	return fmt.Errorf("%q: use %s", text, joinOr(allowed))
}

// joinOr joins "a", "a or b", "a, b or c".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// logLevel is debug, info, warn or error.
type logLevel string

func (l *logLevel) set(text string) error {
	if err := choice(text, "debug", "info", "warn", "error"); err != nil {
		return err
	}
	*l = logLevel(text)
	return nil
}

// slogLevel returns the level for log/slog.
func (l logLevel) slogLevel() slog.Level {
	switch l {
	case "debug":
		return slog.LevelDebug
	case "warn":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}

// logFormat is text or json.
type logFormat string

func (f *logFormat) set(text string) error {
	if err := choice(text, "text", "json"); err != nil {
		return err
	}
	*f = logFormat(text)
	return nil
}

// security is how a mail connection is protected: tls (TLS from the first
// byte), starttls (upgraded after connecting) or none.
type security string

func (s *security) set(text string) error {
	if err := choice(text, "tls", "starttls", "none"); err != nil {
		return err
	}
	*s = security(text)
	return nil
}

// threadKind is the kind of Discord thread a game is played in: public or
// private.
type threadKind string

func (t *threadKind) set(text string) error {
	if err := choice(text, "public", "private"); err != nil {
		return err
	}
	*t = threadKind(text)
	return nil
}

// secret is a password or token: given inline (password: ...) or, in its
// _file form (password_file: PATH), read from a file at load time with
// its trailing newline removed. Only one form may be given.
type secret struct {
	Value string // the secret
	File  string // the file it was read from, "" when inline
}

// String hides the value.
func (s secret) String() string {
	switch {
	case s.File != "":
		return "(from " + s.File + ")"
	case s.Value != "":
		return "(inline)"
	}
	return "(none)"
}

// given reports whether a secret was given in either form.
func (s secret) given() bool { return s.Value != "" || s.File != "" }

// maxSecretFile bounds a secret file: a password or token is short, and a
// large file is a mistake (the wrong path).
const maxSecretFile = 64 << 10
