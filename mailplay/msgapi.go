package mailplay

import "github.com/takbymail/takbot/mailplay/msg"

// The reading of inbound mail lives in package mailplay/msg; these names
// keep mailplay's API (and the transport's own code) as it was.

// Limits that bound the work ParseInbound does on one mail.
const (
	MaxHeaderBytes = msg.MaxHeaderBytes
	MaxParts       = msg.MaxParts
	MaxDepth       = msg.MaxDepth
	MaxTextBytes   = msg.MaxTextBytes
)

type (
	// Inbound is a parsed inbound mail: see msg.Inbound.
	Inbound = msg.Inbound
	// Address is a mail address with its display name: see msg.Address.
	Address = msg.Address
	// ParseError says why a mail could not be read at all.
	ParseError = msg.ParseError
	// ParseErrorKind classifies a ParseError.
	ParseErrorKind = msg.ParseErrorKind
	// Defect is something wrong in a mail that was read anyway.
	Defect = msg.Defect
	// DefectKind classifies a Defect.
	DefectKind = msg.DefectKind
	// Bounce is a delivery report: see msg.Bounce.
	Bounce = msg.Bounce
	// BounceRecipient is one recipient of a delivery report.
	BounceRecipient = msg.BounceRecipient
	// DeliveryAction is a delivery report's action for a recipient.
	DeliveryAction = msg.DeliveryAction
	// Severity says how final a delivery failure is.
	Severity = msg.Severity
	// AuthReason says why a mail was or was not found authenticated.
	AuthReason = msg.AuthReason
	// AutoKind says why a mail was sent by a machine.
	AutoKind = msg.AutoKind
	// Automatic is the verdict on whether a mail was sent by a machine.
	Automatic = msg.Automatic
)

// The kinds of ParseError.
const (
	ParseEmpty          = msg.ParseEmpty
	ParseNoHeader       = msg.ParseNoHeader
	ParseHeaderTooLarge = msg.ParseHeaderTooLarge
)

// The kinds of Defect.
const (
	DefectHeaderSyntax  = msg.DefectHeaderSyntax
	DefectMultipart     = msg.DefectMultipart
	DefectEncoding      = msg.DefectEncoding
	DefectCharset       = msg.DefectCharset
	DefectTooManyParts  = msg.DefectTooManyParts
	DefectTooDeep       = msg.DefectTooDeep
	DefectTextTruncated = msg.DefectTextTruncated
	DefectAddress       = msg.DefectAddress
	DefectHeaderField   = msg.DefectHeaderField
)

// The AuthReasons.
const (
	AuthNoTrustedID  = msg.AuthNoTrustedID
	AuthNoResults    = msg.AuthNoResults
	AuthOtherServer  = msg.AuthOtherServer
	AuthUnreadable   = msg.AuthUnreadable
	AuthNoFromDomain = msg.AuthNoFromDomain
	AuthFailed       = msg.AuthFailed
	AuthDMARCPass    = msg.AuthDMARCPass
	AuthDKIMAligned  = msg.AuthDKIMAligned
	AuthDMARCFail    = msg.AuthDMARCFail
)

// The AutoKinds.
const (
	NotAutomatic     = msg.NotAutomatic
	AutoBounce       = msg.AutoBounce
	AutoSubmitted    = msg.AutoSubmitted
	AutoReplyHeader  = msg.AutoReplyHeader
	AutoPrecedence   = msg.AutoPrecedence
	AutoMailingList  = msg.AutoMailingList
	AutoNullSender   = msg.AutoNullSender
	AutoSystemSender = msg.AutoSystemSender
)

// The DeliveryActions.
const (
	ActionFailed    = msg.ActionFailed
	ActionDelayed   = msg.ActionDelayed
	ActionDelivered = msg.ActionDelivered
	ActionRelayed   = msg.ActionRelayed
	ActionExpanded  = msg.ActionExpanded
)

// The Severities.
const (
	SeverityUnknown = msg.SeverityUnknown
	SeverityHard    = msg.SeverityHard
	SeveritySoft    = msg.SeveritySoft
	SeveritySuccess = msg.SeveritySuccess
)

// ParseInbound reads a raw mail: see msg.ParseInbound.
func ParseInbound(raw []byte) (*Inbound, error) { return msg.ParseInbound(raw) }

// Authenticated reports whether the mail's sender was authenticated by a
// trusted server: see msg.Authenticated.
func Authenticated(in *Inbound, trustedAuthServID string) (bool, AuthReason) {
	return msg.Authenticated(in, trustedAuthServID)
}

// StripQuoted removes the quoted text of a reply: see msg.StripQuoted.
func StripQuoted(text string) string { return msg.StripQuoted(text) }

// HTMLToText turns an HTML body into plain text: see msg.HTMLToText.
func HTMLToText(s string) string { return msg.HTMLToText(s) }

// MessageIDFor returns the Message-ID for a local part in a domain: see
// msg.MessageIDFor.
func MessageIDFor(localPart, domain string) string { return msg.MessageIDFor(localPart, domain) }

// ParseMessageIDFor reads back a Message-ID made by MessageIDFor.
func ParseMessageIDFor(id, domain string) (localPart string, ok bool) {
	return msg.ParseMessageIDFor(id, domain)
}

// CleanSubject strips a subject's reply and forward prefixes: see
// msg.CleanSubject.
func CleanSubject(subject string) string { return msg.CleanSubject(subject) }

// SubjectGameTag finds the "[Tak ID]" tag in a subject.
func SubjectGameTag(subject string) (gameID string, ok bool) { return msg.SubjectGameTag(subject) }

// Unexported helpers of the parser that the transport uses too.
var gameTag = msg.GameTag

func clip(s string, n int) string               { return msg.Clip(s, n) }
func isFieldLine(line []byte) bool              { return msg.IsFieldLine(line) }
func normalizeNewlines(s string) string         { return msg.NormalizeNewlines(s) }
func splitUnquoted(s string, sep byte) []string { return msg.SplitUnquoted(s, sep) }
func localPart(addr string) string              { return msg.LocalPart(addr) }
