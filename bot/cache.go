package bot

import (
	"sync"

	"github.com/takbymail/takbot/tak"
)

// cacheSize bounds the games and players kept decoded in memory.
const cacheSize = 20000

// recordCache keeps the last committed state of games (with their replayed
// history) and players, so a move costs no decoding and no replay. It is
// authoritative because every write to a game or player goes through the
// referee under that record's lock, and entries are stored only after their
// transaction committed. One Referee must own a store.
type recordCache struct {
	mu      sync.Mutex
	games   map[string]cachedGame
	players map[string]PlayerRecord
}

type cachedGame struct {
	rec *GameRecord // never changed once cached (sessions append past the end of its moves: shareMoves)
	tg  *tak.Game   // never changed once cached
}

func newRecordCache() *recordCache {
	return &recordCache{games: map[string]cachedGame{}, players: map[string]PlayerRecord{}}
}

// entry returns a cached game as cached, to be copied.
func (c *recordCache) entry(id string) (cachedGame, bool) {
	c.mu.Lock()
	e, ok := c.games[id]
	c.mu.Unlock()
	return e, ok
}

// game returns a private copy of a cached game.
func (c *recordCache) game(id string) (*GameRecord, *tak.Game, bool) {
	e, ok := c.entry(id)
	if !ok {
		return nil, nil, false
	}
	return e.rec.clone(), e.tg.Clone(), true
}

// sessionGame returns a copy of a cached game for a session that holds
// the game's lock: a copy of everything but the moves' array, which it
// shares with the cached record (GameRecord.shareMoves).
func (c *recordCache) sessionGame(id string) (*GameRecord, *tak.Game, bool) {
	e, ok := c.entry(id)
	if !ok {
		return nil, nil, false
	}
	rec := e.rec.cloneButMoves()
	rec.Moves = e.rec.shareMoves()
	return rec, e.tg.Clone(), true
}

// shareMoves returns the record's moves for a copy that shares their
// array. That is safe because a session only ever appends to its moves,
// which writes past the end that every other holder of the array sees,
// or cuts them with their capacity (cutMoves), so that its next append
// moves them to an array of their own; and because only one session at a
// time holds a game's lock, so no two append to one array at once. The
// spare capacity lets the moves of many sessions go into one array,
// instead of each copying them all.
func (g *GameRecord) shareMoves() MoveList {
	if len(g.Moves) == 0 {
		return nil // as clone copies an empty list
	}
	return g.Moves
}

// cutMoves keeps the first n moves (n at most their number), in a slice
// without spare capacity: the array may be shared (shareMoves), and an
// append must not write over the moves cut.
func (g *GameRecord) cutMoves(n int) {
	g.Moves = g.Moves[:n:n]
}

// hasGame reports whether a game is cached, without copying it.
func (c *recordCache) hasGame(id string) bool {
	_, ok := c.entry(id)
	return ok
}

func (c *recordCache) putGame(rec *GameRecord, tg *tak.Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.games[rec.ID]; !ok && len(c.games) >= cacheSize {
		for k := range c.games { // evict one at random
			delete(c.games, k)
			break
		}
	}
	c.games[rec.ID] = cachedGame{rec: rec, tg: tg}
}

func (c *recordCache) player(key string) (*PlayerRecord, bool) {
	c.mu.Lock()
	p, ok := c.players[key]
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	cp := p
	if p.Unreachable != nil {
		u := *p.Unreachable
		u.Told = append([]string(nil), u.Told...)
		cp.Unreachable = &u
	}
	return &cp, true
}

func (c *recordCache) putPlayer(p *PlayerRecord) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.players[p.Key]; !ok && len(c.players) >= cacheSize {
		for k := range c.players {
			delete(c.players, k)
			break
		}
	}
	c.players[p.Key] = *p
}

// clone returns a deep copy of the record.
func (g *GameRecord) clone() *GameRecord {
	c := g.cloneButMoves()
	c.Moves = append([]MoveRecord(nil), g.Moves...)
	return c
}

// cloneButMoves returns a deep copy of the record but for its moves,
// which it shares.
func (g *GameRecord) cloneButMoves() *GameRecord {
	c := *g
	c.Events = append([]string(nil), g.Events...)
	c.Disputes = append([]Dispute(nil), g.Disputes...)
	c.Watchers = append([]string(nil), g.Watchers...)
	if g.Result != nil {
		r := *g.Result
		c.Result = &r
	}
	if g.Rating != nil {
		rc := *g.Rating
		c.Rating = &rc
	}
	if g.Proposal != nil {
		p := *g.Proposal
		c.Proposal = &p
	}
	for i, s := range g.Sync {
		if s != nil {
			cp := *s
			c.Sync[i] = &cp
		}
	}
	return &c
}

// forgetPlayer drops a player from the cache, after a write that did not
// go through a session.
func (c *recordCache) forgetPlayer(key string) {
	c.mu.Lock()
	delete(c.players, key)
	c.mu.Unlock()
}
