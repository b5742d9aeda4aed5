package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCleanName: display names shown to other players carry no link, no
// address, no control or direction characters, and are bounded; a name
// that cannot be shown is "" (the player keeps the name they had).
func TestCleanName(t *testing.T) {
	long := strings.Repeat("Bartholomew ", 42)
	for _, c := range []struct{ in, want string }{
		{"Alice", "Alice"},
		{`  "Bob Smith"  `, "Bob Smith"},
		{"J.R.R. Tolkien", "J.R.R. Tolkien"},
		{"Dr. Who", "Dr. Who"},
		{"Zoë Ångström", "Zoë Ångström"},
		{"李小龍", "李小龍"},
		{"Visit http://evil.example", ""},
		{"Bank <support@bank.example>", ""},
		{"support@bank.example", ""},
		{"see www.evil.example now", ""},
		{"evil.example", ""},
		{"win at bit.ly", ""},
		{"evil．example", ""}, // a full-width dot
		{"hxxp：／／evil", ""},
		{"mail me at bob[at]evil", ""},
		{"Alice\u202egnp.exe", ""}, // the override goes, then "Alicegnp.exe" reads as a domain
		{"Al\u202eice", "Alice"},
		{"Al\u200bice\u2066", "Alice"},
		{"Bob\r\nBcc: x", "Bob Bcc: x"},
		{"Bob\x00\x07", "Bob"},
		{"\u202e\u202d", ""},
		{long, strings.Repeat("Bartholomew ", 3) + "Bar…"},
	} {
		got := cleanName(c.in)
		if got != c.want {
			t.Errorf("cleanName(%q) = %q, want %q", c.in, got, c.want)
		}
		if n := utf8.RuneCountInString(got); n > maxName {
			t.Errorf("cleanName(%q) has %d characters", c.in, n)
		}
	}
}
