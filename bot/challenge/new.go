package challenge

import (
	"slices"
	"strings"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// MaxAddress bounds a player's address (an email address has at most 254
// characters).
const MaxAddress = 254

// New is "new OPPONENT [options]": a challenge to a player, an open
// challenge ("new anyone", Seek) or a game against takbot.
func New(t Turn, c *command.Command) error {
	if len(c.Args) == 0 {
		return t.Refusal(nil, words.Refusal{Reason: words.NoOpponent})
	}
	if isAnyone(c.Args[0]) {
		return Seek(t, c)
	}
	if engine, err := t.EngineOpponent(c.Args[0]); err != nil {
		return err
	} else if engine {
		return engineGame(t, c.Args[1:])
	}
	opp, err := resolveOpponent(t, c.Args[0])
	if err != nil {
		return err
	}
	me := t.Sender()
	if opp.Key() == me.Key {
		return t.Refusal(nil, words.Refusal{Reason: words.SelfChallenge})
	}
	opts, err := command.ParseGameOptions(c.Args[1:], t.DefaultDays())
	if err != nil {
		return err
	}
	if opts.Level != 0 {
		return t.Refusal(nil, words.Refusal{Reason: words.LevelForTakbot, Count: opts.Level})
	}
	if opts.RatingHigh > 0 {
		return t.Refusal(nil, words.Refusal{Reason: words.RatingForOpen, Low: opts.RatingLow, High: opts.RatingHigh})
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	mine := pickColor(t, opts)
	op, err := t.Person(opp.Key())
	if err != nil {
		return err
	}
	if op.Key == me.Key {
		return t.Refusal(nil, words.Refusal{Reason: words.SelfChallenge, Arg: opp.Key()})
	}
	if err := t.CheckChallengeQuotas(op); err != nil {
		return err
	}
	g, err := Challenge(t, opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	if err := t.AddGame(g); err != nil {
		return err
	}
	if op.Created.Equal(t.Now()) {
		t.MarkPlayer(op) // known from now on, by name too
	}
	made := words.ChallengeMade{Game: wordsGame(g), By: me.Name, To: op.Name, ByColor: mine, Settings: wordsSettings(g), Expires: t.ChallengeExpiry(g)}
	for _, k := range []string{me.Key, op.Key} {
		t.Announce(g, k, made)
		t.OfferActions(g, k)
	}
	if stranger, err := t.Stranger(op); err != nil {
		return err
	} else if stranger {
		t.HoldNotice(g, op.Key) // withdrawn within the grace period, it never goes out
	}
	return nil
}

// engineGame is "new takbot [options]": takbot plays at once, unrated.
func engineGame(t Turn, args []string) error {
	opts, err := command.ParseGameOptions(args, t.DefaultDays())
	if err != nil {
		return err
	}
	if opts.RatingHigh > 0 {
		return t.Refusal(nil, words.Refusal{Reason: words.RatingForOpen, Low: opts.RatingLow, High: opts.RatingHigh})
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	level := opts.Level
	if level == 0 {
		level = t.DefaultLevel()
	}
	if err := t.CheckEngineGames(nil); err != nil {
		return err
	}
	mine := pickColor(t, opts)
	op, err := t.Player(t.EngineKey())
	if err != nil {
		return err
	}
	if op.Created.Equal(t.Now()) {
		t.MarkPlayer(op)
	}
	g, err := Challenge(t, opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Level = level
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	if err := t.AddGame(g); err != nil {
		return err
	}
	t.Announce(g, t.Sender().Key, words.EngineGameBegins{Level: level, MaxLevel: t.MaxLevel()})
	return t.StartGame(g)
}

// Challenge builds the record of a game challenged with the options of
// "new": its settings, its start position, and the sender in the seat of
// colour mine. The other seat is the caller's to fill; Turn.AddGame then
// makes the game.
func Challenge(t Turn, opts command.GameOptions, cfg tak.Config, mine tak.Color) (*record.Game, error) {
	g := &record.Game{Status: record.Challenged, Challenger: mine, Config: cfg, Scoring: record.Scoring{Rules: opts.Scoring},
		Style: record.Style(opts.Style), Days: opts.Days, Created: t.Now(), Unrated: opts.Unrated, Private: opts.Private}
	var err error
	if g.Setup, err = opts.StartTPS(cfg); err != nil {
		return nil, err
	}
	g.Start = g.Setup
	me := t.Sender()
	g.Players[mine], g.Names[mine] = me.Key, me.Name
	return g, nil
}

// pickColor is the colour the sender of "new" plays.
func pickColor(t Turn, opts command.GameOptions) tak.Color {
	switch opts.Color {
	case "black":
		return tak.Black
	case "random":
		if t.RandInt(2) == 1 {
			return tak.Black
		}
	}
	return tak.White
}

// resolveOpponent turns the word after "new" into an identity: an explicit
// "transport:address", an address one of the transports reads (the
// sender's own first), or the name of a known player.
func resolveOpponent(t Turn, word string) (record.Identity, error) {
	w := strings.TrimSpace(word)
	if len(w) > MaxAddress {
		return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.AddressTooLong, Arg: excerpt(w), Count: MaxAddress})
	}
	if strings.Contains(w, "=") {
		return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.OptionsFirst, Arg: excerpt(w)})
	}
	all := t.Transports(t.From().Transport)
	if name, a, ok := strings.Cut(w, ":"); ok && name != "" && a != "" && IsTransportName(name) {
		return explicitAddress(t, all, name, a)
	}
	// The sender's own transport reads the word first, then the others;
	// a transport that is known but not running is named in the refusal.
	for _, e := range all {
		if e.ParseAddress == nil {
			continue
		}
		if addr, ok := e.ParseAddress(w); ok {
			if !e.Running {
				return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.TransportOff, Title: e.Title, Arg: excerpt(w), Runs: runningNames(all)})
			}
			return record.Identity{Transport: e.Name, Address: addr}, nil
		}
	}
	return namedOpponent(t, all, w)
}

// explicitAddress reads "transport:address".
func explicitAddress(t Turn, all []community.Transport, name, a string) (record.Identity, error) {
	i := slices.IndexFunc(all, func(e community.Transport) bool { return strings.EqualFold(e.Name, name) })
	switch {
	case i < 0:
		return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.NoTransport, Arg: command.Excerpt(name, 20), Runs: runningNames(all)})
	case !all[i].Running:
		return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.TransportOff, Title: all[i].Title, Arg: excerpt(name + ":" + a), Runs: runningNames(all)})
	}
	e, addr := all[i], a
	if e.ParseAddress != nil {
		var ok bool
		if addr, ok = e.ParseAddress(a); !ok {
			return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.NotAnAddress, Arg: excerpt(a), Title: e.Title})
		}
	}
	return record.Identity{Transport: e.Name, Address: addr}, nil
}

// namedOpponent finds the player called w on a running transport, or
// asks which of several.
func namedOpponent(t Turn, all []community.Transport, w string) (record.Identity, error) {
	var keys []string
	if err := t.View(func(tx record.Tx) error {
		var err error
		keys, err = tx.PlayersNamed(w)
		return err
	}); err != nil {
		return record.Identity{}, err
	}
	var live []record.Identity
	for _, k := range keys {
		if p, err := t.Player(k); err == nil && p.Alias != "" {
			k = p.Alias // a paired identity: its primary (bot/pairing)
		}
		id, ok := record.ParseIdentity(k)
		if !ok || slices.ContainsFunc(live, func(x record.Identity) bool { return x.Key() == id.Key() }) {
			continue
		}
		if slices.ContainsFunc(all, func(e community.Transport) bool { return e.Running && e.Name == id.Transport }) {
			live = append(live, id)
		}
	}
	switch len(live) {
	case 1:
		return live[0], nil
	case 0:
		return record.Identity{}, t.Refused(words.OpponentRefusal{Reason: words.UnknownOpponent, Arg: excerpt(w), Ways: transportNames(running(all))})
	}
	which := words.WhichPlayer{Name: excerpt(w)}
	var acts []record.Action
	for _, id := range live {
		which.Keys = append(which.Keys, id.Key())
		acts = append(acts, record.Action{Label: "Challenge " + id.Key(), Command: "new " + id.Key()})
	}
	return record.Identity{}, t.Question(which, acts...)
}

// IsTransportName reports whether t may name a transport ("email",
// "discord"): a short word of letters and digits.
func IsTransportName(t string) bool {
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

// runningNames lists the running transports for a refusal: "console and
// email".
func runningNames(all []community.Transport) string {
	var names []string
	for _, e := range running(all) {
		names = append(names, e.Title)
	}
	if len(names) == 0 {
		return "no transport"
	}
	return joinAnd(names)
}

// running are the running transports, by name.
func running(all []community.Transport) []community.Transport {
	var out []community.Transport
	for _, e := range all {
		if e.Running {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b community.Transport) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// transportNames are the transports' names ("console", "email").
func transportNames(all []community.Transport) []string {
	var names []string
	for _, e := range all {
		names = append(names, e.Name)
	}
	return names
}

func excerpt(s string) string { return command.Excerpt(s, command.QuoteRunes) }

// joinAnd joins "a", "a and b", "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// wordsGame is what words need of a game: its id and players' names.
func wordsGame(g *record.Game) words.Game { return words.Game{ID: g.ID, Names: g.Names} }

// wordsSettings is how game g is played, for words.
func wordsSettings(g *record.Game) words.Settings {
	o := words.Settings{Config: g.Config, Days: g.Days, Style: string(g.Style), Setup: g.Setup, Unrated: g.Unrated, Private: g.Private}
	if g.Scoring.Rules != 0 {
		o.Scoring = g.Scoring.String()
	}
	return o
}
