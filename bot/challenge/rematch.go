package challenge

import (
	"sort"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Rematch: "rematch" after a game ends challenges the same opponent to a
// game with the same options and the colours swapped; the opponent
// accepts it like any challenge (or answers "rematch" too). The two games
// link to each other (record.Game.RematchOf, Rematch).

// Rematch is "rematch".
func Rematch(t Turn, c *command.Command) error {
	old, err := rematchTarget(t, c)
	if err != nil {
		return err
	}
	sender := t.Sender()
	me, _ := old.ColorOf(sender.Key)
	opp := me.Opponent()
	switch old.Status {
	case record.Active:
		return t.Refusal(old, words.Refusal{Reason: words.RematchTooSoon, Chosen: chosen(t, old)})
	case record.Over:
	default:
		return t.Refusal(old, words.Refusal{Reason: words.NeverPlayed, Status: string(old.Status), Arg: old.Players[opp], Other: opp, Chosen: chosen(t, old)})
	}
	if old.Rematch != "" {
		if done, err := rematchAgain(t, old); done || err != nil {
			return err
		}
	}
	op, err := t.Player(old.Players[opp])
	if err != nil {
		return err
	}
	if old.AgainstEngine() {
		if err := t.CheckEngineGames(old); err != nil {
			return err
		}
	} else if err := t.CheckChallengeQuotas(op); err != nil {
		return err
	}
	g := &record.Game{Status: record.Challenged, Challenger: opp, Config: old.Config, Scoring: old.Scoring, Style: old.Style,
		Days: old.Days, Created: t.Now(), RematchOf: old.ID, Setup: old.Setup, Start: old.Setup, Level: old.Level, Unrated: old.Unrated, Private: old.Private}
	// Colours swapped: the sender plays the colour their opponent played.
	g.Players[opp], g.Names[opp] = sender.Key, sender.Name
	g.Players[me], g.Names[me] = op.Key, op.Name
	if err := t.AddGame(g); err != nil {
		return err
	}
	old.Rematch = g.ID
	t.MarkGame(old)
	if g.AgainstEngine() { // takbot plays at once, as with "new takbot"
		t.Announce(g, sender.Key, words.RematchEngine{Of: old.ID, Level: g.Level, MaxLevel: t.MaxLevel()})
		return t.StartGame(g)
	}
	asked := words.RematchAsked{Game: wordsGame(g), Of: old.ID, By: sender.Name, To: op.Name, ByColor: opp, Settings: wordsSettings(g), Expires: t.ChallengeExpiry(g)}
	for _, k := range []string{sender.Key, op.Key} {
		t.Announce(g, k, asked)
		t.OfferActions(g, k)
	}
	return nil
}

// rematchAgain answers "rematch" for a game whose rematch was asked
// already: the second "rematch" accepts the first; done is false when the
// rematch was declined, withdrawn or expired, to ask again.
func rematchAgain(t Turn, old *record.Game) (done bool, err error) {
	g, err := t.Game(old.Rematch)
	if err != nil {
		return true, err
	}
	me, _ := old.ColorOf(t.Sender().Key)
	switch {
	case g.Status == record.Challenged && g.Players[g.Challenger] != t.Sender().Key:
		// Both asked: the second "rematch" accepts the first.
		t.Touch(g.ID)
		t.SetCurrent(g.ID)
		return true, t.StartGame(g)
	case g.Status == record.Challenged:
		return true, t.Refusal(old, words.Refusal{Reason: words.RematchWaiting, Other: me.Opponent(), Arg: g.ID})
	case g.Status == record.Active || g.Status == record.Over:
		return true, t.Refusal(old, words.Refusal{Reason: words.RematchExists, Arg: g.ID})
	}
	return false, nil
}

// rematchTarget is the finished game "rematch" addresses: the game of the
// message, the game chosen, or else the sender's only finished game
// without a rematch in the last ChallengeDays; it asks among several.
func rematchTarget(t Turn, c *command.Command) (*record.Game, error) {
	key := t.Sender().Key
	if id := t.NamedGame(key); id != "" {
		return load(t, id)
	}
	ids, err := t.GamesOf(key)
	if err != nil {
		return nil, err
	}
	var fit []*record.Game
	recent := t.Now().AddDate(0, 0, -t.ChallengeDays())
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil {
			return nil, err
		}
		if g.Status == record.Over && g.Rematch == "" && g.Updated.After(recent) {
			fit = append(fit, g)
		}
	}
	switch len(fit) {
	case 0:
		return nil, t.Refusal(nil, words.Refusal{Reason: words.NoRematchable, Count: t.ChallengeDays()})
	case 1:
		return load(t, fit[0].ID)
	}
	sort.Slice(fit, func(i, j int) bool { return fit[i].Updated.After(fit[j].Updated) })
	if len(fit) > 5 {
		fit = fit[:5]
	}
	return nil, t.AskShow(c, fit)
}

// load loads a chosen game under its lock and notes that the message
// addressed it.
func load(t Turn, id string) (*record.Game, error) {
	g, err := t.Game(id)
	if err != nil {
		return nil, err
	}
	t.Touch(id)
	return g, nil
}

// RematchLinks names the games a game is linked to as rematches, for a
// game's line in "games" and the board's heading (words.RematchLinks).
func RematchLinks(g *record.Game) string { return words.RematchLinks(g.RematchOf, g.Rematch) }

// OfferRematch offers the players of a finished game a rematch, while
// none was asked for.
func OfferRematch(g *record.Game, offer func(...record.Action)) {
	if g.Status == record.Over && g.Rematch == "" && g.Players[0] != g.Players[1] {
		offer(record.Action{Label: "Rematch, colours swapped", Command: "rematch", Game: g.ID})
	}
}
