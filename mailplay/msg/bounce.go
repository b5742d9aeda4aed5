package msg

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"

	"github.com/emersion/go-message/textproto"
)

// Bounce is what a delivery status notification says about a mail that
// could not be delivered.
type Bounce struct {
	// Standard is true when the bounce was read from a
	// message/delivery-status part (RFC 3464); false when it was guessed
	// from a mailer-daemon's prose, X-Failed-Recipients and the like.
	Standard bool
	// ReportingMTA is the server that reports, e.g. "dns; mx.example.org".
	ReportingMTA string
	// Recipients lists the recipients the report is about.
	Recipients []BounceRecipient
	// OriginalMessageID is the Message-ID (without angle brackets) of the
	// mail that bounced, when the report returns its header; "" otherwise.
	OriginalMessageID string
}

// BounceRecipient is the report on one recipient of a bounced mail.
type BounceRecipient struct {
	// FinalRecipient and OriginalRecipient are addresses without their
	// "rfc822;" type, the domain in lower case.
	FinalRecipient    string
	OriginalRecipient string
	// Action is what the reporting server did: failed, delayed, ...
	Action DeliveryAction
	// Status is the enhanced status code such as "5.1.1", "" if none.
	Status string
	// Severity says whether the failure is permanent (5.x.x) or
	// temporary (4.x.x).
	Severity Severity
	// DiagnosticCode is the server's own message, e.g. "smtp; 550 5.1.1
	// <bob@example.org>: Recipient address rejected: User unknown".
	DiagnosticCode string
}

// DeliveryAction is the Action field of a delivery status (RFC 3464),
// lower case.
type DeliveryAction string

// The actions of RFC 3464.
const (
	ActionFailed    DeliveryAction = "failed"    // not delivered, given up
	ActionDelayed   DeliveryAction = "delayed"   // not delivered yet, still trying
	ActionDelivered DeliveryAction = "delivered" // delivered
	ActionRelayed   DeliveryAction = "relayed"   // passed to a server that sends no reports
	ActionExpanded  DeliveryAction = "expanded"  // delivered to a list or alias
)

// Severity classifies a delivery status.
type Severity int

// The severities of a status: the class digit of an enhanced status code
// (RFC 3463), else of the SMTP reply code, else of the action.
const (
	// SeverityUnknown: nothing says whether the failure is permanent.
	SeverityUnknown Severity = iota
	// SeverityHard is a permanent failure (5.x.x): do not send again.
	SeverityHard
	// SeveritySoft is a temporary failure (4.x.x): the server may still
	// deliver, or give up later.
	SeveritySoft
	// SeveritySuccess is a report of delivery (2.x.x).
	SeveritySuccess
)

// String names the severity.
func (s Severity) String() string {
	switch s {
	case SeverityHard:
		return "hard"
	case SeveritySoft:
		return "soft"
	case SeveritySuccess:
		return "success"
	}
	return "unknown"
}

var (
	enhancedStatus = regexp.MustCompile(`\b([245])\.[0-9]{1,3}\.[0-9]{1,3}\b`)
	smtpReplyCode  = regexp.MustCompile(`\b([245])[0-9][0-9]\b`)
	// bounceSubject matches the subjects of bounces of common servers.
	bounceSubject = regexp.MustCompile(`(?i)(undeliver|undelivered|delivery status notification|delivery (has )?failed|delivery failure|mail delivery (failed|subsystem)|returned mail|failure notice|could not be delivered|non remis|unzustellbar|nicht zustellbar|no se puede entregar|no entregado)`)
	// messageIDLine finds a Message-ID field in returned headers.
	messageIDLine = regexp.MustCompile(`(?im)^message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^>\s]+>)`)
	// qmailRecipient matches the "<bob@example.org>:" lines of qmail.
	qmailRecipient = regexp.MustCompile(`(?m)^<([^<>\s]+@[^<>\s]+)>:`)
	// failedList matches the line above Exim's list of failed addresses.
	failedList = regexp.MustCompile(`(?i)following (address\(es\)|addresses|recipients?) failed[^\n]*\n`)
)

// findBounce reads the delivery status notification in a mail, if it is
// one: the message/delivery-status part of a multipart/report (RFC 3464),
// else the usual signs of a non-standard bounce from a mailer daemon.
func findBounce(root *entity, in *Inbound, d *defects) *Bounce {
	var status, returned *entity
	walk(root, func(e *entity) {
		switch e.mediaType {
		case "message/delivery-status", "message/global-delivery-status":
			if status == nil {
				status = e
			}
		case "message/rfc822", "message/global", "text/rfc822-headers", "message/global-headers", "message/rfc822-headers":
			if returned == nil {
				returned = e
			}
		}
	})
	isReport := root.mediaType == "multipart/report" && strings.EqualFold(root.params["report-type"], "delivery-status")
	var b *Bounce
	switch {
	case status != nil:
		b = parseDeliveryStatus(status.decodedBody(d, maxEncodedTextBytes))
		b.Standard = true
	case isReport:
		b = &Bounce{Standard: true}
	case looksLikeBounce(in):
		b = guessBounce(in)
	default:
		return nil
	}
	if returned != nil {
		h, _, _ := splitHeader(returned.decodedBody(d, maxEncodedTextBytes), d, returned.path)
		b.OriginalMessageID = firstMsgID(h.Get("Message-Id"), &defects{}, "")
	}
	if b.OriginalMessageID == "" && !b.Standard {
		if m := messageIDLine.FindStringSubmatch(in.FullText); m != nil {
			b.OriginalMessageID = strings.Trim(m[1], "<>")
		}
	}
	return b
}

// walk calls fn on e and every part below it.
func walk(e *entity, fn func(*entity)) {
	fn(e)
	for _, p := range e.parts {
		walk(p, fn)
	}
}

// parseDeliveryStatus reads the body of a message/delivery-status part:
// groups of fields separated by blank lines, the first about the message,
// the others about one recipient each.
func parseDeliveryStatus(body []byte) *Bounce {
	b := &Bounce{}
	for _, group := range fieldGroups(body) {
		final, original := group.Get("Final-Recipient"), group.Get("Original-Recipient")
		if final == "" && original == "" {
			if mta := group.Get("Reporting-Mta"); mta != "" && b.ReportingMTA == "" {
				b.ReportingMTA = mta
			}
			continue
		}
		r := BounceRecipient{
			FinalRecipient:    typedAddress(final),
			OriginalRecipient: typedAddress(original),
			Action:            DeliveryAction(strings.ToLower(strings.TrimSpace(group.Get("Action")))),
			DiagnosticCode:    strings.TrimSpace(group.Get("Diagnostic-Code")),
		}
		if m := enhancedStatus.FindString(group.Get("Status")); m != "" {
			r.Status = m
		} else if m := enhancedStatus.FindString(r.DiagnosticCode); m != "" {
			r.Status = m
		}
		r.Severity = severityOf(r.Status, r.DiagnosticCode, r.Action)
		if r.FinalRecipient == "" {
			r.FinalRecipient = r.OriginalRecipient
		}
		b.Recipients = append(b.Recipients, r)
	}
	return b
}

// fieldGroups splits a text of header-like field groups separated by blank
// lines; lines that are not fields are skipped.
func fieldGroups(body []byte) []textproto.Header {
	var groups []textproto.Header
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			h, _ := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(append(cur, "\r\n"...))))
			if h.Len() > 0 {
				groups = append(groups, h)
			}
		}
		cur = nil
	}
	for _, line := range bytes.Split(body, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		switch {
		case len(bytes.TrimSpace(line)) == 0:
			flush()
		case line[0] == ' ' || line[0] == '\t':
			if len(cur) > 0 {
				cur = append(append(cur, line...), "\r\n"...)
			}
		case isFieldLine(line):
			cur = append(append(cur, line...), "\r\n"...)
		}
	}
	flush()
	return groups
}

// typedAddress reads "rfc822; bob@example.org" as "bob@example.org".
func typedAddress(v string) string {
	if i := strings.IndexByte(v, ';'); i >= 0 {
		v = v[i+1:]
	}
	v = strings.Trim(strings.TrimSpace(v), "<>")
	return lowerDomain(v)
}

// severityOf classifies a status by its class digit, else by the SMTP
// reply code in the diagnostic, else by the action.
func severityOf(status, diagnostic string, action DeliveryAction) Severity {
	class := ""
	if status != "" {
		class = status[:1]
	} else if m := smtpReplyCode.FindStringSubmatch(diagnostic); m != nil {
		class = m[1]
	}
	switch class {
	case "5":
		return SeverityHard
	case "4":
		return SeveritySoft
	case "2":
		return SeveritySuccess
	}
	switch action {
	case ActionFailed:
		return SeverityHard
	case ActionDelayed:
		return SeveritySoft
	case ActionDelivered, ActionRelayed, ActionExpanded:
		return SeveritySuccess
	}
	return SeverityUnknown
}

// looksLikeBounce reports whether a mail without a delivery-status part is
// a bounce: it comes from a mailer daemon, or it names failed recipients
// (X-Failed-Recipients), or a postmaster or a null sender sends it with a
// bounce's subject.
func looksLikeBounce(in *Inbound) bool {
	local := localPart(in.From.Addr)
	switch {
	case local == "mailer-daemon" || local == "mailerdaemon":
		return true
	case in.Header.Get("X-Failed-Recipients") != "":
		return true
	case (local == "postmaster" || in.NullReturnPath) && bounceSubject.MatchString(in.Subject):
		return true
	}
	return false
}

// guessBounce reads what it can from a non-standard bounce: the failed
// recipients of X-Failed-Recipients, qmail's "<bob@example.org>:" lines or
// Exim's list, and the first status code in the text.
func guessBounce(in *Inbound) *Bounce {
	b := &Bounce{}
	var addrs []string
	for _, v := range in.Header.Values("X-Failed-Recipients") {
		for _, a := range strings.Split(v, ",") {
			if a = strings.Trim(strings.TrimSpace(a), "<>"); strings.Contains(a, "@") {
				addrs = append(addrs, lowerDomain(a))
			}
		}
	}
	if len(addrs) == 0 {
		for _, m := range qmailRecipient.FindAllStringSubmatch(in.FullText, 20) {
			addrs = append(addrs, lowerDomain(m[1]))
		}
	}
	if len(addrs) == 0 {
		addrs = failedListAddresses(in.FullText)
	}
	status, diagnostic := "", ""
	if loc := enhancedStatus.FindStringIndex(in.FullText); loc != nil {
		status = in.FullText[loc[0]:loc[1]]
		diagnostic = lineAround(in.FullText, loc[0])
	}
	seen := map[string]bool{}
	for _, a := range addrs {
		if seen[a] || len(b.Recipients) >= 100 {
			continue
		}
		seen[a] = true
		b.Recipients = append(b.Recipients, BounceRecipient{
			FinalRecipient: a,
			Action:         ActionFailed,
			Status:         status,
			Severity:       severityOf(status, diagnostic, ActionFailed),
			DiagnosticCode: diagnostic,
		})
	}
	return b
}

// failedListAddresses reads the list below Exim's "The following
// address(es) failed:": the lines, up to the first blank line after the
// list, whose first word is an address (the indented details below each
// address are skipped).
func failedListAddresses(text string) []string {
	loc := failedList.FindStringIndex(text)
	if loc == nil {
		return nil
	}
	var addrs []string
	started := false
	for _, line := range strings.Split(text[loc[1]:], "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			if started {
				break
			}
			continue
		}
		started = true
		if a := strings.Trim(f[0], "<>"); strings.Contains(a, "@") && !strings.ContainsAny(a, ":<>") {
			addrs = append(addrs, lowerDomain(a))
		}
	}
	return addrs
}

// lineAround returns the trimmed line of s around byte i, clipped.
func lineAround(s string, i int) string {
	start := strings.LastIndexByte(s[:i], '\n') + 1
	end := strings.IndexByte(s[i:], '\n')
	if end < 0 {
		end = len(s)
	} else {
		end += i
	}
	return clip(strings.TrimSpace(s[start:end]), 300)
}

// localPart returns the lower-case local part of an address, without a
// "+tag".
func localPart(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return ""
	}
	local, _, _ := strings.Cut(strings.ToLower(addr[:at]), "+")
	return local
}
