package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/versus"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// ---- new ----

// maxAddress bounds a player's address (an email address has at most 254
// characters).
const maxAddress = 254

// resolveOpponent turns the word after "new" into an identity: an explicit
// "transport:address", an address one of the transports reads (the
// sender's own first), or the name of a known player.
func (s *session) resolveOpponent(word string) (Identity, error) {
	w := strings.TrimSpace(word)
	if len(w) > maxAddress {
		return Identity{}, refuse("%q is too long to be a player's name or address (at most %d characters)", excerpt(w, excerptRunes), maxAddress)
	}
	if strings.Contains(w, "=") {
		return Identity{}, refuse("say whom to challenge before the options, e.g. \"new bob %s\"", excerpt(w, excerptRunes))
	}
	if t, a, ok := strings.Cut(w, ":"); ok && t != "" && a != "" && isTransportName(t) {
		e := s.r.transport(t)
		switch {
		case e == nil:
			return Identity{}, refuse("there is no transport %q on this takbot; it runs %s", excerpt(t, 20), s.r.runningNames())
		case e.t == nil:
			return Identity{}, refuse("%s is not enabled on this takbot, so %s cannot play here; it runs %s", e.info.Title, excerpt(w, excerptRunes), s.r.runningNames())
		}
		addr := a
		if e.info.ParseAddress != nil {
			var ok bool
			if addr, ok = e.info.ParseAddress(a); !ok {
				return Identity{}, refuse("%q is not %s address", excerpt(a, excerptRunes), article(e.info.Title))
			}
		}
		return Identity{Transport: e.info.Name, Address: addr}, nil
	}
	// The sender's own transport reads the word first, then the others;
	// a transport that is known but not running is named in the refusal.
	own := s.msg.From.Transport
	entries := s.r.transportsByPreference(own)
	for _, e := range entries {
		if e.info.ParseAddress == nil {
			continue
		}
		if addr, ok := e.info.ParseAddress(w); ok {
			if e.t == nil {
				return Identity{}, refuse("%s is not enabled on this takbot, so %s cannot play here; it runs %s", e.info.Title, excerpt(w, excerptRunes), s.r.runningNames())
			}
			return Identity{Transport: e.info.Name, Address: addr}, nil
		}
	}
	var keys []string
	if err := s.view(func(tx Tx) error {
		var err error
		keys, err = tx.PlayersNamed(w)
		return err
	}); err != nil {
		return Identity{}, err
	}
	var live []Identity
	for _, k := range keys {
		if p, err := s.player(k); err == nil && p.Alias != "" {
			k = p.Alias // a paired identity: its primary (pair.go)
		}
		if id, ok := ParseIdentity(k); ok && !containsIdentity(live, id) {
			if e := s.r.transport(id.Transport); e != nil && e.t != nil {
				live = append(live, id)
			}
		}
	}
	switch len(live) {
	case 1:
		return live[0], nil
	case 0:
		return Identity{}, refuse("%q is not a player this takbot knows or an address it can reach: name your opponent by %s", excerpt(w, excerptRunes), s.r.addressHelp())
	}
	var cmds []string
	var acts []Action
	for _, id := range live {
		cmds = append(cmds, fmt.Sprintf("\"new %s\"", id.Key()))
		acts = append(acts, Action{Label: "Challenge " + id.Key(), Command: "new " + id.Key()})
	}
	return Identity{}, &question{msg: fmt.Sprintf("Several players are called %s: say which one, with %s (and your options after it). Nothing was changed.", excerpt(w, excerptRunes), joinOr(cmds)), actions: acts}
}

func containsIdentity(ids []Identity, id Identity) bool {
	for _, x := range ids {
		if x.Key() == id.Key() {
			return true
		}
	}
	return false
}

func isTransportName(t string) bool {
	if len(t) > 20 {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func article(s string) string {
	if s != "" && strings.ContainsRune("aeiouAEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// transportsByPreference lists the known transports: name first, then the
// running ones, then the known ones, each by name.
func (r *Referee) transportsByPreference(name string) []*transportEntry {
	r.tmu.RLock()
	defer r.tmu.RUnlock()
	var first, running, known []*transportEntry
	for _, e := range r.transports {
		switch {
		case e.info.Name == name:
			first = append(first, e)
		case e.t != nil:
			running = append(running, e)
		default:
			known = append(known, e)
		}
	}
	byName := func(es []*transportEntry) {
		for i := 1; i < len(es); i++ {
			for j := i; j > 0 && es[j].info.Name < es[j-1].info.Name; j-- {
				es[j], es[j-1] = es[j-1], es[j]
			}
		}
	}
	byName(running)
	byName(known)
	return append(append(first, running...), known...)
}

// runningNames lists the running transports for a refusal: "console and email".
func (r *Referee) runningNames() string {
	var names []string
	for _, e := range r.runningTransports() {
		names = append(names, e.info.Title)
	}
	if len(names) == 0 {
		return "no transport"
	}
	return joinAnd(names)
}

// addressHelp says how opponents are named on the running transports.
func (r *Referee) addressHelp() string {
	var ways []string
	for _, e := range r.runningTransports() {
		ways = append(ways, fmt.Sprintf("\"%s:ADDRESS\"", e.info.Name))
	}
	return "their name or address, or " + joinOr(ways)
}

func (s *session) cmdNew(c *Command) error {
	if len(c.Args) == 0 {
		return s.refusal(nil, words.Refusal{Reason: words.NoOpponent})
	}
	if isAnyone(c.Args[0]) {
		return s.cmdNewSeek(c)
	}
	if engine, err := versus.Named(s, c.Args[0]); err != nil {
		return err
	} else if engine {
		return versus.New(s, c.Args[1:])
	}
	opp, err := s.resolveOpponent(c.Args[0])
	if err != nil {
		return err
	}
	if opp.Key() == s.sender.Key {
		return s.refusal(nil, words.Refusal{Reason: words.SelfChallenge})
	}
	opts, err := parseNewOptions(c.Args[1:], s.r.opts.DefaultDays)
	if err != nil {
		return err
	}
	if opts.level != 0 {
		return s.refusal(nil, words.Refusal{Reason: words.LevelForTakbot, Count: opts.level})
	}
	if opts.ratingHigh > 0 {
		return s.refusal(nil, words.Refusal{Reason: words.RatingForOpen, Low: opts.ratingLow, High: opts.ratingHigh})
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	mine := s.pickColor(opts)
	op, err := s.person(opp.Key())
	if err != nil {
		return err
	}
	if op.Key == s.sender.Key {
		return s.refusal(nil, words.Refusal{Reason: words.SelfChallenge, Arg: opp.Key()})
	}
	if err := s.checkChallengeQuotas(op); err != nil {
		return err
	}
	g, err := s.challengeFrom(opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	gs, err := s.addGame(g)
	if err != nil {
		return err
	}
	if op.Created.Equal(s.now) {
		s.markPlayer(op) // known from now on, by name too
	}
	made := words.ChallengeMade{Game: wordsGame(g), By: s.sender.Name, To: op.Name, ByColor: mine, Settings: wordsSettings(g), Expires: s.r.challengeExpiry(g)}
	s.announce(g, s.sender.Key, made)
	s.offerActions(gs, s.sender.Key)
	s.announce(g, op.Key, made)
	s.offerActions(gs, op.Key)
	if stranger, err := s.stranger(op); err != nil {
		return err
	} else if stranger {
		s.holdNotice(g, s.event(op.Key, g.ID)) // withdrawn within the grace period, it never goes out
	}
	return nil
}

// challengeFrom builds the record of a game challenged with the options
// of "new": its settings, its start position, and the sender in the seat
// of colour mine. The other seat is the caller's to fill.
func (s *session) challengeFrom(opts newOptionValues, cfg tak.Config, mine tak.Color) (*GameRecord, error) {
	g := &GameRecord{Status: Challenged, Challenger: mine, Config: cfg, Scoring: opts.scoring, Style: opts.style,
		Days: opts.days, Created: s.now, Unrated: opts.unrated, Private: opts.private}
	var err error
	if g.Setup, err = opts.startTPS(cfg); err != nil {
		return nil, err
	}
	g.Start = g.Setup
	g.Players[mine], g.Names[mine] = s.sender.Key, s.sender.Name
	return g, nil
}

// addGame gives a new game its id and makes it the session's current
// game, written with the session's other changes.
func (s *session) addGame(g *GameRecord) (*gameState, error) {
	id, err := s.newGameID()
	if err != nil {
		return nil, err
	}
	g.ID = id
	tg, err := g.History()
	if err != nil {
		return nil, err
	}
	gs := &gameState{rec: g, tg: tg, dirty: true}
	s.games[id] = gs
	s.touch(id)
	s.current = id
	return gs, nil
}

// challengeExpiry is when an unanswered challenge expires.
func (r *Referee) challengeExpiry(g *GameRecord) time.Time {
	return g.Created.Add(time.Duration(r.opts.ChallengeDays) * 24 * time.Hour)
}

// ---- accept, decline, cancel ----

func (s *session) cmdDecline(c *Command) error { return s.answer(c, false) }

func (s *session) answer(c *Command, yes bool) error {
	gs, err := s.target(c, pickAnswer)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	if g.Status == Challenged && me != g.Challenger {
		if yes {
			return s.startGame(gs)
		}
		g.Status = Declined
		gs.dirty = true
		s.announceBoth(g, words.ChallengeDeclined{Game: wordsGame(g), By: s.sender.Name})
		return nil
	}
	if err := s.canAnswer(g, me); err != nil {
		return err
	}
	pr := g.Proposal
	g.Proposal = nil
	gs.dirty = true
	if !yes {
		s.announceBoth(g, words.ProposalDeclined{Game: wordsGame(g), By: s.sender.Name, Proposal: wordsProposal(g, pr), Over: g.Status == Over})
		return nil
	}
	return s.applyProposal(gs, pr)
}

// canAnswer refuses an answer by colour me in game g unless it has a
// proposal of the opponent's open.
func (s *session) canAnswer(g *GameRecord, me tak.Color) error {
	var r words.Refusal
	switch {
	case g.Status == Challenged && g.Seek != nil:
		r = words.Refusal{Reason: words.OwnOpenChallenge}
	case g.Status == Challenged:
		r = words.Refusal{Reason: words.OwnChallenge, Other: g.Challenger.Opponent()}
	case !answerable(g):
		r = words.Refusal{Reason: words.NothingToAnswer, Status: string(g.Status)}
	case g.Proposal == nil:
		r = words.Refusal{Reason: words.NoProposal, Chosen: s.chosen(g)}
	case g.Proposal.By == me:
		r = words.Refusal{Reason: words.OwnProposal, Other: me.Opponent()}
	default:
		return nil
	}
	return s.refusal(g, r)
}

// startGame starts a challenged game.
func (s *session) startGame(gs *gameState) error {
	g := gs.rec
	g.Status = Active
	for c, key := range g.Players { // a player on vacation has their clock stopped
		p, err := s.player(key)
		if err != nil {
			return err
		}
		// The names the game shows are the players' names when it starts:
		// a challenged player named only by an address at the challenge
		// has told their name by accepting ("Bob" in their mail's From).
		if key == s.sender.Key {
			p = s.sender
		}
		if p.Name != "" {
			g.Names[c] = p.Name
		}
		if p.Vacation.After(s.now) {
			g.Vacation[c] = p.Vacation
		}
		g.Remind[c] = p.RemindLead
	}
	s.startTurn(gs)
	gs.dirty = true
	begins := words.GameBegins{Game: wordsGame(g), Settings: wordsSettings(g), RematchOf: g.RematchOf}
	for _, c := range []tak.Color{tak.White, tak.Black} {
		if v := g.Vacation[c]; v.After(s.now) {
			begins.Vacations[c] = v
		}
	}
	both(g, func(k string, _ tak.Color) {
		s.announce(g, k, begins)
		s.status(gs, k, true)
	})
	return nil
}

func (s *session) cmdCancel(c *Command) error {
	gs, err := s.target(c, pickCancel)
	if err != nil {
		return err
	}
	g := gs.rec
	me, _ := g.ColorOf(s.sender.Key)
	switch {
	case g.Status == Challenged && me == g.Challenger:
		g.Status = Cancelled
		gs.dirty = true
		if g.Seek != nil {
			s.seekWithdrawn(g)
			break
		}
		if unsent, err := s.voidNotice(g); err != nil {
			return err
		} else if unsent {
			s.event(s.sender.Key, g.ID).say("You withdrew the challenge %s before it went out: %s was not told of it.", g.ID, g.Names[g.Challenger.Opponent()])
			s.offerActions(gs, s.sender.Key) // nothing left to withdraw
			break
		}
		s.announceBoth(g, words.ChallengeWithdrawn{Game: wordsGame(g), By: s.sender.Name})
	case answerable(g) && g.Proposal != nil && g.Proposal.By == me:
		pr := g.Proposal
		g.Proposal = nil
		gs.dirty = true
		s.announceBoth(g, words.ProposalWithdrawn{Game: wordsGame(g), By: s.sender.Name, Proposal: wordsProposal(g, pr)})
	default:
		return s.refusal(g, words.Refusal{Reason: words.NothingToWithdraw, Chosen: s.chosen(g)})
	}
	return nil
}
