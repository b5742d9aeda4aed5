//go:build dovecot

package dovecottest

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// TestOnAcceptBeforeTheAnswer: the accept hook sees a submitted mail once
// Dovecot stored it and before the client has its 250; the client's
// connection dropped without QUIT (as a killed client's is) ends its
// session, and WaitSMTPIdle returns.
func TestOnAcceptBeforeTheAnswer(t *testing.T) {
	s := Start(t, bot, alice)
	got, release := make(chan Accepted, 1), make(chan struct{})
	s.OnAccept(func(a Accepted) {
		got <- a
		<-release
	})
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatalf("dial SMTP front: %v", err)
	}
	if err := c.Auth(sasl.NewPlainClient("", bot.Address, bot.Password)); err != nil {
		t.Fatalf("AUTH: %v", err)
	}
	raw := testMail("tapped")
	sent := make(chan error, 1)
	go func() { sent <- c.SendMail(bot.Address, []string{alice.Address}, bytes.NewReader(raw)) }()
	a := <-got
	if a.From != bot.Address || !slices.Equal(a.To, []string{alice.Address}) || !bytes.Equal(a.Raw, raw) {
		t.Errorf("accepted %q to %q:\n%s", a.From, a.To, a.Raw)
	}
	if n := len(messages(t, s, alice.Address, "INBOX")); n != 1 {
		t.Errorf("alice's INBOX holds %d mails when the hook runs, want 1 (stored before the answer)", n)
	}
	select {
	case err := <-sent:
		t.Fatalf("the client had its answer (%v) before the hook returned", err)
	default:
	}
	close(release)
	if err := <-sent; err != nil {
		t.Fatalf("send: %v", err)
	}
	_ = c.Close() // no QUIT
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	defer cancel()
	if err := s.WaitSMTPIdle(ctx); err != nil {
		t.Fatalf("WaitSMTPIdle: %v", err)
	}
}
