package bot

import (
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Making games: the commands that make them are bot/challenge's; these
// write a new game and start it (the seam's AddGame and StartGame).

// addGame gives a new game its id and makes it the session's current
// game, written with the session's other changes.
func (s *session) addGame(g *GameRecord) (*gameState, error) {
	id, err := s.newGameID()
	if err != nil {
		return nil, err
	}
	g.ID = id
	tg, err := g.History()
	if err != nil {
		return nil, err
	}
	gs := &gameState{rec: g, tg: tg, dirty: true}
	s.games[id] = gs
	s.touch(id)
	s.current = id
	return gs, nil
}

// challengeExpiry is when an unanswered challenge expires.
func (r *Referee) challengeExpiry(g *GameRecord) time.Time {
	return g.Created.Add(time.Duration(r.opts.ChallengeDays) * 24 * time.Hour)
}

// startGame starts a challenged game.
func (s *session) startGame(gs *gameState) error {
	g := gs.rec
	g.Status = Active
	for c, key := range g.Players { // a player on vacation has their clock stopped
		p, err := s.player(key)
		if err != nil {
			return err
		}
		// The names the game shows are the players' names when it starts:
		// a challenged player named only by an address at the challenge
		// has told their name by accepting ("Bob" in their mail's From).
		if s.sender != nil && key == s.sender.Key {
			p = s.sender
		}
		if p.Name != "" {
			g.Names[c] = p.Name
		}
		if p.Vacation.After(s.now) {
			g.Vacation[c] = p.Vacation
		}
		g.Remind[c] = p.RemindLead
	}
	s.startTurn(gs)
	gs.dirty = true
	begins := words.GameBegins{Game: wordsGame(g), Settings: wordsSettings(g), RematchOf: g.RematchOf}
	for _, c := range []tak.Color{tak.White, tak.Black} {
		if v := g.Vacation[c]; v.After(s.now) {
			begins.Vacations[c] = v
		}
	}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, begins)
		s.status(gs, k, true)
	})
	return nil
}

// transportsByPreference lists the known transports: name first, then the
// running ones, then the known ones, each by name.
func (r *Referee) transportsByPreference(name string) []*transportEntry {
	r.tmu.RLock()
	defer r.tmu.RUnlock()
	var first, running, known []*transportEntry
	for _, e := range r.transports {
		switch {
		case e.info.Name == name:
			first = append(first, e)
		case e.t != nil:
			running = append(running, e)
		default:
			known = append(known, e)
		}
	}
	byName := func(a, b *transportEntry) int { return strings.Compare(a.info.Name, b.info.Name) }
	slices.SortFunc(running, byName)
	slices.SortFunc(known, byName)
	return slices.Concat(first, running, known)
}
