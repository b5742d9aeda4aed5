package bot

import (
	"errors"

	"github.com/takbymail/takbot/bot/moment"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/words"
)

// MomentOf is the state of a game that actions offered about it depend
// on, as a short string (package moment).
func MomentOf(g *GameRecord) string { return moment.Of(g, pick.StartPly(g)+len(g.Moves)) }

// ValidMoment reports whether s is shaped as MomentOf writes moments
// (moment.Valid).
func ValidMoment(s string) bool { return moment.Valid(s) }

// stampMoments sets the moment of each action about a game that has
// none yet: as the game stands at the end of the session (the state the
// reply describes) when the session holds it, else as read now (an
// action about a game the session only looked at: a listing, a
// question).
func (s *session) stampMoments(as []Action) {
	for i := range as {
		a := &as[i]
		if a.Game == "" || a.Moment != "" {
			continue
		}
		if m, ok := s.moments[a.Game]; ok {
			a.Moment = m
			continue
		}
		var g *GameRecord
		if gs, ok := s.games[a.Game]; ok {
			g = gs.rec
		} else if rec, err := s.peekGame(a.Game); err == nil {
			g = rec
		} else {
			continue // a game that cannot be read: the action goes unchecked
		}
		a.Moment = MomentOf(g)
		if s.moments == nil {
			s.moments = map[string]string{}
		}
		s.moments[a.Game] = a.Moment // the games do not change while the replies are written
	}
}

// staleMoment checks a message that carries a moment (a button pressed)
// against its game, under the game's lock: when the game has moved on,
// the sender is told privately and true is returned; nothing of the
// message runs.
func (s *session) staleMoment(key string) (bool, error) {
	if s.msg.Moment == "" {
		return false, nil
	}
	game := s.msg.Game
	refuseStale := func(o words.StaleButton) (bool, error) {
		s.refused = true
		s.tell(key, game).line(o.Words(words.Reader{}))
		return true, nil
	}
	if game == "" || !ValidMoment(s.msg.Moment) {
		return refuseStale(words.StaleButton{Reason: words.ButtonForged})
	}
	gs, err := s.game(game)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			game = ""
			return refuseStale(words.StaleButton{Reason: words.ButtonUnknownGame})
		}
		return false, err
	}
	g := gs.rec
	if MomentOf(g) == s.msg.Moment {
		return false, nil
	}
	return refuseStale(moment.Stale(g, s.msg.Moment, pick.StartPly(g)+len(g.Moves)))
}
