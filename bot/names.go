package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxName bounds a display name shown to other players, in characters.
const maxName = 40

// cleanName makes a display name a sender's transport gave fit to be shown
// to other players, or returns "" when it cannot be: the player then keeps
// the name they had (at first the one derived from their address). Control
// and format characters (right-to-left overrides, zero-width characters)
// are removed and white space is collapsed; a name that holds a link, a
// domain or an address ("Visit http://evil.example", "Bank
// <support@bank.example>") is refused whole, since another player would
// read it as coming from the referee; a long name is cut to maxName
// characters.
func cleanName(name string) string {
	n := plainText(name)
	n = strings.TrimSpace(strings.Trim(n, `"'`))
	if n == "" || linkLike(n) {
		return ""
	}
	return excerpt(n, maxName)
}

// plainText removes control and format characters (right-to-left
// overrides, zero-width characters, private use) and invalid bytes from a
// text from outside, and collapses its white space to single spaces.
func plainText(s string) string {
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

// linkLike reports whether a text holds something a reader could follow
// or answer: a URL, an address, a domain name ("evil.example"), also
// written with look-alike dots and at signs.
func linkLike(s string) bool {
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
