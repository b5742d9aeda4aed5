package mailplay

import (
	"context"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/takbymail/takbot/mailplay/mailbox"
)

// Reading the mailbox over IMAP lives in package mailplay/mailbox; this
// file fits it to the transport (its configuration, log and clock), so the
// transport's code reads as it did.

// fetchBatch is how many mails one FETCH reads.
const fetchBatch = mailbox.FetchBatch

// imapSession is one connection to the bot's mailbox, selected.
type imapSession struct {
	s        *mailbox.Session
	validity uint32 // the mailbox's UIDVALIDITY
	idle     bool   // the server has IDLE
}

// fetched is one mail read from the mailbox.
type fetched struct {
	uid      imap.UID
	internal time.Time
	raw      []byte
}

// dialIMAP connects, logs in, makes sure the processed mailbox exists and
// selects the mailbox read. The connection closes when ctx ends.
func (t *Transport) dialIMAP(ctx context.Context) (*imapSession, error) {
	s, err := mailbox.Dial(ctx, mailbox.Config{
		Server:           t.cfg.IMAP.Server,
		TLS:              t.cfg.TLS,
		DialTimeout:      t.opts.DialTimeout,
		Mailbox:          t.cfg.IMAP.Mailbox,
		ProcessedMailbox: t.cfg.IMAP.ProcessedMailbox,
		Log:              t.log,
		After:            t.after,
	})
	if err != nil {
		return nil, err
	}
	return &imapSession{s: s, validity: s.Validity, idle: s.Idle}, nil
}

// search returns the UIDs after last, ascending.
func (s *imapSession) search(last imap.UID) ([]imap.UID, error) { return s.s.Search(last) }

// handledLeft returns the UIDs up to last that are still in the mailbox
// and not flagged seen: mail handled before a crash, not yet moved.
func (s *imapSession) handledLeft(last imap.UID) ([]imap.UID, error) { return s.s.HandledLeft(last) }

// fetch reads mails by UID, ascending.
func (s *imapSession) fetch(uids []imap.UID) ([]fetched, error) {
	mails, err := s.s.Fetch(uids)
	if err != nil {
		return nil, err
	}
	out := make([]fetched, len(mails))
	for i, m := range mails {
		out[i] = fetched{uid: m.UID, internal: m.Internal, raw: m.Raw}
	}
	return out, nil
}

// acknowledge moves handled mail to the processed mailbox, or flags it
// seen where moving fails.
func (s *imapSession) acknowledge(uids []imap.UID) error { return s.s.Acknowledge(uids) }

// waitForMail returns when the server reports new mail, when refresh has
// passed, or when ctx ends.
func (s *imapSession) waitForMail(ctx context.Context, poll, refresh time.Duration) error {
	return s.s.WaitForMail(ctx, poll, refresh)
}

// close logs out, or closes the connection.
func (s *imapSession) close() { s.s.Close() }
