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

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Options configures a Referee. Zero values take the defaults.
type Options struct {
	// DefaultDays is the time per move of a new game, in days (default 3).
	DefaultDays int
	// ReminderFraction is the part of a player's time after which the bot
	// reminds them to move (default 0.75).
	ReminderFraction float64
	// Rand returns a random integer in [0, n); it chooses colours. Tests
	// inject a deterministic one (default math/rand/v2).
	Rand func(n int) int
	// Notify is called after a commit with the transports that have new
	// replies in the outbox. It must not block.
	Notify func(transports []string)
	// Render turns a Picture into PNG bytes at delivery time (default
	// DefaultRender). Nil pictures are skipped when it returns an error.
	Render func(Picture) ([]byte, error)
	// Logger receives the referee's logs (default slog.Default()).
	Logger *slog.Logger
}

const stripes = 4096

// maxPrelock bounds the games whose locks Handle takes before evaluating.
const maxPrelock = 64

// Referee runs games: it handles messages, drives clocks and keeps the
// outbox. It is safe for concurrent use.
type Referee struct {
	store Store
	clock Clock
	opts  Options
	locks [stripes]sync.Mutex
	randM sync.Mutex
	cache *recordCache
}

// New returns a referee over store.
func New(store Store, clock Clock, opts Options) *Referee {
	if opts.DefaultDays <= 0 {
		opts.DefaultDays = 3
	}
	if opts.ReminderFraction <= 0 || opts.ReminderFraction >= 1 {
		opts.ReminderFraction = 0.75
	}
	if opts.Rand == nil {
		opts.Rand = rand.IntN
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Render == nil {
		opts.Render = DefaultRender
	}
	if clock == nil {
		clock = SystemClock{}
	}
	return &Referee{store: store, clock: clock, opts: opts, cache: newRecordCache()}
}

func (r *Referee) randInt(n int) int {
	r.randM.Lock()
	defer r.randM.Unlock()
	return r.opts.Rand(n)
}

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

// needLock aborts an evaluation that must hold another stripe.
type needLock struct{ stripe int }

func (e *needLock) Error() string { return fmt.Sprintf("need lock stripe %d", e.stripe) }

// errProcessed aborts a commit whose message was processed meanwhile.
var errProcessed = errors.New("message already processed")

// Handle processes one message and returns the replies it caused, which
// are also committed to the outbox in the same transaction as the state
// change. A message whose ID was processed before returns no reply and
// changes nothing. An error means nothing was committed.
func (r *Referee) Handle(ctx context.Context, msg Message) ([]Reply, error) {
	if msg.ID == "" {
		return nil, errors.New("bot: message without id")
	}
	if msg.From.Transport == "" || strings.TrimSpace(msg.From.Address) == "" {
		return nil, errors.New("bot: message without sender")
	}
	done := false
	var mine []string
	if err := r.store.View(ctx, func(tx Tx) error {
		if _, err := tx.Processed(msg.ID); err == nil {
			done = true
			return nil
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		var err error
		mine, err = tx.GamesOf(msg.From.Key())
		return err
	}); err != nil {
		return nil, fmt.Errorf("bot: check message %s: %w", msg.ID, err)
	}
	if done {
		return nil, nil
	}
	if msg.Received.IsZero() {
		msg.Received = r.clock.Now()
	}
	cmds, perr := ParseCommands(msg.Text)
	want := map[int]bool{stripeOf(msg.From.Key()): true}
	if msg.Thread != "" {
		want[stripeOf(msg.Thread)] = true
	}
	// Lock the sender's games up front, so the usual message needs no
	// second attempt.
	if len(mine) <= maxPrelock {
		for _, id := range mine {
			want[stripeOf(id)] = true
		}
	}
	ls := &lockSet{r: r}
	var allocated []string
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ls.lock(want)
		s := r.newSession(ctx, ls, msg)
		s.allocated = allocated
		err := s.safeRun(cmds, perr)
		var nl *needLock
		if errors.As(err, &nl) {
			ls.unlock()
			want[nl.stripe] = true
			allocated = s.allocated
			continue
		}
		if err != nil {
			ls.unlock()
			return nil, fmt.Errorf("bot: message %s: %w", msg.ID, err)
		}
		replies, err := s.commit(&ProcessedRecord{ID: msg.ID, At: s.now})
		ls.unlock()
		if errors.Is(err, errProcessed) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("bot: commit message %s: %w", msg.ID, err)
		}
		r.notify(replies)
		r.opts.Logger.Debug("handled message", "id", msg.ID, "from", msg.From.Key(), "replies", len(replies))
		return replies, nil
	}
}

func (r *Referee) notify(replies []Reply) {
	if r.opts.Notify == nil || len(replies) == 0 {
		return
	}
	seen := map[string]bool{}
	var ts []string
	for _, rp := range replies {
		if !seen[rp.To.Transport] {
			seen[rp.To.Transport] = true
			ts = append(ts, rp.To.Transport)
		}
	}
	r.opts.Notify(ts)
}

// Pending returns up to limit undelivered replies for a transport, oldest
// first, with their pictures rendered into Images.
func (r *Referee) Pending(ctx context.Context, transport string, limit int) ([]Reply, error) {
	out, err := r.PendingText(ctx, transport, limit)
	if err != nil {
		return nil, err
	}
	for i := range out {
		for _, p := range out[i].Pictures {
			png, err := r.opts.Render(p)
			if err != nil {
				r.opts.Logger.Warn("render picture", "reply", out[i].ID, "err", err)
				continue
			}
			if png != nil {
				out[i].Images = append(out[i].Images, Attachment{Name: p.Name, PNG: png})
			}
		}
	}
	return out, nil
}

// PendingText is Pending without rendering the pictures, for transports
// that show none.
func (r *Referee) PendingText(ctx context.Context, transport string, limit int) ([]Reply, error) {
	var out []Reply
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		out, err = tx.Pending(transport, limit)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("bot: pending replies: %w", err)
	}
	return out, nil
}

// Delivered marks a reply as delivered, removing it from the outbox.
func (r *Referee) Delivered(ctx context.Context, replyID string) error {
	now := r.clock.Now()
	if err := r.store.Update(ctx, func(tx Tx) error { return tx.MarkDelivered(replyID, now) }); err != nil {
		return fmt.Errorf("bot: delivered %s: %w", replyID, err)
	}
	return nil
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

// safeRun runs the commands and turns a panic into an error, so that no
// input can bring the bot down; nothing is committed then.
func (s *session) safeRun(cmds []Command, perr error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			s.r.opts.Logger.Error("panic while handling a message", "id", s.msg.ID, "panic", p)
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return s.run(cmds, perr)
}

// gameState is a game loaded under its lock.
type gameState struct {
	rec   *GameRecord
	tg    *tak.Game
	dirty bool
}

func (gs *gameState) pos() *tak.Position { return gs.tg.Position() }

// outText is the text and pictures one recipient gets about one thread.
type outText struct {
	to       string // player key
	thread   string
	subject  string
	lines    []string
	pictures []Picture
}

// session evaluates one message (or clock event) in memory.
type session struct {
	r         *Referee
	ctx       context.Context
	ls        *lockSet
	now       time.Time
	msg       Message
	sender    *PlayerRecord
	players   map[string]*PlayerRecord
	dirtyP    map[string]bool
	games     map[string]*gameState
	peeked    map[string]*GameRecord // games read under their lock, not yet loaded
	current   string                 // game chosen by "game ID" in this message
	outs      []*outText
	allocated []string // game ids allocated by earlier attempts
	nalloc    int
	replyBase string
}

func (r *Referee) newSession(ctx context.Context, ls *lockSet, msg Message) *session {
	return &session{r: r, ctx: ctx, ls: ls, now: r.clock.Now(), msg: msg,
		players: map[string]*PlayerRecord{}, dirtyP: map[string]bool{}, games: map[string]*gameState{}, peeked: map[string]*GameRecord{},
		replyBase: msg.ID}
}

func (s *session) view(fn func(Tx) error) error { return s.r.store.View(s.ctx, fn) }

// player returns a player record (a fresh one if unknown). Only the
// sender's record may be changed, under the sender's lock.
func (s *session) player(key string) (*PlayerRecord, error) {
	if p, ok := s.players[key]; ok {
		return p, nil
	}
	if p, ok := s.r.cache.player(key); ok {
		s.players[key] = p
		return p, nil
	}
	var p *PlayerRecord
	err := s.view(func(tx Tx) error {
		var err error
		p, err = tx.Player(key)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		id, _ := ParseIdentity(key)
		p = &PlayerRecord{Key: key, Identity: id, Name: id.Address, Notation: notation.Mail, Created: s.now}
		err = nil
	}
	if err != nil {
		return nil, err
	}
	s.players[key] = p
	return p, nil
}

// game loads a game under its lock.
func (s *session) game(id string) (*gameState, error) {
	if gs, ok := s.games[id]; ok {
		return gs, nil
	}
	if st := stripeOf(id); !s.ls.has(st) {
		return nil, &needLock{st}
	}
	if rec, tg, ok := s.r.cache.game(id); ok {
		gs := &gameState{rec: rec, tg: tg}
		s.games[id] = gs
		return gs, nil
	}
	rec, ok := s.peeked[id]
	if !ok {
		err := s.view(func(tx Tx) error {
			var err error
			rec, err = tx.Game(id)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	tg, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	gs := &gameState{rec: rec, tg: tg}
	s.games[id] = gs
	return gs, nil
}

// peekGame reads a game without its lock, to choose among games.
func (s *session) peekGame(id string) (*GameRecord, error) {
	if gs, ok := s.games[id]; ok {
		return gs.rec, nil
	}
	if rec, ok := s.peeked[id]; ok {
		return rec, nil
	}
	if s.ls.has(stripeOf(id)) {
		// Under its lock the cache is current: load the game fully.
		if _, _, ok := s.r.cache.game(id); ok {
			gs, err := s.game(id)
			if err != nil {
				return nil, err
			}
			return gs.rec, nil
		}
	}
	var rec *GameRecord
	err := s.view(func(tx Tx) error {
		var err error
		rec, err = tx.Game(id)
		return err
	})
	if err == nil && s.ls.has(stripeOf(id)) {
		// Read under its lock: it stays current until this session ends.
		s.peeked[id] = rec
	}
	return rec, err
}

func (s *session) gamesOf(key string) ([]string, error) {
	var ids []string
	err := s.view(func(tx Tx) error {
		var err error
		ids, err = tx.GamesOf(key)
		return err
	})
	for id, gs := range s.games { // games created in this session
		if _, ok := gs.rec.ColorOf(key); ok && !contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, err
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// out returns the buffer for a recipient and thread, in first-use order.
func (s *session) out(to, thread string) *outText {
	for _, o := range s.outs {
		if o.to == to && o.thread == thread {
			return o
		}
	}
	o := &outText{to: to, thread: thread}
	s.outs = append(s.outs, o)
	return o
}

// addPicture attaches p to the reply. A picture of the same name (the same
// game, turn and orientation: "ps a1; board" shows the board twice) is
// attached once, in its latest state (a resignation after a move changes
// the picture of that turn).
func (o *outText) addPicture(p Picture) {
	for i := range o.pictures {
		if o.pictures[i].Name == p.Name {
			o.pictures[i] = p
			return
		}
	}
	o.pictures = append(o.pictures, p)
}

func (s *session) say(to, thread string, format string, args ...any) {
	o := s.out(to, thread)
	o.lines = append(o.lines, fmt.Sprintf(format, args...))
}

// commit writes everything in one transaction and returns the replies.
func (s *session) commit(proc *ProcessedRecord) ([]Reply, error) {
	replies := make([]Reply, 0, len(s.outs))
	for i, o := range s.outs {
		if len(o.lines) == 0 && len(o.pictures) == 0 {
			continue
		}
		id, _ := ParseIdentity(o.to)
		name := id.Address
		if p, err := s.player(o.to); err == nil && p.Name != "" {
			name = p.Name
		}
		subj := o.subject
		if subj == "" {
			subj = "Tak"
			if o.thread != "" {
				subj = "Tak game " + o.thread
				if gs, ok := s.games[o.thread]; ok {
					subj += ": " + gs.rec.Names[0] + " vs " + gs.rec.Names[1]
				}
			}
		}
		replies = append(replies, Reply{
			ID: fmt.Sprintf("%s/%d", s.replyBase, i+1), To: id, ToName: name, Thread: o.thread,
			Subject: subj, Text: strings.Join(o.lines, "\n"), Pictures: o.pictures,
			Cause: proc.ID, Created: s.now,
		})
	}
	var games []*GameRecord
	for _, gs := range s.games {
		if gs.dirty {
			gs.rec.Version++
			gs.rec.Updated = s.now
			games = append(games, gs.rec)
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].ID < games[j].ID })
	var players []*PlayerRecord
	for k := range s.dirtyP {
		players = append(players, s.players[k])
	}
	sort.Slice(players, func(i, j int) bool { return players[i].Key < players[j].Key })
	for _, rp := range replies {
		proc.Replies = append(proc.Replies, rp.ID)
	}
	out := make([]Reply, len(replies))
	err := s.r.store.Update(s.ctx, func(tx Tx) error {
		if proc.ID != "" {
			if _, err := tx.Processed(proc.ID); err == nil {
				return errProcessed
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
			if err := tx.MarkProcessed(proc); err != nil {
				return err
			}
		}
		for _, g := range games {
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		for _, p := range players {
			if err := tx.PutPlayer(p); err != nil {
				return err
			}
		}
		for i := range replies {
			rp := replies[i]
			if err := tx.Enqueue(&rp); err != nil {
				return err
			}
			out[i] = rp
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Committed: remember the records (the session is done with them).
	for _, gs := range s.games {
		s.r.cache.putGame(gs.rec, gs.tg)
	}
	for k := range s.dirtyP {
		s.r.cache.putPlayer(s.players[k])
	}
	return out, nil
}
