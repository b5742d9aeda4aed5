package discord

import (
	"strings"
	"sync"
)

// memory is the adapter state the transport keeps in memory: a copy of
// what it wrote to the store (places, preferences) and what lives only
// while it runs (the events it has seen, whether an interaction's answer
// was filled).
type memory struct {
	mu      sync.Mutex
	places  map[string]placeRecord // game → place
	threads map[string]string      // thread → game
	prefs   map[string]string      // state key → value: notify/, dmfail/, home/, cursor/
	origins map[string]*liveOrigin // event id → origin
	seen    map[string]bool        // gateway events handled (interaction and message ids)
	order   []string               // seen, oldest first
}

// liveOrigin is an origin with what happened to its answer.
type liveOrigin struct {
	originRecord
	filled bool // a follow-up filled the deferred answer
}

// maxSeen bounds the ids remembered against gateway events that come
// twice; older ones are caught by the referee's own deduplication.
const maxSeen = 4096

func newMemory() *memory {
	return &memory{places: map[string]placeRecord{}, threads: map[string]string{}, prefs: map[string]string{},
		origins: map[string]*liveOrigin{}, seen: map[string]bool{}}
}

// firstSight records an event id and reports whether it is new.
func (m *memory) firstSight(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.seen[id] {
		return false
	}
	m.seen[id] = true
	m.order = append(m.order, id)
	if len(m.order) > maxSeen {
		delete(m.seen, m.order[0])
		m.order = m.order[1:]
	}
	return true
}

func (m *memory) setPlace(game string, p placeRecord) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.places[game]; ok && old.Thread != "" {
		delete(m.threads, old.Thread)
	}
	m.places[game] = p
	if p.Thread != "" {
		m.threads[p.Thread] = game
	}
}

func (m *memory) forgetPlace(game string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.places[game]; ok {
		delete(m.threads, old.Thread)
	}
	delete(m.places, game)
}

func (m *memory) place(game string) (placeRecord, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.places[game]
	return p, ok
}

// gameOf returns the game a thread stands for.
func (m *memory) gameOf(thread string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.threads[thread]
	return g, ok
}

// threadGames lists the game threads.
func (m *memory) threadGames() map[string]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]string, len(m.threads))
	for t, g := range m.threads {
		out[t] = g
	}
	return out
}

func (m *memory) setPref(key, value string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if value == "" {
		delete(m.prefs, key)
		return
	}
	m.prefs[key] = value
}

func (m *memory) pref(key string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.prefs[key]
}

func (m *memory) setOrigin(id string, o originRecord) *liveOrigin {
	m.mu.Lock()
	defer m.mu.Unlock()
	lo := &liveOrigin{originRecord: o}
	m.origins[id] = lo
	return lo
}

func (m *memory) origin(id string) (*liveOrigin, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	o, ok := m.origins[id]
	return o, ok
}

// fill marks an interaction's deferred answer filled, and reports whether
// it was not yet.
func (m *memory) fill(o *liveOrigin) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	first := !o.filled
	o.filled = true
	return first
}

// dropOrigins forgets the origins keep refuses (those too old to answer).
func (m *memory) dropOrigins(keep func(originRecord) bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, o := range m.origins {
		if !keep(o.originRecord) {
			delete(m.origins, id)
		}
	}
}

// directory knows the users the adapter has seen: their display names
// (for the referee's DisplayName) and usernames (so that "@alice" and
// "discord:alice" name a player once the bot has seen them).
type directory struct {
	mu     sync.RWMutex
	names  map[string]userRecord // user id → names
	byName map[string]string     // username → user id
}

func newDirectory() *directory {
	return &directory{names: map[string]userRecord{}, byName: map[string]string{}}
}

// learn records a user's names and reports whether they changed.
func (d *directory) learn(id string, u userRecord) bool {
	u.Username = strings.ToLower(u.Username)
	d.mu.Lock()
	defer d.mu.Unlock()
	old, known := d.names[id]
	if known && old == u {
		return false
	}
	if known && old.Username != "" && d.byName[old.Username] == id {
		delete(d.byName, old.Username)
	}
	d.names[id] = u
	if u.Username != "" {
		d.byName[u.Username] = id
	}
	return true
}

// name returns a user's display name, "" if unknown.
func (d *directory) name(id string) string {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.names[id].Name
}

// record returns what the directory knows of a user.
func (d *directory) record(id string) (userRecord, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	u, ok := d.names[id]
	return u, ok
}

// byUsername returns the id of a username.
func (d *directory) byUsername(name string) (string, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	id, ok := d.byName[strings.ToLower(name)]
	return id, ok
}
