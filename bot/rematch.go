package bot

import (
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/versus"
	"github.com/takbymail/takbot/words"
)

// Rematch: "rematch" after a game ends challenges the same opponent to a
// game with the same options and the colours swapped; the opponent
// accepts it like any challenge (or answers "rematch" too). The two games
// link to each other (GameRecord.RematchOf, Rematch).

// cmdRematch is "rematch".
func (s *session) cmdRematch(c *Command) error {
	gs, err := s.rematchTarget(c)
	if err != nil {
		return err
	}
	old := gs.rec
	me, _ := old.ColorOf(s.sender.Key)
	opp := me.Opponent()
	switch old.Status {
	case Active:
		return s.refusal(old, words.Refusal{Reason: words.RematchTooSoon, Chosen: s.chosen(old)})
	case Over:
	default:
		return s.refusal(old, words.Refusal{Reason: words.NeverPlayed, Status: string(old.Status), Arg: old.Players[opp], Other: opp, Chosen: s.chosen(old)})
	}
	if old.Rematch != "" {
		ng, err := s.game(old.Rematch)
		if err != nil {
			return err
		}
		g := ng.rec
		switch {
		case g.Status == Challenged && g.Players[g.Challenger] != s.sender.Key:
			// Both asked: the second "rematch" accepts the first.
			s.touch(g.ID)
			s.current = g.ID
			return s.startGame(ng)
		case g.Status == Challenged:
			return s.refusal(old, words.Refusal{Reason: words.RematchWaiting, Other: opp, Arg: g.ID})
		case g.Status == Active || g.Status == Over:
			return s.refusal(old, words.Refusal{Reason: words.RematchExists, Arg: g.ID})
		}
		// The rematch was declined, withdrawn or expired: ask again.
	}
	op, err := s.player(old.Players[opp])
	if err != nil {
		return err
	}
	if old.AgainstEngine() {
		if n, err := versus.ActiveGames(s); err != nil {
			return err
		} else if n >= MaxEngineGames {
			return s.refusal(old, words.Refusal{Reason: words.EngineGamesFull, Count: n})
		}
	} else if err := s.checkChallengeQuotas(op); err != nil {
		return err
	}
	g := &GameRecord{Status: Challenged, Challenger: opp, Config: old.Config, Scoring: old.Scoring, Style: old.Style,
		Days: old.Days, Created: s.now, RematchOf: old.ID, Setup: old.Setup, Start: old.Setup, Level: old.Level, Unrated: old.Unrated, Private: old.Private}
	// Colours swapped: the sender plays the colour their opponent played.
	g.Players[opp], g.Names[opp] = s.sender.Key, s.sender.Name
	g.Players[me], g.Names[me] = op.Key, op.Name
	ngs, err := s.addGame(g)
	if err != nil {
		return err
	}
	id := g.ID
	old.Rematch = id
	gs.dirty = true
	if g.AgainstEngine() { // takbot plays at once, as with "new takbot"
		s.announce(g, s.sender.Key, words.RematchEngine{Of: old.ID, Level: g.Level, MaxLevel: MaxLevel})
		return s.startGame(ngs)
	}
	asked := words.RematchAsked{Game: wordsGame(g), Of: old.ID, By: s.sender.Name, To: op.Name, ByColor: opp, Settings: wordsSettings(g), Expires: s.r.challengeExpiry(g)}
	s.announce(g, s.sender.Key, asked)
	s.offerActions(ngs, s.sender.Key)
	s.announce(g, op.Key, asked)
	s.offerActions(ngs, op.Key)
	return nil
}

// rematchTarget is the finished game "rematch" addresses: the game of the
// message, the game chosen, or else the sender's only finished game
// without a rematch in the last ChallengeDays; it asks among several.
func (s *session) rematchTarget(c *Command) (*gameState, error) {
	key := s.sender.Key
	if id := s.namedGame(key); id != "" {
		return s.load(id)
	}
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	var fit []*GameRecord
	recent := s.now.AddDate(0, 0, -s.r.opts.ChallengeDays)
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		if g.Status == Over && g.Rematch == "" && g.Updated.After(recent) {
			fit = append(fit, g)
		}
	}
	switch len(fit) {
	case 0:
		return nil, s.refusal(nil, words.Refusal{Reason: words.NoRematchable, Count: s.r.opts.ChallengeDays})
	case 1:
		return s.load(fit[0].ID)
	}
	sort.Slice(fit, func(i, j int) bool { return fit[i].Updated.After(fit[j].Updated) })
	if len(fit) > 5 {
		fit = fit[:5]
	}
	return nil, s.ask(c, pickShow, fit)
}

// rematchLinks names the games a game is linked to as rematches, for a
// game's line in "games" and the board's heading: " (rematch of g1;
// rematch: g5)", or "".
func rematchLinks(g *GameRecord) string {
	var links []string
	if g.RematchOf != "" {
		links = append(links, "rematch of "+g.RematchOf)
	}
	if g.Rematch != "" {
		links = append(links, "rematch: "+g.Rematch)
	}
	if len(links) == 0 {
		return ""
	}
	return " (" + strings.Join(links, "; ") + ")"
}

// offerRematch offers the players of a finished game a rematch, while
// none was asked for.
func offerRematch(g *GameRecord, offer func(...Action)) {
	if g.Status == Over && g.Rematch == "" && g.Players[0] != g.Players[1] {
		offer(Action{Label: "Rematch, colours swapped", Command: "rematch", Game: g.ID})
	}
}
