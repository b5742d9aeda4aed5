package localmail

import (
	"bytes"
	"strings"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

func TestSMTPDeliversWithTraceHeaders(t *testing.T) {
	tests := []struct {
		name string
		auth sasl.Client
	}{
		{"AUTH PLAIN", sasl.NewPlainClient("", botAddr, botPassword)},
		{"AUTH LOGIN", sasl.NewLoginClient(botAddr, botPassword)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sys, clock := startTestSystem(t, Options{})
			sentAt := testEpoch.Add(90 * 60e9)
			clock.set(sentAt)
			const plus = "takbot+G7-x9@example.test"
			raw := testMail("plus")

			c, err := smtp.Dial(sys.SMTPAddr())
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer c.Close()
			if err := c.Auth(tc.auth); err != nil {
				t.Fatalf("auth: %v", err)
			}
			if err := c.SendMail(botAddr, []string{plus, aliceAddr}, strings.NewReader(raw)); err != nil {
				t.Fatalf("send: %v", err)
			}

			bot := messages(t, sys, botAddr, "INBOX")
			if len(bot) != 1 {
				t.Fatalf("bot INBOX holds %d messages, want 1", len(bot))
			}
			got := bot[0]
			if v := got.Header("Delivered-To"); v != plus {
				t.Errorf("Delivered-To %q, want %q", v, plus)
			}
			if v := got.Header("Return-Path"); v != "<"+botAddr+">" {
				t.Errorf("Return-Path %q", v)
			}
			if v := got.Header("Received"); !strings.Contains(v, "[127.0.0.1]") {
				t.Errorf("Received %q lacks the client address", v)
			}
			if !strings.Contains(string(got.Raw), "with ESMTPA\r\n\tfor <"+plus+">") {
				t.Errorf("Received lacks protocol or recipient:\n%s", got.Raw)
			}
			if !bytes.HasSuffix(got.Raw, []byte(raw)) {
				t.Errorf("message body changed:\n%s", got.Raw)
			}
			if !got.InternalDate.Equal(sentAt) {
				t.Errorf("INTERNALDATE %v, want %v", got.InternalDate, sentAt)
			}
			if got.HasFlag(`\Seen`) {
				t.Error("a new message is \\Seen")
			}
			if alice := messages(t, sys, aliceAddr, "INBOX"); len(alice) != 1 ||
				alice[0].Header("Delivered-To") != aliceAddr {
				t.Errorf("alice got %d messages", len(alice))
			}

			sent := sys.Sent()
			if len(sent) != 1 {
				t.Fatalf("Sent() has %d entries, want 1", len(sent))
			}
			want := Submission{From: botAddr, To: []string{plus, aliceAddr}, Raw: []byte(raw), User: botAddr, At: sentAt}
			if s := sent[0]; s.From != want.From || strings.Join(s.To, ",") != strings.Join(want.To, ",") ||
				!bytes.Equal(s.Raw, want.Raw) || s.User != want.User || s.TLS || !s.At.Equal(want.At) {
				t.Errorf("Sent()[0] = %+v, want %+v", s, want)
			}
		})
	}
}

func TestSMTPRefusesRecipients(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	tests := []struct {
		name, to string
		code     int
	}{
		{"unknown local user", "nobody@example.test", 550},
		{"unknown user with a plus-detail", "nobody+x@example.test", 550},
		{"remote domain", "someone@elsewhere.test", 550},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := dialSMTPAsBot(t, sys)
			if err := c.Mail(botAddr, nil); err != nil {
				t.Fatalf("MAIL: %v", err)
			}
			if err := c.Rcpt(tc.to, nil); smtpCode(err) != tc.code {
				t.Errorf("RCPT %s: %v, want code %d", tc.to, err, tc.code)
			}
		})
	}
	if n := len(sys.Sent()); n != 0 {
		t.Errorf("Sent() has %d entries after refusals", n)
	}
}

func TestSMTPAuthentication(t *testing.T) {
	tests := []struct {
		name      string
		anonymous bool
		auth      sasl.Client // nil: no AUTH
		authCode  int         // expected AUTH reply error code, 0 for success
		mailCode  int         // expected MAIL reply error code, 0 for success
	}{
		{"no AUTH refused", false, nil, 0, 530},
		{"no AUTH allowed by option", true, nil, 0, 0},
		{"wrong password", false, sasl.NewPlainClient("", botAddr, "wrong"), 535, 530},
		{"wrong LOGIN password", false, sasl.NewLoginClient(botAddr, "wrong"), 535, 530},
		{"identity of someone else", false, sasl.NewPlainClient(aliceAddr, botAddr, botPassword), 535, 530},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sys, _ := startTestSystem(t, Options{AllowUnauthenticated: tc.anonymous})
			c, err := smtp.Dial(sys.SMTPAddr())
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer c.Close()
			if tc.auth != nil {
				if err := c.Auth(tc.auth); smtpCode(err) != tc.authCode {
					t.Errorf("AUTH: %v, want code %d", err, tc.authCode)
				}
			}
			if err := c.Mail(aliceAddr, nil); smtpCode(err) != tc.mailCode {
				t.Errorf("MAIL: %v, want code %d", err, tc.mailCode)
			}
		})
	}
}

func TestSMTPOutage(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	open := dialSMTPAsBot(t, sys)

	sys.SetSMTPDown(true)
	if err := open.Mail(botAddr, nil); smtpCode(err) != 421 {
		t.Errorf("MAIL in an open session during the outage: %v, want 421", err)
	}
	fresh, err := smtp.Dial(sys.SMTPAddr())
	if err != nil {
		t.Fatalf("dial during the outage: %v", err)
	}
	defer fresh.Close()
	err = fresh.Hello("client.test")
	if smtpCode(err) != 421 {
		t.Fatalf("greeting during the outage: %v, want 421", err)
	}
	if temp, ok := err.(interface{ Temporary() bool }); !ok || !temp.Temporary() {
		t.Errorf("the 421 is not a temporary error: %v", err)
	}

	sys.SetSMTPDown(false)
	submit(t, sys, botAddr, []string{aliceAddr}, testMail("after outage"))
	if n := len(messages(t, sys, aliceAddr, "INBOX")); n != 1 {
		t.Errorf("alice has %d messages after the outage, want 1", n)
	}
}
