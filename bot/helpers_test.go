package bot_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
)

// testClock is a settable clock whose timers fire when it is advanced.
type testClock struct {
	mu      sync.Mutex
	t       time.Time
	waiters []clockWaiter
}

type clockWaiter struct {
	at time.Time
	ch chan time.Time
}

func newClock() *testClock { return &testClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock on and fires the timers that are due.
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	now := c.t
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(now) {
			w.ch <- now
		} else {
			kept = append(kept, w)
		}
	}
	c.waiters = kept
	c.mu.Unlock()
}

// After implements bot.Timer.
func (c *testClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.t
		return ch
	}
	c.waiters = append(c.waiters, clockWaiter{at: c.t.Add(d), ch: ch})
	return ch
}

// capture is a transport for tests: it records what it is sent, and fails
// as fail says.
type capture struct {
	info bot.TransportInfo
	mu   sync.Mutex
	sent []bot.Reply
	fail func(r *bot.Reply) error
}

func (c *capture) Info() bot.TransportInfo { return c.info }

func (c *capture) Send(ctx context.Context, r *bot.Reply) error {
	c.mu.Lock()
	fail := c.fail
	c.mu.Unlock()
	if fail != nil {
		if err := fail(r); err != nil {
			return err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, *r)
	return nil
}

func (c *capture) replies() []bot.Reply {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]bot.Reply(nil), c.sent...)
}

// consoleInfo reads a console name, as package console does.
func consoleInfo() bot.TransportInfo {
	return bot.TransportInfo{Name: "console", Title: "the console", Limits: bot.Limits{Monospace: true},
		ParseAddress: func(s string) (string, bool) {
			if s == "" || strings.ContainsAny(s, "@<>:=,;!?") {
				return "", false
			}
			return strings.ToLower(s), true
		}}
}

// emailInfo reads an email address.
func emailInfo() bot.TransportInfo {
	return bot.TransportInfo{Name: "email", Title: "email", Limits: bot.Limits{Pictures: true},
		ParseAddress: func(s string) (string, bool) {
			at := strings.LastIndexByte(s, '@')
			if at <= 0 || !strings.Contains(s[at:], ".") || strings.ContainsAny(s, " <>") {
				return "", false
			}
			return strings.ToLower(s), true
		}}
}

// harness is a referee over a memory store with a settable clock and
// capturing console and email transports.
type harness struct {
	t       testing.TB
	ref     *bot.Referee
	store   bot.Store
	clock   *testClock
	console *capture
	email   *capture
	engine  *capture // a silent takbot, when registered (withEngine)
	n       int
}

type harnessOption func(*bot.Options, *harness)

// withoutEmail leaves email known but not enabled.
func withoutEmail() harnessOption { return func(_ *bot.Options, h *harness) { h.email = nil } }

// withButtons makes the console show actions as buttons (as Discord does).
func withButtons() harnessOption {
	return func(_ *bot.Options, h *harness) { h.console.info.Limits.Buttons = true }
}

func newHarness(t testing.TB, opts ...harnessOption) *harness {
	t.Helper()
	h := &harness{t: t, store: memstore.New(), clock: newClock(),
		console: &capture{info: consoleInfo()}, email: &capture{info: emailInfo()}}
	o := bot.Options{Rand: func(int) int { return 0 }, Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, opt := range opts {
		opt(&o, h)
	}
	h.ref = bot.New(h.store, h.clock, o)
	h.ref.Register(h.console)
	if h.email != nil {
		h.ref.Register(h.email)
	} else {
		h.ref.Know(emailInfo())
	}
	if h.engine != nil {
		h.ref.Register(h.engine)
	}
	return h
}

func player(name string) bot.Identity { return bot.Identity{Transport: "console", Address: name} }

// send hands a console message to the referee and returns its replies.
func (h *harness) send(from, text string) []bot.Reply {
	h.t.Helper()
	h.n++
	return h.handle(bot.Message{ID: "m" + itoa(h.n), From: player(from), Name: from, Text: text})
}

func (h *harness) handle(m bot.Message) []bot.Reply {
	h.t.Helper()
	out, err := h.ref.Handle(context.Background(), m)
	if err != nil {
		h.t.Fatalf("%s %q: %v", m.From, m.Text, err)
	}
	return out.Replies
}

// game reads a game record.
func (h *harness) game(id string) *bot.GameRecord {
	h.t.Helper()
	g, err := h.ref.Game(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// start creates a game white vs black, accepted, and returns its id.
func (h *harness) start(white, black, opts string) string {
	h.t.Helper()
	rs := h.send(white, "new "+black+" color=white "+opts)
	id := rs[0].Game
	h.send(black, "game "+id+"; accept")
	return id
}

// textTo joins the texts of the replies to one player.
func textTo(rs []bot.Reply, name string) string {
	var b strings.Builder
	for _, r := range rs {
		if r.To.Address == name {
			b.WriteString(r.Text() + "\n")
		}
	}
	return b.String()
}

// allText joins the texts of all replies.
func allText(rs []bot.Reply) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.Text() + "\n")
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
