package discord

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// testTimeout bounds every wait of a test; waits end on events, not time.
const testTimeout = 20 * time.Second

// world is a takbot with the Discord transport (and a capturing "email"
// transport) running against a fake Discord: one server, one channel,
// Alice and Bob.
type world struct {
	t       *testing.T
	ctx     context.Context
	fake    *discordfake.Server
	store   *memstore.Store
	ref     *bot.Referee
	tr      *Transport
	mail    *mailbox
	clock   *discordfake.ManualClock // the referee's and the adapter's clock when manual
	events  chan string              // gateway events the transport took in (Options.observe)
	logs    *syncBuffer
	guild   string
	channel string
	lobby   string // the lobby channel, with worldOptions.Lobby
	alice   discordfake.User
	bob     discordfake.User
	stop    func()
}

// worldOptions vary the world.
type worldOptions struct {
	MessageContent bool
	Threads        ThreadKind
	ManualClock    bool // the referee runs on a clock the test moves
	Fake           discordfake.Options
	Store          *memstore.Store // a store from an earlier run
	Setup          func(w *world)  // runs before the bot connects
	NoStart        bool            // build the world, do not start the bot
	Global         bool            // guilds: [] (global commands)
	Quotas         bot.Quotas      // the referee's quotas
	Lobby          bool            // a lobby channel for open challenges
	MinGames       int             // the referee's LeaderboardMinGames
	KeepButtons    bool            // superseded posts keep their buttons (Options.keepButtons)
}

func newWorld(t *testing.T, o worldOptions) *world {
	t.Helper()
	fake, err := discordfake.Start(o.Fake)
	if err != nil {
		t.Fatalf("discordfake.Start: %v", err)
	}
	t.Cleanup(func() {
		if err := fake.Close(); err != nil {
			t.Errorf("fake.Close: %v", err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	w := &world{t: t, ctx: ctx, fake: fake, mail: newMailbox(), logs: &syncBuffer{}, events: make(chan string, 1000)}
	w.guild = fake.AddGuild("Tak Club")
	if w.channel, err = fake.AddTextChannel(w.guild, "games"); err != nil {
		t.Fatal(err)
	}
	if o.Lobby {
		if w.lobby, err = fake.AddTextChannel(w.guild, "lobby"); err != nil {
			t.Fatal(err)
		}
	}
	w.alice = fake.AddUser(discordfake.User{Username: "alice", GlobalName: "Alice"})
	w.bob = fake.AddUser(discordfake.User{Username: "bob"})
	for _, u := range []discordfake.User{w.alice, w.bob} {
		if err := fake.AddMember(w.guild, u.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	w.store = o.Store
	if w.store == nil {
		w.store = memstore.New()
	}
	if o.Setup != nil {
		o.Setup(w)
	}
	if !o.NoStart {
		w.start(o)
	}
	return w
}

// start runs a takbot: referee, delivery pipeline and Discord transport.
// emailPlayer is a player of the capturing email transport: mail hands
// the referee a message of theirs (it must not be refused), mailTo waits
// for a reply to them containing want.
func (w *world) emailPlayer(t *testing.T, id record.Identity, name, idPrefix string) (mail func(text string), mailTo func(want string) record.Reply) {
	seq := 0
	mail = func(text string) {
		t.Helper()
		seq++
		out, err := w.ref.Handle(w.ctx, bot.Message{ID: fmt.Sprintf("<%s%d@example.org>", idPrefix, seq), From: id, Name: name, Text: text})
		if err != nil || out.Refused {
			t.Fatalf("%s's mail %q: %+v, %v", name, text, out, err)
		}
	}
	mailTo = func(want string) record.Reply {
		t.Helper()
		return w.mail.wait(w.ctx, t, func(r record.Reply) bool { return r.To == id && strings.Contains(r.Text(), want) })
	}
	return mail, mailTo
}

func (w *world) start(o worldOptions) {
	w.t.Helper()
	var clock bot.Clock = bot.SystemClock{}
	if o.ManualClock {
		if w.clock == nil { // a restart keeps the clock the test moved
			w.clock = discordfake.NewManualClock(time.Now())
		}
		clock = w.clock
	}
	logger := slog.New(slog.NewTextHandler(w.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	w.ref = bot.New(w.store, clock, bot.Options{Rand: func(int) int { return 0 }, Logger: logger, Quotas: o.Quotas, LeaderboardMinGames: o.MinGames,
		LeaderboardMaxDeviation: 350}) // the leaderboards list provisional ratings too
	guilds, where := []string{w.guild}, w.guild
	if o.Global {
		guilds, where = nil, ""
	}
	tr, err := New(Config{Token: w.fake.Token(), ApplicationID: w.fake.ApplicationID(), Guilds: guilds,
		MessageContent: o.MessageContent, Threads: o.Threads, APIURL: w.fake.URL(), Lobby: w.lobby}, w.ref,
		Options{Logger: logger, Clock: clock, detachClose: true, keepButtons: o.KeepButtons, observe: func(e string) {
			select {
			case w.events <- e:
			default:
			}
		}})
	if err != nil {
		w.t.Fatalf("New: %v", err)
	}
	w.tr = tr
	w.ref.Register(tr)
	w.ref.Register(w.mail)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	runErr := make(chan error, 1)
	wg.Add(2)
	go func() { defer wg.Done(); runErr <- tr.Run(ctx) }()
	go func() { defer wg.Done(); w.ref.RunDelivery(ctx) }()
	w.stop = func() {
		cancel()
		wg.Wait()
		if err := <-runErr; err != nil {
			w.t.Errorf("Run: %v", err)
		}
		w.stop = func() {}
	}
	w.t.Cleanup(func() {
		w.stop()
		if w.t.Failed() && testing.Verbose() {
			w.t.Logf("takbot's log:\n%s", w.logs.String())
		}
	})
	if _, err := w.fake.WaitReady(w.ctx); err != nil {
		w.t.Fatalf("WaitReady: %v", err)
	}
	if err := w.fake.Await(w.ctx, func() bool {
		cmds := w.fake.Commands(where)
		return len(cmds) == 1 && cmds[0].Name == rootCommand
	}); err != nil {
		w.t.Fatalf("commands not registered: %v", err)
	}
}

// waitEvent waits until the transport took in a gateway event.
func (w *world) waitEvent(want string) {
	w.t.Helper()
	for {
		select {
		case e := <-w.events:
			if e == want {
				return
			}
		case <-w.ctx.Done():
			w.t.Fatalf("no event %q: %v", want, w.ctx.Err())
		}
	}
}

// slash sends /tak SUB as a user in a channel.
func (w *world) slash(user, channel, sub string, opts ...discordfake.Option) *discordfake.Interaction {
	w.t.Helper()
	ix, err := w.fake.Slash(w.ctx, user, channel, rootCommand, discordfake.Sub(sub, opts...))
	if err != nil {
		w.t.Fatalf("/tak %s: %v", sub, err)
	}
	return ix
}

// reply waits for the first message an interaction shows its user.
func (w *world) reply(ix *discordfake.Interaction) discordfake.Message {
	w.t.Helper()
	m, err := ix.Reply(w.ctx)
	if err != nil {
		w.t.Fatalf("reply to interaction %s: %v (violations %v)", ix.ID, err, w.fake.Violations())
	}
	return m
}

// thread returns the only game thread, waiting for it.
func (w *world) thread() discordfake.Channel {
	w.t.Helper()
	var th discordfake.Channel
	if err := w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) > 0 {
			th = ts[0]
		}
		return len(ts) > 0
	}); err != nil {
		w.t.Fatalf("no thread: %v", err)
	}
	return th
}

// posts returns the visible bot messages of a channel.
func (w *world) posts(channel string) []discordfake.Message {
	var out []discordfake.Message
	for _, m := range w.fake.Messages(channel) {
		if m.Author.ID == w.fake.Bot().ID && !m.Ephemeral && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// waitPosts waits until a channel has at least n visible bot messages
// and returns them.
func (w *world) waitPosts(channel string, n int) []discordfake.Message {
	w.t.Helper()
	var got []discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool { got = w.posts(channel); return len(got) >= n }); err != nil {
		w.t.Fatalf("waiting for %d posts in %s, have %d: %v\n%s", n, channel, len(got), err, contents(got))
	}
	return got
}

// waitPost waits for the first bot message of a channel that matches.
func (w *world) waitPost(channel string, match func(discordfake.Message) bool) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		for _, m := range w.posts(channel) {
			if match(m) {
				found = m
				return true
			}
		}
		return false
	}); err != nil {
		w.t.Fatalf("no matching post in %s: %v\n%s", channel, err, contents(w.posts(channel)))
	}
	return found
}

func contents(ms []discordfake.Message) string {
	var b strings.Builder
	for i, m := range ms {
		b.WriteString("--- post ")
		b.WriteString(string(rune('0' + i%10)))
		b.WriteString(":\n")
		b.WriteString(m.Content)
		b.WriteByte('\n')
	}
	return b.String()
}

// waitDM waits for the first bot message in a user's direct messages
// that matches.
func (w *world) waitDM(user string, match func(discordfake.Message) bool) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		dm, ok := w.fake.DMChannelOf(user)
		if !ok {
			return false
		}
		for _, m := range w.posts(dm) {
			if match(m) {
				found = m
				return true
			}
		}
		return false
	}); err != nil {
		dm, _ := w.fake.DMChannelOf(user)
		w.t.Fatalf("no matching direct message to %s: %v\n%s", user, err, contents(w.posts(dm)))
	}
	return found
}

// game reads a game record.
func (w *world) game(id string) *record.Game {
	w.t.Helper()
	g, err := w.ref.Game(w.ctx, id)
	if err != nil {
		w.t.Fatalf("game %s: %v", id, err)
	}
	return g
}

// waitGame waits until a game record satisfies cond.
func (w *world) waitGame(id string, cond func(*record.Game) bool) *record.Game {
	w.t.Helper()
	var g *record.Game
	if err := w.fake.Await(w.ctx, func() bool {
		var err error
		g, err = w.ref.Game(w.ctx, id)
		return err == nil && cond(g)
	}); err != nil {
		w.t.Fatalf("game %s: %v (last %+v)", id, err, g)
	}
	return g
}

// clean ends a test with the fake's check of Discord's rules.
func (w *world) clean() {
	w.t.Helper()
	w.fake.AssertClean(w.t)
}

// button finds a button by label on a message.
func button(m discordfake.Message, label string) (discordfake.Component, bool) {
	var walk func([]discordfake.Component) (discordfake.Component, bool)
	walk = func(cs []discordfake.Component) (discordfake.Component, bool) {
		for _, c := range cs {
			if c.Type == discordfake.ComponentButton && strings.HasPrefix(c.Label, label) {
				return c, true
			}
			if found, ok := walk(c.Components); ok {
				return found, true
			}
		}
		return discordfake.Component{}, false
	}
	return walk(m.Components)
}

// click presses the button labelled label (a prefix) on a message.
func (w *world) click(user string, m discordfake.Message, label string) *discordfake.Interaction {
	w.t.Helper()
	b, ok := button(m, label)
	if !ok {
		w.t.Fatalf("no button %q on message %q (components %+v)", label, m.Content, m.Components)
	}
	ix, err := w.fake.Click(w.ctx, user, m.ID, b.CustomID)
	if err != nil {
		w.t.Fatalf("click %q: %v", label, err)
	}
	return ix
}

// mailbox is a capturing "email" transport: its replies are kept for the
// test, which plays the email player through the referee.
type mailbox struct {
	mu      sync.Mutex
	replies []record.Reply
	changed chan struct{}
}

func newMailbox() *mailbox { return &mailbox{changed: make(chan struct{})} }

// Info is an email-like transport: an address has an '@' and a dot after it.
func (m *mailbox) Info() bot.TransportInfo {
	return bot.TransportInfo{Name: "email", Title: "email", ParseAddress: func(s string) (string, bool) {
		at := strings.LastIndexByte(s, '@')
		if at <= 0 || !strings.Contains(s[at:], ".") || strings.ContainsAny(s, " <>") {
			return "", false
		}
		return strings.ToLower(s), true
	}}
}

func (m *mailbox) Send(_ context.Context, r *record.Reply) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.replies = append(m.replies, *r)
	close(m.changed)
	m.changed = make(chan struct{})
	return nil
}

// wait waits until a reply to addr matches, and returns it.
func (m *mailbox) wait(ctx context.Context, t *testing.T, match func(record.Reply) bool) record.Reply {
	t.Helper()
	for {
		m.mu.Lock()
		ch := m.changed
		for _, r := range m.replies {
			if match(r) {
				m.mu.Unlock()
				return r
			}
		}
		m.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			t.Fatalf("no matching mail: %v", ctx.Err())
		}
	}
}

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// show writes a message for a test failure, without attachment bytes.
func show(m discordfake.Message) string {
	var files []string
	for _, a := range m.Attachments {
		files = append(files, fmt.Sprintf("%s (%d bytes)", a.Filename, a.Size))
	}
	var buttons []string
	var walk func([]discordfake.Component)
	walk = func(cs []discordfake.Component) {
		for _, c := range cs {
			if c.Type == discordfake.ComponentButton {
				buttons = append(buttons, c.Label+"="+c.CustomID)
			}
			walk(c.Components)
		}
	}
	walk(m.Components)
	return fmt.Sprintf("message %s in %s (ephemeral %v, loading %v, deleted %v, mentions %v, files %v, buttons %v):\n%s",
		m.ID, m.ChannelID, m.Ephemeral, m.Loading, m.Deleted, m.Mentions, files, buttons, m.Content)
}

// discardLogger drops logs.
func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
