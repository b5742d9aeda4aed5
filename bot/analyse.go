package bot

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/takbymail/takbot/tak"
)

// The limits of "analyse" (issue 24): the engine's time is the scarcest
// thing the referee hands out, and its analysis must not help a player in
// a game against another player.
//
//   - One message analyses a position once: 20 "analyse" lines for the
//     same game and turn are one search (analysedHere).
//   - A player may have Quotas.AnalysesPerHour positions analysed an hour
//     (default 10); asking again for a position analysed for them within
//     the hour is not counted again (countAnalysis), and its result is
//     reused (analysisCache) rather than searched again.
//   - A game against takbot that does not start from the empty board
//     ("new takbot tps=…", or an adopted board) is analysed only where
//     its position cannot come from the player's live games against
//     other players (fairSetUp).

// analysedHere reports whether this message already asked for the
// analysis of game's position after turn: it is analysed once.
func (s *session) analysedHere(game string, turn int) bool {
	for _, d := range s.drafts {
		if d.to != s.sender.Key {
			continue
		}
		for _, p := range d.parts {
			if p.Kind != Analysis {
				continue
			}
			var req AnalysisRequest
			if json.Unmarshal([]byte(p.Text), &req) == nil && req.Kind == AnalyseLine && req.Game == game && req.Turn == turn {
				return true
			}
		}
	}
	return false
}

// countAnalysis counts an analysis of game's position after turn (the
// game plies long) against the sender's hourly quota, or refuses it with
// the time the quota frees. A position analysed for them within the hour,
// the game unchanged since, is not counted again. The
// count is kept in the player's record (the slice replaced, never
// changed in place: cached copies share it).
func (s *session) countAnalysis(game string, turn, plies int) error {
	p := s.sender
	hourAgo := s.now.Add(-time.Hour)
	recent := make([]AnalysisMark, 0, len(p.Analyses)+1)
	for _, m := range p.Analyses {
		if m.At.After(hourAgo) && !m.At.After(s.now) {
			recent = append(recent, m)
		}
	}
	for _, m := range recent {
		if m.Game == game && m.Turn == turn && m.Plies == plies {
			return nil // analysed for them within the hour: the result is kept
		}
	}
	limit := s.r.opts.Quotas.AnalysesPerHour
	if len(recent) >= limit {
		return refuse("you have had %d positions analysed in the last hour, the most takbot analyses for one player in an hour; you can ask again after %s",
			len(recent), fmtTime(recent[len(recent)-limit].At.Add(time.Hour)))
	}
	if p.Created.Equal(s.now) && s.msg.Unverified {
		return nil // not recorded as a player (run): nothing of theirs to analyse anyway
	}
	p.Analyses = append(recent, AnalysisMark{At: s.now, Game: game, Turn: turn, Plies: plies})
	s.markPlayer(p)
	return nil
}

// fairSetUp refuses the analysis of the position after ply n of a game
// against takbot that did not start from the empty board, when that
// position could come from one of the sender's live games against another
// player of the same board size: a player must not set up their game's
// position against takbot to have it analysed.
//
// The rule, cheap and sound: pieces never leave the board in Tak (a ply
// places one or moves some), so a position reachable from a live game's
// position P has at least P's stones and at least P's capstones of each
// colour on the board. The analysis is refused when the position has at
// least as many of each as the live game's position now (it may lie ahead
// of it), or has the board and side to move of any position the live game
// passed through (it lies behind it).
func (s *session) fairSetUp(gs *gameState, n int) error {
	q := gs.tg.PositionAfter(n)
	ids, err := s.gamesOf(s.sender.Key)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id == gs.rec.ID {
			continue
		}
		g, err := s.peekGame(id)
		if err != nil {
			return err
		}
		if g.Status != Active || g.AgainstEngine() || g.Config.Size != gs.rec.Config.Size {
			continue
		}
		live, err := s.game(id)
		if err != nil {
			return err
		}
		if reachable(q, live.tg) {
			return refuse("game %s was set up from a position, and the position to analyse could come from your game %s against %s, which is in progress: takbot does not analyse that%s",
				gs.rec.ID, id, g.Names[1-colorIndex(g, s.sender.Key)], s.chosenHint(gs.rec))
		}
	}
	return nil
}

// reachable reports whether position q could be one of game g's: one it
// passed through, or one that may follow its position now (see fairSetUp).
func reachable(q *tak.Position, g *tak.Game) bool {
	if q.Size() != g.Position().Size() {
		return false
	}
	if atLeast(pieceCounts(q), pieceCounts(g.Position())) {
		return true
	}
	for i := 0; i <= g.Len(); i++ {
		if p := g.PositionAfter(i); p.ToMove() == q.ToMove() && p.SameBoard(q) {
			return true
		}
	}
	return false
}

// pieceCounts counts each colour's stones (flats and walls) and
// capstones on the board.
func pieceCounts(p *tak.Position) [2][2]int {
	var out [2][2]int
	for _, sq := range p.Squares() {
		for _, pc := range p.Stack(sq) {
			k := 0
			if pc.Kind() == tak.Cap {
				k = 1
			}
			out[pc.Color()][k]++
		}
	}
	return out
}

// atLeast reports whether a has at least b's pieces of every colour and
// kind.
func atLeast(a, b [2][2]int) bool {
	for c := range 2 {
		for k := range 2 {
			if a[c][k] < b[c][k] {
				return false
			}
		}
	}
	return true
}

// analysisCache keeps the latest analyses by their request (the game's
// PTN, the position, the reader's look and notation), so that asking
// again for one is answered without a search, and two deliveries of the
// same request at once run it once. It lives in memory: a restart
// searches again.
type analysisCache struct {
	mu    sync.Mutex
	m     map[[32]byte]*analysisEntry
	order [][32]byte // oldest first
}

// maxCachedAnalyses bounds the analyses kept.
const maxCachedAnalyses = 128

type analysisEntry struct {
	done   chan struct{}
	parts  []Part
	images []Attachment
	err    error
}

// get returns the analysis of req, running run once for concurrent and
// later callers with the same request; a failure is not kept.
func (c *analysisCache) get(ctx context.Context, req AnalysisRequest, run func() ([]Part, []Attachment, error)) ([]Part, []Attachment, error) {
	b, _ := json.Marshal(req) // plain data: never fails
	key := sha256.Sum256(b)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[[32]byte]*analysisEntry{}
	}
	if e, ok := c.m[key]; ok {
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		if e.err == nil {
			return slices.Clone(e.parts), slices.Clone(e.images), nil
		}
		return run() // the first one failed (perhaps out of time): try again
	}
	e := &analysisEntry{done: make(chan struct{})}
	c.m[key] = e
	c.order = append(c.order, key)
	for len(c.order) > maxCachedAnalyses {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.mu.Unlock()
	e.parts, e.images, e.err = run()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.m[key] == e {
			delete(c.m, key)
			if i := slices.Index(c.order, key); i >= 0 {
				c.order = slices.Delete(c.order, i, i+1)
			}
		}
		c.mu.Unlock()
	}
	return slices.Clone(e.parts), slices.Clone(e.images), e.err
}
