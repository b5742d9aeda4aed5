package recordcache

import (
	"sync"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// cacheSize bounds the games and players kept decoded in memory.
const cacheSize = 20000

// Cache keeps the last committed state of games (with their replayed
// history) and players, so a move costs no decoding and no replay. It is
// authoritative because every write to a game or player goes through the
// referee under that record's lock, and entries are stored only after their
// transaction committed. One Referee must own a store.
type Cache struct {
	mu      sync.Mutex
	games   map[string]cachedGame
	players map[string]record.Player
}

type cachedGame struct {
	rec *record.Game // never changed once cached (sessions append past the end of its moves: record.Game.ShareMoves)
	tg  *tak.Game    // never changed once cached
}

// New returns an empty cache.
func New() *Cache {
	return &Cache{games: map[string]cachedGame{}, players: map[string]record.Player{}}
}

// entry returns a cached game as cached, to be copied.
func (c *Cache) entry(id string) (cachedGame, bool) {
	c.mu.Lock()
	e, ok := c.games[id]
	c.mu.Unlock()
	return e, ok
}

// Game returns a private copy of a cached game.
func (c *Cache) Game(id string) (*record.Game, *tak.Game, bool) {
	e, ok := c.entry(id)
	if !ok {
		return nil, nil, false
	}
	return e.rec.Clone(), e.tg.Clone(), true
}

// SessionGame returns a copy of a cached game for a session that holds
// the game's lock: a copy of everything but the moves' array, which it
// shares with the cached record (record.Game.ShareMoves).
func (c *Cache) SessionGame(id string) (*record.Game, *tak.Game, bool) {
	e, ok := c.entry(id)
	if !ok {
		return nil, nil, false
	}
	rec := e.rec.CloneButMoves()
	rec.Moves = e.rec.ShareMoves()
	return rec, e.tg.Clone(), true
}

// HasGame reports whether a game is cached, without copying it.
func (c *Cache) HasGame(id string) bool {
	_, ok := c.entry(id)
	return ok
}

// PutGame caches a game committed, with its replayed history; neither
// is changed afterwards.
func (c *Cache) PutGame(rec *record.Game, tg *tak.Game) {
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

// Player returns a private copy of a cached player.
func (c *Cache) Player(key string) (*record.Player, bool) {
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

// PutPlayer caches a player committed.
func (c *Cache) PutPlayer(p *record.Player) {
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

// ForgetPlayer drops a player from the cache, after a write that did not
// go through a session.
func (c *Cache) ForgetPlayer(key string) {
	c.mu.Lock()
	delete(c.players, key)
	c.mu.Unlock()
}
