// Package submit sends mail: SMTP submission of one mail to one
// recipient through a small pool of authenticated connections kept for
// reuse, with failures classified by stage and answer (*Error).
package submit

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/mailplay/mailserver"
)

// Stage is the step of an SMTP submission that failed.
type Stage string

// The stages of a submission.
const (
	StageConnect Stage = "connect" // dial, TLS, greeting, EHLO
	StageAuth    Stage = "auth"
	StageMail    Stage = "mail" // MAIL FROM
	StageRcpt    Stage = "rcpt" // RCPT TO
	StageData    Stage = "data" // DATA and the message
)

// Error is a failed submission: the stage and the server's answer
// (Code 0 when the failure was not an answer, e.g. a refused connection).
type Error struct {
	Stage Stage
	Code  int
	// Enhanced is the enhanced status code ("5.1.1"), "" when absent.
	Enhanced string
	Message  string
	Err      error
	// AnswerLost: the whole mail was sent and the connection failed
	// before the server answered it, so the server may have taken it.
	AnswerLost bool
}

// Error describes the failure.
func (e *Error) Error() string {
	if e.Code != 0 {
		return fmt.Sprintf("mailplay: SMTP %s: %d %s %s", e.Stage, e.Code, e.Enhanced, e.Message)
	}
	return fmt.Sprintf("mailplay: SMTP %s: %v", e.Stage, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Permanent reports whether retrying cannot help this recipient: the
// server refused the recipient (RCPT) or the message itself (DATA) with a
// 5xx code. Any other failure (no connection, a 4xx answer, the bot's own
// login or sender refused) is worth retrying.
func (e *Error) Permanent() bool {
	return e.Code >= 500 && e.Code < 600 && (e.Stage == StageRcpt || e.Stage == StageData)
}

// Wrap wraps err as an *Error of stage.
func Wrap(stage Stage, err error) *Error {
	se := &Error{Stage: stage, Err: err}
	var server *smtp.SMTPError
	if errors.As(err, &server) {
		se.Code, se.Message = server.Code, server.Message
		if ec := server.EnhancedCode; ec != smtp.NoEnhancedCode && ec != smtp.EnhancedCodeNotSet && ec[0] > 0 {
			se.Enhanced = fmt.Sprintf("%d.%d.%d", ec[0], ec[1], ec[2])
		}
	}
	return se
}

// maxIdleSMTP is how many open SMTP connections are kept for reuse, and
// idleSMTPFor how long one is kept.
const (
	maxIdleSMTP = 4
	idleSMTPFor = 20 * time.Second
)

// Config says where and how a Pool submits mail.
type Config struct {
	Server mailserver.Server
	// TLS is the base of the TLS configuration (nil: the defaults).
	TLS         *tls.Config
	DialTimeout time.Duration
	// Hello is the name the pool gives in EHLO (the bot's domain).
	Hello string
}

// Pool keeps a few authenticated SMTP connections for reuse, so a
// backlog of replies does not open a connection per mail. It is safe for
// concurrent use.
type Pool struct {
	cfg  Config
	mu   sync.Mutex
	idle []*smtpConn
}

type smtpConn struct {
	c     *smtp.Client
	since time.Time // when it was returned to the pool (wall clock)
}

// NewPool returns a pool that submits mail as cfg says.
func NewPool(cfg Config) *Pool { return &Pool{cfg: cfg} }

// Send submits one mail to one recipient. The error is an *Error, or
// the context's error.
func (p *Pool) Send(ctx context.Context, from, to string, raw []byte) error {
	for attempt := 0; ; attempt++ {
		conn, reused, err := p.get(ctx)
		if err != nil {
			return err
		}
		err = p.transact(ctx, conn, from, to, raw)
		if err == nil {
			p.put(conn)
			return nil
		}
		_ = conn.c.Close()
		var se *Error
		// A kept connection the server closed meanwhile fails at once:
		// try once more on a new one, unless the mail went out in full
		// (the server may have taken it: sending it again here would
		// duplicate it; the delivery pipeline decides).
		if reused && attempt == 0 && errors.As(err, &se) && se.Code == 0 && !se.AnswerLost && ctx.Err() == nil {
			continue
		}
		return err
	}
}

// transact runs MAIL, RCPT and DATA on a connection, closing it if ctx
// ends meanwhile.
func (p *Pool) transact(ctx context.Context, conn *smtpConn, from, to string, raw []byte) error {
	stop := context.AfterFunc(ctx, func() { _ = conn.c.Close() })
	defer stop()
	fail := func(stage Stage, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return Wrap(stage, err)
	}
	if err := conn.c.Mail(from, nil); err != nil {
		return fail(StageMail, err)
	}
	if err := conn.c.Rcpt(to, nil); err != nil {
		return fail(StageRcpt, err)
	}
	w, err := conn.c.Data()
	if err != nil {
		return fail(StageData, err)
	}
	if _, err := w.Write(raw); err != nil {
		_ = w.Close()
		return fail(StageData, err)
	}
	if err := w.Close(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		se := Wrap(StageData, err)
		se.AnswerLost = se.Code == 0
		return se
	}
	return nil
}

// get returns a ready connection: a kept one (reset) or a new one.
func (p *Pool) get(ctx context.Context) (*smtpConn, bool, error) {
	for {
		p.mu.Lock()
		var conn *smtpConn
		if n := len(p.idle); n > 0 {
			conn = p.idle[n-1]
			p.idle = p.idle[:n-1]
		}
		p.mu.Unlock()
		if conn == nil {
			break
		}
		if time.Since(conn.since) < idleSMTPFor && conn.c.Reset() == nil {
			return conn, true, nil
		}
		_ = conn.c.Close()
	}
	c, err := p.dial(ctx)
	if err != nil {
		return nil, false, err
	}
	return &smtpConn{c: c}, false, nil
}

// put keeps a connection for reuse, or closes it when enough are kept.
func (p *Pool) put(conn *smtpConn) {
	conn.since = time.Now()
	p.mu.Lock()
	if len(p.idle) < maxIdleSMTP {
		p.idle = append(p.idle, conn)
		conn = nil
	}
	p.mu.Unlock()
	if conn != nil {
		_ = conn.c.Quit()
	}
}

// Close closes the kept connections.
func (p *Pool) Close() {
	p.mu.Lock()
	idle := p.idle
	p.idle = nil
	p.mu.Unlock()
	for _, conn := range idle {
		_ = conn.c.Quit()
	}
}

// dial connects, secures and authenticates a new SMTP connection.
func (p *Pool) dial(ctx context.Context) (*smtp.Client, error) {
	s := p.cfg.Server
	raw, err := mailserver.Dial(ctx, s, p.cfg.TLS, p.cfg.DialTimeout)
	if err != nil {
		return nil, Wrap(StageConnect, err)
	}
	stop := context.AfterFunc(ctx, func() { _ = raw.Close() })
	defer stop()
	var c *smtp.Client
	if s.Security == mailserver.SecuritySTARTTLS {
		c, err = smtp.NewClientStartTLS(raw, mailserver.TLSConfig(p.cfg.TLS, s.Host))
		if err != nil {
			_ = raw.Close()
			return nil, Wrap(StageConnect, err)
		}
	} else {
		c = smtp.NewClient(raw)
	}
	if err := c.Hello(p.cfg.Hello); err != nil {
		_ = c.Close()
		return nil, Wrap(StageConnect, err)
	}
	if s.Username != "" {
		var auth sasl.Client
		switch {
		case c.SupportsAuth(sasl.Plain):
			auth = sasl.NewPlainClient("", s.Username, s.Password)
		case c.SupportsAuth(sasl.Login):
			auth = sasl.NewLoginClient(s.Username, s.Password)
		default:
			_ = c.Close()
			return nil, Wrap(StageAuth, errors.New("the server offers neither AUTH PLAIN nor AUTH LOGIN"))
		}
		if err := c.Auth(auth); err != nil {
			_ = c.Close()
			return nil, Wrap(StageAuth, err)
		}
	}
	if ctx.Err() != nil {
		_ = c.Close()
		return nil, ctx.Err()
	}
	return c, nil
}
