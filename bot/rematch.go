package bot

import (
	"sort"
	"strings"
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
		return refuse("game %s is still in progress: a rematch is for a game that is over%s", old.ID, s.chosenHint(old))
	case Over:
	default:
		return refuse("game %s was %s, never played: send \"new %s\" to challenge %s%s", old.ID, old.Status, old.Players[opp], old.Names[opp], s.chosenHint(old))
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
			return refuse("you already asked %s for a rematch of %s: it is challenge %s, waiting for their answer (\"cancel\" withdraws it)", old.Names[opp], old.ID, g.ID)
		case g.Status == Active || g.Status == Over:
			return refuse("the rematch of %s is game %s, already played or under way", old.ID, g.ID)
		}
		// The rematch was declined, withdrawn or expired: ask again.
	}
	op, err := s.player(old.Players[opp])
	if err != nil {
		return err
	}
	if old.AgainstEngine() {
		if n, err := s.activeEngineGames(); err != nil {
			return err
		} else if n >= MaxEngineGames {
			return refuse("you already play %d games against takbot, the most at once; finish or resign one first (\"games\" lists them)", n)
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
		s.event(s.sender.Key, id).say("Rematch of game %s: takbot plays you again at level %d of %d, colours swapped; the game is unrated.", old.ID, g.Level, MaxLevel)
		return s.startGame(ngs)
	}
	expires := fmtTime(s.r.challengeExpiry(g))
	d := s.event(s.sender.Key, id)
	d.say("Rematch of game %s: challenge %s sent to %s: %s. You play %s this time. If %s does not answer by %s, the challenge expires.",
		old.ID, id, op.Name, describeConfig(g), opp, op.Name, expires)
	s.offerActions(ngs, s.sender.Key)
	d = s.event(op.Key, id)
	d.say("%s asks for a rematch of game %s: challenge %s, %s. You would play %s this time. Answer by %s, or the challenge expires.",
		s.sender.Name, old.ID, id, describeConfig(g), me, expires)
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
		return nil, refuse("you have no game that ended in the last %s to ask a rematch of; send \"games\" to list yours, and \"game ID; rematch\" for an older one", plural(s.r.opts.ChallengeDays, "day", "days"))
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
