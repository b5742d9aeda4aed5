package discordfake

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// DefaultToken is the bot token of a fake started without Options.Token.
const DefaultToken = "fake-bot-token"

// Options configure a fake Discord.
type Options struct {
	// Token is the bot token (without "Bot "); DefaultToken if empty.
	Token string
	// BotUsername is the bot user's name; "takbot" if empty.
	BotUsername string
	// Clock drives interaction deadlines, IDs and timestamps; the real
	// clock if nil.
	Clock Clock
	// HeartbeatInterval is announced in HELLO; 41.25 s if zero.
	HeartbeatInterval time.Duration
	// MessageContentDisabled models an application whose owner has not
	// switched on the Message Content intent in the developer portal: an
	// IDENTIFY asking for it is closed with 4014.
	MessageContentDisabled bool
	// AutoUnarchiveOnSend makes a bot message to an archived, unlocked
	// thread unarchive it, as Discord's thread documentation says. By
	// default the fake is stricter and refuses it with 50083, so that a
	// bot which unarchives first works either way.
	AutoUnarchiveOnSend bool
	// RateLimit is the limit announced and enforced on every route
	// bucket; 50 requests a second if zero.
	RateLimit RateLimit
	// Logf receives a line for each violation and gateway event; silent if
	// nil.
	Logf func(format string, args ...any)
}

// RateLimit is a number of requests allowed per window on one bucket.
type RateLimit struct {
	Requests int
	Window   time.Duration
}

// Server is a fake Discord (REST API v9 and gateway) on 127.0.0.1.
type Server struct {
	opts     Options
	clock    Clock
	token    string
	appID    string
	url      string
	listener net.Listener
	http     *http.Server
	routes   []*route
	wg       sync.WaitGroup

	mu         sync.Mutex
	changed    chan struct{}
	closed     bool
	ids        snowflakes
	bot        *User
	users      map[string]*User
	guilds     map[string]*guild
	guildIDs   []string
	channels   map[string]*channel
	threadIDs  []string
	dms        map[string]string
	messages   map[string]*message
	commands   []*Command
	ixByID     map[string]*interaction
	ixByToken  map[string]*interaction
	ixOrder    []string
	modals     []*openModal
	sessions   map[string]*session
	conns      map[*gwConn]bool
	identifies []Identify
	violations []*Violation
	requests   []Request
	limits     limiter
	// received keeps the last gateway frames from clients, for debugging
	// and for the fuzz corpus of real frames.
	received [][]byte
}

// Start runs a fake Discord on 127.0.0.1 at a free port.
func Start(opts Options) (*Server, error) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("discordfake: listen: %w", err)
	}
	s := newServer(opts, "http://"+listener.Addr().String())
	s.listener = listener
	s.http = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if err := s.http.Serve(listener); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.logf("discordfake: serve: %v", err)
		}
	}()
	return s, nil
}

// newServer builds the fake's state, with the bot and its application,
// without listening; Start adds the listener.
func newServer(opts Options, url string) *Server {
	if opts.Token == "" {
		opts.Token = DefaultToken
	}
	if opts.BotUsername == "" {
		opts.BotUsername = "takbot"
	}
	if opts.Clock == nil {
		opts.Clock = systemClock{}
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.RateLimit.Requests <= 0 || opts.RateLimit.Window <= 0 {
		opts.RateLimit = RateLimit{Requests: 50, Window: time.Second}
	}
	s := &Server{
		opts: opts, clock: opts.Clock, token: opts.Token, url: url,
		changed: make(chan struct{}),
		users:   map[string]*User{}, guilds: map[string]*guild{}, channels: map[string]*channel{},
		dms: map[string]string{}, messages: map[string]*message{},
		ixByID: map[string]*interaction{}, ixByToken: map[string]*interaction{},
		sessions: map[string]*session{}, conns: map[*gwConn]bool{},
		limits: newLimiter(),
	}
	s.appID = s.ids.next(s.clock.Now())
	// Applications created since 2019 have a bot user with the same ID.
	s.bot = &User{ID: s.appID, Username: opts.BotUsername, Bot: true}
	s.users[s.bot.ID] = s.bot
	s.routes = s.routeTable()
	return s
}

// URL is the base URL a bot is configured with (its api_url): REST calls go
// to URL + "/api/v9/...", and GET /api/v9/gateway announces the gateway.
func (s *Server) URL() string { return s.url }

// GatewayURL is the websocket URL the fake announces.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.url, "http") + "/gw" }

// Token returns the bot token (without "Bot ").
func (s *Server) Token() string { return s.token }

// BotConfig is what a bot process needs to talk to the fake.
type BotConfig struct {
	APIURL        string // base URL replacing https://discord.com
	Token         string // bot token, without "Bot "
	ApplicationID string
}

// BotConfig returns the settings a bot (for example a `takbot serve`
// subprocess) needs to use this fake.
func (s *Server) BotConfig() BotConfig {
	return BotConfig{APIURL: s.url, Token: s.token, ApplicationID: s.appID}
}

// Close stops the fake: gateway connections are cut and the HTTP server
// shut down.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	for c := range s.conns {
		c.abort()
	}
	s.changedLocked()
	s.mu.Unlock()
	err := s.http.Close()
	s.wg.Wait()
	if err != nil {
		return fmt.Errorf("discordfake: close: %w", err)
	}
	return nil
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}

// changedLocked wakes everyone waiting for a change of the fake's state.
func (s *Server) changedLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Await returns when cond reports true, re-evaluating it after each change
// of the fake's state (a request, a gateway frame, a driver action), or
// with the context's error. cond must not block; it may call the fake's
// accessors.
func (s *Server) Await(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordfake: waiting: %w", ctx.Err())
		}
	}
}

// waitLocked is Await for conditions evaluated with s.mu held.
func (s *Server) waitLocked(ctx context.Context, cond func() bool) error {
	s.mu.Lock()
	for {
		if cond() {
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordfake: waiting: %w", ctx.Err())
		}
		s.mu.Lock()
	}
}

// Transport returns an http.RoundTripper that sends requests for
// discord.com, discordapp.com, cdn.discordapp.com, media.discordapp.net and
// gateway.discord.gg to the fake, for an in-process discordgo.Session:
//
//	session.Client = &http.Client{Transport: fake.Transport()}
func (s *Server) Transport() http.RoundTripper {
	base := http.DefaultTransport.(*http.Transport).Clone()
	return &rewriteTransport{host: strings.TrimPrefix(s.url, "http://"), next: base}
}

type rewriteTransport struct {
	host string
	next http.RoundTripper
}

// RoundTrip rewrites the scheme and host of Discord's hosts.
func (t *rewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !isDiscordHost(r.URL.Hostname()) {
		return t.next.RoundTrip(r)
	}
	out := r.Clone(r.Context())
	out.URL.Scheme = "http"
	out.URL.Host = t.host
	out.Host = t.host
	return t.next.RoundTrip(out)
}

func isDiscordHost(host string) bool {
	for _, domain := range []string{"discord.com", "discordapp.com", "discordapp.net", "discord.gg"} {
		if host == domain || strings.HasSuffix(host, "."+domain) {
			return true
		}
	}
	return false
}
