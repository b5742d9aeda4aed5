package localmail

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestDeliverInjectsMail(t *testing.T) {
	sys, clock := startTestSystem(t, Options{})
	at := testEpoch.Add(3600e9)
	clock.set(at)
	bounce := "From: MAILER-DAEMON@elsewhere.test\nSubject: Undelivered Mail\n\nsorry\n"
	if err := sys.Deliver(withDeadline(t), "", []string{"TakBot+Tok@Example.Test"}, []byte(bounce)); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	msgs := messages(t, sys, botAddr, "INBOX")
	if len(msgs) != 1 {
		t.Fatalf("INBOX holds %d messages, want 1", len(msgs))
	}
	raw := msgs[0].Raw
	if v := msgs[0].Header("Return-Path"); v != "<>" {
		t.Errorf("Return-Path %q, want <> for a bounce", v)
	}
	if v := msgs[0].Header("Delivered-To"); v != "TakBot+Tok@Example.Test" {
		t.Errorf("Delivered-To %q", v)
	}
	if strings.Contains(strings.ReplaceAll(string(raw), "\r\n", ""), "\n") {
		t.Errorf("bare LF kept:\n%q", raw)
	}
	if !strings.HasSuffix(string(raw), "\r\n\r\nsorry\r\n") {
		t.Errorf("body changed:\n%q", raw)
	}
	if !msgs[0].InternalDate.Equal(at) {
		t.Errorf("INTERNALDATE %v, want %v", msgs[0].InternalDate, at)
	}
	if n := len(sys.Sent()); n != 0 {
		t.Errorf("Deliver shows in Sent(): %d entries", n)
	}
}

func TestDeliverRefusals(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		to   []string
		want error
	}{
		{"unknown local user", context.Background(), []string{botAddr, "nobody@example.test"}, ErrUnknownUser},
		{"remote domain", context.Background(), []string{"x@elsewhere.test"}, ErrNotLocal},
		{"bad address", context.Background(), []string{"no-at-sign"}, ErrBadAddress},
		{"no recipients", context.Background(), nil, ErrBadAddress},
		{"cancelled", cancelled, []string{botAddr}, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := sys.Deliver(tc.ctx, aliceAddr, tc.to, []byte(testMail("refused")))
			if !errors.Is(err, tc.want) {
				t.Errorf("Deliver: %v, want %v", err, tc.want)
			}
		})
	}
	if n := len(messages(t, sys, botAddr, "INBOX")); n != 0 {
		t.Errorf("refused deliveries left %d messages", n)
	}
}

func TestMessagesErrors(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	if _, err := sys.Messages(botAddr, "Nowhere"); !errors.Is(err, ErrNoSuchMailbox) {
		t.Errorf("missing mailbox: %v, want ErrNoSuchMailbox", err)
	}
	if _, err := sys.Messages("nobody@example.test", "INBOX"); !errors.Is(err, ErrUnknownUser) {
		t.Errorf("unknown user: %v, want ErrUnknownUser", err)
	}
	if err := sys.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := sys.Messages(botAddr, "INBOX"); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}
