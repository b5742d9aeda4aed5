package names

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
		{"Bob\r\nBcc x", "Bob Bcc x"},
		{"Bob\r\nBcc: x", ""}, // a colon: the referee's verdicts read "Game over: …"
		{"Bob\x00\x07", "Bob"},
		{"\u202e\u202d", ""},
		{long, strings.Repeat("Bartholomew ", 3) + "Bar…"},
		// PRECIS Nickname: compatibility forms are normalised
		{"ﬁona", "fiona"},
		{"Zoë  Ångström", "Zoë Ångström"},
		// reserved names and the referee's words, and their look-alikes
		{"takbot", ""},
		{"TakBot", ""},
		{"ｔａｋｂｏｔ", ""},      // full-width
		{"Ⓣakbot", ""},      // a circled letter
		{"t\u0430kb0t", ""}, // a Cyrillic а and a zero
		{"tak bot", ""},
		{"Tak referee", ""},
		{"The referee", ""},
		{"The referee: you lost on time", ""},
		{"Game over - you lost on time", ""},
		{"your move", ""},
		{"You", ""},
		{"anyone", ""},
		{"Youssef", "Youssef"},
		{"Takeshi", "Takeshi"},
		// mixed scripts
		{"\u0410lice", ""},       // a Cyrillic А
		{"Bo\u03b2", ""},         // a Greek β
		{"Алиса", "Алиса"},       // Cyrillic alone
		{"山田たろう", "山田たろう"},       // Han and Hiragana: Japanese
		{"김민수", "김민수"},           // Hangul
		{"Ann 2", "Ann 2"},       // digits are any script
		{"Δημήτρης", "Δημήτρης"}, // Greek alone
	} {
		got := Clean(c.in)
		if got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
		if n := utf8.RuneCountInString(got); n > MaxName {
			t.Errorf("Clean(%q) has %d characters", c.in, n)
		}
	}
}
