package localmail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"sync"
)

// System is a running loopback mail system: an IMAP server and an SMTP
// submission server sharing one set of users. Its methods are safe for
// concurrent use.
type System struct {
	opts Options

	mu       sync.Mutex
	accounts map[string]*account // by canonical address
	domains  map[string]bool     // local domains

	certPool *x509.CertPool
	imap     *imapFront
	smtp     *smtpFront

	closeOnce sync.Once
}

// Start starts both servers. ctx bounds the start only; the servers run
// until Close.
func Start(ctx context.Context, opts Options) (*System, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("localmail: start: %w", err)
	}
	s := &System{
		opts:     opts.withDefaults(),
		accounts: make(map[string]*account),
		domains:  make(map[string]bool),
	}
	var tlsConfig *tls.Config
	if s.opts.TLS.enabled() {
		var err error
		tlsConfig, s.certPool, err = ephemeralTLS(hostOf(s.opts.IMAPAddr), hostOf(s.opts.SMTPAddr), s.opts.Hostname)
		if err != nil {
			return nil, err
		}
	}
	var err error
	if s.imap, err = startIMAP(s, tlsConfig); err != nil {
		return nil, err
	}
	if s.smtp, err = startSMTP(s, tlsConfig); err != nil {
		s.imap.close()
		return nil, err
	}
	return s, nil
}

// IMAPAddr is the IMAP server's address (host:port).
func (s *System) IMAPAddr() string { return s.imap.addr }

// SMTPAddr is the SMTP submission server's address (host:port).
func (s *System) SMTPAddr() string { return s.smtp.addr }

// CertPool holds the ephemeral certificate clients must trust; nil when
// TLS is off.
func (s *System) CertPool() *x509.CertPool { return s.certPool }

// ClientTLSConfig is a client configuration trusting CertPool; the dialers
// of go-imap and go-smtp fill in the server name from the address.
func (s *System) ClientTLSConfig() *tls.Config {
	return &tls.Config{RootCAs: s.certPool, MinVersion: tls.VersionTLS12}
}

// Sent lists, oldest first, every mail the SMTP server accepted.
func (s *System) Sent() []Submission { return s.smtp.log() }

// SetSMTPDown starts (true) or ends (false) an SMTP outage. During one, new
// clients are greeted with "421 4.3.2" and disconnected, and open sessions
// get 421 to MAIL, RCPT and DATA: a temporary failure in every case.
func (s *System) SetSMTPDown(down bool) { s.smtp.down.Store(down) }

// SetIMAPDown starts (true) or ends (false) an IMAP outage. Starting one
// drops every IMAP connection and closes the port, so new connections are
// refused; ending it listens again on the same address. Mail delivered
// meanwhile is kept.
func (s *System) SetIMAPDown(down bool) error { return s.imap.setDown(down) }

// Close stops both servers and drops every connection. Further calls do
// nothing.
func (s *System) Close() error {
	s.closeOnce.Do(func() {
		s.smtp.close()
		s.imap.close()
	})
	return nil
}
