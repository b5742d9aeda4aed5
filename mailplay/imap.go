package mailplay

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/charset"
)

// maxFetchBytes bounds what is fetched of one mail: the text a player
// writes is at the start, and ParseInbound reads a cut mail leniently.
const maxFetchBytes = 8 << 20

// fetchBatch is how many mails one FETCH reads.
const fetchBatch = 64

// imapSession is one connection to the bot's mailbox, selected.
type imapSession struct {
	t         *Transport
	c         *imapclient.Client
	newMail   chan struct{} // a new-mail (EXISTS) notice, coalesced
	processed string        // the processed mailbox, in the server's hierarchy
	validity  uint32
	idle      bool // the server has IDLE
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
	s := &imapSession{t: t, newMail: make(chan struct{}, 1)}
	srv := t.cfg.IMAP.Server
	conn, err := dialServer(ctx, srv, t.cfg.TLS, t.opts.DialTimeout)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", srv.Addr(), err)
	}
	opts := &imapclient.Options{
		TLSConfig:   tlsConfigFor(t.cfg.TLS, srv.Host),
		WordDecoder: &mime.WordDecoder{CharsetReader: charset.Reader},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					s.notify()
				}
			},
		},
	}
	if srv.Security == SecuritySTARTTLS {
		if s.c, err = imapclient.NewStartTLS(conn, opts); err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("STARTTLS with %s: %w", srv.Addr(), err)
		}
	} else {
		s.c = imapclient.New(conn, opts)
	}
	stop := context.AfterFunc(ctx, func() { _ = s.c.Close() })
	ok := false
	defer func() {
		if !ok {
			stop()
			_ = s.c.Close()
		}
	}()
	if err := s.c.WaitGreeting(); err != nil {
		return nil, fmt.Errorf("greeting of %s: %w", srv.Addr(), err)
	}
	if err := s.c.Login(srv.Username, srv.Password).Wait(); err != nil {
		return nil, fmt.Errorf("login as %s: %w", srv.Username, err)
	}
	if err := s.ensureProcessed(); err != nil {
		t.log.Warn("processed mailbox unavailable: handled mail will be flagged seen instead", "mailbox", t.cfg.IMAP.ProcessedMailbox, "err", err)
	}
	sel, err := s.c.Select(t.cfg.IMAP.Mailbox, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("select %s: %w", t.cfg.IMAP.Mailbox, err)
	}
	s.validity = sel.UIDValidity
	caps := s.c.Caps()
	s.idle = caps.Has(imap.CapIdle)
	ok = true
	return s, nil
}

// notify records a new-mail notice without blocking.
func (s *imapSession) notify() {
	select {
	case s.newMail <- struct{}{}:
	default:
	}
}

// ensureProcessed finds the hierarchy delimiter, translates the processed
// mailbox's name into it, and creates the mailbox when missing.
func (s *imapSession) ensureProcessed() error {
	list, err := s.c.List("", "", nil).Collect()
	if err != nil {
		return fmt.Errorf("LIST: %w", err)
	}
	var delim rune
	if len(list) > 0 {
		delim = list[0].Delim
	}
	s.processed = mailboxName(s.t.cfg.IMAP.ProcessedMailbox, delim)
	found, err := s.c.List("", s.processed, nil).Collect()
	if err != nil {
		return fmt.Errorf("LIST %s: %w", s.processed, err)
	}
	if len(found) > 0 {
		return nil
	}
	if err := s.c.Create(s.processed, nil).Wait(); err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
			return nil
		}
		return fmt.Errorf("CREATE %s: %w", s.processed, err)
	}
	return nil
}

// mailboxName writes a mailbox name given with '/' between levels in the
// server's hierarchy delimiter (0 for a flat namespace: the levels are
// joined with '_').
func mailboxName(name string, delim rune) string {
	var levels []string
	for _, l := range strings.Split(name, "/") {
		if l != "" {
			levels = append(levels, l)
		}
	}
	sep := "_"
	if delim != 0 {
		sep = string(delim)
	}
	return strings.Join(levels, sep)
}

// search returns the UIDs after last, ascending.
func (s *imapSession) search(last imap.UID) ([]imap.UID, error) {
	var set imap.UIDSet
	set.AddRange(last+1, 0)
	data, err := s.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("UID SEARCH: %w", err)
	}
	var out []imap.UID
	for _, uid := range data.AllUIDs() {
		if uid > last { // "last+1:*" matches the last mail when there is no newer one
			out = append(out, uid)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// handledLeft returns the UIDs up to last that are still in the mailbox
// and not flagged seen: mail handled before a crash, not yet moved.
func (s *imapSession) handledLeft(last imap.UID) ([]imap.UID, error) {
	if last == 0 {
		return nil, nil
	}
	var set imap.UIDSet
	set.AddRange(1, last)
	data, err := s.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}, NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("UID SEARCH: %w", err)
	}
	var out []imap.UID
	for _, uid := range data.AllUIDs() {
		if uid <= last {
			out = append(out, uid)
		}
	}
	return out, nil
}

// fetch reads mails by UID, ascending.
func (s *imapSession) fetch(uids []imap.UID) ([]fetched, error) {
	body := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: maxFetchBytes}}
	msgs, err := s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
		UID: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("UID FETCH: %w", err)
	}
	out := make([]fetched, 0, len(msgs))
	for _, m := range msgs {
		raw := m.FindBodySection(body)
		if raw == nil {
			raw = m.FindBodySection(&imap.FetchItemBodySection{Peek: true})
		}
		out = append(out, fetched{uid: m.UID, internal: m.InternalDate, raw: raw})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].uid < out[j].uid })
	return out, nil
}

// acknowledge moves handled mail to the processed mailbox, or flags it
// seen where moving fails.
func (s *imapSession) acknowledge(uids []imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	if s.processed != "" {
		_, err := s.c.Move(set, s.processed).Wait()
		if err == nil {
			return nil
		}
		var ie *imap.Error
		if !errors.As(err, &ie) {
			return fmt.Errorf("UID MOVE: %w", err) // the connection failed
		}
		s.t.log.Warn("moving handled mail failed: flagging it seen", "mailbox", s.processed, "err", err)
	}
	if err := s.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
		return fmt.Errorf("UID STORE \\Seen: %w", err)
	}
	return nil
}

// waitForMail returns when the server reports new mail, when refresh has
// passed (to notice a dead connection), or when ctx ends. It uses IDLE
// where the server has it, and otherwise polls with NOOP every poll.
func (s *imapSession) waitForMail(ctx context.Context, poll, refresh time.Duration) error {
	select {
	case <-s.newMail:
		return nil
	default:
	}
	if !s.idle {
		select {
		case <-s.newMail:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-s.c.Closed():
			return errors.New("the server closed the connection")
		case <-s.t.after(poll):
		}
		if err := s.c.Noop().Wait(); err != nil {
			return fmt.Errorf("NOOP: %w", err)
		}
		return nil
	}
	idle, err := s.c.Idle()
	if err != nil {
		return fmt.Errorf("IDLE: %w", err)
	}
	select {
	case <-s.newMail:
	case <-ctx.Done():
	case <-s.c.Closed():
	case <-s.t.after(refresh):
	}
	closeErr := idle.Close()
	waitErr := idle.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err := errors.Join(closeErr, waitErr); err != nil {
		return fmt.Errorf("IDLE: %w", err)
	}
	return nil
}

// close logs out, or closes the connection.
func (s *imapSession) close() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.c.Logout().Wait()
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	_ = s.c.Close()
}
