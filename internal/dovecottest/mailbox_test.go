//go:build dovecot

package dovecottest

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseFetchJSONRealOutput(t *testing.T) {
	out, err := os.ReadFile("testdata/doveadm-fetch-two.json")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := parseFetchJSON(out, time.UTC)
	if err != nil {
		t.Fatalf("parseFetchJSON: %v", err)
	}
	if len(msgs) != 2 {
		t.Fatalf("%d messages, want 2", len(msgs))
	}
	want := time.Date(2026, 11, 23, 12, 20, 38, 0, time.UTC)
	first, second := msgs[0], msgs[1]
	if first.UID != 1 || second.UID != 2 {
		t.Errorf("UIDs %d, %d", first.UID, second.UID)
	}
	if !first.HasFlag(`\Seen`) || !first.HasFlag(`\Flagged`) || first.HasFlag(`\Recent`) || len(second.Flags) != 0 {
		t.Errorf("flags %v and %v; want \\Flagged \\Seen, then none (\\Recent left out)", first.Flags, second.Flags)
	}
	if !first.InternalDate.Equal(want) {
		t.Errorf("date %v, want %v", first.InternalDate, want)
	}
	if !bytes.HasPrefix(second.Raw, []byte("Return-Path: <>\r\nDelivered-To: takbot+g7@example.test\r\n")) {
		t.Errorf("second message starts %q", second.Raw[:60])
	}
	if !strings.Contains(string(first.Raw), "c3 — and good luck!\r\n") {
		t.Errorf("UTF-8 body lost:\n%s", first.Raw)
	}
}

func TestParseFetchJSONRejects(t *testing.T) {
	tests := []struct{ name, out string }{
		{"not JSON", "uid: 1\n"},
		{"not a list", `{"uid":"1"}`},
		{"uid zero", `[{"uid":"0","flags":"","date.received":"2026-11-23 12:20:38","text":""}]`},
		{"uid not a number", `[{"uid":"x","flags":"","date.received":"2026-11-23 12:20:38","text":""}]`},
		{"uid too large", `[{"uid":"4294967296","flags":"","date.received":"2026-11-23 12:20:38","text":""}]`},
		{"bad date", `[{"uid":"1","flags":"","date.received":"yesterday","text":""}]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if msgs, err := parseFetchJSON([]byte(tc.out), time.UTC); err == nil {
				t.Errorf("parseFetchJSON(%q) = %v, want an error", tc.out, msgs)
			}
		})
	}
}

// FuzzParseFetchJSON checks that doveadm output never panics the parser and
// that what it accepts has positive UIDs and CRLF line ends only.
func FuzzParseFetchJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, out []byte) {
		msgs, err := parseFetchJSON(out, time.UTC)
		if err != nil {
			return
		}
		for _, m := range msgs {
			if m.UID == 0 {
				t.Fatalf("UID 0 accepted from %q", out)
			}
			if bytes.Contains(bytes.ReplaceAll(m.Raw, []byte("\r\n"), nil), []byte("\n")) {
				t.Fatalf("bare LF in %q", m.Raw)
			}
		}
	})
}
