package msg

import (
	"fmt"
	"strings"

	"github.com/emersion/go-msgauth/authres"
	"golang.org/x/net/publicsuffix"
)

// AuthReason says why Authenticated accepted or refused a mail.
type AuthReason int

// The reasons of Authenticated.
const (
	// AuthNoTrustedID: no trusted authserv-id was given, so nothing is
	// trusted.
	AuthNoTrustedID AuthReason = iota + 1
	// AuthNoResults: the mail has no Authentication-Results field.
	AuthNoResults
	// AuthOtherServer: the topmost Authentication-Results field was not
	// stamped by the trusted server (it has another authserv-id).
	AuthOtherServer
	// AuthUnreadable: the topmost field could not be parsed.
	AuthUnreadable
	// AuthNoFromDomain: the mail has no single From address with a domain.
	AuthNoFromDomain
	// AuthFailed: neither dmarc=pass for the From domain nor a dkim=pass
	// aligned with it.
	AuthFailed
	// AuthDMARCPass: accepted, dmarc=pass for the From domain.
	AuthDMARCPass
	// AuthDKIMAligned: accepted, dkim=pass for a domain aligned with the
	// From domain.
	AuthDKIMAligned
	// AuthDMARCFail: refused, and forged: the trusted server says
	// dmarc=fail for the From domain (its owner publishes a policy, and
	// the mail broke it). Such mail gets nothing (Forged).
	AuthDMARCFail
)

// Forged reports whether the trusted server's verdict is that the From
// address is forged (dmarc=fail for the From domain): the mail is dropped
// unanswered, without a confirmation request.
func (r AuthReason) Forged() bool { return r == AuthDMARCFail }

// String describes the reason.
func (r AuthReason) String() string {
	switch r {
	case AuthNoTrustedID:
		return "no trusted authserv-id configured"
	case AuthNoResults:
		return "no Authentication-Results"
	case AuthOtherServer:
		return "topmost Authentication-Results from another server"
	case AuthUnreadable:
		return "unreadable Authentication-Results"
	case AuthNoFromDomain:
		return "no single From address"
	case AuthFailed:
		return "neither DMARC nor aligned DKIM passed"
	case AuthDMARCPass:
		return "dmarc=pass"
	case AuthDKIMAligned:
		return "aligned dkim=pass"
	case AuthDMARCFail:
		return "dmarc=fail"
	}
	return fmt.Sprintf("AuthReason(%d)", int(r))
}

// Authenticated reports whether the receiving server vouches that the mail
// comes from the domain of its From address. Only the topmost
// Authentication-Results field counts: it is the one the receiving server
// stamped last; lower ones may have been written by anyone, the sender
// included. It must carry the trusted authserv-id (compared
// case-insensitively; an empty trusted id trusts nothing) and show
// dmarc=pass with header.from equal to the From domain, or dkim=pass with a
// signing domain (header.d, or the domain of header.i) aligned with the
// From domain: equal, or a parent or child of it below the public suffix
// (relaxed alignment). A mail with several From addresses is refused. A
// dmarc=fail for the From domain is refused with AuthDMARCFail, whatever
// DKIM says: the domain's owner published a policy and the mail broke it.
func Authenticated(in *Inbound, trustedAuthServID string) (bool, AuthReason) {
	trusted := strings.TrimSpace(trustedAuthServID)
	if trusted == "" {
		return false, AuthNoTrustedID
	}
	fields := in.Header.Values("Authentication-Results")
	if len(fields) == 0 {
		return false, AuthNoResults
	}
	id, results, err := authres.Parse(stripComments(fields[0]))
	if id == "" && err != nil {
		return false, AuthUnreadable
	}
	if !strings.EqualFold(id, trusted) {
		return false, AuthOtherServer
	}
	// A result that does not parse stops authres.Parse; the results read
	// before it were stamped by the trusted server and stand.
	fromDomain := strings.ToLower(in.From.Domain())
	if in.FromCount != 1 || len(in.Header.Values("From")) != 1 || fromDomain == "" {
		return false, AuthNoFromDomain
	}
	for _, r := range results {
		if r, ok := r.(*authres.DMARCResult); ok && r.Value == authres.ResultPass &&
			strings.EqualFold(unquote(r.From), fromDomain) {
			return true, AuthDMARCPass
		}
	}
	for _, r := range results {
		if r, ok := r.(*authres.DMARCResult); ok && r.Value == authres.ResultFail &&
			strings.EqualFold(unquote(r.From), fromDomain) {
			return false, AuthDMARCFail
		}
	}
	for _, r := range results {
		r, ok := r.(*authres.DKIMResult)
		if !ok || r.Value != authres.ResultPass {
			continue
		}
		signer := unquote(r.Domain)
		if signer == "" {
			if _, dom, ok := strings.Cut(unquote(r.Identifier), "@"); ok {
				signer = dom
			}
		}
		if aligned(signer, fromDomain) {
			return true, AuthDKIMAligned
		}
	}
	return false, AuthFailed
}

// aligned reports whether a signing domain is aligned with the From
// domain: equal, or one a subdomain of the other where the parent is at or
// below a registrable domain (so "co.uk" aligns with nothing).
func aligned(signer, from string) bool {
	s := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(signer), "."))
	f := strings.ToLower(strings.TrimSuffix(from, "."))
	if s == "" || f == "" {
		return false
	}
	if s == f {
		return true
	}
	parent := ""
	switch {
	case strings.HasSuffix(f, "."+s):
		parent = s
	case strings.HasSuffix(s, "."+f):
		parent = f
	default:
		return false
	}
	registrable, err := publicsuffix.EffectiveTLDPlusOne(parent)
	return err == nil && (parent == registrable || strings.HasSuffix(parent, "."+registrable))
}

// stripComments removes the comments (in parentheses, possibly nested)
// from a structured field, outside quoted strings: authres does not skip
// them, and OpenDKIM writes "dkim=pass (2048-bit key; unprotected)".
func stripComments(v string) string {
	var b strings.Builder
	depth, inQuote := 0, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && (inQuote || depth > 0) && i+1 < len(v):
			if depth == 0 {
				b.WriteByte(c)
				b.WriteByte(v[i+1])
			}
			i++
		case c == '"' && depth == 0:
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '(' && !inQuote:
			depth++
		case c == ')' && !inQuote && depth > 0:
			depth--
			if depth == 0 {
				b.WriteByte(' ')
			}
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unquote removes the double quotes around a parameter value.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
