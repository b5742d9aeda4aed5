// Package mailserver says how to reach a mail server (host, port, the
// protection of the connection, the login) and opens the connection, for
// the email transport's IMAP reader and SMTP sender alike.
package mailserver

import (
	"context"
	"crypto/tls"
	"net"
	"strconv"
	"time"
)

// Security is how a connection to a mail server is protected.
type Security string

// The security modes of a mail server connection.
const (
	// SecurityTLS is TLS from the first byte (IMAPS on 993, SMTPS on 465).
	SecurityTLS Security = "tls"
	// SecuritySTARTTLS starts in plain text and upgrades with STARTTLS
	// (IMAP on 143, submission on 587); the upgrade is required.
	SecuritySTARTTLS Security = "starttls"
	// SecurityNone is plain text: allowed only to a loopback address
	// unless AllowInsecure is set.
	SecurityNone Security = "none"
)

// Server is how to reach one mail server.
type Server struct {
	Host     string
	Port     int // 0: the usual port of Security (IMAP 993 tls, 143 otherwise; SMTP 465 tls, 587 starttls, 25 none)
	Security Security
	// Username is the login; empty means no authentication (AUTH is not
	// attempted on SMTP; IMAP always needs a login).
	Username string
	Password string
	// AllowInsecure permits SecurityNone to a host that is not loopback.
	AllowInsecure bool
}

// Addr is host:port.
func (s Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// Dial opens a TCP connection to a server, with TLS from the first
// byte for SecurityTLS.
func Dial(ctx context.Context, s Server, base *tls.Config, timeout time.Duration) (net.Conn, error) {
	d := &net.Dialer{Timeout: timeout}
	if s.Security == SecurityTLS {
		td := &tls.Dialer{NetDialer: d, Config: TLSConfig(base, s.Host)}
		return td.DialContext(ctx, "tcp", s.Addr())
	}
	return d.DialContext(ctx, "tcp", s.Addr())
}

// TLSConfig returns a TLS client configuration for host, based on base.
func TLSConfig(base *tls.Config, host string) *tls.Config {
	var c *tls.Config
	if base != nil {
		c = base.Clone()
	} else {
		c = &tls.Config{}
	}
	if c.ServerName == "" {
		c.ServerName = host
	}
	if c.MinVersion == 0 {
		c.MinVersion = tls.VersionTLS12
	}
	return c
}
