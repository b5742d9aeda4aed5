package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/tak"
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
		return refuse("say whom to challenge, e.g. \"new bob size=6 komi=2 color=white\", or \"new anyone\" for an open challenge")
	}
	if isAnyone(c.Args[0]) {
		return s.cmdNewSeek(c)
	}
	if engine, err := s.engineOpponent(c.Args[0]); err != nil {
		return err
	} else if engine {
		return s.newEngineGame(c.Args[1:])
	}
	opp, err := s.resolveOpponent(c.Args[0])
	if err != nil {
		return err
	}
	if opp.Key() == s.sender.Key {
		return refuse("you cannot challenge yourself")
	}
	opts, err := parseNewOptions(c.Args[1:], s.r.opts.DefaultDays)
	if err != nil {
		return err
	}
	if opts.level != 0 {
		return refuse("level sets takbot's strength, so it is for games against takbot only: \"new takbot level=%d\"", opts.level)
	}
	if opts.ratingHigh > 0 {
		return refuse("rating= is for open challenges, which anyone in the range may accept: write \"new anyone rating=%d-%d\"", opts.ratingLow, opts.ratingHigh)
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
		return refuse("you cannot challenge yourself (%s is paired with your account)", opp.Key())
	}
	if err := s.checkChallengeQuotas(op); err != nil {
		return err
	}
	id, err := s.newGameID()
	if err != nil {
		return err
	}
	if op.Created.Equal(s.now) {
		s.markPlayer(op) // known from now on, by name too
	}
	g := &GameRecord{ID: id, Status: Challenged, Challenger: mine, Config: cfg, Scoring: opts.scoring, Style: opts.style,
		Days: opts.days, Created: s.now, Unrated: opts.unrated, Private: opts.private}
	if g.Setup, err = opts.startTPS(cfg); err != nil {
		return err
	}
	g.Start = g.Setup
	g.Players[mine], g.Names[mine] = s.sender.Key, s.sender.Name
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	tg, err := g.History()
	if err != nil {
		return err
	}
	gs := &gameState{rec: g, tg: tg, dirty: true}
	s.games[id] = gs
	s.touch(id)
	s.current = id
	expires := s.r.challengeExpiry(g)
	d := s.event(s.sender.Key, id)
	d.say("Challenge %s sent to %s: %s. You play %s. If %s does not answer by %s, the challenge expires.", id, op.Name, describeConfig(g), mine, op.Name, s.timeFor(s.sender.Key, expires))
	s.offerActions(gs, s.sender.Key)
	d = s.event(op.Key, id)
	d.say("%s challenges you to a game of Tak (%s): %s. You would play %s. Answer by %s, or the challenge expires.",
		s.sender.Name, id, describeConfig(g), mine.Opponent(), s.timeFor(op.Key, expires))
	s.offerActions(gs, op.Key)
	return nil
}

// challengeExpiry is when an unanswered challenge expires.
func (r *Referee) challengeExpiry(g *GameRecord) time.Time {
	return g.Created.Add(time.Duration(r.opts.ChallengeDays) * 24 * time.Hour)
}

// newOptionValues are the options of "new", read and checked.
type newOptionValues struct {
	size         int
	komi         tak.Komi
	color        string
	opening      string
	rules        string
	scoring      Scoring
	style        Style
	days         int
	stones, caps int // -1: the rules' default
	// the set-up options (setup.go): per-player reserves (-1: not given),
	// the start position's TPS, and which options were given
	stonesOf, capsOf [2]int
	tps              string
	given            map[string]bool
	level            int // takbot's level; 0: none given
	// ratingLow and ratingHigh are an open challenge's rating range
	// (both 0: none).
	ratingLow, ratingHigh int
	// unrated is rated=no
	unrated bool
	// private is private=yes
	private bool
}

// optionAliases are other spellings of option names.
var optionAliases = map[string]string{"colour": "color", "flats": "stones", "capstones": "caps"}

// parseNewOptions reads "key=value" options as the command table describes them.
func parseNewOptions(args []string, defaultDays int) (newOptionValues, error) {
	o := newOptionValues{size: 5, days: defaultDays, color: "random", rules: "standard", style: Street, stones: -1, caps: -1,
		stonesOf: [2]int{-1, -1}, capsOf: [2]int{-1, -1}}
	seen := map[string]bool{}
	o.given = seen
	for i := 0; i < len(args); i++ {
		a := args[i]
		if tps, n, ok := tpsOption(args[i:]); ok { // keeps its case and spaces
			a, i = "tps="+tps, i+n-1
		}
		k, v, ok := strings.Cut(strings.ToLower(a), "=")
		if !ok {
			return o, refuse("option %q should be written key=value, e.g. size=6", excerpt(a, excerptRunes))
		}
		if alias, ok := optionAliases[k]; ok {
			k = alias
		}
		var p *Param
		for i := range newOptions {
			if newOptions[i].Name == k {
				p = &newOptions[i]
			}
		}
		if p == nil {
			var names []string
			for _, q := range newOptions {
				names = append(names, q.Name)
			}
			return o, refuse("unknown option %q: the options are %s", excerpt(k, 20), joinAnd(names))
		}
		if seen[k] {
			return o, refuse("option %s is given twice; give it once", k)
		}
		seen[k] = true
		if k == "tps" {
			_, v, _ = strings.Cut(a, "=")
		}
		if err := o.set(p, v); err != nil {
			return o, err
		}
	}
	return o, o.checkSetup()
}

// set checks and stores one option's value.
func (o *newOptionValues) set(p *Param, v string) error {
	switch p.Kind {
	case ParamInteger:
		n, err := strconv.Atoi(v)
		if err != nil || n < p.Min || n > p.Max {
			return refuse("%s must be a whole number from %d to %d, not %q", p.Name, p.Min, p.Max, excerpt(v, 20))
		}
		switch p.Name {
		case "size":
			o.size = n
		case "days":
			o.days = n
		case "stones":
			o.stones = n
		case "caps":
			o.caps = n
		case "stones1", "stones2":
			o.stonesOf[p.Name[len(p.Name)-1]-'1'] = n
		case "caps1", "caps2":
			o.capsOf[p.Name[len(p.Name)-1]-'1'] = n
		case "level":
			o.level = n
		}
	case ParamChoice:
		if v == "noswap" {
			v = "no-swap"
		}
		ok := false
		for _, c := range p.Choices {
			ok = ok || c == v
		}
		if !ok {
			return refuse("%s must be %s, not %q (%s)", p.Name, joinOr(p.Choices), excerpt(v, 20), p.Summary)
		}
		switch p.Name {
		case "color":
			o.color = v
		case "opening":
			o.opening = v
		case "rules":
			o.rules = v
		case "style":
			o.style = Style(v)
		case "rated":
			o.unrated = v == "no"
		case "private":
			o.private = v == "yes"
		}
	case ParamNumber: // komi
		k, err := parseKomi(v)
		if err != nil {
			return err
		}
		o.komi = k
	case ParamText: // scoring, tps, rating
		switch p.Name {
		case "tps":
			o.tps = v
			return nil
		case "rating":
			rg, err := community.ParseRange(v)
			if err != nil {
				return refuse("%v", err)
			}
			o.ratingLow, o.ratingHigh = rg.Low, rg.High
			return nil
		}
		sr, err := tak.ParseScoringRules(v)
		if err != nil {
			return refuse("%v", err)
		}
		o.scoring = Scoring{Rules: sr}
	}
	return nil
}

// config builds and checks the game's configuration.
func (o newOptionValues) config() (tak.Config, error) {
	var cfg tak.Config
	var err error
	switch o.rules {
	case "modegan":
		cfg, err = tak.ModeganConfig(o.size)
	case "adem":
		if o.size != 5 {
			return cfg, refuse("the adem game is played on 5x5 only")
		}
		if o.caps > 0 {
			return cfg, refuse("the adem game is played without capstones")
		}
		flats := 22
		if o.stones >= 0 {
			flats = o.stones
		}
		cfg, err = tak.AdemConfig(flats)
	default:
		cfg = tak.DefaultConfig(o.size)
	}
	if err != nil {
		return cfg, refuse("%s", configReason(err))
	}
	if o.rules == "modegan" && o.caps >= 0 && o.caps != 1 {
		return cfg, refuse("modegan tak is played with one capstone each")
	}
	if o.stones >= 0 {
		cfg.Stones = [2]int{o.stones, o.stones}
	}
	if o.caps >= 0 {
		cfg.Caps = [2]int{o.caps, o.caps}
	}
	if err := o.setReserves(&cfg); err != nil {
		return cfg, err
	}
	cfg.Komi = o.komi
	switch o.opening {
	case "swap":
		cfg.Opening = tak.SwapOpening
	case "no-swap":
		cfg.Opening = tak.NoSwapOpening
	}
	if o.tps != "" { // a game from a position has no swap opening
		cfg.Opening = tak.NoSwapOpening
	}
	if err := cfg.Validate(); err != nil {
		return cfg, refuse("%s", configReason(err))
	}
	return cfg, nil
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
	switch {
	case g.Status == Challenged && me != g.Challenger:
		if yes {
			return s.startGame(gs)
		}
		g.Status = Declined
		gs.dirty = true
		both(g, func(k string, _ tak.Color) {
			s.event(k, g.ID).say("%s the challenge %s.", s.senderDid(k, "declined"), g.ID)
		})
		return nil
	case g.Status == Challenged && g.Seek != nil:
		return refuse("%s is your own open challenge: someone else must accept it (send \"cancel\" to withdraw it)", g.ID)
	case g.Status == Challenged:
		return refuse("you sent this challenge; %s must answer it (or send \"cancel\" to withdraw it)", g.Names[g.Challenger.Opponent()])
	case !answerable(g):
		return refuse("game %s is %s: there is nothing to answer", g.ID, g.Status)
	case g.Proposal == nil:
		return refuse("there is no proposal to answer in game %s%s", g.ID, s.chosenHint(g))
	case g.Proposal.By == me:
		return refuse("you made this proposal yourself; %s must answer it (or send \"cancel\" to withdraw it)", g.Names[me.Opponent()])
	}
	pr := g.Proposal
	g.Proposal = nil
	gs.dirty = true
	if !yes {
		after := "The game goes on."
		if g.Status == Over {
			after = "The result stands."
		}
		both(g, func(k string, _ tak.Color) {
			s.event(k, g.ID).say("%s the proposal to %s. %s", s.senderDid(k, "declined"), s.proposalText(g, pr, k), after)
		})
		return nil
	}
	return s.applyProposal(gs, pr)
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
	both(g, func(k string, c tak.Color) {
		d := s.event(k, g.ID)
		d.say("Game %s begins: %s against %s; %s.", g.ID, whoFor(g, tak.White, k), whoFor(g, tak.Black, k), describeConfig(g))
		if g.Config.Opening == tak.SwapOpening {
			d.say("Swap opening: each player's first move places a flat of the opponent's colour.")
		}
		d.say("You play %s.", c)
		if note := rematchNote(g); note != "" {
			d.say("%s", note)
		}
		for _, vc := range []tak.Color{tak.White, tak.Black} {
			if v := g.Vacation[vc]; v.After(s.now) {
				d.say("%s %s on vacation until %s: %s clock stops until then.", sentence(whoFor(g, vc, k)), verbFor(g, vc, k, "are", "is"), s.timeFor(k, v), verbFor(g, vc, k, "your", "their"))
			}
		}
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
		both(g, func(k string, _ tak.Color) {
			s.event(k, g.ID).say("%s the challenge %s.", s.senderDid(k, "withdrew"), g.ID)
		})
	case answerable(g) && g.Proposal != nil && g.Proposal.By == me:
		pr := g.Proposal
		g.Proposal = nil
		gs.dirty = true
		both(g, func(k string, _ tak.Color) {
			s.event(k, g.ID).say("%s the proposal to %s.", s.senderDid(k, "withdrew"), s.proposalText(g, pr, k))
		})
	default:
		return refuse("there is nothing of yours to withdraw in game %s (a challenge you sent, or a proposal you made)%s", g.ID, s.chosenHint(g))
	}
	return nil
}
