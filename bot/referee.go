package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/bot/cpugate"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/bot/recordcache"
	"github.com/takbymail/takbot/bot/versus"
	"github.com/takbymail/takbot/bot/watching"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/outbox"
)

// Options configures a Referee. Zero values take the defaults.
type Options struct {
	// DefaultDays is the time per move of a new game, in days (default 3).
	DefaultDays int
	// ReminderFraction is the part of a player's time after which the
	// referee reminds them to move (default 0.75).
	ReminderFraction float64
	// ChallengeDays is how long a challenge waits for an answer before it
	// expires, in days (default 14).
	ChallengeDays int
	// ChallengeGrace is how long the first notice of a challenge to an
	// address that never wrote to the bot waits before it goes out, so
	// that a challenge withdrawn meanwhile sends nothing (consent.go):
	// 0 takes the default, ChallengeGrace (10 minutes); below 0, none
	// (for tests of other things).
	ChallengeGrace time.Duration
	// Retention is how long delivered replies and the ids of handled
	// messages are kept (default 90 days); see Prune.
	Retention time.Duration
	// Rand returns a random integer in [0, n); it chooses colours and
	// delivery jitter. Tests inject a deterministic one (default
	// math/rand/v2).
	Rand func(n int) int
	// Notify is called after a commit with the transports that have new
	// replies in the outbox. It must not block. The delivery pipeline is
	// woken without it.
	Notify func(transports []string)
	// Render turns a Picture into PNG bytes at delivery time (default
	// present.Render). A picture that fails to render is left out and
	// logged.
	Render func(Picture) ([]byte, error)
	// Logger receives the referee's logs (default slog.Default()).
	Logger *slog.Logger
	// Observer is told about messages handled and replies delivered, for
	// metrics (default: none).
	Observer Observer
	// Delivery tunes the delivery pipeline: outbox.Policy, the one place
	// of the retry policy, documents the fields and their defaults.
	Delivery DeliveryOptions
	// Quotas bound what one sender may do: challenges, commands in a
	// message, messages an hour.
	Quotas Quotas
	// ChatPerHour is how many times one player may "say" something in
	// one game in an hour (default 10).
	ChatPerHour int
	// EventsPerOrganiser is how many events that have not ended one
	// player may run (default event.DefaultMaxRunning).
	EventsPerOrganiser int
	// Analyst analyses games for "analyse" and end-of-game reviews at
	// delivery (default: none; "analyse" is then refused and games end
	// without a review).
	Analyst Analyst
	// LeaderboardMinGames is how many rated games of a pool a player must
	// have played to be listed on its leaderboard (default
	// DefaultLeaderboardMinGames).
	LeaderboardMinGames int
	// LeaderboardMaxDeviation is the largest rating deviation a player
	// listed on a leaderboard may have: only established ratings are
	// ranked (default DefaultLeaderboardMaxDeviation, 110, where a
	// rating stops being provisional). A player must also have played
	// rated games there against min(LeaderboardMinGames, 3) different
	// opponents (package ranking).
	LeaderboardMaxDeviation float64
	// WebURL is the public address of the web pages ("https://tak.example.org"),
	// "" for none: every move's mail and thread post then carries the
	// link of its game's page (spectate.go).
	WebURL string
}

// Observer is told what the referee does, for metrics. Its methods must
// be fast and safe for concurrent use.
type Observer interface {
	// MessageHandled is called once per message Handle finished: outcome
	// is "ok", "refused", "dropped" (beyond the sender's messages an
	// hour), "duplicate", "invalid" or "error".
	MessageHandled(transport, outcome string, took time.Duration)
	// ReplySent is called once per delivery attempt: result is
	// "delivered", "retry", "held" (a transport's limit holds the reply
	// back, DeliveryError.Held) or "failed".
	ReplySent(transport, result string, took time.Duration)
}

const stripes = 4096

// maxPrelock bounds the games whose locks Handle takes before evaluating.
const maxPrelock = 64

// Referee runs games: it handles messages, drives clocks and keeps the
// outbox, from which its delivery pipeline hands replies to the
// registered transports. It is safe for concurrent use.
type Referee struct {
	store Store
	clock Clock
	opts  Options
	locks [stripes]sync.Mutex
	gate  *cpugate.Gate // evaluations pass it; transactions go first (bot/cpugate)
	randM sync.Mutex
	cache *recordcache.Cache
	pngs  *present.PNGCache // pictures rendered for delivery, by name
	// desk carries out analyses at delivery and keeps reviews (seam_review.go)
	desk  *analysis.Desk
	rates consent.Rates

	tmu        sync.RWMutex
	transports map[string]*transportEntry

	trouble outbox.Health // the store-health gate and the damaged records set aside

	// board is the leaderboards and who has rated games (package ranking).
	board *ranking.Board
	// subs are told of every committed change to a game (package watching).
	subs watching.Subscribers
}

// transportEntry is a transport the referee knows: running (with a
// Transport to deliver through) or only known (compiled in, not enabled).
type transportEntry struct {
	info TransportInfo
	t    Transport     // nil when not enabled
	wake chan struct{} // wakes its delivery loop
}

// New returns a referee over store.
func New(store Store, clock Clock, opts Options) *Referee {
	if opts.DefaultDays <= 0 {
		opts.DefaultDays = command.DefaultDaysPerMove
	}
	if opts.ReminderFraction <= 0 || opts.ReminderFraction >= 1 {
		opts.ReminderFraction = 0.75
	}
	if opts.ChallengeDays <= 0 {
		opts.ChallengeDays = 14
	}
	if opts.ChallengeGrace == 0 {
		opts.ChallengeGrace = ChallengeGrace
	}
	if opts.Retention <= 0 {
		opts.Retention = 90 * 24 * time.Hour
	}
	if opts.LeaderboardMinGames <= 0 {
		opts.LeaderboardMinGames = DefaultLeaderboardMinGames
	}
	if opts.LeaderboardMaxDeviation <= 0 {
		opts.LeaderboardMaxDeviation = DefaultLeaderboardMaxDeviation
	}
	if opts.Rand == nil {
		opts.Rand = rand.IntN
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Render == nil {
		opts.Render = present.Render
	}
	opts.Delivery = opts.Delivery.WithDefaults()
	opts.Quotas.SetDefaults()
	if clock == nil {
		clock = SystemClock{}
	}
	r := &Referee{gate: cpugate.New(0), clock: clock, opts: opts, cache: recordcache.New(), pngs: present.NewPNGCache(), transports: map[string]*transportEntry{}}
	r.trouble = outbox.Health{Clock: clock, Logger: opts.Logger, Observer: opts.Observer}
	r.store = outbox.Watched{Store: store, Health: &r.trouble}
	r.board = ranking.NewBoard(Public, opts.LeaderboardMinGames, opts.LeaderboardMaxDeviation)
	r.desk = r.newDesk()
	return r
}

// Register adds a running transport: its players can play, be challenged,
// and receive replies through the delivery pipeline. Register it before
// handling messages.
func (r *Referee) Register(t Transport) {
	r.addTransport(t.Info(), t)
}

// Know adds a transport this takbot could run but does not: challenging
// one of its players is refused with the reason ("email is not enabled on
// this takbot").
func (r *Referee) Know(info TransportInfo) {
	r.addTransport(info, nil)
}

func (r *Referee) addTransport(info TransportInfo, t Transport) {
	if info.Title == "" {
		info.Title = info.Name
	}
	r.tmu.Lock()
	defer r.tmu.Unlock()
	if e, ok := r.transports[info.Name]; ok && e.t != nil && t == nil {
		return // running already: Know does not demote it
	}
	r.transports[info.Name] = &transportEntry{info: info, t: t, wake: make(chan struct{}, 1)}
}

// transport returns a transport's entry, or nil.
func (r *Referee) transport(name string) *transportEntry {
	r.tmu.RLock()
	defer r.tmu.RUnlock()
	return r.transports[strings.ToLower(name)]
}

// runningTransports returns the entries of the running transports, by name.
func (r *Referee) runningTransports() []*transportEntry {
	r.tmu.RLock()
	defer r.tmu.RUnlock()
	var out []*transportEntry
	for _, e := range r.transports {
		if e.t != nil {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].info.Name < out[j].info.Name })
	return out
}

func (r *Referee) randInt(n int) int {
	r.randM.Lock()
	defer r.randM.Unlock()
	return r.opts.Rand(n)
}

func (r *Referee) logger() *slog.Logger { return r.opts.Logger }

func stripeOf(key string) int {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int(h.Sum32() % stripes)
}

// lockSet holds stripes, always taken in ascending order.
type lockSet struct {
	r    *Referee
	held []int
}

func (l *lockSet) has(s int) bool {
	for _, h := range l.held {
		if h == s {
			return true
		}
	}
	return false
}

func (l *lockSet) lock(want map[int]bool) {
	l.held = l.held[:0]
	for s := range want {
		l.held = append(l.held, s)
	}
	sort.Ints(l.held)
	for _, s := range l.held {
		l.r.locks[s].Lock()
	}
}

func (l *lockSet) unlock() {
	for i := len(l.held) - 1; i >= 0; i-- {
		l.r.locks[l.held[i]].Unlock()
	}
	l.held = l.held[:0]
}

// needLock aborts an evaluation that must hold another stripe; Handle
// takes it and evaluates again. It never reaches a player.
type needLock struct{ stripe int }

func (e *needLock) Error() string { return fmt.Sprintf("need lock stripe %d", e.stripe) }

// errProcessed aborts a commit whose message was processed meanwhile.
var errProcessed = errors.New("message already processed")

// Handle processes one message. Its replies are committed to the outbox in
// the same transaction as the changes they report, with the message's id
// and its adapter state writes; the delivery pipeline sends them. A
// message handled before changes nothing (Outcome.Duplicate). An error
// means nothing was committed: it wraps ErrBadMessage when the message can
// never be handled; any other error is worth retrying.
//
// Its steps: checkMessage, seen (de-duplication), prepare (parsing, the
// rate limit, the locks to take), evaluate under the locks until it holds
// every one it needs, commitHandled; handled counts the outcome.
func (r *Referee) Handle(ctx context.Context, msg Message) (out Outcome, err error) {
	start := time.Now()
	defer func() { r.handled(msg.From.Transport, out, err, start) }()
	if err := r.checkMessage(&msg); err != nil {
		return out, err
	}
	procID := msg.From.Transport + ":" + msg.ID
	done, mine, err := r.seen(ctx, procID, msg.From.Key())
	if err != nil {
		return out, err
	}
	if done {
		return r.duplicate(ctx, msg)
	}
	h := r.prepare(msg, procID, mine)
	ls := &lockSet{r: r}
	var allocated []string
	for {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		s, err := r.evaluate(ctx, ls, h, allocated)
		var nl *needLock
		if errors.As(err, &nl) {
			ls.unlock()
			h.want[nl.stripe] = true
			allocated = s.allocated
			continue
		}
		if err != nil {
			ls.unlock()
			return out, fmt.Errorf("bot: message %s: %w", procID, err)
		}
		return r.commitHandled(ctx, ls, h, s, start)
	}
}

// handled counts a message Handle finished, for metrics: its outcome is
// "ok", "invalid", "error", "duplicate", "dropped" or "refused".
func (r *Referee) handled(transport string, out Outcome, err error, start time.Time) {
	outcome := "ok"
	switch {
	case errors.Is(err, ErrBadMessage):
		outcome = "invalid"
	case err != nil:
		outcome = "error"
		r.SetAside(err) // a damaged record: reported once; the message is retried later
	case out.Duplicate:
		outcome = "duplicate"
	case out.Dropped:
		outcome = "dropped"
	case out.Refused:
		outcome = "refused"
	}
	if r.opts.Observer != nil {
		r.opts.Observer.MessageHandled(transport, outcome, time.Since(start))
	}
}

// checkMessage refuses a message that can never be handled (ErrBadMessage)
// and writes its transport's name in lower case.
func (r *Referee) checkMessage(msg *Message) error {
	if msg.ID == "" {
		return fmt.Errorf("%w: no message id", ErrBadMessage)
	}
	if msg.From.Transport == "" || strings.TrimSpace(msg.From.Address) == "" {
		return fmt.Errorf("%w: message %s has no sender", ErrBadMessage, msg.ID)
	}
	if len(msg.From.Address) > maxAddress || len(msg.ID) > 1000 {
		return fmt.Errorf("%w: message %.40s… has a sender address or id too long to be real", ErrBadMessage, msg.ID)
	}
	if e := r.transport(msg.From.Transport); e == nil || e.t == nil {
		return fmt.Errorf("%w: message %s comes from transport %q, which is not registered", ErrBadMessage, msg.ID, msg.From.Transport)
	}
	msg.From.Transport = strings.ToLower(msg.From.Transport)
	return nil
}

// seen reports whether the message procID was handled before and, when
// it was not, reads the games of its sender (key).
func (r *Referee) seen(ctx context.Context, procID, key string) (done bool, mine []string, err error) {
	err = r.store.View(ctx, func(tx Tx) error {
		if _, err := tx.Processed(procID); err == nil {
			done = true
			return nil
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		var err error
		mine, err = tx.GamesOf(key)
		return err
	})
	if err != nil {
		return false, nil, fmt.Errorf("bot: check message %s: %w", procID, err)
	}
	return done, mine, nil
}

// handling is what the evaluation of one message needs, read before its
// locks are taken.
type handling struct {
	msg    Message
	procID string
	mine   []string // the sender's games
	rate   consent.Verdict
	parsed Parsed
	perr   error
	want   map[int]bool // the lock stripes to take
}

// prepare stamps the message, takes it from its sender's hourly rate,
// parses it (nothing, when it is over the rate) and chooses the locks to
// take: the sender's, the addressed game's, and the sender's games', so
// that the usual message needs no second attempt.
func (r *Referee) prepare(msg Message, procID string, mine []string) *handling {
	now := r.clock.Now()
	if msg.Received.IsZero() || msg.Received.After(now) {
		msg.Received = now
	}
	h := &handling{msg: msg, procID: procID, mine: mine}
	h.rate = r.rates.Take(consent.RateKey(msg.From, msg.Unverified), now, versus.RateLimit(msg.From, r.opts.Quotas.MessagesPerHour))
	h.parsed, h.perr = ParseMessage(msg.Text)
	if h.rate.Over {
		h.parsed, h.perr = Parsed{}, nil
	}
	h.want = map[int]bool{stripeOf(msg.From.Key()): true}
	if msg.Game != "" {
		h.want[stripeOf(msg.Game)] = true
	}
	if len(mine) <= maxPrelock {
		for _, id := range mine {
			h.want[stripeOf(id)] = true
		}
	}
	return h
}

// evaluate takes the locks h wants and runs the message's commands in a
// session; a *needLock error asks for one more stripe (the locks are still
// held: the caller unlocks).
func (r *Referee) evaluate(ctx context.Context, ls *lockSet, h *handling, allocated []string) (*session, error) {
	ls.lock(h.want)
	s := r.newSession(ctx, ls, h.msg, h.procID)
	s.allocated = allocated
	s.senderGames, s.senderGamesRead = h.mine, true
	s.rate = h.rate
	s.noteWrote()
	r.gate.Enter()
	err := s.safeRun(h.parsed, h.perr)
	r.gate.Leave()
	return s, err
}

// commitHandled commits an evaluated message with its replies, releases
// its locks and wakes delivery. A message processed meanwhile is a
// duplicate.
func (r *Referee) commitHandled(ctx context.Context, ls *lockSet, h *handling, s *session, start time.Time) (Outcome, error) {
	replies, err := s.commit(&ProcessedRecord{ID: h.procID, At: s.now}, h.msg.State)
	ls.unlock()
	if errors.Is(err, errProcessed) {
		return r.duplicate(ctx, h.msg)
	}
	if err != nil {
		return Outcome{}, fmt.Errorf("bot: commit message %s: %w", h.procID, err)
	}
	r.notify(replies)
	commands := len(h.parsed.Commands)
	out := Outcome{Replies: replies, Refused: s.refused, Dropped: s.dropped, Commands: commands, Games: s.touched}
	r.logHandled(ctx, h.msg, s, commands, len(replies), start)
	return out, nil
}

// logHandled logs a handled message in one line (typed attributes: a line
// a message, it is on the hot path).
func (r *Referee) logHandled(ctx context.Context, msg Message, s *session, commands, replies int, start time.Time) {
	l := r.logger()
	if !l.Enabled(ctx, slog.LevelInfo) {
		return
	}
	game, games := "", ""
	if len(s.touched) > 0 {
		game = s.touched[0]
		games = game
		if len(s.touched) > 1 {
			games = strings.Join(s.touched, ",")
		}
	}
	l.LogAttrs(ctx, slog.LevelInfo, "message handled", slog.String("transport", msg.From.Transport), slog.String("id", msg.ID),
		slog.String("from", msg.From.Key()), slog.String("game", game), slog.String("games", games),
		slog.Int("commands", commands), slog.Int("replies", replies), slog.Bool("refused", s.refused),
		slog.Bool("dropped", s.dropped), slog.Bool("unverified", msg.Unverified),
		slog.Duration("took", time.Since(start).Round(time.Microsecond)))
}

// duplicate answers a message handled before: its adapter state writes
// are applied on their own (a cursor must still advance).
func (r *Referee) duplicate(ctx context.Context, msg Message) (Outcome, error) {
	if len(msg.State) > 0 {
		if err := r.store.Update(ctx, func(tx Tx) error { return applyState(tx, msg.From.Transport, msg.State) }); err != nil {
			return Outcome{}, fmt.Errorf("bot: state of message %s: %w", msg.ID, err)
		}
	}
	return Outcome{Duplicate: true}, nil
}

func applyState(tx Tx, transport string, ws []StateWrite) error {
	for _, w := range ws {
		var err error
		if w.Delete {
			err = tx.DeleteState(transport, w.Key)
		} else {
			err = tx.PutState(transport, w.Key, w.Value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// notify wakes the delivery loops of the replies' transports and calls
// Options.Notify.
func (r *Referee) notify(replies []Reply) {
	if len(replies) == 0 {
		return
	}
	var ts []string // for Options.Notify
	for i := range replies {
		t := replies[i].To.Transport
		if seenTransport(replies[:i], t) {
			continue // a message's replies go to one transport or two
		}
		if r.opts.Notify != nil {
			ts = append(ts, t)
		}
		if e := r.transport(t); e != nil {
			select {
			case e.wake <- struct{}{}:
			default:
			}
		}
	}
	if r.opts.Notify != nil {
		r.opts.Notify(ts)
	}
}

// seenTransport reports whether one of replies goes through transport t.
func seenTransport(replies []Reply, t string) bool {
	for i := range replies {
		if replies[i].To.Transport == t {
			return true
		}
	}
	return false
}

// Game returns a stored game record (for tools and tests).
func (r *Referee) Game(ctx context.Context, id string) (*GameRecord, error) {
	var g *GameRecord
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		g, err = tx.Game(id)
		return err
	})
	return g, err
}

// Player returns a stored player record (for adapters: a player's name
// and notation).
func (r *Referee) Player(ctx context.Context, id Identity) (*PlayerRecord, error) {
	var p *PlayerRecord
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		p, err = tx.Player(id.Key())
		return err
	})
	return p, err
}
