package msg

import (
	"strings"
)

// MessageIDFor derives a message id (without angle brackets) from a stable
// local part, such as the id of a reply in the outbox ("r12/3"), and the
// sender's domain: "r12=2F3@example.org". Bytes outside letters, digits,
// '-', '_' and a lone inner '.' are written as '=' and two upper-case hex
// digits, so any string gives an id of RFC 5322 msg-id characters and
// different strings give different ids; an empty local part is written
// "=". The domain is lower-cased (ASCII) and escaped the same way (a valid
// domain is left as it is). An escaped byte takes three, so keep the parts
// short: WriteOutgoing refuses ids longer than 900 bytes.
// ParseMessageIDFor is the inverse.
func MessageIDFor(localPart, domain string) string {
	return escapeIDPart(localPart) + "@" + escapeIDPart(asciiLower(domain))
}

// asciiLower lower-cases the ASCII letters of s and leaves other bytes.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// ParseMessageIDFor returns the local part that MessageIDFor encoded in a
// message id, if the id (with or without angle brackets) was made by it
// for this domain; ok is false for any other id.
func ParseMessageIDFor(id, domain string) (localPart string, ok bool) {
	id = strings.TrimSpace(id)
	id = strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">")
	at := strings.LastIndexByte(id, '@')
	if at < 0 || !strings.EqualFold(id[at+1:], escapeIDPart(asciiLower(domain))) {
		return "", false
	}
	return unescapeIDPart(id[:at])
}

// escapeIDPart escapes s into a dot-atom (see MessageIDFor).
func escapeIDPart(s string) string {
	if s == "" {
		return "="
	}
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		dotOK := c == '.' && i > 0 && i < len(s)-1 && s[i-1] != '.'
		if isIDChar(c) || dotOK {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('=')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

// unescapeIDPart undoes escapeIDPart; ok is false for text it cannot have
// written.
func unescapeIDPart(s string) (string, bool) {
	if s == "=" {
		return "", true
	}
	if s == "" {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '=' && i+2 < len(s) && isUpperHex(s[i+1]) && isUpperHex(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		case isIDChar(c) || c == '.':
			b.WriteByte(c)
		default:
			return "", false
		}
	}
	out := b.String()
	if escapeIDPart(out) != s {
		return "", false // not in the form escapeIDPart writes
	}
	return out, true
}

// isIDChar reports whether c is written as itself in an escaped id.
func isIDChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_'
}

func isUpperHex(c byte) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' }
