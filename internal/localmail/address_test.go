package localmail

import (
	"errors"
	"testing"
)

func TestParseAddress(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when ErrBadAddress is expected
	}{
		{"takbot@example.test", "takbot@example.test"},
		{"<Alice@Example.Test>", "alice@example.test"},
		{`"odd@local"@example.test`, `"odd@local"@example.test`},
		{"a@b", "a@b"},
		{"", ""},
		{"<>", ""},
		{"@example.test", ""},
		{"alice@", ""},
		{"alice", ""},
		{"al ice@example.test", ""},
		{"alice@exa\tmple.test", ""},
		{"alice@exämple.test", ""},
		{"<alice@example.test", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseAddress(tc.in)
			if tc.want == "" {
				if !errors.Is(err, ErrBadAddress) {
					t.Errorf("parseAddress(%q) = %v, %v; want ErrBadAddress", tc.in, got, err)
				}
				return
			}
			if err != nil || got.String() != tc.want {
				t.Errorf("parseAddress(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestBaseAddress(t *testing.T) {
	tests := []struct{ in, delimiter, want string }{
		{"<TakBot+G7@Example.Test>", "+", "takbot@example.test"},
		{"takbot+a+b@example.test", "+", "takbot@example.test"},
		{"takbot-g7@example.test", "-", "takbot@example.test"},
		{"takbot+g7@example.test", "-", "takbot+g7@example.test"},
		{"+only@example.test", "+", "+only@example.test"},
	}
	for _, tc := range tests {
		got, err := BaseAddress(tc.in, tc.delimiter)
		if err != nil || got != tc.want {
			t.Errorf("BaseAddress(%q, %q) = %q, %v; want %q", tc.in, tc.delimiter, got, err, tc.want)
		}
	}
	if _, err := BaseAddress("no-at", "+"); !errors.Is(err, ErrBadAddress) {
		t.Errorf("BaseAddress(no-at): %v, want ErrBadAddress", err)
	}
}

func TestToCRLF(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"a\r\nb\r\n", "a\r\nb\r\n"},
		{"a\nb\n", "a\r\nb\r\n"},
		{"\n", "\r\n"},
		{"a\r\nb\nc\r", "a\r\nb\r\nc\r"},
	}
	for _, tc := range tests {
		if got := string(toCRLF([]byte(tc.in))); got != tc.want {
			t.Errorf("toCRLF(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzParseAddress checks that parsing never panics, that a parsed address
// parses again to itself, and that dropping a plus-detail keeps it valid.
func FuzzParseAddress(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		addr, err := parseAddress(raw)
		if err != nil {
			if !errors.Is(err, ErrBadAddress) {
				t.Fatalf("parseAddress(%q): untyped error %v", raw, err)
			}
			return
		}
		again, err := parseAddress(addr.String())
		if err != nil || again != addr {
			t.Fatalf("parseAddress(%q) = %v does not parse back: %v, %v", raw, addr, again, err)
		}
		base, _ := addr.withoutDetail(defaultDelimiter)
		if _, err := parseAddress(base.String()); err != nil {
			t.Fatalf("without detail %v of %q does not parse: %v", base, raw, err)
		}
	})
}
