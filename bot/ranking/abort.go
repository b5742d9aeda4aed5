package ranking

import (
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Aborting a game before each player has moved twice: such a game ends
// with no result and is never rated, so that a sock puppet resigning at
// once cannot farm a rating.

// Abort is "abort": the game in progress the command is for ends with no
// result, if each player has not moved twice yet.
func Abort(t Turn, c *command.Command) error {
	g, err := t.PlayingGame(c)
	if err != nil {
		return err
	}
	if g.Status != record.Active {
		return t.Refusal(g, words.Refusal{Reason: words.CannotAbort, Status: string(g.Status), Chosen: t.Chosen(g)})
	}
	if g.Event != nil { // the event counts the game: it is played (bot/event)
		return t.Refusal(g, words.Refusal{Reason: words.NoAbortInEvent})
	}
	if n := len(g.Moves); n >= record.AbortPlies {
		return t.Refusal(g, words.Refusal{Reason: words.TooLateToAbort, Turn: n})
	}
	abortGame(t, g, words.AbortAsked)
	return nil
}

// abortGame ends a loaded game in progress with no result (Aborted) and
// tells both players and the spectators (words.Aborted).
func abortGame(t Turn, g *record.Game, how words.AbortHow) {
	g.Status = record.Aborted
	g.Proposal = nil
	g.Deadline, g.TurnStart = time.Time{}, time.Time{}
	t.MarkGame(g)
	me, _ := g.ColorOf(t.Sender().Key)
	o := words.Aborted{Game: wordsGame(g), By: t.Sender().Name, Not: me.Opponent(), How: how}
	for _, k := range playersOf(g) {
		t.Announce(g, k, o)
	}
	t.TellWatchersEnd(g.ID)
}

// AbortEarly aborts a loaded game resigned (words.ResignedEarly) or drawn
// by agreement (words.DrawnEarly) before each player had moved twice, and
// reports whether it did. Such a game between two players would otherwise
// be the cheapest way to farm a rating (a sock puppet resigning at once),
// so it is neither rated nor reviewed; a loss on time stands, unrated and
// unreviewed. A game against takbot is never rated, and its review is
// what its player asked for: it ends as before.
func AbortEarly(t Turn, g *record.Game, how words.AbortHow) bool {
	if g.PlayedEnough() || g.AgainstEngine() {
		return false
	}
	abortGame(t, g, how)
	return true
}

// SettleAll brings the ratings in line with the games a session changed
// (games, taken in id order): each one Due is Settled, under both players'
// locks. community, when set (a verified message from a community), is
// recorded on those games and on the sender.
func SettleAll(t Turn, games []*record.Game, community string) error {
	slices.SortFunc(games, func(a, b *record.Game) int { return strings.Compare(a.ID, b.ID) })
	for _, g := range games {
		if community != "" && g.Community == "" {
			g.Community = community
		}
		if !Due(g) {
			continue
		}
		if err := t.Locked(g.Players[:]...); err != nil {
			return err
		}
		if err := Settle(t, g); err != nil {
			return err
		}
	}
	if p := t.Sender(); community != "" && p != nil && !slices.Contains(p.Communities, community) {
		p.Communities = WithCommunity(p.Communities, community)
		t.MarkPlayer(p)
	}
	return nil
}
