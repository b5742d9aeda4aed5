package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestLogDurationsAndAddresses: in text and JSON, a duration is a Go
// duration string, and a player's address is as it is at debug level
// and a keyed hash above, in the record's attributes and in those a
// logger was given with With.
func TestLogDurationsAndAddresses(t *testing.T) {
	key := []byte("a fixed key for the test")
	hashed := hashAddress(key, "email:ann@example.org")
	if !strings.HasPrefix(hashed, "h:") || len(hashed) != 12 || hashed != hashAddress(key, "email:ann@example.org") ||
		hashed == hashAddress(key, "email:bob@example.org") || hashed == hashAddress([]byte("another key"), "email:ann@example.org") {
		t.Fatalf("hashAddress = %q", hashed)
	}
	for _, format := range []logFormat{"json", "text"} {
		var buf bytes.Buffer
		log := slog.New(newLogHandler(&buf, slog.LevelDebug, format, key))
		withFrom := log.With("from", "email:ann@example.org", "component", "mail")
		withFrom.Info("mail read", "took", 20876*time.Microsecond)
		withFrom.Debug("mail parsed", "took", 3*time.Millisecond)
		log.Warn("bounce", "to", "ann@example.org", "player", "email:ann@example.org", "user", "", "reply", "r1")
		lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: %d lines:\n%s", format, len(lines), buf.String())
		}
		get := func(line, key string) string {
			if format == "json" {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatal(err)
				}
				v, _ := m[key].(string)
				return v
			}
			for _, f := range strings.Fields(line) {
				if v, ok := strings.CutPrefix(f, key+"="); ok {
					return strings.Trim(v, `"`)
				}
			}
			return ""
		}
		for _, c := range []struct {
			line       int
			key, value string
		}{
			{0, "from", hashed}, {0, "took", "20.876ms"}, {0, "component", "mail"},
			{1, "from", "email:ann@example.org"}, {1, "took", "3ms"},
			{2, "to", hashAddress(key, "ann@example.org")}, {2, "player", hashed}, {2, "user", ""}, {2, "reply", "r1"},
		} {
			if got := get(lines[c.line], c.key); got != c.value {
				t.Errorf("%s, line %d: %s=%q; want %q\n%s", format, c.line, c.key, got, c.value, lines[c.line])
			}
		}
		if strings.Contains(lines[0]+lines[2], "example.org") {
			t.Errorf("%s: an address above debug level:\n%s", format, buf.String())
		}
	}
}
