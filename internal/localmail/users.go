package localmail

import (
	"errors"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

// account is one user: its address, password and in-memory mailboxes.
type account struct {
	address  string // canonical (lower-case) address, also the IMAP login
	password string
	mem      *imapmemserver.User
}

// inboxName is the mailbox every user has and every delivery goes to.
const inboxName = "INBOX"

// AddUser creates a user with an empty INBOX. The address is matched
// without regard to case; it may not contain the recipient delimiter, which
// is reserved for plus-addresses. The user logs in to IMAP and SMTP with the
// address and password.
func (s *System) AddUser(addr, password string) error {
	parsed, err := parseAddress(addr)
	if err != nil {
		return fmt.Errorf("localmail: add user: %w", err)
	}
	if strings.Contains(parsed.local, s.opts.RecipientDelimiter) {
		return fmt.Errorf("localmail: add user %q: contains the recipient delimiter %q: %w",
			addr, s.opts.RecipientDelimiter, ErrBadAddress)
	}
	canonical := parsed.String()
	mem := imapmemserver.NewUser(canonical, password)
	if err := mem.Create(inboxName, nil); err != nil {
		return fmt.Errorf("localmail: add user %q: create INBOX: %w", addr, err)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if _, taken := s.accounts[canonical]; taken {
		return fmt.Errorf("localmail: add user %q: %w", addr, ErrUserExists)
	}
	s.accounts[canonical] = &account{address: canonical, password: password, mem: mem}
	s.domains[parsed.domain] = true
	return nil
}

// lookup finds the user an address delivers to: the exact address, or the
// address without its plus-detail. The error wraps ErrBadAddress,
// ErrUnknownUser (local domain) or ErrNotLocal (any other domain).
func (s *System) lookup(addr string) (*account, error) {
	parsed, err := parseAddress(addr)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if acct, ok := s.accounts[parsed.String()]; ok {
		return acct, nil
	}
	if base, hasDetail := parsed.withoutDetail(s.opts.RecipientDelimiter); hasDetail {
		if acct, ok := s.accounts[base.String()]; ok {
			return acct, nil
		}
	}
	if !s.domains[parsed.domain] {
		return nil, fmt.Errorf("%q: %w", addr, ErrNotLocal)
	}
	return nil, fmt.Errorf("%q: %w", addr, ErrUnknownUser)
}

// checkPassword returns the user of a login name (the exact address, case
// aside) if the password is right; nil otherwise.
func (s *System) checkPassword(username, password string) *account {
	parsed, err := parseAddress(username)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	acct := s.accounts[parsed.String()]
	s.mu.Unlock()
	if acct == nil || acct.mem.Login(acct.address, password) != nil {
		return nil
	}
	return acct
}

// CreateMailbox creates a mailbox (such as "Processed") for the user of addr.
func (s *System) CreateMailbox(addr, name string) error {
	acct, err := s.lookup(addr)
	if err != nil {
		return fmt.Errorf("localmail: create mailbox: %w", err)
	}
	if err := acct.mem.Create(name, nil); err != nil {
		return fmt.Errorf("localmail: create mailbox %q of %s: %w", name, acct.address, err)
	}
	return nil
}

// RecreateMailbox deletes a mailbox with all its mail and creates it again
// empty, so that it has a new UIDVALIDITY. Like Dovecot, which disconnects
// a client whose selected mailbox changed UIDVALIDITY, it then drops every
// IMAP connection of that user; clients reconnect and see the new mailbox.
func (s *System) RecreateMailbox(addr, name string) error {
	acct, err := s.lookup(addr)
	if err != nil {
		return fmt.Errorf("localmail: recreate mailbox: %w", err)
	}
	if err := acct.mem.Delete(name); err != nil {
		return fmt.Errorf("localmail: recreate mailbox %q of %s: %w", name, acct.address, mailboxError(err))
	}
	if err := acct.mem.Create(name, nil); err != nil {
		return fmt.Errorf("localmail: recreate mailbox %q of %s: %w", name, acct.address, err)
	}
	s.imap.dropUser(acct)
	return nil
}

// mailboxError turns the IMAP "no such mailbox" answers (NONEXISTENT, and
// TRYCREATE from APPEND) into ErrNoSuchMailbox and leaves other errors alone.
func mailboxError(err error) error {
	var imapErr *imap.Error
	if errors.As(err, &imapErr) &&
		(imapErr.Code == imap.ResponseCodeNonExistent || imapErr.Code == imap.ResponseCodeTryCreate) {
		return fmt.Errorf("%w (%w)", ErrNoSuchMailbox, err)
	}
	return err
}
