package msg

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// The bounce fuzz tests: a bounce report is mail from anyone (a forged
// one costs nothing), so whatever its delivery-status fields and returned
// headers say, reading it must not panic, must find the report, and must
// give only well-formed addresses, codes and Message-IDs.

// reportBoundary separates the parts of the reports FuzzBounceReport
// builds; inputs that contain it change the structure and are judged
// less strictly.
const reportBoundary = "=_fuzz_b0und4ry"

// bounceReport is a multipart/report from a mailer daemon with the given
// message/delivery-status body and returned headers.
func bounceReport(status, headers []byte) []byte {
	var b bytes.Buffer
	b.WriteString("Return-Path: <>\r\nFrom: MAILER-DAEMON@mx.tak.example.org (Mail Delivery System)\r\n" +
		"To: takbot@tak.example.org\r\nSubject: Undelivered Mail Returned to Sender\r\n" +
		"Message-Id: <dsn1@mx.tak.example.org>\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"" + reportBoundary + "\"\r\n\r\n" +
		"--" + reportBoundary + "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nYour message could not be delivered.\r\n" +
		"--" + reportBoundary + "\r\nContent-Type: message/delivery-status\r\n\r\n")
	b.Write(status)
	b.WriteString("\r\n--" + reportBoundary + "\r\nContent-Type: text/rfc822-headers\r\n\r\n")
	b.Write(headers)
	b.WriteString("\r\n--" + reportBoundary + "--\r\n")
	return b.Bytes()
}

// FuzzBounceReport fills the delivery-status part and the returned
// headers of a standard bounce (seeds in testdata/fuzz/FuzzBounceReport:
// the parts of the DSN samples in testdata/inbound).
func FuzzBounceReport(f *testing.F) {
	for _, s := range [][2]string{
		{"Reporting-MTA: dns; mx.example.org\n\nFinal-Recipient: rfc822; a@X.example\nAction: failed\nStatus: 5.1.1\n\n" +
			"Final-Recipient: rfc822; b@y.example\nAction: delayed\nStatus: 4.4.7\n\nOriginal-Recipient: rfc822;<c@z.example>\nAction: Delivered\n",
			"Message-ID:\n <r1=2F2@tak.example.org>\n"},
		{"Final-Recipient: utf-8; ü@bücher.example\nAction: failed\nDiagnostic-Code: smtp; 452 mailbox full\n", "Message-Id: <a@b>\n"},
		{"Final-Recipient: rfc822;\nAction:\nStatus: 9.9.9\n", ""},
	} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, status, headers []byte) {
		in := parseBounceMail(t, bounceReport(status, headers))
		if in == nil {
			return
		}
		intact := !bytes.Contains(status, []byte(reportBoundary)) && !bytes.Contains(headers, []byte(reportBoundary))
		if intact && (in.Bounce == nil || !in.Bounce.Standard) {
			t.Fatalf("a multipart/report with a delivery-status part read as bounce %+v", in.Bounce)
		}
		if in.Bounce != nil {
			checkBounce(t, in.Bounce)
		}
	})
}

// FuzzBounceMail mutates whole bounces, standard and not (seeds: the
// bounce and DSN samples in testdata/inbound).
func FuzzBounceMail(f *testing.F) {
	for _, pattern := range []string{"bounce-*.eml", "dsn-*.eml"} {
		paths, err := filepath.Glob(filepath.Join("testdata", "inbound", pattern))
		if err != nil || len(paths) == 0 {
			f.Fatalf("no samples %s: %v", pattern, err)
		}
		for _, p := range paths {
			raw, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(raw)
		}
	}
	f.Add([]byte("From: mailer-daemon@x.example\r\nX-Failed-Recipients: A@B.EXAMPLE, <c@d.example>, nobody\r\n\r\n550 5.1.1 gone\r\nMessage-ID: <x@y>\r\n"))
	f.Add([]byte("From: postmaster@x.example\r\nSubject: failure notice\r\nReturn-Path: <>\r\n\r\n<a@b.example>:\r\nThe following addresses failed:\r\n  q@r.example\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if in := parseBounceMail(t, raw); in != nil && in.Bounce != nil {
			checkBounce(t, in.Bounce)
		}
	})
}

// parseBounceMail parses raw; a failure must be a *ParseError (nil is
// returned then).
func parseBounceMail(t *testing.T, raw []byte) *Inbound {
	t.Helper()
	in, err := ParseInbound(raw)
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || in != nil {
			t.Fatalf("ParseInbound = %v, %v: not a *ParseError", in, err)
		}
		return nil
	}
	if (in.Bounce != nil) != (in.Auto.Kind == AutoBounce) {
		t.Fatalf("Bounce %+v but Auto %v", in.Bounce, in.Auto)
	}
	return in
}

var statusCode = regexp.MustCompile(`^[245]\.[0-9]{1,3}\.[0-9]{1,3}$`)

// checkBounce holds a bounce to the forms its readers rely on.
func checkBounce(t *testing.T, b *Bounce) {
	t.Helper()
	// The Message-ID of a standard report comes from its returned
	// headers and is well formed; a non-standard bounce's is whatever
	// "Message-ID: <...>" line its text has (only ever a key to look up).
	id := b.OriginalMessageID
	if strings.ContainsAny(id, " \t\r\n") || strings.HasPrefix(id, "<") || strings.HasSuffix(id, ">") ||
		b.Standard && (!utf8.ValidString(id) || strings.ContainsAny(id, "<>")) {
		t.Fatalf("OriginalMessageID %q (standard %v)", id, b.Standard)
	}
	// The addresses a report names are never taken for whom the mail went
	// to (that is the record of the mail the bot sent), so only their form
	// is held here.
	for _, r := range b.Recipients {
		for _, a := range []string{r.FinalRecipient, r.OriginalRecipient} {
			if strings.HasPrefix(a, "<") || strings.HasSuffix(a, ">") {
				t.Fatalf("recipient address %q", a)
			}
			if i := strings.LastIndexByte(a, '@'); i >= 0 && strings.ToLower(a[i:]) != a[i:] {
				t.Fatalf("the domain of %q is not in lower case", a)
			}
		}
		if r.FinalRecipient == "" && r.OriginalRecipient != "" {
			t.Fatalf("recipient %+v: no final recipient, though an original one", r)
		}
		if r.Action != DeliveryAction(strings.ToLower(strings.TrimSpace(string(r.Action)))) {
			t.Fatalf("action %q", r.Action)
		}
		if r.Status != "" && !statusCode.MatchString(r.Status) {
			t.Fatalf("status %q", r.Status)
		}
		want := map[byte]Severity{'5': SeverityHard, '4': SeveritySoft, '2': SeveritySuccess}
		if r.Status != "" && r.Severity != want[r.Status[0]] {
			t.Fatalf("status %s but severity %s", r.Status, r.Severity)
		}
	}
}
