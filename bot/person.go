package bot

import (
	"github.com/takbymail/takbot/tak"
)

// Replies speak to their reader: "you" for the player a reply goes to,
// a name for the other one. The helpers here take the reader's player key;
// an empty key (a game's notes, a log) writes every player in the third
// person.

// isReader reports whether colour c of game g is the reader (and not both
// players: a game against oneself names the colours).
func isReader(g *GameRecord, c tak.Color, reader string) bool {
	return reader != "" && g.Players[c] == reader && g.Players[0] != g.Players[1]
}

// buttons reports whether a player's transport shows actions as buttons,
// so that a reply need not also say which commands answer.
func (s *session) buttons(key string) bool {
	id, ok := ParseIdentity(key)
	if !ok {
		return false
	}
	e := s.r.transport(id.Transport)
	return e != nil && e.info.Limits.Buttons
}
