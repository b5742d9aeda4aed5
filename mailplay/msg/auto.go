package msg

import (
	"fmt"
	"strings"
)

// AutoKind says why a mail was sent by a program rather than a person.
// Such mail must never be answered: answering it can start a loop of
// automatic replies.
type AutoKind int

// The kinds of automatic mail, in the order they are checked.
const (
	// NotAutomatic: nothing marks the mail as automatic.
	NotAutomatic AutoKind = iota
	// AutoBounce: a delivery status notification (Inbound.Bounce has the
	// details) or a mailer daemon's non-standard bounce.
	AutoBounce
	// AutoSubmitted: an Auto-Submitted field other than "no" (RFC 3834),
	// as vacation responders and other robots send.
	AutoSubmitted
	// AutoReplyHeader: X-Autoreply, X-Autorespond, or an
	// X-Auto-Response-Suppress of All or OOF, as the out-of-office replies
	// of Exchange carry.
	AutoReplyHeader
	// AutoPrecedence: Precedence bulk, list, junk or auto_reply.
	AutoPrecedence
	// AutoMailingList: a List-Id or List-Unsubscribe field (mailing lists
	// and bulk mail).
	AutoMailingList
	// AutoNullSender: the Return-Path is null ("<>").
	AutoNullSender
	// AutoSystemSender: the sender is a system address such as
	// mailer-daemon@, postmaster@, noreply@, no-reply@ or donotreply@.
	AutoSystemSender
)

// String names the kind.
func (k AutoKind) String() string {
	switch k {
	case NotAutomatic:
		return "not automatic"
	case AutoBounce:
		return "bounce"
	case AutoSubmitted:
		return "auto-submitted"
	case AutoReplyHeader:
		return "auto-reply header"
	case AutoPrecedence:
		return "precedence"
	case AutoMailingList:
		return "mailing list"
	case AutoNullSender:
		return "null sender"
	case AutoSystemSender:
		return "system sender"
	}
	return fmt.Sprintf("AutoKind(%d)", int(k))
}

// Automatic is the classification of a mail as automatic, with the reason
// (the field that shows it, for a log).
type Automatic struct {
	Kind   AutoKind
	Reason string
}

// IsAutomatic reports whether the mail must never be answered.
func (a Automatic) IsAutomatic() bool { return a.Kind != NotAutomatic }

// systemLocalParts are the local parts of senders that never read replies.
var systemLocalParts = map[string]bool{
	"mailer-daemon": true, "mailerdaemon": true, "postmaster": true,
	"noreply": true, "no-reply": true, "no_reply": true,
	"donotreply": true, "do-not-reply": true, "do_not_reply": true,
}

// classify decides whether a mail is automatic; the first sign found wins,
// in the order of the AutoKind constants. The adapter must also ignore
// mail from its own address, which this layer does not know.
func classify(in *Inbound) Automatic {
	h := &in.Header
	if in.Bounce != nil {
		reason := "delivery status notification"
		if !in.Bounce.Standard {
			reason = "bounce from " + in.From.Addr
		}
		return Automatic{AutoBounce, reason}
	}
	if v := fieldValue(h.Get("Auto-Submitted")); v != "" && v != "no" {
		return Automatic{AutoSubmitted, "Auto-Submitted: " + v}
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Autoresponder"} {
		if v := fieldValue(h.Get(k)); v != "" && v != "no" {
			return Automatic{AutoReplyHeader, k + ": " + v}
		}
	}
	if v := h.Get("X-Auto-Response-Suppress"); v != "" {
		for _, tok := range strings.Split(v, ",") {
			if t := strings.ToLower(strings.TrimSpace(tok)); t == "all" || t == "oof" {
				return Automatic{AutoReplyHeader, "X-Auto-Response-Suppress: " + clip(strings.TrimSpace(v), 60)}
			}
		}
	}
	switch v := fieldValue(h.Get("Precedence")); v {
	case "bulk", "list", "junk", "auto_reply", "auto-reply":
		return Automatic{AutoPrecedence, "Precedence: " + v}
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe"} {
		if v := h.Get(k); v != "" {
			return Automatic{AutoMailingList, k + ": " + clip(v, 60)}
		}
	}
	if in.NullReturnPath {
		return Automatic{AutoNullSender, "Return-Path: <>"}
	}
	for _, a := range []string{in.From.Addr, in.ReturnPath} {
		if systemLocalParts[localPart(a)] {
			return Automatic{AutoSystemSender, "sender " + a}
		}
	}
	return Automatic{}
}

// fieldValue returns the keyword of a field such as Auto-Submitted: lower
// case, without parameters or comments.
func fieldValue(v string) string {
	v, _, _ = strings.Cut(v, ";")
	v, _, _ = strings.Cut(v, "(")
	return strings.ToLower(strings.TrimSpace(v))
}
