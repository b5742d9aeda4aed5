package demo

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/takbymail/takbot/mailplay"
)

// Servers is where a player's mail client connects: plain text on
// loopback, or TLS (implicit for IMAP, STARTTLS for SMTP) when TLS is set.
type Servers struct {
	IMAPAddr string
	SMTPAddr string
	TLS      *tls.Config
}

// Player is a scripted mail client: it reads its INBOX over IMAP (waiting
// with IDLE) and writes mail by SMTP submission, answering as the common
// mail clients do (see Style and Format).
type Player struct {
	Address  string
	Name     string
	password string
	srv      Servers
	c        *imapclient.Client
	newMail  chan struct{}
	lastUID  imap.UID
	now      func() time.Time
	session  string // random, in the Message-IDs it writes
	written  int
	seen     map[string]bool // Message-IDs read
	// Duplicates counts the mails skipped because a mail with the same
	// Message-ID was read before (a mail client shows one).
	Duplicates int
}

// Mail is a mail a player received.
type Mail struct {
	UID imap.UID
	Raw []byte
	In  *mailplay.Inbound
}

// Text is the mail's text as a client shows it (before quote stripping).
func (m *Mail) Text() string { return m.In.FullText }

// ReplyAddress is where "Reply" sends: Reply-To, else From.
func (m *Mail) ReplyAddress() mailplay.Address {
	if len(m.In.ReplyTo) > 0 {
		return m.In.ReplyTo[0]
	}
	return m.In.From
}

// Connect logs a player in to IMAP and selects INBOX. now stamps the
// Date of the mail it writes (nil: the system clock).
func Connect(ctx context.Context, srv Servers, address, name, password string, now func() time.Time) (*Player, error) {
	p := Offline(address, name, now)
	p.password, p.srv = password, srv
	opts := &imapclient.Options{
		TLSConfig: srv.TLS,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case p.newMail <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	var err error
	if srv.TLS != nil {
		p.c, err = imapclient.DialTLS(srv.IMAPAddr, opts)
	} else {
		p.c, err = imapclient.DialInsecure(srv.IMAPAddr, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("demo: %s: IMAP: %w", address, err)
	}
	stop := context.AfterFunc(ctx, func() { _ = p.c.Close() })
	defer stop()
	if err := p.c.Login(address, password).Wait(); err != nil {
		_ = p.c.Close()
		return nil, fmt.Errorf("demo: %s: IMAP login: %w", address, err)
	}
	if _, err := p.c.Select("INBOX", nil).Wait(); err != nil {
		_ = p.c.Close()
		return nil, fmt.Errorf("demo: %s: select INBOX: %w", address, err)
	}
	return p, nil
}

// Offline returns a player that is not connected: it drafts mail (Draft,
// DraftNew) for a test to deliver another way, as when many players write
// to the bot while it is down. now stamps the Date of its mail (nil: the
// system clock).
func Offline(address, name string, now func() time.Time) *Player {
	if now == nil {
		now = time.Now
	}
	var nonce [6]byte
	_, _ = rand.Read(nonce[:]) // crypto/rand.Read never fails (Go 1.24+)
	return &Player{Address: address, Name: name, newMail: make(chan struct{}, 1),
		now: now, session: hex.EncodeToString(nonce[:]), seen: map[string]bool{}}
}

// Close logs out.
func (p *Player) Close() error {
	if p.c == nil {
		return nil // Offline
	}
	_ = p.c.Logout().Wait()
	return p.c.Close()
}

// Next returns the next mail in the INBOX, waiting for it with IDLE until
// ctx ends. A mail whose Message-ID was read before is skipped, as mail
// clients show a mail delivered twice once.
func (p *Player) Next(ctx context.Context) (*Mail, error) {
	stop := context.AfterFunc(ctx, func() { _ = p.c.Close() })
	defer stop()
	for {
		m, err := p.Poll()
		if err != nil || m != nil {
			if err != nil && ctx.Err() != nil {
				err = ctx.Err()
			}
			return m, err
		}
		idle, err := p.c.Idle()
		if err != nil {
			return nil, ctxErr(ctx, fmt.Errorf("demo: %s: IDLE: %w", p.Address, err))
		}
		select {
		case <-p.newMail:
		case <-ctx.Done():
		case <-p.c.Closed():
		}
		_ = idle.Close()
		if err := idle.Wait(); err != nil || ctx.Err() != nil {
			return nil, ctxErr(ctx, fmt.Errorf("demo: %s: IDLE: %w", p.Address, err))
		}
	}
}

// Poll returns the next mail already in the INBOX, or nil if there is
// none, without waiting. Like Next it skips a mail whose Message-ID was
// read before.
func (p *Player) Poll() (*Mail, error) {
	for {
		m, err := p.peek()
		if m != nil && m.In.MessageID != "" && p.seen[m.In.MessageID] {
			p.Duplicates++
			continue
		}
		if m != nil {
			p.seen[m.In.MessageID] = true
		}
		return m, err
	}
}

// NextMatching returns the next mail whose text contains want, passing
// each mail before it to skipped (which may be nil).
func (p *Player) NextMatching(ctx context.Context, want string, skipped func(*Mail)) (*Mail, error) {
	for {
		m, err := p.Next(ctx)
		if err != nil {
			return nil, fmt.Errorf("waiting for a mail saying %q: %w", want, err)
		}
		if strings.Contains(m.Text(), want) {
			return m, nil
		}
		if skipped != nil {
			skipped(m)
		}
	}
}

func ctxErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// peek fetches the oldest mail not returned yet, nil if none.
func (p *Player) peek() (*Mail, error) {
	var set imap.UIDSet
	set.AddRange(p.lastUID+1, 0)
	data, err := p.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("demo: %s: search: %w", p.Address, err)
	}
	var uids []imap.UID
	for _, uid := range data.AllUIDs() {
		if uid > p.lastUID {
			uids = append(uids, uid)
		}
	}
	if len(uids) == 0 {
		return nil, nil
	}
	sort.Slice(uids, func(i, j int) bool { return uids[i] < uids[j] })
	body := &imap.FetchItemBodySection{}
	msgs, err := p.c.Fetch(imap.UIDSetNum(uids[0]), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("demo: %s: fetch: %w", p.Address, err)
	}
	if len(msgs) == 0 {
		return nil, fmt.Errorf("demo: %s: mail %d vanished", p.Address, uids[0])
	}
	p.lastUID = uids[0]
	raw := msgs[0].FindBodySection(body)
	in, err := mailplay.ParseInbound(raw)
	if err != nil {
		return nil, fmt.Errorf("demo: %s: mail %d: %w", p.Address, uids[0], err)
	}
	return &Mail{UID: uids[0], Raw: raw, In: in}, nil
}

// Written is a mail a player sent.
type Written struct {
	To  string
	Raw []byte
}

// Write sends a new mail (no thread) in the given format.
func (p *Player) Write(ctx context.Context, to, subject, body string, f Format) (*Written, error) {
	return p.submit(ctx, to, p.DraftNew(to, subject, body, f))
}

// Reply answers a mail as a client's "Reply" does: to its reply address,
// "Re: " and its subject, In-Reply-To and References, and the mail quoted
// in the client's style below (or, for Thunderbird and mutt, above) the
// text.
func (p *Player) Reply(ctx context.Context, m *Mail, body string, s Style, f Format) (*Written, error) {
	to, raw := p.Draft(m, body, s, f)
	return p.submit(ctx, to, raw)
}

// Draft returns the mail Reply would send and its recipient, without
// sending it (a test delivers it another way).
func (p *Player) Draft(m *Mail, body string, s Style, f Format) (to string, raw []byte) {
	addr := m.ReplyAddress()
	refs := append(append([]string(nil), m.In.References...), m.In.MessageID)
	if m.In.MessageID == "" {
		refs = m.In.References
	}
	return addr.Addr, p.compose(draft{to: addr, subject: "Re: " + mailplay.CleanSubject(m.In.Subject), body: body,
		inReplyTo: m.In.MessageID, references: refs, quoted: m, style: s, format: f})
}

// DraftNew returns a new mail (no thread) without sending it.
func (p *Player) DraftNew(to, subject, body string, f Format) []byte {
	return p.compose(draft{to: mailplay.Address{Addr: to}, subject: subject, body: body, format: f})
}

// submit sends raw by SMTP as the player.
func (p *Player) submit(ctx context.Context, to string, raw []byte) (*Written, error) {
	var c *smtp.Client
	var err error
	if p.srv.TLS != nil {
		c, err = smtp.DialStartTLS(p.srv.SMTPAddr, p.srv.TLS)
	} else {
		c, err = smtp.Dial(p.srv.SMTPAddr)
	}
	if err != nil {
		return nil, fmt.Errorf("demo: %s: SMTP: %w", p.Address, err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { _ = c.Close() })
	defer stop()
	if err := c.Auth(sasl.NewPlainClient("", p.Address, p.password)); err != nil {
		return nil, ctxErr(ctx, fmt.Errorf("demo: %s: SMTP AUTH: %w", p.Address, err))
	}
	if err := c.SendMail(p.Address, []string{to}, strings.NewReader(string(raw))); err != nil {
		return nil, ctxErr(ctx, fmt.Errorf("demo: %s: send: %w", p.Address, err))
	}
	if err := c.Quit(); err != nil && !errors.Is(err, context.Canceled) {
		return nil, ctxErr(ctx, fmt.Errorf("demo: %s: QUIT: %w", p.Address, err))
	}
	return &Written{To: to, Raw: raw}, nil
}
