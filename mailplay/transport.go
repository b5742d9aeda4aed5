package mailplay

import (
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/bot"
)

// Options are the transport's collaborators and tuning; zero values take
// the defaults.
type Options struct {
	// Logger receives the transport's logs (default slog.Default()).
	Logger *slog.Logger
	// Clock stamps the bot's mail and judges the hourly limit (default
	// the system clock). When it also implements backoff.Timer, the waits of
	// reconnection backoff and retries run on it.
	Clock bot.Clock
	// MinBackoff and MaxBackoff bound the wait before reconnecting to the
	// IMAP server, or retrying a mail the referee could not take (defaults
	// 1 s and 2 min); each failure doubles it, with jitter.
	MinBackoff, MaxBackoff time.Duration
	// DialTimeout bounds connecting to a server (default 30 s).
	DialTimeout time.Duration
	// OnMail, when set, is called for each mail once it is done with
	// (for metrics and tests). It must not block.
	OnMail func(MailEvent)
	// OnHealth, when set, is called when the mailbox connects or
	// disconnects. It must not block.
	OnHealth func(bot.Health)
	// UnsubscribeURL, when set, is the base of the one-click unsubscribe
	// links (RFC 8058) in mail to addresses that never wrote to the bot
	// ("https://tak.example.org/unsubscribe"): the link is it, a slash
	// and a token, served by a POST handler that calls Unsubscribe.
	UnsubscribeURL string
}

func (o *Options) setDefaults() {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Clock == nil {
		o.Clock = bot.SystemClock{}
	}
	if o.MinBackoff <= 0 {
		o.MinBackoff = time.Second
	}
	if o.MaxBackoff < o.MinBackoff {
		o.MaxBackoff = max(2*time.Minute, o.MinBackoff)
	}
	if o.DialTimeout <= 0 {
		o.DialTimeout = 30 * time.Second
	}
}

// Transport plays Tak by mail: it reads the bot's mailbox over IMAP, hands
// each mail to the referee, and sends the referee's replies over SMTP. It
// implements bot.Transport, bot.Receiver and bot.HealthReporter, and is
// safe for concurrent use.
type Transport struct {
	cfg    Config
	ref    Referee
	opts   Options
	log    *slog.Logger
	domain string // the domain of the bot's address

	health healthState
	smtp   *smtpPool
	// sendLocks serialise the sends to one address, so the hourly limit
	// is checked and counted as one step.
	sendLocks keyedMutex
	// confirmWake wakes the loop that sends confirmation requests.
	confirmWake chan struct{}

	secretMu  sync.Mutex
	secretVal []byte // the state's secret, once read

	// unverifiedDropped counts the unverified mails dropped unanswered
	// (see UnverifiedDropped).
	unverifiedDropped atomic.Uint64
	// dmarcFailDropped counts the forged mails (dmarc=fail) dropped
	// unanswered (see DMARCFailDropped).
	dmarcFailDropped atomic.Uint64
	// autoDropped counts the mails of senders that look like
	// auto-responders left unanswered (see AutoResponderDropped).
	autoDropped atomic.Uint64
	// confirmSent holds the confirmation requests the server took whose
	// record failed (nonce → when sent): they are recorded later, never
	// sent again by this process.
	confirmSent sync.Map
	// consentDropped counts the mails not sent for want of consent (see
	// ConsentDropped).
	consentDropped atomic.Uint64
	// backfillMu guards backfilled: the addresses that wrote before
	// consent was kept are recorded (backfillConsent).
	backfillMu sync.Mutex
	backfilled bool
}

// New returns the email transport of ref. Register it with
// ref.Register(t) before handling messages, and run t.Run beside the
// delivery pipeline.
func New(cfg Config, ref Referee, opts Options) (*Transport, error) {
	c, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if ref == nil {
		return nil, fmt.Errorf("mailplay: New: no referee")
	}
	opts.setDefaults()
	t := &Transport{
		cfg: c, ref: ref, opts: opts, log: opts.Logger.With("transport", TransportName),
		domain:      c.Address[strings.LastIndexByte(c.Address, '@')+1:],
		confirmWake: make(chan struct{}, 1),
	}
	t.smtp = newSMTPPool(t)
	t.health.onChange = opts.OnHealth
	t.health.set(false, "IMAP: not connected yet", opts.Clock.Now())
	return t, nil
}

// Info describes the transport (see Info); the bot's own address, and
// its plus-addresses, are not players.
func (t *Transport) Info() bot.TransportInfo {
	info := Info()
	info.ParseAddress = func(text string) (string, bool) {
		addr, ok := ParseAddress(text)
		if !ok || baseAddress(addr) == t.cfg.Address {
			return "", false
		}
		return addr, true
	}
	return info
}

// Address is the bot's address.
func (t *Transport) Address() string { return t.cfg.Address }

// Health reports whether the mailbox is connected.
func (t *Transport) Health() bot.Health { return t.health.get() }

// healthState is the IMAP connection state.
type healthState struct {
	mu       sync.Mutex
	h        bot.Health
	onChange func(bot.Health)
}

// set records a state; Since changes only when Connected does.
func (s *healthState) set(connected bool, detail string, now time.Time) {
	s.mu.Lock()
	changed := s.h.Since.IsZero() || s.h.Connected != connected
	if changed {
		s.h.Since = now
	}
	s.h.Connected, s.h.Detail = connected, detail
	h := s.h
	s.mu.Unlock()
	if changed && s.onChange != nil {
		s.onChange(h)
	}
}

func (s *healthState) get() bot.Health {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.h
}

// keyedMutex is a set of mutexes by key, made on demand and dropped when
// unused.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyedEntry
}

type keyedEntry struct {
	mu    sync.Mutex
	users int
}

// lock takes the mutex of key and returns its unlock.
func (k *keyedMutex) lock(key string) func() {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedEntry{}
	}
	e := k.locks[key]
	if e == nil {
		e = &keyedEntry{}
		k.locks[key] = e
	}
	e.users++
	k.mu.Unlock()
	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		k.mu.Lock()
		if e.users--; e.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// after returns a channel that delivers once d has passed on the clock
// (backoff.After).
func (t *Transport) after(d time.Duration) <-chan time.Time {
	return backoff.After(t.opts.Clock, d)
}
