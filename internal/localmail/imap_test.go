package localmail

import (
	"errors"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

func TestIdleWakesOnSMTPDelivery(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	client := dialIMAP(t, sys, botAddr, botPassword)
	if got := selectInbox(t, client.Client).NumMessages; got != 0 {
		t.Fatalf("new INBOX holds %d messages", got)
	}
	idle, err := client.Idle()
	if err != nil {
		t.Fatalf("IDLE: %v", err)
	}

	submit(t, sys, aliceAddr, []string{botAddr}, testMail("idle wake"))

	ctx := withDeadline(t)
	select {
	case n := <-client.exists:
		if n != 1 {
			t.Errorf("EXISTS %d, want 1", n)
		}
	case <-ctx.Done():
		t.Fatal("IDLE was not woken by the delivery")
	}
	if err := idle.Close(); err != nil {
		t.Fatalf("DONE: %v", err)
	}
	if err := idle.Wait(); err != nil {
		t.Fatalf("IDLE end: %v", err)
	}
	fetched, err := client.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{Envelope: true}).Collect()
	if err != nil || len(fetched) != 1 {
		t.Fatalf("FETCH: %d messages, %v", len(fetched), err)
	}
	if got := fetched[0].Envelope.Subject; got != "idle wake" {
		t.Errorf("subject %q", got)
	}
}

func TestMoveWithUIDPlus(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	ctx := withDeadline(t)
	for _, subject := range []string{"first", "second"} {
		if err := sys.Deliver(ctx, aliceAddr, []string{botAddr}, []byte(testMail(subject))); err != nil {
			t.Fatalf("Deliver: %v", err)
		}
	}
	if err := sys.CreateMailbox(botAddr, "Processed"); err != nil {
		t.Fatalf("CreateMailbox: %v", err)
	}
	client := dialIMAP(t, sys, botAddr, botPassword)
	if !client.Caps().Has(imap.CapMove) || !client.Caps().Has(imap.CapUIDPlus) {
		t.Fatalf("capabilities %v lack MOVE or UIDPLUS", client.Caps())
	}
	selectInbox(t, client.Client)
	moved, err := client.Move(imap.UIDSetNum(1), "Processed").Wait()
	if err != nil {
		t.Fatalf("UID MOVE: %v", err)
	}
	if dest, ok := moved.DestUIDs.(imap.UIDSet); !ok || !dest.Contains(1) {
		t.Errorf("COPYUID destination %v, want UID 1", moved.DestUIDs)
	}

	inbox := messages(t, sys, botAddr, "INBOX")
	processed := messages(t, sys, botAddr, "Processed")
	if len(inbox) != 1 || inbox[0].Header("Subject") != "second" {
		t.Errorf("INBOX after MOVE: %d messages", len(inbox))
	}
	if len(processed) != 1 || processed[0].Header("Subject") != "first" {
		t.Errorf("Processed after MOVE: %d messages", len(processed))
	}
}

func TestRecreateMailboxChangesUIDValidity(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	if err := sys.Deliver(withDeadline(t), aliceAddr, []string{botAddr}, []byte(testMail("old"))); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	before := dialIMAP(t, sys, botAddr, botPassword)
	oldValidity := selectInbox(t, before.Client).UIDValidity

	if err := sys.RecreateMailbox(botAddr, "INBOX"); err != nil {
		t.Fatalf("RecreateMailbox: %v", err)
	}
	waitClosed(t, before.Client)

	after := dialIMAP(t, sys, botAddr, botPassword)
	data := selectInbox(t, after.Client)
	if data.UIDValidity == oldValidity {
		t.Errorf("UIDVALIDITY stayed %d", oldValidity)
	}
	if data.NumMessages != 0 {
		t.Errorf("recreated INBOX holds %d messages", data.NumMessages)
	}
	if err := sys.RecreateMailbox(botAddr, "Nowhere"); !errors.Is(err, ErrNoSuchMailbox) {
		t.Errorf("recreating a missing mailbox: %v, want ErrNoSuchMailbox", err)
	}
}

func TestIMAPOutage(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	client := dialIMAP(t, sys, botAddr, botPassword)
	selectInbox(t, client.Client)
	addr := sys.IMAPAddr()

	if err := sys.SetIMAPDown(true); err != nil {
		t.Fatalf("SetIMAPDown(true): %v", err)
	}
	waitClosed(t, client.Client)
	if c, err := imapclient.DialInsecure(addr, nil); err == nil {
		_ = c.Close()
		t.Fatal("a connection was accepted during the outage")
	}
	if err := sys.Deliver(withDeadline(t), aliceAddr, []string{botAddr}, []byte(testMail("during outage"))); err != nil {
		t.Fatalf("Deliver during outage: %v", err)
	}

	if err := sys.SetIMAPDown(false); err != nil {
		t.Fatalf("SetIMAPDown(false): %v", err)
	}
	if sys.IMAPAddr() != addr {
		t.Errorf("address moved from %s to %s", addr, sys.IMAPAddr())
	}
	again := dialIMAP(t, sys, botAddr, botPassword)
	if n := selectInbox(t, again.Client).NumMessages; n != 1 {
		t.Errorf("after the outage INBOX holds %d messages, want 1", n)
	}
}

func TestIMAPLogin(t *testing.T) {
	sys, _ := startTestSystem(t, Options{})
	tests := []struct {
		name, user, password string
		ok                   bool
	}{
		{"right password", botAddr, botPassword, true},
		{"address case ignored", strings.ToUpper(botAddr), botPassword, true},
		{"wrong password", botAddr, "nope", false},
		{"unknown user", "nobody@example.test", botPassword, false},
		{"plus-address is no login", "takbot+x@example.test", botPassword, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := imapclient.DialInsecure(sys.IMAPAddr(), nil)
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer c.Close()
			err = c.Login(tc.user, tc.password).Wait()
			if (err == nil) != tc.ok {
				t.Errorf("login error %v, want success %v", err, tc.ok)
			}
		})
	}
}

// TestRefuseMove: with RefuseMove every MOVE gets NO and the message
// stays.
func TestRefuseMove(t *testing.T) {
	sys, _ := startTestSystem(t, Options{RefuseMove: true})
	if err := sys.Deliver(withDeadline(t), aliceAddr, []string{botAddr}, []byte(testMail("stays"))); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	if err := sys.CreateMailbox(botAddr, "Processed"); err != nil {
		t.Fatalf("CreateMailbox: %v", err)
	}
	client := dialIMAP(t, sys, botAddr, botPassword)
	selectInbox(t, client.Client)
	_, err := client.Move(imap.UIDSetNum(1), "Processed").Wait()
	var ie *imap.Error
	if !errors.As(err, &ie) || ie.Type != imap.StatusResponseTypeNo {
		t.Errorf("MOVE: %v, want NO", err)
	}
	if inbox := messages(t, sys, botAddr, "INBOX"); len(inbox) != 1 {
		t.Errorf("INBOX holds %d messages after a refused MOVE, want 1", len(inbox))
	}
}
