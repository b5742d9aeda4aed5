package msg

import (
	"testing"
)

func TestAuthenticated(t *testing.T) {
	const trusted = "mx.tak.example.org"
	from := "From: Ann <ann@ann.example>"
	for _, tc := range []struct {
		name    string
		trusted string
		fields  []string
		ok      bool
		reason  AuthReason
	}{
		{"dmarc pass", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", from}, true, AuthDMARCPass},
		{"authserv-id case-insensitive, version 1", trusted, []string{"Authentication-Results: MX.Tak.Example.Org 1; dmarc=pass header.from=ANN.example", from}, true, AuthDMARCPass},
		{"comments with semicolons", trusted, []string{"Authentication-Results: mx.tak.example.org (Postfix; OpenDMARC);\r\n\tdkim=pass (2048-bit key; unprotected) header.d=ann.example header.i=@ann.example;\r\n\tdmarc=pass (p=none dis=none) header.from=ann.example", from}, true, AuthDMARCPass},
		{"quoted values", trusted, []string{`Authentication-Results: mx.tak.example.org; dkim=pass header.d="ann.example"`, from}, true, AuthDKIMAligned},
		{"dmarc for another domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=evil.example", from}, false, AuthFailed},
		{"dmarc pass without header.from", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass", from}, false, AuthFailed},
		{"dmarc fail", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=fail header.from=ann.example", from}, false, AuthDMARCFail},
		{"dmarc fail beats an aligned dkim pass", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=ann.example; dmarc=fail header.from=ann.example", from}, false, AuthDMARCFail},
		{"dmarc fail for another domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=fail header.from=evil.example", from}, false, AuthFailed},
		{"dmarc fail from another server", trusted, []string{"Authentication-Results: mx.evil.example; dmarc=fail header.from=ann.example", from}, false, AuthOtherServer},
		{"dmarc none", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=none header.from=ann.example", from}, false, AuthFailed},
		{"dkim equal", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=ann.example", from}, true, AuthDKIMAligned},
		{"dkim parent domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=ann.example", "From: ann@mail.ann.example"}, true, AuthDKIMAligned},
		{"dkim child domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=mail.ann.example", from}, true, AuthDKIMAligned},
		{"dkim header.i only (Gmail)", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.i=@ann.example header.s=s1", from}, true, AuthDKIMAligned},
		{"dkim sibling domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=a.ann.example", "From: ann@b.ann.example"}, false, AuthFailed},
		{"dkim public suffix", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=co.uk", "From: ann@ann.co.uk"}, false, AuthFailed},
		{"dkim other domain", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=pass header.d=mailer.example", from}, false, AuthFailed},
		{"dkim fail", trusted, []string{"Authentication-Results: mx.tak.example.org; dkim=fail header.d=ann.example", from}, false, AuthFailed},
		{"spf pass is not enough", trusted, []string{"Authentication-Results: mx.tak.example.org; spf=pass smtp.mailfrom=ann@ann.example", from}, false, AuthFailed},
		{"forged header below", trusted, []string{
			"Authentication-Results: mx.tak.example.org; dmarc=fail header.from=ann.example",
			"Received: from evil.example by mx.tak.example.org",
			"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", from}, false, AuthDMARCFail},
		{"trusted header below another server's", trusted, []string{
			"Authentication-Results: mx.other.example; dmarc=pass header.from=ann.example",
			"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", from}, false, AuthOtherServer},
		{"another authserv-id", trusted, []string{"Authentication-Results: mx.evil.example; dmarc=pass header.from=ann.example", from}, false, AuthOtherServer},
		{"empty trusted id", "", []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", from}, false, AuthNoTrustedID},
		{"no results", trusted, []string{from}, false, AuthNoResults},
		{"Microsoft style without an authserv-id", trusted, []string{"Authentication-Results: spf=pass (sender IP is 1.2.3.4) smtp.mailfrom=ann.example; dkim=pass (signature was verified) header.d=ann.example;dmarc=pass action=none header.from=ann.example;", from}, false, AuthUnreadable},
		{"two From addresses", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", "From: ann@ann.example, eve@evil.example"}, false, AuthNoFromDomain},
		{"two From fields", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", from, "From: eve@evil.example"}, false, AuthNoFromDomain},
		{"no From", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example", "Subject: x"}, false, AuthNoFromDomain},
		{"a bad result after a good one", trusted, []string{"Authentication-Results: mx.tak.example.org; dmarc=pass header.from=ann.example; garbage", from}, true, AuthDMARCPass},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := ParseInbound(mailWith("ps b4\r\n", tc.fields...))
			if err != nil {
				t.Fatal(err)
			}
			ok, reason := Authenticated(in, tc.trusted)
			if ok != tc.ok || reason != tc.reason {
				t.Errorf("Authenticated = %v, %s; want %v, %s", ok, reason, tc.ok, tc.reason)
			}
			if reason.Forged() != (tc.reason == AuthDMARCFail) {
				t.Errorf("%s: Forged() = %v", reason, reason.Forged())
			}
		})
	}
}

func TestStripComments(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a (b; c) d", "a   d"},
		{"a (b (nested) c) d", "a   d"},
		{`a "x (not a comment)" b`, `a "x (not a comment)" b`},
		{`a (escaped \) paren) b`, "a   b"},
		{"unclosed (comment", "unclosed "},
		{"stray ) paren", "stray ) paren"},
	} {
		if got := stripComments(tc.in); got != tc.want {
			t.Errorf("stripComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
