package localmail

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Test users; every test system has them.
const (
	botAddr      = "takbot@example.test"
	botPassword  = "bot-secret"
	aliceAddr    = "alice@example.test"
	alicePass    = "alice-secret"
	waitDeadline = 10 * time.Second // guard against hangs; never reached when green
)

// fakeClock is a settable Clock.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the set time.
func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// set moves the clock.
func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// testEpoch is the fake clock's start, in whole seconds (IMAP dates have no
// fractions).
var testEpoch = time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)

// startTestSystem starts a System with the two test users and closes it at
// the end of the test.
func startTestSystem(t *testing.T, opts Options) (*System, *fakeClock) {
	t.Helper()
	clock := &fakeClock{now: testEpoch}
	if opts.Clock == nil {
		opts.Clock = clock
	}
	sys, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = sys.Close() })
	for _, u := range []struct{ addr, pass string }{{botAddr, botPassword}, {aliceAddr, alicePass}} {
		if err := sys.AddUser(u.addr, u.pass); err != nil {
			t.Fatalf("AddUser(%s): %v", u.addr, err)
		}
	}
	return sys, clock
}

// testIMAP is a logged-in go-imap client whose EXISTS updates arrive on
// a channel.
type testIMAP struct {
	*imapclient.Client
	exists chan uint32
}

// dialIMAP connects in plain text and logs in.
func dialIMAP(t *testing.T, sys *System, user, password string) *testIMAP {
	t.Helper()
	c := &testIMAP{exists: make(chan uint32, 16)}
	opts := &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(data *imapclient.UnilateralDataMailbox) {
			if data.NumMessages != nil {
				c.exists <- *data.NumMessages
			}
		},
	}}
	client, err := imapclient.DialInsecure(sys.IMAPAddr(), opts)
	if err != nil {
		t.Fatalf("dial IMAP: %v", err)
	}
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Login(user, password).Wait(); err != nil {
		t.Fatalf("IMAP login %s: %v", user, err)
	}
	c.Client = client
	return c
}

// waitClosed fails the test unless the client's connection ends.
func waitClosed(t *testing.T, client *imapclient.Client) {
	t.Helper()
	select {
	case <-client.Closed():
	case <-time.After(waitDeadline):
		t.Fatal("the IMAP connection was not dropped")
	}
}

// dialSMTPAsBot connects in plain text and authenticates as the bot with
// AUTH PLAIN; the connection closes at the end of the test.
func dialSMTPAsBot(t *testing.T, sys *System) *smtp.Client {
	t.Helper()
	c, err := smtp.Dial(sys.SMTPAddr())
	if err != nil {
		t.Fatalf("dial SMTP: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if err := c.Auth(sasl.NewPlainClient("", botAddr, botPassword)); err != nil {
		t.Fatalf("AUTH: %v", err)
	}
	return c
}

// submit sends one mail through the SMTP server as the bot.
func submit(t *testing.T, sys *System, from string, to []string, raw string) {
	t.Helper()
	c := dialSMTPAsBot(t, sys)
	if err := c.SendMail(from, to, strings.NewReader(raw)); err != nil {
		t.Fatalf("send: %v", err)
	}
	if err := c.Quit(); err != nil {
		t.Fatalf("QUIT: %v", err)
	}
}

// smtpCode is the reply code of an SMTP error, or 0 if err is not one.
func smtpCode(err error) int {
	var smtpErr *smtp.SMTPError
	if errors.As(err, &smtpErr) {
		return smtpErr.Code
	}
	return 0
}

// messages reads a mailbox or fails the test.
func messages(t *testing.T, sys *System, addr, mailbox string) []Stored {
	t.Helper()
	msgs, err := sys.Messages(addr, mailbox)
	if err != nil {
		t.Fatalf("Messages(%s, %s): %v", addr, mailbox, err)
	}
	return msgs
}

// selectInbox selects INBOX and returns its data.
func selectInbox(t *testing.T, c *imapclient.Client) *imap.SelectData {
	t.Helper()
	data, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatalf("SELECT INBOX: %v", err)
	}
	return data
}

// testMail is a small well-formed message.
func testMail(subject string) string {
	return "From: Alice <alice@example.test>\r\n" +
		"To: takbot@example.test\r\n" +
		"Subject: " + subject + "\r\n" +
		"Message-ID: <" + strings.ReplaceAll(subject, " ", "-") + "@example.test>\r\n" +
		"\r\n" +
		"a1\r\n"
}

// withDeadline is a context that ends the wait of a hung test.
func withDeadline(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	t.Cleanup(cancel)
	return ctx
}
