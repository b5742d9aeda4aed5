package mailplay_test

import (
	"context"
	"errors"
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
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
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
	// ChallengeGrace off: the challenge to a player who never wrote goes
	// out at once (the grace period has tests of its own, consent_test.go).
	ref := bot.New(db, bot.SystemClock{}, bot.Options{Logger: testLogger(), Rand: func(int) int { return 0 }, ChallengeGrace: -1,
		Delivery: outbox.Policy{MinBackoff: 50 * time.Millisecond, MaxBackoff: 500 * time.Millisecond, Poll: time.Second}})
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

// crashOptions shape a crash test.
type crashOptions struct {
	// pairs are the games played at once: the challenger (white) and the
	// opponent.
	pairs [][2]string
	// minKills: the games go on until the bot was killed this often.
	minKills int
	// minMoves: each game has at least this many moves.
	minMoves int
	// onAccept and smtpIdle tap the SMTP server, when the mail system
	// offers it (Dovecot's SMTP front does): onAccept installs a function
	// called with each mail the server takes, before the sender has the
	// server's answer; smtpIdle waits until no SMTP session is open. With
	// them, a third of the kills wait for a reply being taken and land in
	// the window between the server's acceptance and the bot's record of
	// it (each such reply must arrive again, with the same Message-ID),
	// and each mail's copies are bounded by the kills that fell in that
	// window for it; without them, by the kills that fell between the
	// mail's preparation and its record.
	onAccept func(func(from string, raw []byte))
	smtpIdle func(context.Context) error
}

// crashBot runs the bot as a child process, killing it with SIGKILL at
// random moments and starting it again at once, minKills times. After each
// kill it notes which replies the dead bot left taken by the server (or,
// without a tap, prepared) but not recorded as delivered: only those may
// arrive twice.
type crashBot struct {
	t      *testing.T
	env    []string
	dbPath string
	o      crashOptions
	rng    *rand.Rand
	done   chan struct{}   // closed to stop killing
	final  chan *exec.Cmd  // the child left running
	window chan windowKill // a reply being taken, offered for a kill
	enough chan struct{}   // closed at the minKills-th kill

	mu       sync.Mutex
	accepted map[string]int  // Message-ID: copies the server took
	byChild  map[string]bool // Message-IDs the server took from the running child

	// Written by loop, read after stop.
	killed   int
	inWindow map[string]int // Message-ID: kills while the server took it, before its answer
	atRisk   map[string]int // Message-ID: kills of a child the server took it from (without a tap: that prepared it) before it recorded it
	snapErr  error
}

// windowKill is a reply the SMTP server is taking: its answer waits until
// release closes.
type windowKill struct {
	id      string
	release chan struct{}
}

func startCrashBot(t *testing.T, mail mailServers, dbPath string, o crashOptions, seed uint64) *crashBot {
	c := &crashBot{t: t, dbPath: dbPath, o: o, rng: rand.New(rand.NewPCG(seed, 7)),
		done: make(chan struct{}), final: make(chan *exec.Cmd, 1), window: make(chan windowKill), enough: make(chan struct{}),
		accepted: map[string]int{}, byChild: map[string]bool{}, inWindow: map[string]int{}, atRisk: map[string]int{},
		env: append(os.Environ(), envCrashDB+"="+dbPath, envCrashIMAP+"="+mail.IMAPAddr(), envCrashSMTP+"="+mail.SMTPAddr())}
	if o.onAccept != nil {
		o.onAccept(c.tapped)
		t.Cleanup(func() { o.onAccept(nil) })
	}
	go c.loop()
	return c
}

// tapped counts a mail of the bot the SMTP server took and, when it is
// the first copy and the kill loop waits for one, holds the server's
// answer until the bot is dead.
func (c *crashBot) tapped(from string, raw []byte) {
	if !strings.EqualFold(from, botAddr) {
		return
	}
	in, err := mailplay.ParseInbound(raw)
	if err != nil {
		return
	}
	c.mu.Lock()
	c.accepted[in.MessageID]++
	c.byChild[in.MessageID] = true
	first := c.accepted[in.MessageID] == 1
	c.mu.Unlock()
	if !first {
		return // a copy sent again after a kill: let the bot get on
	}
	w := windowKill{id: in.MessageID, release: make(chan struct{})}
	select {
	case c.window <- w:
		<-w.release
	default:
	}
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

// loop kills and restarts the bot minKills times (or until done closes),
// and hands over the child left running when done closes. A kill comes after a random wait, or (a third of
// them, with a tap) while the server takes a reply, before its answer.
func (c *crashBot) loop() {
	cmd := c.child()
	for {
		wait := time.After(time.Duration(30+c.rng.IntN(400)) * time.Millisecond)
		var window chan windowKill
		if c.o.onAccept != nil && c.rng.IntN(3) == 0 {
			window, wait = c.window, time.After(3*time.Second) // no reply meanwhile: kill anyway
		}
		var w windowKill
		select {
		case <-c.done:
			c.final <- cmd
			return
		case w = <-window:
		case <-wait:
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if w.release != nil {
			c.inWindow[w.id]++
			close(w.release)
		}
		c.killed++
		if err := c.snapshot(); err != nil && c.snapErr == nil {
			c.snapErr = err
		}
		cmd = c.child()
		if c.killed == c.o.minKills {
			close(c.enough) // the games end: let the bot finish them
			<-c.done
			c.final <- cmd
			return
		}
	}
}

// snapshot notes, once the dead bot's SMTP sessions are over, the replies
// the server took from it (without a tap: every reply prepared) that are
// not recorded as delivered: only for those may the next bot send one
// more copy.
func (c *crashBot) snapshot() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if c.o.smtpIdle != nil {
		if err := c.o.smtpIdle(ctx); err != nil {
			return fmt.Errorf("wait for the SMTP server: %w", err)
		}
	}
	if _, err := os.Stat(c.dbPath); errors.Is(err, os.ErrNotExist) {
		return nil // killed before it made the database
	}
	db, err := storage.Open(c.dbPath, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer db.Close()
	return db.View(ctx, func(tx record.Tx) error {
		ids, err := mailplay.SentMessageIDs(tx)
		if err != nil {
			return err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		defer clear(c.byChild) // the next child starts afresh
		return tx.ForEachReply(func(r *record.Reply) error {
			id, prepared := ids[r.ID]
			if prepared && r.Delivery.Delivered.IsZero() && r.Delivery.Failed.IsZero() && (c.o.onAccept == nil || c.byChild[id]) {
				c.atRisk[id]++
			}
			return nil
		})
	})
}

// stop ends the killing, then stops the last child with SIGTERM (it
// finishes what is in flight).
func (c *crashBot) stop() {
	close(c.done)
	cmd := <-c.final
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		c.t.Errorf("the last bot process: %v", err)
	}
}

// crashPlay is one game of a crash test, as its players played it.
type crashPlay struct {
	white, black string
	moves        []string
	mails        int // mails the players wrote to the bot
	err          error
}

// maxCrashMoves bounds a crash test's game.
const maxCrashMoves = 400

// crashGame plays games by mail while the bot is killed at random
// moments, until it was killed o.minKills times and each game has
// o.minMoves moves, then checks the database
// and the mailboxes: each stored game is exactly the game sent, each mail
// was answered once, every reply was delivered, the bot's mailbox holds
// nothing unhandled, every mail a player received is a reply of the
// outbox with its Message-ID, and a reply arrived more than once only
// after kills between its acceptance and its record, one more copy per
// kill at most.
func crashGame(t *testing.T, mail mailServers, o crashOptions) {
	dbPath := filepath.Join(t.TempDir(), "takbot.db")
	c := startCrashBot(t, mail, dbPath, o, 11)
	stopped := false
	defer func() {
		if !stopped {
			c.stop()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	srv := demo.Servers{IMAPAddr: mail.IMAPAddr(), SMTPAddr: mail.SMTPAddr()}
	plays := make([]crashPlay, len(o.pairs))
	var wg sync.WaitGroup
	for i, pair := range o.pairs {
		wg.Go(func() { plays[i] = playCrashGame(ctx, srv, pair, o.minMoves, c.enough) })
	}
	wg.Wait()
	c.stop()
	stopped = true
	for _, p := range plays {
		if p.err != nil {
			t.Fatalf("%s vs %s after %d moves: %v", p.white, p.black, len(p.moves), p.err)
		}
	}
	if c.snapErr != nil {
		t.Fatalf("reading the database after a kill: %v", c.snapErr)
	}
	if c.killed < o.minKills {
		t.Fatalf("the bot was killed %d times, want at least %d", c.killed, o.minKills)
	}
	checkCrashState(t, mail, c, plays)
}

// playCrashGame plays one game until the bot was killed often enough
// (enough closes) and the game has minMoves moves. Every mail but the
// first goes to the player's personal reply address (the bot's mail is
// answered), so none waits for a confirmation.
func playCrashGame(ctx context.Context, srv demo.Servers, pair [2]string, minMoves int, enough <-chan struct{}) (res crashPlay) {
	res = crashPlay{white: pair[0], black: pair[1]}
	var players [2]*demo.Player
	for i, addr := range pair {
		p, err := demo.Connect(ctx, srv, addr, strings.ToUpper(addr[:1])+addr[1:strings.IndexByte(addr, '@')], passwordOf(addr), nil)
		if err != nil {
			res.err = err
			return res
		}
		defer p.Close()
		players[i] = p
	}
	white, black := players[0], players[1]
	next := func(p *demo.Player, want string) *demo.Mail {
		if res.err != nil {
			return nil
		}
		m, err := p.NextMatching(ctx, want, nil)
		if err != nil {
			res.err = fmt.Errorf("%s waiting for %q: %w", p.Address, want, err)
		}
		return m
	}
	send := func(p *demo.Player, m *demo.Mail, text string, st demo.Style) {
		if res.err != nil {
			return
		}
		var err error
		if m == nil {
			_, err = p.Write(ctx, botAddr, "Tak?", text, demo.Plain)
		} else {
			_, err = p.Reply(ctx, m, text, st, demo.Plain)
		}
		if err != nil {
			res.err = fmt.Errorf("%s sending %q: %w", p.Address, text, err)
			return
		}
		res.mails++
	}
	send(white, nil, "help", demo.Gmail)
	send(white, next(white, "help"), "notation ptn\nnew "+black.Address+" size=6 color=white", demo.Gmail)
	send(black, next(black, "challenges you"), "notation ptn\naccept", demo.Thunderbird)
	m := next(white, "your move,")
	for i, mv := range shuttle(maxCrashMoves) {
		if i >= minMoves && i%2 == 0 {
			select {
			case <-enough:
				last := res.moves[len(res.moves)-1]
				next(white, "played "+last)
				next(black, "played "+last)
				return res
			default:
			}
		}
		p := players[i%2]
		if i > 0 {
			m = next(p, "your move,")
		}
		send(p, m, mv, demo.Styles[i%len(demo.Styles)])
		if res.err != nil {
			return res
		}
		res.moves = append(res.moves, mv)
	}
	res.err = fmt.Errorf("the game reached %d moves before the bot was killed often enough", maxCrashMoves)
	return res
}

// checkCrashState reads the database and the mailboxes after a crash
// test.
func checkCrashState(t *testing.T, mail mailServers, c *crashBot, plays []crashPlay) {
	db, err := storage.Open(c.dbPath, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sent := 0
	owner := map[string]string{}   // Message-ID: the address of its reply
	replyOf := map[string]string{} // Message-ID: its reply
	replies := map[string]int{}    // address: replies to it
	err = db.View(context.Background(), func(tx record.Tx) error {
		for _, p := range plays {
			sent += p.mails
			ids, err := tx.GamesOf("email:" + p.white)
			if err != nil || len(ids) != 1 {
				return fmt.Errorf("%s's games %v: %v", p.white, ids, err)
			}
			g, err := tx.Game(ids[0])
			if err != nil {
				return err
			}
			var got []string
			for _, mv := range g.Moves {
				got = append(got, mv.PTN)
			}
			if strings.Join(got, " ") != strings.Join(p.moves, " ") {
				t.Errorf("stored game %s %v\nwant          %v", ids[0], got, p.moves)
			}
		}
		msgIDs, err := mailplay.SentMessageIDs(tx)
		if err != nil {
			return err
		}
		byCause := map[string][]string{}
		if err := tx.ForEachReply(func(r *record.Reply) error {
			byCause[r.Cause] = append(byCause[r.Cause], r.ID)
			replies[r.To.Address]++
			if r.Delivery.Delivered.IsZero() {
				t.Errorf("reply %s to %s was not delivered: %+v", r.ID, r.To.Address, r.Delivery)
			}
			if id, ok := msgIDs[r.ID]; ok {
				owner[id], replyOf[id] = r.To.Address, r.ID
			} else {
				t.Errorf("reply %s has no sent-mail record", r.ID)
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
	copies := map[string]int{}
	duplicates, risky := 0, 0
	for _, p := range plays {
		for _, addr := range []string{p.white, p.black} {
			got := countMessageIDs(t, mail, addr)
			if len(got) != replies[addr] {
				t.Errorf("%s received %d distinct mails, the outbox holds %d replies to them", addr, len(got), replies[addr])
			}
			for id, n := range got {
				copies[id] = n
				if owner[id] != addr {
					t.Errorf("%s received %s, the Message-ID of no reply to them (of a reply to %q)", addr, id, owner[id])
				}
				duplicates += n - 1
				if n-1 > c.atRisk[id] {
					t.Errorf("%s received %s %d times, but only %d kills fell between its acceptance and its record (reply %s)", addr, id, n, c.atRisk[id], replyOf[id])
				}
			}
		}
	}
	windowKills := 0
	for id, n := range c.inWindow {
		windowKills += n
		if copies[id] < 1+n {
			t.Errorf("%s (reply %s to %s) was being taken by the server at %d kills, and arrived %d times: not sent again with its Message-ID", id, replyOf[id], owner[id], n, copies[id])
		}
	}
	for _, n := range c.atRisk {
		risky += n
	}
	if c.o.onAccept != nil && windowKills == 0 {
		t.Errorf("none of the %d kills fell while the server took a reply", c.killed)
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
	left := "taken by the server"
	if c.o.onAccept == nil {
		left = "prepared"
	}
	t.Logf("%d games, %d mails to the bot, %d replies; the bot was killed %d times, %d of them while the server took a reply; "+
		"%d times a kill left a reply %s and not recorded; %d copies of a mail arrived again, each with its first copy's Message-ID",
		len(plays), sent, len(owner), c.killed, windowKills, risky, left, duplicates)
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
	crashGame(t, startLocalSystem(t, localmail.Options{}), crashOptions{pairs: [][2]string{{aliceAddr, bobAddr}}, minKills: 5, minMoves: 10})
}
