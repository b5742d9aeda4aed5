package mailplay

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/mail"
	"strings"
	"time"

	"github.com/takbymail/takbot/mailplay/mailserver"
)

// Security is how a connection to a mail server is protected
// (mailserver.Security).
type Security = mailserver.Security

// The security modes of a mail server connection.
const (
	SecurityTLS      = mailserver.SecurityTLS
	SecuritySTARTTLS = mailserver.SecuritySTARTTLS
	SecurityNone     = mailserver.SecurityNone
)

// Defaults of Config.
const (
	DefaultName              = "Takbot"
	DefaultMailbox           = "INBOX"
	DefaultProcessedMailbox  = "takbot/processed"
	DefaultPollInterval      = time.Minute
	DefaultMaxRepliesPerHour = 30
	// DefaultMaxUnverifiedRepliesPerHour is the default of
	// Config.MaxUnverifiedRepliesPerHour.
	DefaultMaxUnverifiedRepliesPerHour = 10
)

// Server is how to reach one mail server (mailserver.Server).
type Server = mailserver.Server

// IMAP is the mailbox the bot reads.
type IMAP struct {
	Server
	// Mailbox is read for new mail (default INBOX).
	Mailbox string
	// ProcessedMailbox receives handled mail (default takbot/processed),
	// written with '/' between levels whatever the server's delimiter; it
	// is created when missing.
	ProcessedMailbox string
}

// Config is the email transport's configuration, secrets resolved.
type Config struct {
	// Address is the bot's address: the From of its mail and the base of
	// the players' reply addresses (takbot+TOKEN@example.org). It must
	// not contain '+'.
	Address string
	// Name is the display name in From (default "Takbot").
	Name string
	IMAP IMAP
	SMTP Server
	// TrustedAuthServID, when set, trusts the topmost
	// Authentication-Results field stamped by this authserv-id: a mail it
	// shows as DMARC pass (or aligned DKIM pass) for the From domain is
	// authenticated.
	TrustedAuthServID string
	// PollInterval is how often the mailbox is polled when the server has
	// no IDLE (default 1 min).
	PollInterval time.Duration
	// MaxRepliesPerHour caps the answers (record.Answer) sent to one
	// address in any hour (default 30); later answers wait for a free
	// slot, and the next mail that goes out to the address says so.
	// Events (the opponent's move, a challenge, a result) and the
	// answers to the player's own play in their games (record.Play) are
	// never counted nor held.
	MaxRepliesPerHour int
	// MaxUnverifiedRepliesPerHour caps the mails from one unverified
	// From address (neither through the sender's reply token nor
	// vouched for by TrustedAuthServID) that are answered in any hour
	// (default 10); later ones are dropped unanswered, never queued.
	MaxUnverifiedRepliesPerHour int
	// StrangerMailsPerDay caps the mails to an address that never wrote
	// to the bot in any 24 hours (default StrangerMailsPerDay, 3; see
	// consent.go). The service's configuration has no key for it: the
	// demo, whose players are its own mailboxes, lifts it.
	StrangerMailsPerDay int
	// TLS, when set, is the client TLS configuration of both servers (a
	// custom root pool in tests); its ServerName is filled in per server.
	TLS *tls.Config
}

// ConfigError is a configuration that cannot work.
type ConfigError struct {
	Field  string // the configuration key, e.g. "email.imap.security"
	Reason string
}

// Error names the key and the problem.
func (e *ConfigError) Error() string { return "mailplay: config " + e.Field + ": " + e.Reason }

// Checked returns c with its empty fields filled in, or a *ConfigError
// naming the first key that cannot work; New runs it too.
func (c Config) Checked() (Config, error) { return c.withDefaults() }

// withDefaults returns c with its empty fields filled in and checked.
func (c Config) withDefaults() (Config, error) {
	addr, err := mail.ParseAddress(c.Address)
	if err != nil || addr.Name != "" || !strings.Contains(addr.Address, "@") {
		return c, &ConfigError{"email.address", fmt.Sprintf("%q is not a mail address", c.Address)}
	}
	if strings.Contains(addr.Address[:strings.LastIndexByte(addr.Address, '@')], "+") {
		return c, &ConfigError{"email.address", "the bot's address may not contain '+': plus-addresses carry the reply tokens"}
	}
	c.Address = strings.ToLower(addr.Address)
	if strings.TrimSpace(c.Name) == "" {
		c.Name = DefaultName
	}
	if strings.ContainsAny(c.Name, "\r\n") {
		return c, &ConfigError{"email.name", "line break in the name"}
	}
	if c.IMAP.Server, err = serverWithDefaults(c.IMAP.Server, "email.imap", 993, 143, 143); err != nil {
		return c, err
	}
	if c.IMAP.Username == "" {
		return c, &ConfigError{"email.imap.username", "IMAP needs a login"}
	}
	if c.SMTP, err = serverWithDefaults(c.SMTP, "email.smtp", 465, 587, 25); err != nil {
		return c, err
	}
	if c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = DefaultMailbox
	}
	if c.IMAP.ProcessedMailbox == "" {
		c.IMAP.ProcessedMailbox = DefaultProcessedMailbox
	}
	if strings.EqualFold(strings.Trim(c.IMAP.ProcessedMailbox, "/"), strings.Trim(c.IMAP.Mailbox, "/")) {
		return c, &ConfigError{"email.imap.processed_mailbox", "must differ from the mailbox read"}
	}
	if c.PollInterval <= 0 {
		c.PollInterval = DefaultPollInterval
	}
	if c.MaxRepliesPerHour <= 0 {
		c.MaxRepliesPerHour = DefaultMaxRepliesPerHour
	}
	if c.StrangerMailsPerDay <= 0 {
		c.StrangerMailsPerDay = StrangerMailsPerDay
	}
	if c.MaxUnverifiedRepliesPerHour <= 0 {
		c.MaxUnverifiedRepliesPerHour = DefaultMaxUnverifiedRepliesPerHour
	}
	return c, nil
}

// serverWithDefaults checks a server and fills in its port.
func serverWithDefaults(s Server, key string, tlsPort, startTLSPort, plainPort int) (Server, error) {
	if strings.TrimSpace(s.Host) == "" {
		return s, &ConfigError{key + ".host", "missing"}
	}
	if s.Port < 0 || s.Port > 65535 {
		return s, &ConfigError{key + ".port", fmt.Sprintf("%d is not a port", s.Port)}
	}
	switch s.Security {
	case SecurityTLS:
		if s.Port == 0 {
			s.Port = tlsPort
		}
	case SecuritySTARTTLS:
		if s.Port == 0 {
			s.Port = startTLSPort
		}
	case SecurityNone:
		if s.Port == 0 {
			s.Port = plainPort
		}
	case "":
		return s, &ConfigError{key + ".security", "missing: use tls, starttls or none"}
	default:
		return s, &ConfigError{key + ".security", fmt.Sprintf("%q: use tls, starttls or none", s.Security)}
	}
	if s.Security == SecurityNone && !s.AllowInsecure && !isLoopback(s.Host) {
		return s, &ConfigError{key + ".security", fmt.Sprintf("none sends the password in clear text: allowed only to a loopback address, not %q, unless allow_insecure is true", s.Host)}
	}
	return s, nil
}

// isLoopback reports whether host is localhost or a loopback IP address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
