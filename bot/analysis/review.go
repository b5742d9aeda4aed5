package analysis

import (
	"slices"
	"strings"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// AddReview adds the end-of-game review to the reply to a reader (a
// player or a spectator) of the message that ended game g (not to later
// ones about it, a dispute's ruling), for a reader who wants it
// (record.Player.NoReview unset): the engine's evaluation of every
// position, the PTN annotated with it, a graph and a replay (see
// Analyst), from the one review kept with the game. ptn is the game's
// PTN file, the same for every reader. A game between two players that
// ended before each had moved twice gets none (record.Game.PlayedEnough):
// it is an abort, or an unrated loss on time, with nothing to review.
func AddReview(t Turn, g *record.Game, to, ptn string) {
	if !g.PlayedEnough() && !g.AgainstEngine() || !t.Analysing() || strings.HasPrefix(to, record.EngineTransport+":") {
		return
	}
	p, err := t.Player(to)
	if err != nil || p.NoReview {
		return
	}
	if slices.ContainsFunc(t.Parts(to, g.ID), func(q record.Part) bool { return q.Kind == record.Analysis }) {
		return
	}
	t.TellLines(to, g.ID, "takbot's review of the game follows (\"set review off\" stops reviews).")
	t.AddPart(to, g.ID, PartOf(request(t, g, to, Review, ptn)))
}

// SetReview is "set review on|off".
func SetReview(t Turn, value string) error {
	p := t.Sender()
	switch value {
	case "on", "yes":
		p.NoReview = false
	case "off", "no":
		p.NoReview = true
	default:
		return t.Refused(words.ReviewRefused{Arg: command.Excerpt(value, 20)})
	}
	t.MarkPlayer(p)
	t.Tell(p.Key, t.DefaultGame(), words.ReviewSet{Off: p.NoReview})
	return nil
}

// ShowReview says the review setting in "settings", in the reply to the
// player to about game.
func ShowReview(t Turn, to, game string) {
	t.Tell(to, game, words.ReviewShown{Off: t.Sender().NoReview})
}
