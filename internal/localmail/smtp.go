package localmail

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTP answers of the submission server.
var (
	errSMTPUnavailable = &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 2},
		Message: "Service not available, try again later"}
	errSMTPAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0},
		Message: "Authentication required"}
	errSMTPRelayDenied = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
		Message: "Relay access denied"}
	errSMTPUnknownUser = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1},
		Message: "User unknown"}
	errSMTPBadAddress = &smtp.SMTPError{Code: 501, EnhancedCode: smtp.EnhancedCode{5, 1, 3},
		Message: "Bad recipient address syntax"}
	errSMTPRecipient = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0},
		Message: "Recipient lookup failed, try again later"}
	errSMTPIdentity = &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8},
		Message: "Authorization identity differs from the user"}
)

// maxRecipients limits the recipients of one SMTP transaction.
const maxRecipients = 100

// rejectTimeout bounds the 421 greeting sent to a client during an outage.
const rejectTimeout = 10 * time.Second

// smtpFront is the SMTP submission server.
type smtpFront struct {
	sys     *System
	server  *smtp.Server
	addr    string
	ln      net.Listener
	down    atomic.Bool
	serving sync.WaitGroup

	mu   sync.Mutex
	sent []Submission
}

// startSMTP listens on the configured address and serves SMTP.
func startSMTP(sys *System, tlsConfig *tls.Config) (*smtpFront, error) {
	f := &smtpFront{sys: sys}
	server := smtp.NewServer(smtp.BackendFunc(f.newSession))
	server.Domain = sys.opts.Hostname
	server.MaxMessageBytes = sys.opts.MaxMessageBytes
	server.MaxRecipients = maxRecipients
	server.AllowInsecureAuth = sys.opts.TLS.SMTP == TLSOff
	server.ErrorLog = logAdapter{logger: sys.opts.Logger, server: "smtp"}
	f.server = server

	ln, err := net.Listen("tcp", sys.opts.SMTPAddr)
	if err != nil {
		return nil, fmt.Errorf("localmail: listen for SMTP: %w", err)
	}
	f.addr = ln.Addr().String()
	switch sys.opts.TLS.SMTP {
	case TLSStartTLS:
		server.TLSConfig = tlsConfig
	case TLSImplicit:
		ln = tls.NewListener(ln, tlsConfig)
	}
	gated := &gateListener{Listener: ln, down: &f.down, hostname: sys.opts.Hostname}
	f.ln = gated
	f.serving.Add(1)
	go func() {
		defer f.serving.Done()
		if err := server.Serve(gated); err != nil {
			sys.opts.Logger.Debug("localmail: SMTP listener stopped", "err", err)
		}
	}()
	return f, nil
}

// close stops the server and its connections. The listener is closed here
// too, in case Close ran before Serve registered it.
func (f *smtpFront) close() {
	_ = f.server.Close()
	_ = f.ln.Close()
	f.serving.Wait()
}

// newSession starts a session at EHLO.
func (f *smtpFront) newSession(conn *smtp.Conn) (smtp.Session, error) {
	return &smtpSession{front: f, conn: conn}, nil
}

// gateListener greets every client with 421 and hangs up while the server
// is down, as a mail server that is overloaded or in maintenance does.
type gateListener struct {
	net.Listener
	down     *atomic.Bool
	hostname string
}

// Accept returns the next connection that arrives while the server is up.
func (l *gateListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if !l.down.Load() {
			return conn, nil
		}
		go l.reject(conn)
	}
}

// reject writes the 421 greeting (over TLS on an implicit-TLS port) and
// closes the connection.
func (l *gateListener) reject(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(rejectTimeout))
	_, _ = fmt.Fprintf(conn, "421 4.3.2 %s Service not available, try again later\r\n", l.hostname)
}

// smtpSession is one SMTP client between EHLO and QUIT.
type smtpSession struct {
	front *smtpFront
	conn  *smtp.Conn
	user  *account // set by AUTH

	from       string
	recipients []recipient
}

// AuthMechanisms offers PLAIN and LOGIN.
func (s *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain, sasl.Login} }

// Auth starts one of the offered mechanisms.
func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	switch mech {
	case sasl.Plain:
		return sasl.NewPlainServer(func(identity, username, password string) error {
			if identity != "" && identity != username {
				return errSMTPIdentity
			}
			return s.authenticate(username, password)
		}), nil
	case sasl.Login:
		return &loginServer{authenticate: s.authenticate}, nil
	default:
		return nil, smtp.ErrAuthUnknownMechanism
	}
}

// authenticate checks a user's address and password.
func (s *smtpSession) authenticate(username, password string) error {
	acct := s.front.sys.checkPassword(username, password)
	if acct == nil {
		return smtp.ErrAuthFailed
	}
	s.user = acct
	return nil
}

// Mail starts a transaction.
func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.front.down.Load() {
		return errSMTPUnavailable
	}
	if s.user == nil && !s.front.sys.opts.AllowUnauthenticated {
		return errSMTPAuthRequired
	}
	s.from = from
	s.recipients = nil
	return nil
}

// Rcpt accepts local users (with or without a plus-detail) and refuses
// everything else.
func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.front.down.Load() {
		return errSMTPUnavailable
	}
	acct, err := s.front.sys.lookup(to)
	if err != nil {
		return RecipientRefusal(err)
	}
	s.recipients = append(s.recipients, recipient{address: to, acct: acct})
	return nil
}

// Data reads the message, delivers it and logs the submission.
func (s *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.front.down.Load() {
		return errSMTPUnavailable
	}
	_, isTLS := s.conn.TLSConnectionState()
	via := arrival{heloName: s.conn.Hostname(), remoteIP: remoteIP(s.conn.Conn()), protocol: smtpProtocol(isTLS, s.user != nil)}
	now := s.front.sys.opts.Clock.Now()
	sub := Submission{From: s.from, Raw: raw, TLS: isTLS, At: now}
	for _, rcpt := range s.recipients {
		sub.To = append(sub.To, rcpt.address)
	}
	if s.user != nil {
		sub.User = s.user.address
	}
	// The log is held while the mail is delivered, so that whoever sees
	// the mail in a mailbox and then reads the log finds it there.
	s.front.mu.Lock()
	defer s.front.mu.Unlock()
	if err := s.front.sys.deliver(s.from, s.recipients, raw, via, now); err != nil {
		s.front.sys.opts.Logger.Debug("localmail: delivery failed", "err", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Local delivery failed"}
	}
	s.front.sent = append(s.front.sent, sub)
	return nil
}

// Reset ends the transaction.
func (s *smtpSession) Reset() {
	s.from = ""
	s.recipients = nil
}

// Logout ends the session.
func (s *smtpSession) Logout() error { return nil }

// RecipientRefusal is the SMTP reply that refuses a recipient for an error
// of an address lookup: 550 5.7.1 for another domain (no relaying), 550
// 5.1.1 for an unknown user, 501 5.1.3 for a malformed address, and a
// temporary 451 4.3.0 for anything else.
func RecipientRefusal(err error) *smtp.SMTPError {
	switch {
	case errors.Is(err, ErrNotLocal):
		return errSMTPRelayDenied
	case errors.Is(err, ErrUnknownUser):
		return errSMTPUnknownUser
	case errors.Is(err, ErrBadAddress):
		return errSMTPBadAddress
	default:
		return errSMTPRecipient
	}
}

// smtpProtocol names the protocol for a Received header (RFC 3848).
func smtpProtocol(isTLS, authenticated bool) string {
	proto := "ESMTP"
	if isTLS {
		proto += "S"
	}
	if authenticated {
		proto += "A"
	}
	return proto
}

// remoteIP is the client's IP address, or "" if the connection has none.
func remoteIP(conn net.Conn) string {
	if tcp, ok := conn.RemoteAddr().(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	return ""
}
