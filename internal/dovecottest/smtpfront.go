//go:build dovecot

package dovecottest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/internal/localmail"
)

// forwardTimeout bounds one LMTP forwarding of a submitted mail.
const forwardTimeout = 30 * time.Second

// errFrontForward answers DATA when Dovecot cannot be reached.
var errFrontForward = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0},
	Message: "Could not hand the mail to Dovecot, try again later"}

// smtpFront is a go-smtp server whose DATA forwards over LMTP into Dovecot.
// Stopping it closes its port and connections; starting it listens again on
// the same address.
type smtpFront struct {
	srv  *Server
	addr string

	mu      sync.Mutex
	server  *smtp.Server   // nil while stopped
	ln      net.Listener   // nil while stopped
	serving sync.WaitGroup // the Serve goroutine

	tap tap // what a test is told
}

// startSMTPFront listens on a free port on 127.0.0.1.
func startSMTPFront(srv *Server) (*smtpFront, error) {
	f := &smtpFront{srv: srv, addr: "127.0.0.1:0"}
	if err := f.start(); err != nil {
		return nil, err
	}
	return f, nil
}

// start listens on f.addr (fixed after the first start) and serves.
func (f *smtpFront) start() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.server != nil {
		return nil
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return fmt.Errorf("dovecottest: SMTP front listen on %s: %w", f.addr, err)
	}
	f.addr = ln.Addr().String()
	server := smtp.NewServer(smtp.BackendFunc(f.newSession))
	server.Domain = "dovecottest.localhost"
	server.AllowInsecureAuth = true
	server.ErrorLog = log.New(io.Discard, "", 0)
	f.server, f.ln = server, ln
	f.serving.Add(1)
	go func() {
		defer f.serving.Done()
		_ = server.Serve(ln)
	}()
	return nil
}

// stop closes the port and every connection, and waits for the server.
func (f *smtpFront) stop() {
	f.mu.Lock()
	server, ln := f.server, f.ln
	f.server, f.ln = nil, nil
	f.mu.Unlock()
	if server == nil {
		return
	}
	_ = server.Close()
	_ = ln.Close() // in case Close ran before Serve registered it
	f.serving.Wait()
}

// StopSMTP starts an SMTP outage: the front's port refuses connections and
// open ones are dropped.
func (s *Server) StopSMTP() { s.front.stop() }

// StartSMTP ends an SMTP outage, listening again on the same address.
func (s *Server) StartSMTP() error { return s.front.start() }

// newSession starts a session at EHLO.
func (f *smtpFront) newSession(*smtp.Conn) (smtp.Session, error) {
	f.tap.opened()
	return &frontSession{srv: f.srv, front: f}, nil
}

// frontSession collects one transaction and forwards it at DATA. AUTH
// PLAIN is offered and checked, but not required.
type frontSession struct {
	srv    *Server
	front  *smtpFront
	from   string
	to     []string
	closed bool // Logout was called
}

// AuthMechanisms offers PLAIN.
func (s *frontSession) AuthMechanisms() []string { return []string{sasl.Plain} }

// Auth checks a user's address and password.
func (s *frontSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		u, ok := s.srv.users[strings.ToLower(username)]
		if !ok || u.Password != password || (identity != "" && identity != username) {
			return smtp.ErrAuthFailed
		}
		return nil
	}), nil
}

// Mail starts a transaction.
func (s *frontSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from, s.to = from, nil
	return nil
}

// Rcpt accepts Dovecot's users (plus-addresses too) and refuses the rest
// as localmail does.
func (s *frontSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if _, err := s.srv.resolve(to); err != nil {
		return localmail.RecipientRefusal(err)
	}
	s.to = append(s.to, to)
	return nil
}

// Data forwards the mail over LMTP. Dovecot's own refusal is passed on; a
// failure to reach it is a temporary 451.
func (s *frontSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), forwardTimeout)
	defer cancel()
	err = lmtpDeliver(ctx, s.srv.LMTPAddr(), s.from, s.to, raw)
	var refusal *smtp.SMTPError
	switch {
	case err == nil:
		s.front.tap.accepted(Accepted{From: s.from, To: append([]string(nil), s.to...), Raw: raw})
		return nil
	case errors.As(err, &refusal):
		return refusal
	default:
		return errFrontForward
	}
}

// Reset ends the transaction.
func (s *frontSession) Reset() { s.from, s.to = "", nil }

// Logout ends the session.
func (s *frontSession) Logout() error {
	if !s.closed {
		s.closed = true
		s.front.tap.closed()
	}
	return nil
}
