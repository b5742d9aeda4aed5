package bot

import (
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
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

// whoFor names a player with their colour for a reader: "you (white)" or
// "alice (white)".
func whoFor(g *GameRecord, c tak.Color, reader string) string {
	if isReader(g, c, reader) {
		return "you (" + c.String() + ")"
	}
	return who(g, c)
}

// nameFor names a player for a reader: "you" or "alice".
func nameFor(g *GameRecord, c tak.Color, reader string) string {
	if isReader(g, c, reader) {
		return "you"
	}
	return g.Names[c]
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

// resultTextFor says how a game ended to a reader: "you (white) win by
// road (R-0). You score 23." It starts in lower case, after "Game over: ".
func resultTextFor(g *GameRecord, reader string) string {
	if g.Result == nil {
		return ""
	}
	var r words.Reader
	for _, c := range []tak.Color{tak.White, tak.Black} {
		r.You[c] = isReader(g, c, reader)
	}
	return wordsResult(g.Result).Words(wordsGame(g), r)
}

// answerHint tells a player how to answer an offer ("; send \"accept\" or
// \"decline\""), except where Accept and Decline buttons come with the
// reply.
func (s *session) answerHint(key, lead string) string {
	if s.buttons(key) {
		return ""
	}
	return lead + ` "accept" or "decline"`
}
