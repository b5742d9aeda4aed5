package web

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/connlimit"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// Source is what the pages read of the referee; *bot.Referee implements it.
// The pages pass its one privacy filter (privacy.Viewer, see privacy.go):
// PlayerStats and Leaderboard are the public view (a player without a
// public game is ErrNotFound), and every game read is shown only when
// privacy.Public sees it.
type Source interface {
	GameView(ctx context.Context, id string) (*record.Game, *tak.Game, error)
	ForEachGame(ctx context.Context, fn func(*record.Game) error) error
	PlayersNamed(ctx context.Context, name string) ([]*record.Player, [][]string, error)
	PlayerStats(ctx context.Context, key string) (bot.PlayerStats, error)
	Leaderboard(ctx context.Context, size int, limit int) ([]bot.Standing, error)
	Subscribe(fn func(game string)) (cancel func(), err error)
	// Player reads a player's record (a game page reads its players'
	// consent to show the game's chat).
	Player(ctx context.Context, id record.Identity) (*record.Player, error)
}

// Options configures a Server. Zero values take the defaults.
type Options struct {
	// PublicURL is the pages' address as the world sees it
	// ("https://tak.example.org"); links that leave the page (the
	// canonical link, a position's permalink) use it. "" uses the
	// request's own host.
	PublicURL string
	// Logger receives the server's logs (default slog.Default()).
	Logger *slog.Logger
	// Now is the clock of the pages (default time.Now).
	Now func() time.Time
	// StreamsPerClient bounds the live streams one client address (an
	// IPv4 address, an IPv6 /64) holds at once (default 4); StreamsTotal
	// bounds them in all (default 512).
	StreamsPerClient, StreamsTotal int
	// ClientHeader names the request header that carries the client's
	// address when the pages sit behind a reverse proxy ("X-Real-IP",
	// "X-Forwarded-For": its last address, the one the proxy added); ""
	// uses the connection's address. Only a proxy that sets it may be
	// in front: a client could write it itself.
	ClientHeader string
	// StreamLife closes a live stream after this long (default 10
	// minutes); the browser opens a new one.
	StreamLife time.Duration
	// Keepalive is how often an idle live stream gets a comment line
	// (default 20 s).
	Keepalive time.Duration
	// Unsubscriber, when set, serves the one-click unsubscribe links of
	// mail to addresses that never wrote to takbot: POST
	// /unsubscribe/TOKEN (RFC 8058).
	Unsubscriber Unsubscriber
}

// Server serves the pages. It is safe for concurrent use.
type Server struct {
	src     Source
	opts    Options
	log     *slog.Logger
	idx     *index
	hub     *hub
	pics    *pictureCache
	html    *pictureCache // game pages, by game version and turn
	pages   map[string]*template.Template
	mux     *http.ServeMux
	news    chan string
	overrun atomic.Bool // news was dropped: the index is loaded again
	loaded  chan struct{}
	once    sync.Once
}

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// newsQueue bounds the game changes waiting for the index.
const newsQueue = 1024

// New returns a server over src. Call Run to follow the referee's news.
func New(src Source, opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.StreamsPerClient <= 0 {
		opts.StreamsPerClient = 4
	}
	if opts.StreamsTotal <= 0 {
		opts.StreamsTotal = 512
	}
	if opts.StreamLife <= 0 {
		opts.StreamLife = 10 * time.Minute
	}
	if opts.Keepalive <= 0 {
		opts.Keepalive = 20 * time.Second
	}
	opts.PublicURL = strings.TrimRight(opts.PublicURL, "/")
	s := &Server{src: src, opts: opts, log: opts.Logger, idx: newIndex(), hub: newHub(opts.StreamsPerClient, opts.StreamsTotal),
		pics: newPictureCache(256), html: newPictureCache(128), pages: parsePages(), news: make(chan string, newsQueue), loaded: make(chan struct{})}
	s.routes()
	return s
}

// parsePages parses each page's template with the layout.
func parsePages() map[string]*template.Template {
	funcs := template.FuncMap{"playerURL": playerURL, "playerLink": playerLink,
		"add": func(a, b int) int { return a + b }, "sub": func(a, b int) int { return a - b }}
	base := template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html"))
	pages := map[string]*template.Template{}
	for _, name := range []string{"home", "game", "player", "leaderboard", "error", "event"} {
		pages[name] = template.Must(template.Must(base.Clone()).ParseFS(templateFS, "templates/"+name+".html"))
	}
	return pages
}

func (s *Server) routes() {
	m := http.NewServeMux()
	for name, mime := range map[string]string{"live.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8",
		"favicon.svg": "image/svg+xml"} {
		body, err := staticFS.ReadFile("static/" + name)
		if err != nil {
			panic(err) // embedded: cannot happen
		}
		m.HandleFunc("GET /static/"+name, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", mime)
			w.Header().Set("Cache-Control", "public, max-age=3600")
			_, _ = w.Write(body)
		})
	}
	icon, err := staticFS.ReadFile("static/favicon.svg")
	if err != nil {
		panic(err) // embedded: cannot happen
	}
	m.HandleFunc("GET /favicon.svg", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=604800")
		_, _ = w.Write(icon)
	})
	// Browsers that ignore the page's icon link ask for /favicon.ico:
	// they get the same SVG.
	m.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/favicon.svg", http.StatusMovedPermanently)
	})
	m.HandleFunc("GET /{$}", s.home)
	m.HandleFunc("GET /g/{id}", s.game)
	m.HandleFunc("GET /g/{id}/board.png", s.picture)
	m.HandleFunc("GET /g/{id}/game.ptn", s.ptn)
	m.HandleFunc("GET /g/{id}/ninja", s.ninja) // web/ninja.go: the mails' short PTN Ninja link
	m.HandleFunc("GET /g/{id}/position.tps", s.tps)
	m.HandleFunc("GET /g/{id}/events", s.events)
	m.HandleFunc("GET /p/{name}", s.player)
	m.HandleFunc("GET /leaderboard", s.leaderboard)
	m.HandleFunc("GET /e/{name}", s.event) // web/event.go: an event's standings (issue 29)
	if s.opts.Unsubscriber != nil {
		m.HandleFunc("POST /unsubscribe/{token}", s.unsubscribe)
		m.HandleFunc("/unsubscribe/{token}", s.unsubscribeOnlyPost)
	}
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { s.notFound(w, r) })
	s.mux = m
}

// csp allows the page's own script, style and pictures, and nothing inline.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// ServeHTTP serves the pages with the security headers. A panic in a
// handler is logged and answered 500, without its detail.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("web page panicked", "path", r.URL.Path, "panic", v)
			s.fail(w, r, errors.New("panic"))
		}
	}()
	s.mux.ServeHTTP(w, r)
}

// Run follows the referee's news until ctx ends: it loads the index of
// games, then keeps it current and wakes the live streams of each game
// that changes (after the lists know of the change). Live streams need
// Run.
func (s *Server) Run(ctx context.Context) error {
	cancel, err := s.src.Subscribe(func(game string) {
		select {
		case s.news <- game: // the streams are woken once the lists know
		default:
			s.overrun.Store(true)
			s.hub.publish(game, nil)
		}
	})
	if err != nil {
		return err
	}
	defer cancel()
	if err := s.idx.load(ctx, s.src); err != nil {
		s.log.Warn("web: some games could not be read for the lists", "err", err)
	}
	s.once.Do(func() { close(s.loaded) })
	for {
		select {
		case <-ctx.Done():
			return nil
		case id := <-s.news:
			reload := s.overrun.Swap(false)
			if reload {
				if err := s.idx.load(ctx, s.src); err != nil {
					s.log.Warn("web: some games could not be read for the lists", "err", err)
				}
			}
			g, tg, err := s.src.GameView(ctx, id)
			if err != nil {
				s.log.Warn("web: a changed game could not be read", "game", id, "err", err)
			} else if !reload {
				s.idx.put(g)
			}
			s.hub.publish(id, s.eventOf(g, tg, err))
		}
	}
}

// eventOf is the live streams' event for a game just read: nil when it
// could not be read or may not be seen, and each stream then reads it
// itself (and ends).
func (s *Server) eventOf(g *bot.GameRecord, tg *tak.Game, err error) []byte {
	if err != nil || !viewer.SeesGame(g) {
		return nil
	}
	return moveEvent(view{g: g, tg: tg}.last())
}

// Ready is closed once Run has read the games for the lists.
func (s *Server) Ready() <-chan struct{} { return s.loaded }

// ready reports whether the lists are read.
func (s *Server) ready() bool {
	select {
	case <-s.loaded:
		return true
	default:
		return false
	}
}

// clientOf names a request's client for the bounds on live streams: its
// address as connlimit counts it (an IPv4 address, an IPv6 /64, which one
// subscriber usually holds whole), from ClientHeader's last address
// behind a proxy, else from the connection's.
func (s *Server) clientOf(r *http.Request) string {
	if h := s.opts.ClientHeader; h != "" {
		if v := r.Header.Values(h); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			if c := strings.TrimSpace(parts[len(parts)-1]); c != "" {
				return connlimit.ClientOf(c)
			}
		}
	}
	return connlimit.ClientOf(r.RemoteAddr)
}

// render writes a page, or the error page if its template fails.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, page string, data any) {
	var b strings.Builder
	if err := s.pages[page].Execute(&b, data); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(b.String()))
}

// errorPage is the data of the error page.
type errorPage struct {
	Title, Text string
}

// notFound answers 404: a missing page, a private game, a position that
// does not exist.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusNotFound, "error", errorPage{Title: "Not found",
		Text: "There is no such page here: the game or player may not exist, or the game is private."})
}

// badRequest answers 400 with a reason for the reader.
func (s *Server) badRequest(w http.ResponseWriter, r *http.Request, text string) {
	s.render(w, r, http.StatusBadRequest, "error", errorPage{Title: "Bad request", Text: text})
}

// fail logs an internal error and answers 500 without its detail.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("web page failed", "path", r.URL.Path, "err", err)
	var b strings.Builder
	_ = s.pages["error"].Execute(&b, errorPage{Title: "Something went wrong", Text: "Something went wrong on our side; please try again in a moment."})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write([]byte(b.String()))
}

// absolute makes a path absolute with PublicURL (or the request's host).
func (s *Server) absolute(r *http.Request, path string) string {
	if s.opts.PublicURL != "" {
		return s.opts.PublicURL + path
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}
