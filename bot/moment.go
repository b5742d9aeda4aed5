package bot

import (
	"errors"
	"fmt"

	"github.com/takbymail/takbot/bot/moment"
	"github.com/takbymail/takbot/bot/pick"
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
	refuseStale := func(text string) (bool, error) {
		s.refused = true
		d := s.tell(key, game)
		d.say("%s Nothing was done. The buttons of the game's latest post (or \"games\") show what you can do now.", text)
		return true, nil
	}
	if game == "" || !ValidMoment(s.msg.Moment) {
		return refuseStale("This button is not one the referee drew; it was not run.")
	}
	gs, err := s.game(game)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			game = ""
			return refuseStale("This button is for a game the referee does not know.")
		}
		return false, err
	}
	g := gs.rec
	now := MomentOf(g)
	if now == s.msg.Moment {
		return false, nil
	}
	return refuseStale(staleText(g, s.msg.Moment))
}

// staleText says how game g moved on since a moment.
func staleText(g *GameRecord, then string) string {
	ply, stage, proposal, _ := moment.Parse(then)
	nowPly := pick.StartPly(g) + len(g.Moves)
	intro := fmt.Sprintf("This button was drawn for an earlier moment of game %s", g.ID)
	switch {
	case stage == 'c' && g.Status != Challenged:
		return fmt.Sprintf("%s: the challenge it answered has been %s since.", intro, challengeFate(g.Status))
	case g.Status != Active && g.Status != Challenged:
		return fmt.Sprintf("%s: the game is %s now.", intro, stageWords(g))
	case proposal != 0 && (g.Proposal == nil || moment.ProposalLetter(g.Proposal.Kind) != proposal):
		return fmt.Sprintf("%s: the proposal it answered is no longer open (it was accepted, declined or withdrawn).", intro)
	case proposal != 0:
		return fmt.Sprintf("%s: the proposal it answered was replaced by a new one.", intro)
	case g.Proposal != nil:
		return fmt.Sprintf("%s: a proposal is open now, which it did not know of.", intro)
	case ply != nowPly:
		return fmt.Sprintf("%s, %s; the game is at %s now.", intro, turnName(ply+1), turnName(nowPly+1))
	}
	return fmt.Sprintf("%s: moves were taken back and played again since.", intro)
}

// challengeFate says what became of a challenge: "accepted", "declined".
func challengeFate(s Status) string {
	switch s {
	case Active, Over, Aborted:
		return "accepted"
	case Declined:
		return "declined"
	case Cancelled:
		return "withdrawn"
	case Expired:
		return "left to expire"
	}
	return string(s)
}

// stageWords names the stage of a game that is not running.
func stageWords(g *GameRecord) string {
	if g.Status == Over && g.Result != nil {
		return "over (" + g.Result.PTN + ")"
	}
	return string(g.Status)
}
