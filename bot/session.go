package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/bot/names"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// gameState is a game loaded under its lock, with its replayed history.
type gameState struct {
	rec   *GameRecord
	tg    *tak.Game
	dirty bool
	ended bool // the game ended in this session: its last replies carry the review
	// board holds the texts of the position last shown (boardtext.go).
	board *present.Board
}

func (gs *gameState) pos() *tak.Position { return gs.tg.Position() }

// session evaluates one message (or clock event) in memory; commit writes
// what it changed and the replies it wrote in one transaction.
type session struct {
	r        *Referee
	ctx      context.Context
	ls       *lockSet
	now      time.Time // when the referee evaluates
	received time.Time // when the transport received the message
	msg      Message
	sender   *PlayerRecord
	players  map[string]*PlayerRecord
	dirtyP   map[string]bool // made by markPlayer
	fresh    map[string]bool // players read and not found: made by player
	games    map[string]*gameState
	peeked   map[string]*GameRecord // games read under their lock, not yet loaded; made by peekGame
	// current is the game chosen by "game ID" earlier in this message.
	current   string
	drafts    []*draft
	allocated []string // game ids allocated by earlier attempts
	nalloc    int
	replyBase string // reply ids are replyBase/N
	touched   []string
	refused   bool
	// rate is the sender's hourly count's verdict on the message; dropped
	// is set when the message was not read for it.
	rate    consent.Verdict
	dropped bool
	// stage counts the moves plans answered with in this session: each
	// is told in drafts of its own (plans.go).
	stage int
	// extra are writes of the commit's transaction beyond games, players
	// and replies (a reply's delivery state).
	extra []func(Tx) error
	// senderGames are the sender's game ids as Handle read them before
	// taking the locks (with senderGamesRead), so that gamesOf needs no
	// second read for the sender. A game another message created for the
	// sender meanwhile is missing from them, as if this message had come
	// first; a game changed meanwhile is read again under its lock.
	senderGames     []string
	senderGamesRead bool
	// gameCommand is set when the message has a command that changes a
	// game (ClassGame, run or refused): its answers about the sender's
	// own games are Play answers, never held by a limit (ownPlay).
	gameCommand bool
	// moments are the games' moments stamped on the replies' actions
	// (moment.go), each computed once.
	moments map[string]string
	// events are the events read and changed (seam_events.go).
	events eventState
}

func (r *Referee) newSession(ctx context.Context, ls *lockSet, msg Message, replyBase string) *session {
	now := r.clock.Now()
	received := msg.Received
	if received.IsZero() || received.After(now) {
		received = now
	}
	return &session{r: r, ctx: ctx, ls: ls, now: now, received: received, msg: msg,
		players: map[string]*PlayerRecord{}, games: map[string]*gameState{}, replyBase: replyBase}
}

func (s *session) view(fn func(Tx) error) error { return s.r.store.View(s.ctx, fn) }

// safeRun runs the commands and turns a panic into an error, so that no
// input can bring the referee down; nothing is committed then.
func (s *session) safeRun(p Parsed, perr error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			s.r.logger().Error("panic while handling a message", "id", s.msg.ID, "transport", s.msg.From.Transport, "panic", v)
			err = fmt.Errorf("internal error: %v", v)
		}
	}()
	if err := s.run(p, perr); err != nil {
		return err
	}
	if err := s.settleRatings(); err != nil {
		return err
	}
	return s.settleEvents()
}

// player returns a player record (a fresh one if unknown). Only the
// sender's record, and records under the session's locks, may change.
func (s *session) player(key string) (*PlayerRecord, error) {
	if p, ok := s.players[key]; ok {
		return p, nil
	}
	if p, ok := s.r.cache.Player(key); ok {
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
		if s.fresh == nil {
			s.fresh = map[string]bool{}
		}
		s.fresh[key] = true // never stored: nobody the bot knows (policy.go)
		id, _ := ParseIdentity(key)
		p = &PlayerRecord{Key: key, Identity: id, Name: s.r.defaultName(id), Notation: s.r.defaultNotation(id), Created: s.now}
		err = nil
	}
	if err != nil {
		return nil, err
	}
	s.players[key] = p
	return p, nil
}

// defaultNotation is the notation a new player is answered in.
func (r *Referee) defaultNotation(id Identity) notation.Orientation {
	if e := r.transport(id.Transport); e != nil && e.info.PTNFirst {
		return notation.PTN
	}
	return notation.Mail
}

// defaultName names a player whose display name is not known.
func (r *Referee) defaultName(id Identity) string {
	if e := r.transport(id.Transport); e != nil && e.info.DisplayName != nil {
		if n := names.Clean(e.info.DisplayName(id.Address)); n != "" {
			return n
		}
	}
	return id.Address
}

// game loads a game under its lock.
func (s *session) game(id string) (*gameState, error) {
	if gs, ok := s.games[id]; ok {
		return gs, nil
	}
	if st := stripeOf(id); !s.ls.has(st) {
		return nil, &needLock{st}
	}
	if rec, tg, ok := s.r.cache.SessionGame(id); ok {
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
	tg, err := rec.History()
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
		if s.r.cache.HasGame(id) {
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
		if s.peeked == nil {
			s.peeked = map[string]*GameRecord{}
		}
		s.peeked[id] = rec
	}
	return rec, err
}

// gamesOf returns a player's game ids, with the games this session created.
func (s *session) gamesOf(key string) ([]string, error) {
	var ids []string
	var err error
	if s.senderGamesRead && key == s.msg.From.Key() {
		ids = slices.Clip(s.senderGames)
	} else {
		err = s.view(func(tx Tx) error {
			var err error
			ids, err = tx.GamesOf(key)
			return err
		})
	}
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	var created []string
	for id, gs := range s.games {
		if _, ok := gs.rec.ColorOf(key); ok && !seen[id] {
			created = append(created, id)
		}
	}
	sort.Strings(created)
	return append(ids, created...), err
}

func (s *session) touch(id string) {
	for _, t := range s.touched {
		if t == id {
			return
		}
	}
	s.touched = append(s.touched, id)
}

// newGameID allocates a game id; ids allocated by an attempt that had to
// start again are reused.
func (s *session) newGameID() (string, error) {
	if s.nalloc < len(s.allocated) {
		id := s.allocated[s.nalloc]
		s.nalloc++
		return id, nil
	}
	var id string
	err := s.r.store.Update(s.ctx, func(tx Tx) error {
		var err error
		id, err = tx.NewGameID()
		return err
	})
	if err != nil {
		return "", err
	}
	s.allocated = append(s.allocated, id)
	s.nalloc++
	return id, nil
}

// commit writes everything in one transaction and returns the replies.
// proc.ID "" is a clock event: nothing is marked processed.
func (s *session) commit(proc *ProcessedRecord, state []StateWrite) ([]Reply, error) {
	replies := s.replies(proc.ID)
	var games []*GameRecord
	for _, gs := range s.games {
		if gs.dirty {
			gs.rec.Version++
			gs.rec.Updated = s.now
			gs.rec.Wake = s.r.wakeOf(gs.rec)
			games = append(games, gs.rec)
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].ID < games[j].ID })
	var players []*PlayerRecord
	for k := range s.dirtyP {
		players = append(players, s.players[k])
	}
	sort.Slice(players, func(i, j int) bool { return players[i].Key < players[j].Key })
	keep := make([]Reply, len(replies)) // as stored: without what delivery draws again
	for i, rp := range replies {
		proc.Replies = append(proc.Replies, rp.ID)
		keep[i] = present.Stored(rp)
	}
	if p, ok := s.r.store.(Preparer); ok {
		s.r.gate.Enter()
		done := p.Prepare(games, keep)
		s.r.gate.Leave()
		defer done()
	}
	s.extra = append(s.extra, challenge.SeekIndex(games))
	out := make([]Reply, len(replies))
	err := s.r.store.Update(s.ctx, func(tx Tx) error {
		s.r.gate.Claim() // others wait for this transaction: it goes first
		defer s.r.gate.Leave()
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
			rp := keep[i]
			if err := tx.Enqueue(&rp); err != nil {
				return err
			}
			out[i] = replies[i]
			out[i].Seq = rp.Seq
		}
		for _, fn := range s.extra {
			if err := fn(tx); err != nil {
				return err
			}
		}
		return applyState(tx, s.msg.From.Transport, state)
	})
	if err != nil {
		return nil, err
	}
	// Committed: remember the records (the session is done with them).
	for _, gs := range s.games {
		s.r.cache.PutGame(gs.rec, gs.tg)
	}
	s.r.subs.Publish(games)
	for k := range s.dirtyP {
		s.r.cache.PutPlayer(s.players[k])
	}
	return out, nil
}

// markPlayer records that the session changed a player's record.
func (s *session) markPlayer(p *PlayerRecord) {
	if s.dirtyP == nil {
		s.dirtyP = map[string]bool{}
	}
	s.dirtyP[p.Key] = true
}
