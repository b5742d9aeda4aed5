package localmail

import (
	"bytes"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Stored is one message in a mailbox.
type Stored struct {
	// UID is the message's IMAP UID in its mailbox.
	UID imap.UID
	// Flags are its IMAP flags, such as \Seen.
	Flags []imap.Flag
	// InternalDate is its IMAP INTERNALDATE (whole seconds).
	InternalDate time.Time
	// Raw is the whole message, trace headers included.
	Raw []byte
}

// HasFlag reports whether the message carries flag (compared without case).
func (m Stored) HasFlag(flag imap.Flag) bool {
	for _, f := range m.Flags {
		if strings.EqualFold(string(f), string(flag)) {
			return true
		}
	}
	return false
}

// Header is the value of the message's first header field of that name
// (net/mail rules: case-insensitive name, RFC 2047 words left encoded), or
// "" if there is none or the header does not parse.
func (m Stored) Header(name string) string {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return ""
	}
	return msg.Header.Get(name)
}

// Messages returns the messages of one of the user's mailboxes in UID
// order, without marking them seen. It reads through an in-process IMAP
// connection, so it works during an IMAP outage too. addr may be a
// plus-address of the user; an unknown mailbox gives ErrNoSuchMailbox.
func (s *System) Messages(addr, mailbox string) ([]Stored, error) {
	acct, err := s.lookup(addr)
	if err != nil {
		return nil, fmt.Errorf("localmail: messages: %w", err)
	}
	conn, err := s.imap.pipe.dial(acct)
	if err != nil {
		return nil, fmt.Errorf("localmail: messages: %w", err)
	}
	client := imapclient.New(conn, nil)
	defer client.Close()

	selected, err := client.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("localmail: messages of %s in %q: %w", acct.address, mailbox, mailboxError(err))
	}
	if selected.NumMessages == 0 {
		return nil, nil
	}
	var all imap.SeqSet
	all.AddRange(1, 0) // 1:*
	whole := &imap.FetchItemBodySection{Peek: true}
	fetched, err := client.Fetch(all, &imap.FetchOptions{
		UID: true, Flags: true, InternalDate: true,
		BodySection: []*imap.FetchItemBodySection{whole},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("localmail: fetch from %s in %q: %w", acct.address, mailbox, err)
	}
	out := make([]Stored, 0, len(fetched))
	for _, msg := range fetched {
		out = append(out, Stored{
			UID:          msg.UID,
			Flags:        msg.Flags,
			InternalDate: msg.InternalDate,
			Raw:          msg.FindBodySection(whole),
		})
	}
	if err := client.Logout().Wait(); err != nil {
		return nil, fmt.Errorf("localmail: messages: logout: %w", err)
	}
	return out, nil
}
