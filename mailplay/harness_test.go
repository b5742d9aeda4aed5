package mailplay_test

import (
	"cmp"
	"context"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
)

// Test addresses: the bot and the players live in one local domain.
const (
	botAddr     = "takbot@example.test"
	botPassword = "bot-secret"
	aliceAddr   = "alice@example.test"
	bobAddr     = "bob@example.test"
	malloryAddr = "mallory@example.test"
	// waitLimit guards every wait against a hang; a green run never
	// reaches it.
	waitLimit = 60 * time.Second
)

// mailServers is what the harness needs of a mail system: localmail, or
// Dovecot with its SMTP front.
type mailServers interface {
	serverAddrs
	Messages(addr, mailbox string) ([]localmail.Stored, error)
}

// serverAddrs are the addresses of an IMAP and an SMTP server.
type serverAddrs interface {
	IMAPAddr() string
	SMTPAddr() string
}

// harness is a running bot on a mail system: storage, referee, the email
// transport with its receive loop and the delivery pipeline.
type harness struct {
	t       testing.TB
	mail    mailServers
	store   record.Store
	closeDB func() error
	ref     *bot.Referee
	tr      *mailplay.Transport
	events  chan mailplay.MailEvent
	health  chan bot.Health
	results chan string // the delivery pipeline's "delivered", "retry", "failed"
	cancel  context.CancelFunc
	runCtx  context.Context // ends with cancel
	wg      sync.WaitGroup
	players map[string]*demo.Player
}

// harnessOptions vary the bot.
type harnessOptions struct {
	config  func(*mailplay.Config)
	dbPath  string // "" : a new file
	memory  bool   // keep the store in memory (package memstore) instead
	sync    bool   // sync the database on every commit, as takbot serve does
	noStart bool   // do not start the receive loop
	// concurrency is the delivery pipeline's replies in flight (default:
	// the referee's).
	concurrency int
	// mailClock stamps the INTERNALDATE of localmail (default: the
	// system clock).
	mailClock localmail.Clock
	// localmail varies the local mail system (its Clock is mailClock).
	localmail localmail.Options
	// clock is the referee's and the transport's clock (default the
	// system clock).
	clock bot.Clock
	// logger receives the bot's logs (default testLogger()).
	logger *slog.Logger
	// wrapStore, if set, wraps the store the referee uses.
	wrapStore func(record.Store) record.Store
	// grace is the referee's Options.ChallengeGrace (default: none, so
	// that a challenge to a player who never wrote goes out at once).
	grace time.Duration
	// unsubscribeURL is the transport's Options.UnsubscribeURL.
	unsubscribeURL string
}

// observer hands the delivery pipeline's results to the harness.
type observer struct{ results chan string }

func (o observer) MessageHandled(string, string, time.Duration) {}
func (o observer) ReplySent(_ string, result string, _ time.Duration) {
	select {
	case o.results <- result:
	default:
	}
}

// startLocal starts localmail with the bot, alice, bob and mallory, and
// the bot on it.
func startLocal(t testing.TB, o harnessOptions) (*harness, *localmail.System) {
	t.Helper()
	lo := o.localmail
	lo.Clock = o.mailClock
	sys := startLocalSystem(t, lo)
	return startBot(t, sys, o), sys
}

// startLocalSystem starts localmail with the bot, alice, bob and mallory.
func startLocalSystem(t testing.TB, opts localmail.Options) *localmail.System {
	t.Helper()
	sys, err := localmail.Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sys.Close() })
	for _, u := range []string{botAddr, aliceAddr, bobAddr, malloryAddr} {
		pass := botPassword
		if u != botAddr {
			pass = passwordOf(u)
		}
		if err := sys.AddUser(u, pass); err != nil {
			t.Fatal(err)
		}
	}
	return sys
}

// passwordOf is a player's test password.
func passwordOf(addr string) string { return strings.Split(addr, "@")[0] + "-secret" }

// startBot runs the bot against a mail system.
func startBot(t testing.TB, mail mailServers, o harnessOptions) *harness {
	t.Helper()
	h := &harness{t: t, mail: mail, events: make(chan mailplay.MailEvent, 4096), health: make(chan bot.Health, 64),
		results: make(chan string, 1<<14), players: map[string]*demo.Player{}}
	path := o.dbPath
	if path == "" {
		path = filepath.Join(t.TempDir(), "takbot.db")
	}
	if o.memory {
		h.store, h.closeDB = memstore.New(), func() error { return nil }
	} else {
		db, err := storage.Open(path, storage.Options{NoSync: !o.sync})
		if err != nil {
			t.Fatal(err)
		}
		h.store, h.closeDB = db, db.Close
	}
	if o.wrapStore != nil {
		h.store = o.wrapStore(h.store)
	}
	logger, clock := o.logger, o.clock
	if logger == nil {
		logger = testLogger()
	}
	if clock == nil {
		clock = bot.SystemClock{}
	}
	h.ref = bot.New(h.store, clock, bot.Options{Logger: logger, Rand: func(int) int { return 0 }, ChallengeGrace: cmp.Or(o.grace, -1),
		Observer: observer{h.results},
		Delivery: outbox.Policy{MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond, Concurrency: o.concurrency}})
	cfg := botConfig(mail)
	if o.config != nil {
		o.config(&cfg)
	}
	var err error
	h.tr, err = mailplay.New(cfg, h.ref, mailplay.Options{Logger: logger, Clock: clock, MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond,
		UnsubscribeURL: o.unsubscribeURL,
		OnMail:         func(ev mailplay.MailEvent) { h.events <- ev },
		OnHealth: func(hl bot.Health) {
			select {
			case h.health <- hl:
			default:
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	h.ref.Register(h.tr)
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	h.wg.Add(1)
	go func() { defer h.wg.Done(); h.ref.RunDelivery(ctx) }()
	h.runCtx = ctx
	if !o.noStart {
		h.run()
	}
	t.Cleanup(h.stop)
	return h
}

// run starts the transport's receive loop (startBot does unless told
// noStart).
func (h *harness) run() {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		if err := h.tr.Run(h.runCtx); err != nil {
			h.t.Errorf("Run: %v", err)
		}
	}()
}

// stop ends the bot and closes its database.
func (h *harness) stop() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	h.wg.Wait()
	h.cancel = nil
	for _, p := range h.players {
		_ = p.Close()
	}
	_ = h.closeDB()
}

// botConfig is the bot's configuration on a mail system, in plain text
// on loopback.
func botConfig(mail serverAddrs) mailplay.Config {
	ih, ip := hostPort(mail.IMAPAddr())
	sh, sp := hostPort(mail.SMTPAddr())
	return mailplay.Config{
		Address: botAddr, Name: "Takbot",
		IMAP: mailplay.IMAP{Server: mailplay.Server{Host: ih, Port: ip, Security: mailplay.SecurityNone, Username: botAddr, Password: botPassword}},
		SMTP: mailplay.Server{Host: sh, Port: sp, Security: mailplay.SecurityNone, Username: botAddr, Password: botPassword},
		// Polling is the fallback; with IDLE it only bounds a lost wake-up.
		PollInterval: 200 * time.Millisecond,
	}
}

func hostPort(addr string) (string, int) {
	h, p, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(p)
	return h, n
}

// testLogger writes warnings to the test's standard error when
// TAKBOT_TEST_LOG is set, and discards logs otherwise.
func testLogger() *slog.Logger {
	if os.Getenv("TAKBOT_TEST_LOG") == "" {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// ctx is a context bounded by waitLimit.
// wrote records that addr wrote to the bot before (bot.Consent): mail to
// it is not capped as mail to a stranger is.
func (h *harness) wrote(addr string) {
	h.t.Helper()
	if err := h.ref.UpdateState(h.ctx(), mailplay.TransportName, func(tx record.StateTx) error {
		return h.tr.MarkWrote(tx, addr, time.Now())
	}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	h.t.Cleanup(cancel)
	return ctx
}

// player connects a mail client for addr (a user of the mail system).
func (h *harness) player(addr, name string) *demo.Player {
	h.t.Helper()
	if p := h.players[addr]; p != nil {
		return p
	}
	p, err := demo.Connect(h.ctx(), demo.Servers{IMAPAddr: h.mail.IMAPAddr(), SMTPAddr: h.mail.SMTPAddr()}, addr, name, passwordOf(addr), nil)
	if err != nil {
		h.t.Fatal(err)
	}
	h.players[addr] = p
	return p
}

// next returns a player's next mail that says want.
func (h *harness) next(p *demo.Player, want string) *demo.Mail {
	h.t.Helper()
	m, err := p.NextMatching(h.ctx(), want, nil)
	if err != nil {
		h.t.Fatalf("%s: %v", p.Address, err)
	}
	return m
}

// reply answers a mail in Gmail's style.
func (h *harness) reply(p *demo.Player, m *demo.Mail, text string) {
	h.t.Helper()
	if _, err := p.Reply(h.ctx(), m, text, demo.Gmail, demo.Plain); err != nil {
		h.t.Fatal(err)
	}
}

// write sends a new mail to the bot's bare address.
func (h *harness) write(p *demo.Player, subject, text string) {
	h.t.Helper()
	if _, err := p.Write(h.ctx(), botAddr, subject, text, demo.Plain); err != nil {
		h.t.Fatal(err)
	}
}

// event waits for the transport to be done with a mail of outcome,
// failing on any other outcome first unless skipOthers.
func (h *harness) event(want mailplay.MailOutcome) mailplay.MailEvent {
	h.t.Helper()
	deadline := time.After(waitLimit)
	for {
		select {
		case ev := <-h.events:
			if ev.Outcome == want {
				return ev
			}
			h.t.Fatalf("mail %d from %s: outcome %s (%s), want %s", ev.UID, ev.From, ev.Outcome, ev.Detail, want)
		case <-deadline:
			h.t.Fatalf("no mail with outcome %s", want)
		}
	}
}

// waitHealth waits until the transport reports the mailbox connected (or
// disconnected).
func (h *harness) waitHealth(connected bool) bot.Health {
	h.t.Helper()
	deadline := time.After(waitLimit)
	for {
		if hl := h.tr.Health(); hl.Connected == connected {
			return hl
		}
		select {
		case <-h.health:
		case <-deadline:
			h.t.Fatalf("mailbox never became connected=%v: %+v", connected, h.tr.Health())
		}
	}
}

// waitResult waits for the delivery pipeline to report result.
func (h *harness) waitResult(result string) {
	h.t.Helper()
	deadline := time.After(waitLimit)
	for {
		select {
		case r := <-h.results:
			if r == result {
				return
			}
		case <-deadline:
			h.t.Fatalf("the delivery pipeline never reported %q", result)
		}
	}
}

// game reads a stored game.
func (h *harness) game(id string) *record.Game {
	h.t.Helper()
	g, err := h.ref.Game(context.Background(), id)
	if err != nil {
		h.t.Fatalf("game %s: %v", id, err)
	}
	return g
}

// startGame has alice challenge bob to a 6x6 game (both writing PTN) and
// bob accept; it returns the game, alice's "your move" mail and bob's
// mail announcing the game, once both arrived.
func (h *harness) startGame(alice, bob *demo.Player) (game string, aliceMail, bobMail *demo.Mail) {
	h.t.Helper()
	h.write(alice, "Tak?", "notation ptn\nnew "+bob.Address+" size=6 color=white")
	h.confirm(alice)
	challenge := h.next(bob, "challenges you")
	game, ok := mailplay.SubjectGameTag(challenge.In.Subject)
	if !ok {
		h.t.Fatalf("challenge subject %q has no game tag", challenge.In.Subject)
	}
	h.reply(bob, challenge, "notation ptn\naccept")
	h.event(mailplay.MailHandled)
	return game, h.next(alice, "your move,"), h.next(bob, "Game "+game+" begins")
}

// confirm has a player confirm the mail they wrote to the bot's bare
// address, which the bot held: they reply to its request, as is.
func (h *harness) confirm(p *demo.Player) {
	h.t.Helper()
	h.event(mailplay.MailHeld)
	h.reply(p, h.next(p, "cannot tell that you sent it"), "")
	h.event(mailplay.MailConfirmed)
}

// shuttle is a long 6x6 game that never ends: after the opening each
// player shuttles one flat (as in the console's crash test).
func shuttle(n int) []string {
	out := []string{"f6", "a1"}
	moves := []string{"a1>", "f6<", "b1<", "e6>"}
	for i := 0; len(out) < n; i++ {
		out = append(out, moves[i%4])
	}
	return out
}

// play has the players move in turn, alice first, each answering the
// mail saying it is their move (first the one given) in the style and
// format of the move's number.
func (h *harness) play(alice, bob *demo.Player, first *demo.Mail, moves []string, client func(i int) (demo.Style, demo.Format)) {
	h.t.Helper()
	m := first
	for i, mv := range moves {
		p := alice
		if i%2 == 1 {
			p = bob
		}
		if i > 0 {
			m = h.next(p, "your move,")
		}
		st, f := client(i)
		body := mv
		if f == demo.Latin1 {
			body = "Voilà mon coup, désolé du retard :\n" + mv // prose in Latin-1, then the move
		}
		if _, err := p.Reply(h.ctx(), m, body, st, f); err != nil {
			h.t.Fatal(err)
		}
	}
}

// gmailPlain answers every move from Gmail in plain text.
func gmailPlain(int) (demo.Style, demo.Format) { return demo.Gmail, demo.Plain }
