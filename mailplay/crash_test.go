package mailplay_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/demo"
	"github.com/takbymail/takbot/internal/localmail"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/storage"
)

// The crash child's environment: the database and the mail servers.
const (
	envCrashDB   = "TAKBOT_MAIL_CRASH_DB"
	envCrashIMAP = "TAKBOT_MAIL_CRASH_IMAP"
	envCrashSMTP = "TAKBOT_MAIL_CRASH_SMTP"
)

// TestMain turns the test binary into the crash test's child when
// TAKBOT_MAIL_CRASH_DB is set: the bot (storage, referee, email
// transport, delivery) on that database and those servers, until killed
// or sent SIGTERM.
func TestMain(m *testing.M) {
	if db := os.Getenv(envCrashDB); db != "" {
		os.Exit(crashChild(db, os.Getenv(envCrashIMAP), os.Getenv(envCrashSMTP)))
	}
	os.Exit(m.Run())
}

// staticServers names mail servers by address only.
type staticServers struct{ imap, smtp string }

func (s staticServers) IMAPAddr() string { return s.imap }
func (s staticServers) SMTPAddr() string { return s.smtp }

func crashChild(dbPath, imapAddr, smtpAddr string) int {
	db, err := storage.Open(dbPath, storage.Options{Timeout: 10 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	ref := bot.New(db, bot.SystemClock{}, bot.Options{Logger: testLogger(), Rand: func(int) int { return 0 },
		Delivery: bot.DeliveryOptions{MinBackoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond, Poll: time.Second}})
	cfg := botConfig(staticServers{imapAddr, smtpAddr})
	cfg.MaxRepliesPerHour = 1000
	tr, err := mailplay.New(cfg, ref, mailplay.Options{Logger: testLogger(), MinBackoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ref.Register(tr)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); ref.RunDelivery(ctx) }()
	if err := tr.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	wg.Wait()
	return 0
}

// crashBot runs the bot as a child process, killing it with SIGKILL at
// random moments (up to kills times) and starting it again at once,
// until stop.
type crashBot struct {
	t      *testing.T
	env    []string
	rng    *rand.Rand
	kills  int
	killed int
	done   chan struct{} // closed to stop killing
	final  chan *exec.Cmd
}

func startCrashBot(t *testing.T, mail mailServers, dbPath string, kills int, seed uint64) *crashBot {
	c := &crashBot{t: t, rng: rand.New(rand.NewPCG(seed, 7)), kills: kills, done: make(chan struct{}), final: make(chan *exec.Cmd, 1),
		env: append(os.Environ(), envCrashDB+"="+dbPath, envCrashIMAP+"="+mail.IMAPAddr(), envCrashSMTP+"="+mail.SMTPAddr())}
	go c.loop()
	return c
}

// child starts one bot process.
func (c *crashBot) child() *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = c.env
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	return cmd
}

// loop kills and restarts the bot until the kills are spent or done
// closes, and hands over the child left running.
func (c *crashBot) loop() {
	cmd := c.child()
	for c.killed < c.kills {
		select {
		case <-c.done:
			c.final <- cmd
			return
		case <-time.After(time.Duration(30+c.rng.IntN(400)) * time.Millisecond):
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		c.killed++
		cmd = c.child()
	}
	c.final <- cmd
}

// stop ends the killing, then stops the last child with SIGTERM (it
// finishes what is in flight) and returns how many times it was killed.
func (c *crashBot) stop() int {
	close(c.done)
	cmd := <-c.final
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		c.t.Errorf("the last bot process: %v", err)
	}
	return c.killed
}

// crashGame plays a long game by mail while the bot is killed at random
// moments, then checks the database and the mailboxes: the stored game is
// exactly the game sent, each mail was answered once, every reply was
// delivered, and the bot's mailbox holds nothing unhandled.
func crashGame(t *testing.T, mail mailServers, nmoves, kills int) {
	dbPath := filepath.Join(t.TempDir(), "takbot.db")
	bot0 := startCrashBot(t, mail, dbPath, kills, 11)
	stopped := false
	defer func() {
		if !stopped {
			bot0.stop()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	srv := demo.Servers{IMAPAddr: mail.IMAPAddr(), SMTPAddr: mail.SMTPAddr()}
	alice, err := demo.Connect(ctx, srv, aliceAddr, "Alice", passwordOf(aliceAddr), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer alice.Close()
	bob, err := demo.Connect(ctx, srv, bobAddr, "Bob", passwordOf(bobAddr), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	next := func(p *demo.Player, want string) *demo.Mail {
		m, err := p.NextMatching(ctx, want, nil)
		if err != nil {
			t.Fatalf("%s: %v (the bot was killed %d times)", p.Address, err, bot0.killed)
		}
		return m
	}
	sent := 0
	// A challenge from the bare address would wait for a confirmation:
	// alice asks for help first and challenges by replying to the answer,
	// from her personal reply address.
	if _, err := alice.Write(ctx, botAddr, "Tak?", "help", demo.Plain); err != nil {
		t.Fatal(err)
	}
	sent++
	if _, err := alice.Reply(ctx, next(alice, "Commands"), "notation ptn\nnew "+bobAddr+" size=6 color=white", demo.Gmail, demo.Plain); err != nil {
		t.Fatal(err)
	}
	sent++
	challenge := next(bob, "challenges you")
	if _, err := bob.Reply(ctx, challenge, "notation ptn\naccept", demo.Thunderbird, demo.Plain); err != nil {
		t.Fatal(err)
	}
	sent++
	moves := shuttle(nmoves)
	m := next(alice, "your move,")
	for i, mv := range moves {
		p := alice
		if i%2 == 1 {
			p = bob
		}
		if i > 0 {
			m = next(p, "your move,")
		}
		if _, err := p.Reply(ctx, m, mv, demo.Styles[i%len(demo.Styles)], demo.Plain); err != nil {
			t.Fatal(err)
		}
		sent++
	}
	last := moves[len(moves)-1]
	next(alice, "played "+last)
	next(bob, "played "+last)
	killed := bot0.stop()
	stopped = true
	t.Logf("killed the bot %d times; the players skipped %d and %d mails delivered twice", killed, alice.Duplicates, bob.Duplicates)
	checkCrashState(t, mail, dbPath, moves, sent)
}

// checkCrashState reads the database and the mailboxes after a crash game.
func checkCrashState(t *testing.T, mail mailServers, dbPath string, moves []string, sent int) {
	db, err := storage.Open(dbPath, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	repliesTo := map[string]int{}
	err = db.View(context.Background(), func(tx bot.Tx) error {
		ids, err := tx.GamesOf("email:" + aliceAddr)
		if err != nil || len(ids) != 1 {
			return fmt.Errorf("alice's games %v: %v", ids, err)
		}
		g, err := tx.Game(ids[0])
		if err != nil {
			return err
		}
		var got []string
		for _, mv := range g.Moves {
			got = append(got, mv.PTN)
		}
		if strings.Join(got, " ") != strings.Join(moves, " ") {
			t.Errorf("stored game %v\nwant       %v", got, moves)
		}
		byCause := map[string][]string{}
		if err := tx.ForEachReply(func(r *bot.Reply) error {
			byCause[r.Cause] = append(byCause[r.Cause], r.ID)
			repliesTo[r.To.Address]++
			if r.Delivery.Delivered.IsZero() {
				t.Errorf("reply %s to %s was not delivered: %+v", r.ID, r.To.Address, r.Delivery)
			}
			return nil
		}); err != nil {
			return err
		}
		if len(byCause) != sent {
			t.Errorf("replies answer %d mails, want %d (each mail once)", len(byCause), sent)
		}
		for cause, ids := range byCause {
			p, err := tx.Processed(cause)
			if err != nil {
				t.Errorf("replies to %s, which is not recorded as processed: %v", cause, err)
				continue
			}
			if strings.Join(p.Replies, ",") != strings.Join(ids, ",") {
				t.Errorf("mail %s answered by %v, recorded %v", cause, ids, p.Replies)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{aliceAddr, bobAddr} {
		if n := len(countMessageIDs(t, mail, addr)); n != repliesTo[addr] {
			t.Errorf("%s received %d distinct mails, the outbox holds %d replies to them", addr, n, repliesTo[addr])
		}
	}
	if n := inboxCount(t, mail, botAddr); n != 0 {
		t.Errorf("the bot's INBOX still holds %d mails", n)
	}
	processed, err := mail.Messages(botAddr, processedName(mail))
	if err != nil {
		t.Fatal(err)
	}
	if len(processed) != sent {
		t.Errorf("the processed mailbox holds %d mails, want %d", len(processed), sent)
	}
}

// processedName is the processed mailbox in the server's hierarchy
// (Dovecot's Maildir++ separator is '.').
func processedName(mail mailServers) string {
	if _, err := mail.Messages(botAddr, "takbot/processed"); err == nil {
		return "takbot/processed"
	}
	return "takbot.processed"
}

// TestCrashRecovery kills the bot a few times during a game on the
// embedded servers (the long version runs on Dovecot).
func TestCrashRecovery(t *testing.T) {
	crashGame(t, startLocalSystem(t, localmail.Options{}), 16, 5)
}
