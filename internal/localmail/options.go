package localmail

import (
	"log/slog"
	"time"
)

// Clock tells the time; tests inject a fake one. bot.SystemClock satisfies it.
type Clock interface{ Now() time.Time }

// systemClock is the real clock, used when Options.Clock is nil.
type systemClock struct{}

// Now returns the wall-clock time.
func (systemClock) Now() time.Time { return time.Now() }

// TLSMode says how one server uses TLS.
type TLSMode int

const (
	// TLSOff serves plain text; authentication is allowed without TLS.
	TLSOff TLSMode = iota
	// TLSStartTLS serves plain text that clients upgrade with STARTTLS (IMAP
	// on 143, SMTP submission on 587); authentication needs the upgrade.
	TLSStartTLS
	// TLSImplicit serves TLS from the first byte (IMAPS on 993, SMTPS on 465).
	TLSImplicit
)

// String names the mode.
func (m TLSMode) String() string {
	switch m {
	case TLSOff:
		return "off"
	case TLSStartTLS:
		return "starttls"
	case TLSImplicit:
		return "implicit"
	default:
		return "unknown"
	}
}

// TLSOptions chooses TLS for each server. When either is not TLSOff, Start
// makes an ephemeral self-signed certificate that [System.CertPool] exposes.
type TLSOptions struct {
	IMAP TLSMode
	SMTP TLSMode
}

// enabled reports whether any server uses TLS.
func (o TLSOptions) enabled() bool { return o.IMAP != TLSOff || o.SMTP != TLSOff }

// Options configures Start. The zero value is a plain-text system on
// 127.0.0.1 with ports chosen by the kernel.
type Options struct {
	// IMAPAddr and SMTPAddr are the listening addresses; empty means
	// 127.0.0.1:0 (a free port chosen at run time).
	IMAPAddr string
	SMTPAddr string
	// Hostname names this system in greetings and Received headers; empty
	// means "localmail.test".
	Hostname string
	// TLS selects TLS for IMAP and SMTP.
	TLS TLSOptions
	// RefuseMove answers every MOVE with NO, as a server does whose
	// target mailbox is over quota or read-only.
	RefuseMove bool
	// AllowUnauthenticated lets SMTP clients send without AUTH.
	AllowUnauthenticated bool
	// RecipientDelimiter separates a local part from its detail in
	// plus-addresses; empty means "+".
	RecipientDelimiter string
	// MaxMessageBytes limits one SMTP message; 0 means 25 MiB.
	MaxMessageBytes int64
	// Clock stamps INTERNALDATE and Received headers; nil means the system
	// clock.
	Clock Clock
	// Logger receives the servers' diagnostics at debug level; nil discards
	// them.
	Logger *slog.Logger
}

// Defaults used for empty Options fields.
const (
	defaultAddr            = "127.0.0.1:0"
	defaultHostname        = "localmail.test"
	defaultDelimiter       = "+"
	defaultMaxMessageBytes = 25 << 20
)

// withDefaults returns o with its empty fields filled in.
func (o Options) withDefaults() Options {
	if o.IMAPAddr == "" {
		o.IMAPAddr = defaultAddr
	}
	if o.SMTPAddr == "" {
		o.SMTPAddr = defaultAddr
	}
	if o.Hostname == "" {
		o.Hostname = defaultHostname
	}
	if o.RecipientDelimiter == "" {
		o.RecipientDelimiter = defaultDelimiter
	}
	if o.MaxMessageBytes == 0 {
		o.MaxMessageBytes = defaultMaxMessageBytes
	}
	if o.Clock == nil {
		o.Clock = systemClock{}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}
