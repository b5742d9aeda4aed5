//go:build dovecot

package dovecottest

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/emersion/go-smtp"
)

// Deliver hands a mail to Dovecot over LMTP, as an MTA does, for every
// recipient (plus-addresses allowed); give an empty from for a bounce.
// Recipients that are not users are refused before anything is sent, with
// localmail's errors; a refusal by Dovecot comes back as an *smtp.SMTPError.
func (s *Server) Deliver(ctx context.Context, from string, to []string, raw []byte) error {
	if len(to) == 0 {
		return fmt.Errorf("dovecottest: deliver: no recipients")
	}
	for _, addr := range to {
		if _, err := s.resolve(addr); err != nil {
			return fmt.Errorf("dovecottest: deliver: %w", err)
		}
	}
	if err := lmtpDeliver(ctx, s.LMTPAddr(), from, to, raw); err != nil {
		return fmt.Errorf("dovecottest: deliver: %w", err)
	}
	return nil
}

// lmtpDeliver runs one LMTP transaction. Bare LF line ends become CRLF on
// the wire. It fails if any recipient is refused.
func lmtpDeliver(ctx context.Context, addr, from string, to []string, raw []byte) error {
	var dialer net.Dialer
	conn, err := dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("LMTP dial: %w", err)
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	client := smtp.NewClientLMTP(conn)
	defer client.Close()
	if err := client.Hello("dovecottest"); err != nil {
		return fmt.Errorf("LHLO: %w", err)
	}
	if err := client.Mail(from, nil); err != nil {
		return fmt.Errorf("MAIL FROM:<%s>: %w", from, err)
	}
	for _, rcpt := range to {
		if err := client.Rcpt(rcpt, nil); err != nil {
			return fmt.Errorf("RCPT TO:<%s>: %w", rcpt, err)
		}
	}
	data, err := client.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := data.Write(raw); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := data.CloseWithLMTPResponse(); err != nil {
		return fmt.Errorf("end of DATA: %w", err)
	}
	if err := client.Quit(); err != nil {
		return fmt.Errorf("QUIT: %w", err)
	}
	return nil
}
