package bot

import (
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The seam of bot/gameinfo and bot/syncboard (their Turn interfaces):
// each method forwards to the session (bot/analysis' methods are in
// seam_review.go).

// Status adds what the player to sees of loaded game g (status).
func (s *session) Status(g *record.Game, to string, withPicture bool) {
	s.status(s.games[g.ID], to, withPicture)
}

// StatusMarked is Status with squares of the picture marked, and why.
func (s *session) StatusMarked(g *record.Game, to string, withPicture bool, marks []tak.Square, caption string) {
	s.statusMarked(s.games[g.ID], to, withPicture, marks, caption)
}

// Reader describes the player key as a reader of game g, nil for none.
func (s *session) Reader(g *record.Game, key string) words.Reader { return s.reader(g, key) }
