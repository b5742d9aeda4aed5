//go:build dovecot

package dovecottest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/takbymail/takbot/internal/localmail"
)

// doveadm exit codes (sysexits) the harness maps to localmail's errors.
const (
	exitNoUser    = 67 // EX_NOUSER: no such user
	exitNoMailbox = 68 // EX_NOHOST, used by doveadm for "mailbox not found"
)

// doveadm runs `doveadm -c CONF args...` and returns its standard output.
// Unknown users and mailboxes give localmail.ErrUnknownUser and
// ErrNoSuchMailbox.
func (s *Server) doveadm(args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), doveadmTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bins.doveadm, append([]string{"-c", s.confPath}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.Bytes(), nil
	case errors.As(err, &exit) && exit.ExitCode() == exitNoUser:
		err = localmail.ErrUnknownUser
	case errors.As(err, &exit) && exit.ExitCode() == exitNoMailbox:
		err = localmail.ErrNoSuchMailbox
	}
	return nil, fmt.Errorf("dovecottest: doveadm %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
}

// Messages returns the messages of one of a user's mailboxes in UID order,
// read with doveadm (so it works during an IMAP outage and marks nothing
// seen). Raw has CRLF line ends, as over IMAP; Flags leave out \Recent.
func (s *Server) Messages(user, mailbox string) ([]localmail.Stored, error) {
	u, err := s.resolve(user)
	if err != nil {
		return nil, fmt.Errorf("dovecottest: messages: %w", err)
	}
	// fetch prints nothing for a missing mailbox; status tells.
	if _, err := s.doveadm("mailbox", "status", "-u", u.Address, "messages", mailbox); err != nil {
		return nil, err
	}
	out, err := s.doveadm("-f", "json", "fetch", "-u", u.Address, "uid flags date.received text", "mailbox", mailbox)
	if err != nil {
		return nil, err
	}
	return parseFetchJSON(out, time.Local)
}

// fetchRecord is one message of `doveadm -f json fetch`: every field is a
// string.
type fetchRecord struct {
	UID          string `json:"uid"`
	Flags        string `json:"flags"`
	DateReceived string `json:"date.received"`
	Text         string `json:"text"`
}

// doveadmDateLayout is how doveadm prints date.received, in the local zone.
const doveadmDateLayout = "2006-01-02 15:04:05"

// parseFetchJSON reads doveadm's JSON fetch output.
func parseFetchJSON(out []byte, zone *time.Location) ([]localmail.Stored, error) {
	var records []fetchRecord
	if err := json.Unmarshal(out, &records); err != nil {
		return nil, fmt.Errorf("dovecottest: doveadm fetch output: %w", err)
	}
	msgs := make([]localmail.Stored, 0, len(records))
	for _, rec := range records {
		uid, err := strconv.ParseUint(rec.UID, 10, 32)
		if err != nil || uid == 0 {
			return nil, fmt.Errorf("dovecottest: doveadm fetch output: uid %q", rec.UID)
		}
		date, err := time.ParseInLocation(doveadmDateLayout, rec.DateReceived, zone)
		if err != nil {
			return nil, fmt.Errorf("dovecottest: doveadm fetch output: date %q: %w", rec.DateReceived, err)
		}
		var flags []imap.Flag
		for _, f := range strings.Fields(rec.Flags) {
			if !strings.EqualFold(f, `\Recent`) {
				flags = append(flags, imap.Flag(f))
			}
		}
		crlf := strings.ReplaceAll(strings.ReplaceAll(rec.Text, "\r\n", "\n"), "\n", "\r\n")
		msgs = append(msgs, localmail.Stored{UID: imap.UID(uid), Flags: flags, InternalDate: date, Raw: []byte(crlf)})
	}
	return msgs, nil
}

// RecreateMailbox gives a user's mailbox a new UIDVALIDITY, emptied. Other
// mailboxes are deleted and created again with doveadm; INBOX, which Dovecot
// never deletes, is expunged and its UIDVALIDITY raised by one. A missing
// mailbox gives localmail.ErrNoSuchMailbox.
func (s *Server) RecreateMailbox(user, name string) error {
	u, err := s.resolve(user)
	if err != nil {
		return fmt.Errorf("dovecottest: recreate mailbox: %w", err)
	}
	if !strings.EqualFold(name, "INBOX") {
		if _, err := s.doveadm("mailbox", "delete", "-u", u.Address, name); err != nil {
			return err
		}
		_, err := s.doveadm("mailbox", "create", "-u", u.Address, name)
		return err
	}
	validity, err := s.uidValidity(u.Address, name)
	if err != nil {
		return err
	}
	if _, err := s.doveadm("expunge", "-u", u.Address, "mailbox", name, "all"); err != nil {
		return err
	}
	_, err = s.doveadm("mailbox", "update", "-u", u.Address, "--uid-validity", strconv.FormatUint(uint64(validity)+1, 10), name)
	return err
}

// CreateMailbox creates a mailbox (such as "Processed") for a user.
func (s *Server) CreateMailbox(user, name string) error {
	u, err := s.resolve(user)
	if err != nil {
		return fmt.Errorf("dovecottest: create mailbox: %w", err)
	}
	_, err = s.doveadm("mailbox", "create", "-u", u.Address, name)
	return err
}

// uidValidity reads a mailbox's UIDVALIDITY.
func (s *Server) uidValidity(user, mailbox string) (uint32, error) {
	out, err := s.doveadm("-f", "flow", "mailbox", "status", "-u", user, "uidvalidity", mailbox)
	if err != nil {
		return 0, err
	}
	_, value, found := strings.Cut(strings.TrimSpace(string(out)), "uidvalidity=")
	n, convErr := strconv.ParseUint(value, 10, 32)
	if !found || convErr != nil {
		return 0, fmt.Errorf("dovecottest: uidvalidity of %s in %q: unexpected doveadm output %q", mailbox, user, out)
	}
	return uint32(n), nil
}
