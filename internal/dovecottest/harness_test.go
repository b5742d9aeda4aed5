//go:build dovecot

package dovecottest

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/internal/localmail"
)

// Test users.
var (
	bot   = User{Address: "takbot@example.test", Password: "bot-secret"}
	alice = User{Address: "alice@example.test", Password: "alice-secret"}
)

// waitDeadline guards against hangs; never reached when green.
const waitDeadline = 10 * time.Second

// testMail is a small well-formed message.
func testMail(subject string) []byte {
	return []byte("From: alice@example.test\r\nTo: takbot@example.test\r\nSubject: " + subject +
		"\r\nMessage-ID: <" + strings.ReplaceAll(subject, " ", ".") + "@example.test>\r\n\r\nc3\r\n")
}

// deliver hands a mail to Dovecot or fails the test.
func deliver(t *testing.T, s *Server, to string, subject string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	defer cancel()
	if err := s.Deliver(ctx, alice.Address, []string{to}, testMail(subject)); err != nil {
		t.Fatalf("Deliver to %s: %v", to, err)
	}
}

// idleClient is a logged-in IMAP client whose EXISTS updates arrive on a
// channel.
type idleClient struct {
	*imapclient.Client
	exists chan uint32
}

// dialIMAP logs in to Dovecot over plain-text IMAP.
func dialIMAP(t *testing.T, s *Server, u User) *idleClient {
	t.Helper()
	c := &idleClient{exists: make(chan uint32, 16)}
	client, err := imapclient.DialInsecure(s.IMAPAddr(), &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					c.exists <- *data.NumMessages
				}
			},
		},
	})
	if err != nil {
		t.Fatalf("dial IMAP: %v", err)
	}
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Login(u.Address, u.Password).Wait(); err != nil {
		t.Fatalf("IMAP login: %v", err)
	}
	c.Client = client
	return c
}

// selectMailbox selects a mailbox or fails the test.
func selectMailbox(t *testing.T, c *imapclient.Client, name string) *imap.SelectData {
	t.Helper()
	data, err := c.Select(name, nil).Wait()
	if err != nil {
		t.Fatalf("SELECT %s: %v", name, err)
	}
	return data
}

// messages reads a mailbox or fails the test.
func messages(t *testing.T, s *Server, user, mailbox string) []localmail.Stored {
	t.Helper()
	msgs, err := s.Messages(user, mailbox)
	if err != nil {
		t.Fatalf("Messages(%s, %s): %v", user, mailbox, err)
	}
	return msgs
}

func TestIdleWakesOnLMTPDelivery(t *testing.T) {
	s := Start(t, bot)
	client := dialIMAP(t, s, bot)
	selectMailbox(t, client.Client, "INBOX")
	idle, err := client.Idle()
	if err != nil {
		t.Fatalf("IDLE: %v", err)
	}

	deliver(t, s, bot.Address, "idle wake")

	select {
	case n := <-client.exists:
		if n != 1 {
			t.Errorf("EXISTS %d, want 1", n)
		}
	case <-time.After(waitDeadline):
		t.Fatal("IDLE was not woken by the LMTP delivery")
	}
	if err := idle.Close(); err != nil {
		t.Fatalf("DONE: %v", err)
	}
	if err := idle.Wait(); err != nil {
		t.Fatalf("IDLE end: %v", err)
	}
	fetched, err := client.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{Envelope: true}).Collect()
	if err != nil || len(fetched) != 1 || fetched[0].Envelope.Subject != "idle wake" {
		t.Fatalf("FETCH after IDLE: %v, %v", fetched, err)
	}
}

func TestSMTPFrontDeliversToPlusAddress(t *testing.T) {
	s := Start(t, bot, alice)
	const plus = "takbot+G7-x9@example.test"
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatalf("dial SMTP front: %v", err)
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", alice.Address, alice.Password)); err != nil {
		t.Fatalf("AUTH: %v", err)
	}
	raw := testMail("via smtp")
	if err := c.SendMail(alice.Address, []string{plus}, bytes.NewReader(raw)); err != nil {
		t.Fatalf("send: %v", err)
	}

	msgs := messages(t, s, bot.Address, "INBOX")
	if len(msgs) != 1 {
		t.Fatalf("INBOX holds %d messages, want 1", len(msgs))
	}
	got := msgs[0]
	if v := got.Header("Delivered-To"); v != plus {
		t.Errorf("Delivered-To %q, want %s", v, plus)
	}
	if v := got.Header("Return-Path"); v != "<"+alice.Address+">" {
		t.Errorf("Return-Path %q", v)
	}
	if !bytes.HasSuffix(got.Raw, raw) {
		t.Errorf("message changed on the way:\n%s", got.Raw)
	}
	if got.UID != 1 || got.InternalDate.IsZero() {
		t.Errorf("UID %d, INTERNALDATE %v", got.UID, got.InternalDate)
	}
	if got.HasFlag(`\Seen`) {
		t.Error("a new message is \\Seen")
	}
}

func TestSMTPFrontRefusals(t *testing.T) {
	s := Start(t, bot)
	tests := []struct {
		name, to string
		code     int
	}{
		{"unknown local user", "nobody@example.test", 550},
		{"remote domain", "someone@elsewhere.test", 550},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := smtp.Dial(s.SMTPAddr())
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer c.Close()
			if err := c.Mail(bot.Address, nil); err != nil {
				t.Fatalf("MAIL: %v", err)
			}
			var smtpErr *smtp.SMTPError
			if err := c.Rcpt(tc.to, nil); !errors.As(err, &smtpErr) || smtpErr.Code != tc.code {
				t.Errorf("RCPT %s: %v, want %d", tc.to, err, tc.code)
			}
		})
	}
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", bot.Address, "wrong")); err == nil {
		t.Error("AUTH with a wrong password succeeded")
	}
}

func TestRecreateMailboxChangesUIDValidity(t *testing.T) {
	s := Start(t, bot)
	if err := s.CreateMailbox(bot.Address, "Processed"); err != nil {
		t.Fatalf("CreateMailbox: %v", err)
	}
	deliver(t, s, bot.Address, "before")
	for _, mailbox := range []string{"INBOX", "Processed"} {
		t.Run(mailbox, func(t *testing.T) {
			before := dialIMAP(t, s, bot)
			oldValidity := selectMailbox(t, before.Client, mailbox).UIDValidity
			_ = before.Logout().Wait()

			if err := s.RecreateMailbox(bot.Address, mailbox); err != nil {
				t.Fatalf("RecreateMailbox: %v", err)
			}
			after := dialIMAP(t, s, bot)
			data := selectMailbox(t, after.Client, mailbox)
			if data.UIDValidity == oldValidity {
				t.Errorf("UIDVALIDITY stayed %d", oldValidity)
			}
			if data.NumMessages != 0 {
				t.Errorf("recreated %s holds %d messages", mailbox, data.NumMessages)
			}
		})
	}
	if err := s.RecreateMailbox(bot.Address, "Nowhere"); !errors.Is(err, localmail.ErrNoSuchMailbox) {
		t.Errorf("recreating a missing mailbox: %v, want ErrNoSuchMailbox", err)
	}
}

func TestRestartKeepsMail(t *testing.T) {
	s := Start(t, bot)
	deliver(t, s, bot.Address, "kept")
	client := dialIMAP(t, s, bot)
	selectMailbox(t, client.Client, "INBOX")
	imapAddr, lmtpAddr := s.IMAPAddr(), s.LMTPAddr()

	if err := s.Restart(); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	select {
	case <-client.Closed():
	case <-time.After(waitDeadline):
		t.Fatal("the IMAP connection survived the restart")
	}
	if s.IMAPAddr() != imapAddr || s.LMTPAddr() != lmtpAddr {
		t.Errorf("addresses moved: %s %s -> %s %s", imapAddr, lmtpAddr, s.IMAPAddr(), s.LMTPAddr())
	}
	again := dialIMAP(t, s, bot)
	if n := selectMailbox(t, again.Client, "INBOX").NumMessages; n != 1 {
		t.Errorf("INBOX holds %d messages after the restart, want 1", n)
	}
}

func TestIMAPOutage(t *testing.T) {
	s := Start(t, bot)
	client := dialIMAP(t, s, bot)
	selectMailbox(t, client.Client, "INBOX")

	if err := s.StopIMAP(); err != nil {
		t.Fatalf("StopIMAP: %v", err)
	}
	select {
	case <-client.Closed():
	case <-time.After(waitDeadline):
		t.Fatal("the IMAP connection survived the outage")
	}
	if c, err := imapclient.DialInsecure(s.IMAPAddr(), nil); err == nil {
		_ = c.Close()
		t.Fatal("IMAP accepted a connection during the outage")
	}
	deliver(t, s, bot.Address, "during the outage")

	if err := s.StartIMAP(); err != nil {
		t.Fatalf("StartIMAP: %v", err)
	}
	again := dialIMAP(t, s, bot)
	if n := selectMailbox(t, again.Client, "INBOX").NumMessages; n != 1 {
		t.Errorf("INBOX holds %d messages after the outage, want 1", n)
	}
}

func TestSMTPOutage(t *testing.T) {
	s := Start(t, bot)
	s.StopSMTP()
	if c, err := smtp.Dial(s.SMTPAddr()); err == nil {
		_ = c.Close()
		t.Fatal("the SMTP front accepted a connection during the outage")
	}
	if err := s.StartSMTP(); err != nil {
		t.Fatalf("StartSMTP: %v", err)
	}
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatalf("dial after the outage: %v", err)
	}
	defer c.Close()
	if err := c.SendMail(alice.Address, []string{bot.Address}, bytes.NewReader(testMail("after"))); err != nil {
		t.Fatalf("send after the outage: %v", err)
	}
	if n := len(messages(t, s, bot.Address, "INBOX")); n != 1 {
		t.Errorf("INBOX holds %d messages, want 1", n)
	}
}

func TestDeliverAndMessagesErrors(t *testing.T) {
	s := Start(t, bot)
	ctx := context.Background()
	tests := []struct {
		name string
		to   string
		want error
	}{
		{"unknown local user", "nobody@example.test", localmail.ErrUnknownUser},
		{"remote domain", "x@elsewhere.test", localmail.ErrNotLocal},
		{"bad address", "no-at-sign", localmail.ErrBadAddress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Deliver(ctx, alice.Address, []string{tc.to}, testMail("x")); !errors.Is(err, tc.want) {
				t.Errorf("Deliver to %s: %v, want %v", tc.to, err, tc.want)
			}
		})
	}
	if _, err := s.Messages(bot.Address, "Nowhere"); !errors.Is(err, localmail.ErrNoSuchMailbox) {
		t.Errorf("Messages of a missing mailbox: %v, want ErrNoSuchMailbox", err)
	}
}

func TestFindBinariesExplainsInstall(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := findBinaries()
	if err == nil || !strings.Contains(err.Error(), "dovecot-imapd dovecot-lmtpd") {
		t.Errorf("findBinaries without Dovecot on PATH: %v", err)
	}
}
