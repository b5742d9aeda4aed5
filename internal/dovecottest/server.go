//go:build dovecot

package dovecottest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/takbymail/takbot/internal/localmail"
)

// User is one mailbox owner: the address is the IMAP login and the
// delivery address (plus-addresses reach it too).
type User struct {
	Address  string
	Password string
}

// recipientDelimiter matches the configuration's recipient_delimiter.
const recipientDelimiter = "+"

// maxStartAttempts bounds the retries after a port clash.
const maxStartAttempts = 5

// Server is a running Dovecot with its SMTP front. Its methods are safe for
// concurrent use; Start registers the cleanup that stops it.
type Server struct {
	bins     binaries
	dir      string
	confPath string
	users    map[string]User // by lower-case address
	domains  map[string]bool

	mu   sync.Mutex // guards cfg and proc
	cfg  config
	proc *process

	front  *smtpFront
	noIDLE bool // announce no IDLE capability
}

// Start runs Dovecot with the given users, each with an empty INBOX, and
// the SMTP front. It fails the test if Dovecot is missing or cannot start
// (never skips), and stops everything when the test ends.
func Start(t testing.TB, users ...User) *Server {
	t.Helper()
	return start(t, false, users)
}

// StartWithoutIDLE is Start with a Dovecot that does not announce the IDLE
// capability, as some servers do not: clients must poll.
func StartWithoutIDLE(t testing.TB, users ...User) *Server {
	t.Helper()
	return start(t, true, users)
}

func start(t testing.TB, noIDLE bool, users []User) *Server {
	t.Helper()
	bins, err := findBinaries()
	if err != nil {
		t.Fatalf("%v", err)
	}
	if os.Geteuid() != 0 {
		t.Fatalf("dovecottest: Dovecot must be started as root (it drops to its own users); run the dovecot-tagged tests as root, as .ci/run does")
	}
	s := &Server{bins: bins, users: make(map[string]User), domains: make(map[string]bool), noIDLE: noIDLE}
	for _, u := range users {
		key := strings.ToLower(u.Address)
		at := strings.LastIndexByte(key, '@')
		if at <= 0 || strings.Contains(key[:at], recipientDelimiter) {
			t.Fatalf("dovecottest: user address %q must be local@domain without %q", u.Address, recipientDelimiter)
		}
		s.users[key] = u
		s.domains[key[at+1:]] = true
	}

	if s.dir, err = os.MkdirTemp("", "dovecottest-"); err != nil {
		t.Fatalf("dovecottest: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(s.dir) })
	// Dovecot's unprivileged processes must traverse the directory.
	if err := os.Chmod(s.dir, 0o755); err != nil {
		t.Fatalf("dovecottest: %v", err)
	}
	s.confPath = filepath.Join(s.dir, "dovecot.conf")
	if err := writeUsers(s.dir, users); err != nil {
		t.Fatalf("%v", err)
	}
	if err := s.launchWithFreePorts(); err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("dovecot log (last lines):\n%s", s.logTail())
		}
		s.stopDovecot()
	})

	front, err := startSMTPFront(s)
	if err != nil {
		t.Fatalf("%v", err)
	}
	s.front = front
	t.Cleanup(s.front.stop)
	return s
}

// launchWithFreePorts picks ports and starts Dovecot, picking again after a
// clash.
func (s *Server) launchWithFreePorts() error {
	var err error
	for attempt := 1; attempt <= maxStartAttempts; attempt++ {
		cfg := config{Dir: s.dir, Protocols: protocolsAll, NoIDLE: s.noIDLE}
		if cfg.IMAPPort, err = freePort(); err != nil {
			return err
		}
		if cfg.LMTPPort, err = freePort(); err != nil {
			return err
		}
		if cfg.IMAPPort == cfg.LMTPPort {
			continue
		}
		s.mu.Lock()
		err = s.relaunchLocked(cfg)
		s.mu.Unlock()
		if !errors.Is(err, errPortClash) {
			return err
		}
	}
	return fmt.Errorf("dovecottest: no free ports after %d attempts: %w", maxStartAttempts, err)
}

// relaunchLocked writes the configuration and starts Dovecot with it. s.mu
// is held and no Dovecot is running.
func (s *Server) relaunchLocked(cfg config) error {
	if err := writeConfig(s.confPath, cfg); err != nil {
		return err
	}
	proc, err := launch(s.bins, s.confPath)
	if err != nil {
		return err
	}
	s.cfg, s.proc = cfg, proc
	return nil
}

// stopDovecot stops the running Dovecot, if any.
func (s *Server) stopDovecot() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		s.proc.stop()
		s.proc = nil
	}
}

// logTail is the end of the current Dovecot's log.
func (s *Server) logTail() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return "(not running)"
	}
	return s.proc.log.String()
}

// IMAPAddr is Dovecot's IMAP address (plain text, host:port).
func (s *Server) IMAPAddr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.cfg.IMAPPort))
}

// LMTPAddr is Dovecot's LMTP address (host:port).
func (s *Server) LMTPAddr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.cfg.LMTPPort))
}

// SMTPAddr is the SMTP front's address (plain text, host:port).
func (s *Server) SMTPAddr() string { return s.front.addr }

// resolve finds the user an address delivers to. Like localmail, the error
// wraps localmail.ErrBadAddress, ErrUnknownUser or ErrNotLocal.
func (s *Server) resolve(addr string) (User, error) {
	base, err := localmail.BaseAddress(addr, recipientDelimiter)
	if err != nil {
		return User{}, err
	}
	if u, ok := s.users[base]; ok {
		return u, nil
	}
	if s.domains[base[strings.LastIndexByte(base, '@')+1:]] {
		return User{}, fmt.Errorf("%q: %w", addr, localmail.ErrUnknownUser)
	}
	return User{}, fmt.Errorf("%q: %w", addr, localmail.ErrNotLocal)
}
