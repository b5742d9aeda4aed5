package mailplay

import (
	"net/mail"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/render"
)

// TransportName is the name of the email transport: identities are
// "email:ann@example.org".
const TransportName = "email"

// maxAddressLen is the longest address accepted (RFC 5321's path limit).
const maxAddressLen = 254

// Info describes the email transport to the referee: a player is a mail
// address, and mail shows pictures and monospace text. A transport
// built by New also refuses the bot's own address as an opponent.
func Info() bot.TransportInfo {
	return bot.TransportInfo{
		Name:         TransportName,
		Title:        "email",
		ParseAddress: ParseAddress,
		DisplayName:  nameOfAddress,
		DefaultTheme: render.Light, // mail is read on white pages
		Limits:       bot.Limits{Pictures: true, Monospace: true},
	}
}

// nameOfAddress names a mail player who has not told their name (a
// mail's display name) by the part of the address before '@', without a
// "+tag": the whole address would be shown to everyone who follows the
// game, on Discord too.
func nameOfAddress(address string) string {
	if n := localPart(address); n != "" {
		return n
	}
	return address
}

// ParseAddress reads a mail address as a player writes it after "new":
// an addr-spec ("ann@example.org") or a name with one ("Ann
// <ann@example.org>"). It returns the address lower-cased, and false for
// anything else (a group, several addresses, no domain, a quoted or
// over-long local part, a domain literal).
func ParseAddress(text string) (string, bool) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > 2*maxAddressLen || strings.ContainsAny(text, "\r\n") {
		return "", false
	}
	for _, sep := range []byte{',', ';', ':'} {
		if len(splitUnquoted(text, sep)) > 1 {
			return "", false // a list or a group
		}
	}
	a, err := mail.ParseAddress(text)
	if err != nil {
		return "", false
	}
	addr := strings.ToLower(a.Address)
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 || at == len(addr)-1 || len(addr) > maxAddressLen {
		return "", false
	}
	local, domain := addr[:at], addr[at+1:]
	if strings.ContainsAny(local, "\" \\") || !validDomain(domain) {
		return "", false
	}
	return addr, true
}

// validDomain reports whether d is a host name of dot-separated labels of
// letters, digits and inner hyphens (internationalized names in UTF-8 are
// taken as they are).
func validDomain(d string) bool {
	if d == "" || len(d) > 253 {
		return false
	}
	for _, label := range strings.Split(d, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if r < 0x80 && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// sameAddress compares two mail addresses without case.
func sameAddress(a, b string) bool {
	return a != "" && strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// baseAddress removes a "+detail" from the local part of an address and
// lower-cases it: "Takbot+x@Example.org" gives "takbot@example.org".
func baseAddress(addr string) string {
	addr = strings.ToLower(strings.TrimSpace(addr))
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return addr
	}
	local, _, _ := strings.Cut(addr[:at], "+")
	return local + addr[at:]
}
