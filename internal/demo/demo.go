package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/storage"
)

// The demo's mail domain and addresses.
const (
	Domain       = "example.test"
	BotAddress   = "takbot@" + Domain
	AliceAddress = "alice@" + Domain
	BobAddress   = "bob@" + Domain
)

// Passwords of the players' mailboxes, printed by -listen (loopback
// only).
const (
	alicePassword = "alice"
	bobPassword   = "bob"
)

// Ports tried first with Listen, so mail clients keep their settings from
// one run to the next; taken ports fall back to free ones.
const (
	listenIMAPAddr = "127.0.0.1:1143"
	listenSMTPAddr = "127.0.0.1:1587"
)

// Options configures Run.
type Options struct {
	// Out receives the transcript and, with Listen, the connection
	// details (default os.Stdout).
	Out io.Writer
	// Dir receives the database (takbot.db, replaced at each run), the
	// .eml file of every mail exchanged and the board pictures. Empty: a
	// new temporary directory, named in the transcript.
	Dir string
	// Listen keeps the mail servers and the bot running after the
	// scripted game, until ctx ends, and prints how to connect mail
	// clients as the two players.
	Listen bool
	// IMAPAddr and SMTPAddr are the servers' listening addresses (default
	// 127.0.0.1 with ports chosen at run time; with Listen, 1143 and 1587
	// when free).
	IMAPAddr, SMTPAddr string
	// Logger receives the bot's logs (default: warnings to os.Stderr).
	Logger *slog.Logger
	// Timeout bounds the scripted game (default 60 s).
	Timeout time.Duration
	// Control, with Listen, serves the control socket of the demo's
	// database, so that "takbot export" and "takbot backup" work against
	// the running demo: Run calls it once the bot runs, with the database,
	// its path and the running transports, and calls the stop function it
	// returns before it closes the database.
	Control func(ctx context.Context, db *storage.DB, dbPath string, transports []bot.Transport) (stop func(), err error)
	// Analyst and Player add takbot itself (cmd/takbot's engine): the
	// Analyst reviews finished games and answers "analyse"; Player, when
	// set, is called once with the referee and returns takbot as a player
	// (a transport the demo registers and runs), so that a mail client
	// can play "new takbot". Nil: the demo runs without them.
	Analyst bot.Analyst
	Player  func(ref *bot.Referee) bot.Receiver
}

// Result is what Run did.
type Result struct {
	Dir    string // where the files went
	DBPath string
	Mails  int    // the mails exchanged in the scripted game
	Game   string // the game played
}

// Run plays Tak by mail on this machine, with nothing to configure: it
// starts an embedded IMAP and SMTP server on loopback with mailboxes for
// the bot, alice and bob, runs the real referee and the real email
// transport against them, and has two scripted players play a whole game
// by replying to the bot's mails as mail clients do: a challenge, an
// accept, moves in both notations, an rs with a diverged board and its
// resolution, an im, and a road win. Every mail is printed to Out and
// saved to Dir. With Listen it then keeps running until ctx ends.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	res := Result{Dir: o.Dir}
	if res.Dir == "" {
		dir, err := os.MkdirTemp("", "takbot-demo-")
		if err != nil {
			return res, fmt.Errorf("demo: %w", err)
		}
		res.Dir = dir
	} else if err := os.MkdirAll(res.Dir, 0o755); err != nil {
		return res, fmt.Errorf("demo: %w", err)
	}
	w, err := startWorld(ctx, o, res.Dir)
	if err != nil {
		return res, err
	}
	defer w.close()
	res.DBPath = w.dbPath
	if o.Listen && o.Control != nil {
		if w.stopControl, err = o.Control(ctx, w.db, w.dbPath, []bot.Transport{w.tr}); err != nil {
			return res, fmt.Errorf("demo: %w", err)
		}
	}
	fmt.Fprintf(o.Out, "takbot demo: mail servers on %s (IMAP) and %s (SMTP); the bot is %s.\n", w.sys.IMAPAddr(), w.sys.SMTPAddr(), BotAddress)
	fmt.Fprintf(o.Out, "Mails (.eml) and board pictures go to %s.\n\n", res.Dir)
	gctx, cancel := context.WithTimeout(ctx, o.Timeout)
	sc := &script{w: w, out: o.Out, dir: res.Dir}
	err = sc.play(gctx)
	cancel()
	res.Mails, res.Game = sc.n, sc.game
	if err != nil {
		return res, fmt.Errorf("demo: %w", err)
	}
	fmt.Fprintf(o.Out, "\nThe game is over: %d mails exchanged, saved in %s with the board pictures.\n", sc.n, res.Dir)
	if o.Listen {
		printListen(o.Out, w, w.stopControl != nil)
		<-ctx.Done()
	}
	return res, nil
}

// world is the running demo: mail system, database, referee, transport.
type world struct {
	sys    *localmail.System
	db     *storage.DB
	dbPath string
	ref    *bot.Referee
	tr     *mailplay.Transport
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// stopControl stops the control socket's server (nil if none).
	stopControl func()
}

// uncapped is the demo's hourly limit of mails to and from one address:
// more than anyone types.
const uncapped = 1 << 20

// startWorld starts the mail system and the bot.
func startWorld(ctx context.Context, o Options, dir string) (*world, error) {
	imapAddr, smtpAddr := o.IMAPAddr, o.SMTPAddr
	if o.Listen {
		imapAddr, smtpAddr = orFree(imapAddr, listenIMAPAddr), orFree(smtpAddr, listenSMTPAddr)
	}
	sys, err := localmail.Start(ctx, localmail.Options{IMAPAddr: imapAddr, SMTPAddr: smtpAddr, Hostname: "mail." + Domain})
	if err != nil {
		return nil, fmt.Errorf("demo: start the mail servers: %w", err)
	}
	w := &world{sys: sys, dbPath: filepath.Join(dir, "takbot.db")}
	ok := false
	defer func() {
		if !ok {
			w.close()
		}
	}()
	botPassword, err := randomPassword()
	if err != nil {
		return nil, err
	}
	for _, u := range []struct{ addr, pass string }{{BotAddress, botPassword}, {AliceAddress, alicePassword}, {BobAddress, bobPassword}} {
		if err := sys.AddUser(u.addr, u.pass); err != nil {
			return nil, fmt.Errorf("demo: %w", err)
		}
	}
	if err := os.Remove(w.dbPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if w.db, err = storage.Open(w.dbPath, storage.Options{NoSync: true}); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	// No grace period before alice's challenge reaches bob, who never
	// wrote: the demo's players are its own mailboxes, and it shows a
	// game, not a ten-minute wait (README, "Consent").
	w.ref = bot.New(w.db, bot.SystemClock{}, bot.Options{Logger: o.Logger, Analyst: o.Analyst, ChallengeGrace: -1,
		Delivery: bot.DeliveryOptions{MinBackoff: time.Second, MaxBackoff: 10 * time.Second}})
	imapHost, imapPort := splitAddr(sys.IMAPAddr())
	smtpHost, smtpPort := splitAddr(sys.SMTPAddr())
	w.tr, err = mailplay.New(mailplay.Config{
		Address: BotAddress, Name: "Takbot",
		IMAP: mailplay.IMAP{Server: mailplay.Server{Host: imapHost, Port: imapPort, Security: mailplay.SecurityNone,
			Username: BotAddress, Password: botPassword}},
		SMTP:         mailplay.Server{Host: smtpHost, Port: smtpPort, Security: mailplay.SecurityNone, Username: BotAddress, Password: botPassword},
		PollInterval: time.Second,
		// The demo's players are the people at the keyboard: no limit
		// ever holds back or drops their answers (30 an hour once held
		// one for 54 minutes, and said nothing).
		MaxRepliesPerHour:           uncapped,
		MaxUnverifiedRepliesPerHour: uncapped,
		StrangerMailsPerDay:         uncapped,
	}, w.ref, mailplay.Options{Logger: o.Logger, MinBackoff: 100 * time.Millisecond, MaxBackoff: 2 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	w.ref.Register(w.tr)
	bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	w.cancel = cancel
	if o.Player != nil {
		p := o.Player(w.ref)
		w.ref.Register(p)
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			if err := p.Run(bctx); err != nil {
				o.Logger.Error("takbot as a player", "err", err)
			}
		}()
	}
	ticks := time.NewTicker(time.Minute)
	w.wg.Add(3)
	go func() { defer w.wg.Done(); w.ref.RunDelivery(bctx) }()
	go func() { defer w.wg.Done(); defer ticks.Stop(); w.ref.RunClocks(bctx, ticks.C) }()
	go func() {
		defer w.wg.Done()
		if err := w.tr.Run(bctx); err != nil {
			o.Logger.Error("email transport", "err", err)
		}
	}()
	ok = true
	return w, nil
}

// close stops the control socket, the bot, then the mail system, then
// the database.
func (w *world) close() {
	if w.stopControl != nil {
		w.stopControl()
	}
	if w.cancel != nil {
		w.cancel()
		w.wg.Wait()
	}
	_ = w.sys.Close()
	if w.db != nil {
		_ = w.db.Close()
	}
}

// servers is where the players' clients connect.
func (w *world) servers() Servers {
	return Servers{IMAPAddr: w.sys.IMAPAddr(), SMTPAddr: w.sys.SMTPAddr()}
}

// orFree returns addr when given, else preferred when it is free, else
// a loopback address with a port chosen at run time.
func orFree(addr, preferred string) string {
	if addr != "" {
		return addr
	}
	ln, err := net.Listen("tcp", preferred)
	if err != nil {
		return "127.0.0.1:0"
	}
	_ = ln.Close()
	return preferred
}

func splitAddr(addr string) (string, int) {
	host, port, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(port)
	return host, n
}

func randomPassword() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}
