package mailplay_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/record"
)

// fullDisk fails every write with ENOSPC while full is set.
type fullDisk struct {
	record.Store
	full     atomic.Bool
	attempts atomic.Int64
}

func (s *fullDisk) Update(ctx context.Context, fn func(record.Tx) error) error {
	if s.full.Load() {
		s.attempts.Add(1)
		return fmt.Errorf("write takbot.db: %w", syscall.ENOSPC)
	}
	return s.Store.Update(ctx, fn)
}

// TestFullDiskKeepsTheMailbox: while the database cannot record, the
// mailbox cursor that cannot be saved does not drop the IMAP connection:
// the transport stays connected and tries again after a backoff; once
// there is room the mail is acknowledged.
func TestFullDiskKeepsTheMailbox(t *testing.T) {
	disk := &fullDisk{}
	h, sys := startLocal(t, harnessOptions{wrapStore: func(s record.Store) record.Store { disk.Store = s; return disk }})
	h.waitHealth(true)
	disk.full.Store(true)
	// an out-of-office reply: not for the referee, so only the cursor is written
	raw := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: Away\r\n" +
		"Auto-Submitted: auto-replied\r\nMessage-ID: <away-1@example.test>\r\n\r\nI am away until Monday.\r\n"
	if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(waitLimit)
	for disk.attempts.Load() < 4 { // the cursor tried four times, with backoff
		select {
		case ev := <-h.events:
			if ev.Outcome != mailplay.MailAutomatic {
				t.Fatalf("mail event %+v, want the automatic reply", ev)
			}
		case hl := <-h.health:
			if !hl.Connected {
				t.Fatalf("the mailbox disconnected because the database cannot record: %+v", hl)
			}
		case <-deadline:
			t.Fatalf("the cursor was tried %d times", disk.attempts.Load())
		}
	}
	if hl := h.tr.Health(); !hl.Connected {
		t.Fatalf("disconnected: %+v", hl)
	}
	disk.full.Store(false)
	for {
		msgs, err := sys.Messages(botAddr, "INBOX")
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) == 0 {
			break // acknowledged: moved out of the inbox
		}
		select {
		case <-h.events:
		case <-h.health:
		case <-deadline:
			t.Fatalf("the mail is still in the inbox with room again")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// TestDamagedCursorReadsTheMailboxAgain: a mailbox cursor that cannot be
// decoded is set aside (reported once, /healthz degraded) and the mailbox
// read again from the start, as after a new UIDVALIDITY, instead of the
// connection failing for ever.
func TestDamagedCursorReadsTheMailboxAgain(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{noStart: true})
	if err := h.ref.UpdateState(h.ctx(), mailplay.TransportName, func(tx record.StateTx) error {
		return tx.Put("cursor", []byte(`{"Mailbox":"INBOX","UIDVal`))
	}); err != nil {
		t.Fatal(err)
	}
	raw := "From: Alice <alice@example.test>\r\nTo: takbot@example.test\r\nSubject: help\r\nMessage-ID: <help-1@example.test>\r\n\r\nhelp\r\n"
	if err := sys.Deliver(h.ctx(), aliceAddr, []string{botAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	h.run()
	h.event(mailplay.MailHandled)
	if hl := h.waitHealth(true); !hl.Connected {
		t.Fatalf("health %+v", hl)
	}
	ps := h.ref.Problems()
	if len(ps) != 1 || !strings.Contains(ps[0], "email state cursor") {
		t.Errorf("problems %q: want the damaged cursor", ps)
	}
}
