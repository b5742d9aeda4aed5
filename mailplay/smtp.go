package mailplay

import (
	"context"

	"github.com/takbymail/takbot/mailplay/submit"
)

// Sending over SMTP lives in package mailplay/submit, reaching a server in
// mailplay/mailserver; these names keep mailplay's API and the transport's
// code as they were.

// SMTPStage is the step of an SMTP submission that failed (submit.Stage).
type SMTPStage = submit.Stage

// The stages of a submission.
const (
	StageConnect = submit.StageConnect // dial, TLS, greeting, EHLO
	StageAuth    = submit.StageAuth
	StageMail    = submit.StageMail // MAIL FROM
	StageRcpt    = submit.StageRcpt // RCPT TO
	StageData    = submit.StageData // DATA and the message
)

// SMTPError is a failed submission (submit.Error).
type SMTPError = submit.Error

// smtpErr wraps err as an *SMTPError of stage.
func smtpErr(stage SMTPStage, err error) *SMTPError { return submit.Wrap(stage, err) }

// smtpPool is the transport's pool of SMTP connections.
type smtpPool struct{ p *submit.Pool }

// newSMTPPool returns the pool that sends t's mail, as t's configuration
// says.
func newSMTPPool(t *Transport) *smtpPool {
	return &smtpPool{submit.NewPool(submit.Config{Server: t.cfg.SMTP, TLS: t.cfg.TLS, DialTimeout: t.opts.DialTimeout, Hello: t.domain})}
}

// send submits one mail to one recipient. The error is an *SMTPError, or
// the context's error.
func (p *smtpPool) send(ctx context.Context, from, to string, raw []byte) error {
	return p.p.Send(ctx, from, to, raw)
}

// close closes the kept connections.
func (p *smtpPool) close() { p.p.Close() }
