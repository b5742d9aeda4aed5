// Package mailbox reads the bot's mailbox over IMAP: it connects, logs in,
// makes sure the processed mailbox exists, selects the mailbox read, and
// then searches, fetches and acknowledges (moves or flags) mail by UID, and
// waits for new mail with IDLE or by polling. What a mail says is package
// mailplay/msg's business, what to do with it package mailplay's.
package mailbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/charset"

	"github.com/takbymail/takbot/mailplay/mailserver"
)

// MaxFetchBytes bounds what is fetched of one mail: the text a player
// writes is at the start, and mailplay/msg's ParseInbound reads a cut mail
// leniently.
const MaxFetchBytes = 8 << 20

// FetchBatch is how many mails one FETCH should read.
const FetchBatch = 64

// Config says which mailbox to read, where, and how.
type Config struct {
	Server mailserver.Server
	// TLS is the base of the TLS configuration (nil: the defaults).
	TLS         *tls.Config
	DialTimeout time.Duration
	// Mailbox is the mailbox read; ProcessedMailbox, with '/' between
	// levels, the one handled mail is moved to.
	Mailbox, ProcessedMailbox string
	// Log receives the warnings (the processed mailbox unavailable, a
	// move that failed); nil is slog.Default().
	Log *slog.Logger
	// After is the clock's time.After (polling and IDLE refreshes); nil
	// is time.After.
	After func(time.Duration) <-chan time.Time
}

// Session is one connection to the bot's mailbox, selected.
type Session struct {
	cfg       Config
	c         *imapclient.Client
	newMail   chan struct{} // a new-mail (EXISTS) notice, coalesced
	processed string        // the processed mailbox, in the server's hierarchy
	// Validity is the mailbox's UIDVALIDITY.
	Validity uint32
	// Idle is whether the server has IDLE (otherwise WaitForMail polls).
	Idle bool
}

// Mail is one mail read from the mailbox.
type Mail struct {
	UID      imap.UID
	Internal time.Time // the server's INTERNALDATE: when it received the mail
	Raw      []byte    // the mail, at most MaxFetchBytes of it
}

// Dial connects, logs in, makes sure the processed mailbox exists and
// selects the mailbox read. The connection closes when ctx ends.
func Dial(ctx context.Context, cfg Config) (*Session, error) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	s := &Session{cfg: cfg, newMail: make(chan struct{}, 1)}
	srv := cfg.Server
	conn, err := mailserver.Dial(ctx, srv, cfg.TLS, cfg.DialTimeout)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", srv.Addr(), err)
	}
	opts := &imapclient.Options{
		TLSConfig:   mailserver.TLSConfig(cfg.TLS, srv.Host),
		WordDecoder: &mime.WordDecoder{CharsetReader: charset.Reader},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					s.notify()
				}
			},
		},
	}
	if srv.Security == mailserver.SecuritySTARTTLS {
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
		cfg.Log.Warn("processed mailbox unavailable: handled mail will be flagged seen instead", "mailbox", cfg.ProcessedMailbox, "err", err)
	}
	sel, err := s.c.Select(cfg.Mailbox, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("select %s: %w", cfg.Mailbox, err)
	}
	s.Validity = sel.UIDValidity
	caps := s.c.Caps()
	s.Idle = caps.Has(imap.CapIdle)
	ok = true
	return s, nil
}

// notify records a new-mail notice without blocking.
func (s *Session) notify() {
	select {
	case s.newMail <- struct{}{}:
	default:
	}
}

// ensureProcessed finds the hierarchy delimiter, translates the processed
// mailbox's name into it, and creates the mailbox when missing.
func (s *Session) ensureProcessed() error {
	list, err := s.c.List("", "", nil).Collect()
	if err != nil {
		return fmt.Errorf("LIST: %w", err)
	}
	var delim rune
	if len(list) > 0 {
		delim = list[0].Delim
	}
	s.processed = Name(s.cfg.ProcessedMailbox, delim)
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

// Name writes a mailbox name given with '/' between levels in the
// server's hierarchy delimiter (0 for a flat namespace: the levels are
// joined with '_').
func Name(name string, delim rune) string {
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

// Search returns the UIDs after last, ascending.
func (s *Session) Search(last imap.UID) ([]imap.UID, error) {
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

// HandledLeft returns the UIDs up to last that are still in the mailbox
// and not flagged seen: mail handled before a crash, not yet moved.
func (s *Session) HandledLeft(last imap.UID) ([]imap.UID, error) {
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

// Fetch reads mails by UID, ascending.
func (s *Session) Fetch(uids []imap.UID) ([]Mail, error) {
	body := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: MaxFetchBytes}}
	msgs, err := s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
		UID: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("UID FETCH: %w", err)
	}
	out := make([]Mail, 0, len(msgs))
	for _, m := range msgs {
		raw := m.FindBodySection(body)
		if raw == nil {
			raw = m.FindBodySection(&imap.FetchItemBodySection{Peek: true})
		}
		out = append(out, Mail{UID: m.UID, Internal: m.InternalDate, Raw: raw})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UID < out[j].UID })
	return out, nil
}

// Acknowledge moves handled mail to the processed mailbox, or flags it
// seen where moving fails.
func (s *Session) Acknowledge(uids []imap.UID) error {
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
		s.cfg.Log.Warn("moving handled mail failed: flagging it seen", "mailbox", s.processed, "err", err)
	}
	if err := s.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
		return fmt.Errorf("UID STORE \\Seen: %w", err)
	}
	return nil
}

// WaitForMail returns when the server reports new mail, when refresh has
// passed (to notice a dead connection), or when ctx ends. It uses IDLE
// where the server has it, and otherwise polls with NOOP every poll.
func (s *Session) WaitForMail(ctx context.Context, poll, refresh time.Duration) error {
	select {
	case <-s.newMail:
		return nil
	default:
	}
	if !s.Idle {
		select {
		case <-s.newMail:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-s.c.Closed():
			return errors.New("the server closed the connection")
		case <-s.cfg.After(poll):
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
	case <-s.cfg.After(refresh):
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

// Close logs out, or closes the connection.
func (s *Session) Close() {
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
