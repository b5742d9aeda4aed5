package localmail

import (
	"fmt"
	"strings"
)

// mailAddress is a mail address split at its last '@', lower-cased.
type mailAddress struct {
	local  string
	domain string
}

// String writes the address as local@domain.
func (a mailAddress) String() string { return a.local + "@" + a.domain }

// withoutDetail drops a plus-address detail: with delimiter "+",
// takbot+abc@example.test becomes takbot@example.test. The second result
// reports whether there was a detail.
func (a mailAddress) withoutDetail(delimiter string) (mailAddress, bool) {
	base, _, found := strings.Cut(a.local, delimiter)
	if !found || base == "" {
		return a, false
	}
	return mailAddress{local: base, domain: a.domain}, true
}

// parseAddress reads a bare address (optionally in angle brackets, as in an
// SMTP envelope). It accepts any printable ASCII except spaces and angle
// brackets, needs a non-empty local part and domain, and lower-cases both:
// mailbox names are matched case-insensitively here, as most servers do.
func parseAddress(raw string) (mailAddress, error) {
	s := bareAddress(raw)
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return mailAddress{}, fmt.Errorf("%q: %w", raw, ErrBadAddress)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '<' || c == '>' {
			return mailAddress{}, fmt.Errorf("%q: %w", raw, ErrBadAddress)
		}
	}
	return mailAddress{local: strings.ToLower(s[:at]), domain: strings.ToLower(s[at+1:])}, nil
}

// bareAddress drops the angle brackets around an address, if any.
func bareAddress(addr string) string {
	if strings.HasPrefix(addr, "<") && strings.HasSuffix(addr, ">") && len(addr) >= 2 {
		return addr[1 : len(addr)-1]
	}
	return addr
}

// BaseAddress lower-cases a mail address and drops its plus-detail: with
// delimiter "+", "<TakBot+G7@Example.Test>" gives "takbot@example.test". The
// error wraps ErrBadAddress.
func BaseAddress(addr, delimiter string) (string, error) {
	parsed, err := parseAddress(addr)
	if err != nil {
		return "", err
	}
	base, _ := parsed.withoutDetail(delimiter)
	return base.String(), nil
}
