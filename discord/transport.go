package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/takbymail/takbot/backoff"
	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/command"
)

// Options are the transport's collaborators.
type Options struct {
	Logger *slog.Logger // default slog.Default()
	Clock  bot.Clock    // judges interaction tokens' age; default the system clock
	// HTTP is the RoundTripper under the REST client (default
	// http.DefaultTransport); api_url rewriting wraps it.
	HTTP http.RoundTripper
	// JobTimeout bounds the handling of one interaction or message
	// (default 1 min).
	JobTimeout time.Duration
	// Limits are the operator's limits the slash commands' texts state
	// (days_per_move, limits.events_per_organiser), the referee's own;
	// the zero value (or a field of 0 or less) states the defaults.
	Limits command.Limits

	// observe, for tests, is told the gateway events the transport has
	// taken in (after discordgo's state did).
	observe func(event string)
	// detachClose, for tests, closes the gateway in the background:
	// discordgo waits a second for the server to close the connection.
	detachClose bool
	// keepButtons, for tests, leaves the buttons on superseded posts, so
	// that a test can press them and see the referee refuse them.
	keepButtons bool
}

// Transport is the Discord adapter: it receives slash commands, buttons,
// forms and (with message_content) plain text, hands them to the referee,
// and delivers the referee's replies as thread messages, interaction
// answers and direct messages. It implements bot.Receiver and
// bot.HealthReporter.
type Transport struct {
	cfg   Config
	ref   Referee
	log   *slog.Logger
	clock bot.Clock
	opts  Options
	s     *discordgo.Session

	mem    *memory
	dir    *directory
	lanes  *lanes
	locks  keyedLocks
	warned onceSet // what was logged once per channel

	botID   atomic.Value // string: the bot's user id, from READY
	appID   atomic.Value // string
	running atomic.Bool
	jobCtx  context.Context // the context of jobs: survives Run's end until they finish
	health  healthState
}

// The transport is what takbot serve runs.
var (
	_ bot.Receiver       = (*Transport)(nil)
	_ bot.HealthReporter = (*Transport)(nil)
)

// New returns a Discord transport for the referee; Run connects it.
func New(cfg Config, ref Referee, opts Options) (*Transport, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if ref == nil {
		return nil, fmt.Errorf("%w: no referee", ErrConfig)
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Clock == nil {
		opts.Clock = bot.SystemClock{}
	}
	if opts.JobTimeout <= 0 {
		opts.JobTimeout = time.Minute
	}
	routeLibraryLogs(opts.Logger.With("transport", Name))
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: session: %w", err)
	}
	s.Client = newHTTPClient(cfg.APIURL, opts.HTTP)
	s.Identify.Intents = intents(cfg)
	s.SyncEvents = true // handlers only queue work; queues keep each channel's order
	s.ShouldReconnectOnError = true
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 3
	s.LogLevel = discordgo.LogWarning
	t := &Transport{cfg: cfg, ref: ref, log: opts.Logger.With("transport", Name), clock: opts.Clock, opts: opts, s: s,
		mem: newMemory(), dir: newDirectory(), lanes: newLanes(), jobCtx: context.Background()}
	t.botID.Store("")
	t.appID.Store(cfg.ApplicationID)
	t.health.set(false, "not connected yet", opts.Clock.Now())
	s.AddHandler(t.onReady)
	s.AddHandler(t.onResumed)
	s.AddHandler(t.onDisconnect)
	s.AddHandler(t.onInteraction)
	s.AddHandler(t.onMessage)
	s.AddHandler(t.onThreadUpdate)
	s.AddHandler(t.onThreadDelete)
	s.AddHandler(t.onChannelDelete)
	return t, nil
}

// intents are the gateway intents the transport asks for.
func intents(cfg Config) discordgo.Intent {
	i := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if cfg.MessageContent {
		i |= discordgo.IntentMessageContent
	}
	return i
}

// Info describes the transport; its ParseAddress also reads the usernames
// of players it has seen ("@alice", or "discord:alice").
func (t *Transport) Info() bot.TransportInfo {
	info := Info()
	if t.cfg.Lobby != "" {
		info.Lobby = lobbyAddress
	}
	info.ParseAddress = func(text string) (string, bool) {
		if id, ok := ParseAddress(text); ok {
			return id, true
		}
		if name, ok := parseUsername(text); ok {
			return t.dir.byUsername(name)
		}
		return "", false
	}
	info.DisplayName = t.dir.name
	return info
}

// Run connects to Discord, registers the slash commands and receives
// until ctx ends; it then stops taking events, finishes the ones in
// flight and returns. A gateway that goes away is reconnected (and the
// session resumed) by discordgo. Run returns an error only for a
// configuration it cannot run with (a refused token, an intent not
// enabled, a guild the bot is not in) or a store it cannot read.
func (t *Transport) Run(ctx context.Context) error {
	if !t.running.CompareAndSwap(false, true) {
		return errors.New("discord: Run called twice")
	}
	t.jobCtx = context.WithoutCancel(ctx)
	if err := t.loadState(ctx); err != nil {
		return fmt.Errorf("discord: read adapter state: %w", err)
	}
	if err := t.prune(ctx); err != nil {
		t.log.Warn("discord: prune adapter state", "err", err)
	}
	if err := t.open(ctx); err != nil {
		return err
	}
	defer t.shutdown()
	if err := t.registerCommands(ctx); err != nil {
		return err
	}
	t.log.Info("discord: to add the bot to a server, open its invite link", "url", InviteURL(t.appID.Load().(string)))
	t.archiveDue(ctx) // finished games' threads whose day passed while takbot was down
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			now := t.clock.Now()
			t.mem.dropOrigins(func(o originRecord) bool { return now.Sub(o.At) < originRetention })
			if err := t.prune(ctx); err != nil && ctx.Err() == nil {
				t.log.Warn("discord: prune adapter state", "err", err)
			}
			t.archiveDue(ctx)
		}
	}
}

// openBackoff is the wait between tries to connect the gateway.
var openBackoff = backoff.Policy{Min: time.Second, Max: time.Minute}

// open connects the gateway, retrying failures that may pass.
func (t *Transport) open(ctx context.Context) error {
	tries := backoff.Counter{Policy: openBackoff}
	for {
		err := t.s.Open()
		if err == nil {
			return nil
		}
		if fatal := fatalOpen(err, t.cfg); fatal != nil {
			t.health.set(false, fatal.Error(), t.clock.Now())
			return fatal
		}
		t.health.set(false, "gateway: "+err.Error(), t.clock.Now())
		wait := tries.Fail()
		t.log.Warn("discord: cannot connect; trying again", "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// fatalOpen says whether a failure to connect is a configuration error.
func fatalOpen(err error, cfg Config) error {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		switch ce.Code {
		case 4004:
			return fmt.Errorf("%w: Discord refused the token (gateway close 4004): copy the bot token again from the developer portal", ErrConfig)
		case 4014:
			if cfg.MessageContent {
				return fmt.Errorf("%w: the Message Content intent is not enabled for this application (gateway close 4014): enable it under Bot, Privileged Gateway Intents, or set message_content: false", ErrConfig)
			}
			return fmt.Errorf("%w: an intent was refused (gateway close 4014)", ErrConfig)
		case 4010, 4011, 4012, 4013:
			return fmt.Errorf("%w: the gateway refused the connection (close %d: %s)", ErrConfig, ce.Code, ce.Text)
		}
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return fmt.Errorf("%w: Discord refused the token (401): copy the bot token again from the developer portal", ErrConfig)
	}
	return nil
}

// shutdown closes the gateway and waits for the jobs in flight.
func (t *Transport) shutdown() {
	closeGateway := func() {
		if err := t.s.Close(); err != nil {
			t.log.Debug("discord: close the gateway", "err", err)
		}
	}
	if t.opts.detachClose {
		go closeGateway()
	} else {
		closeGateway()
	}
	t.lanes.close()
	t.health.set(false, "stopped", t.clock.Now())
}

func (h *healthState) set(connected bool, detail string, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.h.Connected != connected || h.h.Since.IsZero() {
		h.h.Since = now
	}
	h.h.Connected, h.h.Detail = connected, detail
}

func (h *healthState) get() bot.Health {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.h
}

// lock takes the key's lock and returns its release.
func (k *keyedLocks) lock(key string) func() {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyedLock{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}
