package localmail

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
)

// arrival describes where a mail came from, for its Received header.
type arrival struct {
	heloName string // the client's HELO/EHLO name
	remoteIP string // empty when unknown
	protocol string // RFC 3848 name: SMTP, ESMTP, ESMTPA, ESMTPS, ESMTPSA
}

// outside is the arrival of mail injected with Deliver.
var outside = arrival{heloName: "outside.invalid", protocol: "ESMTP"}

// Deliver injects a mail as if received from outside, e.g. a forgery or a
// bounce (give an empty from for a null return path), into the INBOX of
// every recipient, with the same headers an SMTP delivery gets. Bare LF line
// ends are turned into CRLF. If any recipient is not a local user nothing is
// delivered and the error wraps ErrUnknownUser, ErrNotLocal or ErrBadAddress.
func (s *System) Deliver(ctx context.Context, from string, to []string, raw []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("localmail: deliver: %w", err)
	}
	if len(to) == 0 {
		return fmt.Errorf("localmail: deliver: no recipients: %w", ErrBadAddress)
	}
	recipients := make([]recipient, 0, len(to))
	for _, addr := range to {
		acct, err := s.lookup(addr)
		if err != nil {
			return fmt.Errorf("localmail: deliver: %w", err)
		}
		recipients = append(recipients, recipient{address: bareAddress(addr), acct: acct})
	}
	return s.deliver(from, recipients, toCRLF(raw), outside, s.opts.Clock.Now())
}

// recipient is one accepted envelope recipient and the user it reaches.
type recipient struct {
	address string // as the sender wrote it, for Delivered-To
	acct    *account
}

// deliver appends one copy of raw per distinct recipient to that user's
// INBOX, each with its own trace headers, all stamped with now, and wakes
// IDLE sessions.
func (s *System) deliver(from string, recipients []recipient, raw []byte, via arrival, now time.Time) error {
	defer s.imap.changes.notify()
	seen := make(map[string]bool, len(recipients))
	for _, rcpt := range recipients {
		key := strings.ToLower(rcpt.address)
		if seen[key] {
			continue
		}
		seen[key] = true
		var buf bytes.Buffer
		buf.Grow(len(raw) + 512)
		writeTraceHeaders(&buf, from, rcpt.address, s.opts.Hostname, via, now)
		buf.Write(raw)
		_, err := rcpt.acct.mem.Append(inboxName, bytes.NewReader(buf.Bytes()), &imap.AppendOptions{Time: now})
		if err != nil {
			return fmt.Errorf("localmail: deliver to %s: %w", rcpt.address, mailboxError(err))
		}
	}
	return nil
}

// writeTraceHeaders writes Return-Path, Delivered-To and Received, in the
// order a delivery agent such as Dovecot's LMTP leaves them.
func writeTraceHeaders(buf *bytes.Buffer, from, to, hostname string, via arrival, at time.Time) {
	fmt.Fprintf(buf, "Return-Path: <%s>\r\n", from)
	fmt.Fprintf(buf, "Delivered-To: %s\r\n", to)
	fmt.Fprintf(buf, "Received: from %s", via.heloName)
	if via.remoteIP != "" {
		fmt.Fprintf(buf, " ([%s])", via.remoteIP)
	}
	fmt.Fprintf(buf, "\r\n\tby %s (localmail) with %s\r\n\tfor <%s>; %s\r\n",
		hostname, via.protocol, to, at.Format(time.RFC1123Z))
}

// toCRLF turns every bare LF into CRLF, as an SMTP client does on the wire.
func toCRLF(raw []byte) []byte {
	bare := 0
	for i, c := range raw {
		if c == '\n' && (i == 0 || raw[i-1] != '\r') {
			bare++
		}
	}
	if bare == 0 {
		return raw
	}
	out := make([]byte, 0, len(raw)+bare)
	for i, c := range raw {
		if c == '\n' && (i == 0 || raw[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, c)
	}
	return out
}
