package command

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text from outside, as the referee cleans it before quoting or naming
// anything from it (InWords here; names and chat in package bot).

// PlainText removes control and format characters (right-to-left
// overrides, zero-width characters, private use) and invalid bytes from a
// text from outside, and collapses its white space to single spaces.
func PlainText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			r = ' '
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r):
			continue
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// LinkLike reports whether a text holds something a reader could follow
// or answer: a URL, an address, a domain name ("evil.example"), also
// written with look-alike dots and at signs.
func LinkLike(s string) bool {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '。', '．', '｡', '․', '﹒':
			return '.'
		case '＠', '﹫':
			return '@'
		case '：', '﹕':
			return ':'
		case '／', '⁄', '∕':
			return '/'
		}
		return unicode.ToLower(r)
	}, s)
	for _, bad := range []string{"://", "www.", "@", "<", ">", "http:", "https:", "mailto:", "[at]", "(at)", "[dot]", "(dot)"} {
		if strings.Contains(s, bad) {
			return true
		}
	}
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsNumber(r) || r == '.' || r == '-' || r == '_')
	})
	for _, w := range words {
		if domainLike(strings.Trim(w, ".-_")) {
			return true
		}
	}
	return false
}

// domainLike reports whether a word reads as a host name: labels joined by
// dots, the last of two letters or more ("evil.example", "bit.ly"); an
// initial such as "J.R.R" is not one.
func domainLike(w string) bool {
	labels := strings.Split(w, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" {
			return false
		}
	}
	last := labels[len(labels)-1]
	if utf8.RuneCountInString(last) < 2 {
		return false
	}
	for _, r := range last {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}
