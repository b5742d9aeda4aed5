package bot

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The commands of ratings and records: "stats", "leaderboard" and "abort".

// abortPlies is how many moves a game has when each player has moved
// twice: from then on it can no longer be aborted.
const abortPlies = record.AbortPlies

func (s *session) cmdAbort(c *Command) error {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return err
	}
	g := gs.rec
	if g.Status != Active {
		return s.refusal(g, words.Refusal{Reason: words.CannotAbort, Status: string(g.Status), Chosen: s.chosen(g)})
	}
	if n := len(g.Moves); n >= abortPlies {
		return s.refusal(g, words.Refusal{Reason: words.TooLateToAbort, Turn: n})
	}
	s.abortGame(gs, words.AbortAsked)
	return nil
}

// abortGame ends a game in progress with no result (Aborted) and tells
// both players and the spectators (words.Aborted).
func (s *session) abortGame(gs *gameState, how words.AbortHow) {
	g := gs.rec
	g.Status = Aborted
	g.Proposal = nil
	g.Deadline, g.TurnStart = time.Time{}, time.Time{}
	gs.dirty = true
	me, _ := g.ColorOf(s.sender.Key)
	s.announceBoth(g, words.Aborted{Game: wordsGame(g), By: s.sender.Name, Not: me.Opponent(), How: how})
	s.tellWatchersEnd(gs)
}

// abortEarly aborts a game resigned (words.ResignedEarly) or drawn by
// agreement (words.DrawnEarly) before each player had moved twice, and
// reports whether it did. Such a game between two players would otherwise
// be the cheapest way to farm a rating (a sock puppet resigning at once),
// so it is neither rated nor reviewed; a loss on time stands, unrated and
// unreviewed. A game against takbot is never rated, and its review is
// what its player asked for: it ends as before.
func (s *session) abortEarly(gs *gameState, how words.AbortHow) bool {
	if gs.rec.PlayedEnough() || gs.rec.AgainstEngine() {
		return false
	}
	s.abortGame(gs, how)
	return true
}

// statsPlayer finds the player "stats" names, as the sender sees players
// (visibility.go): an address on a transport, or the name of a player,
// optionally followed by the id of a game they played ("stats Bob g12")
// to tell namesakes apart. A player of whom the sender sees no game is
// answered exactly as one nobody knows, so that no answer tells whether
// an address plays here.
func (s *session) statsPlayer(word string) (*PlayerRecord, error) {
	w := strings.TrimSpace(word)
	if len(w) > maxAddress {
		return nil, refuse("%q is too long to be a player's name or address", excerpt(w, excerptRunes))
	}
	unknown := refuse("the referee knows no player %q: name them as you would challenge them (a name, an address or a mention)", excerpt(w, excerptRunes))
	found, err := s.statsCandidates(w, "")
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		// "Bob Smith g12": the Bob Smith who played game g12.
		if i := strings.LastIndexByte(w, ' '); i > 0 {
			if id := strings.Trim(strings.ToLower(w[i+1:]), "()"); gameIDWord.MatchString(id) {
				if found, err = s.statsCandidates(strings.TrimSpace(w[:i]), id); err != nil {
					return nil, err
				}
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, unknown
	case 1:
		return found[0].p, nil
	}
	// Namesakes: told apart by their transport and a game the sender
	// sees of each, never by an address or an id.
	var cmds []string
	var acts []Action
	for _, c := range found {
		if c.p.Key == s.sender.Key {
			cmds = append(cmds, "\"stats\" (you)")
			acts = append(acts, Action{Label: "Your stats", Command: "stats"})
			continue
		}
		cmd := fmt.Sprintf("stats %s %s", w, c.game)
		cmds = append(cmds, fmt.Sprintf("%q (the player on %s who played game %s)", cmd, transportOfKey(c.p.Key), c.game))
		acts = append(acts, Action{Label: fmt.Sprintf("Stats of the player of %s", c.game), Command: cmd})
	}
	return nil, &question{msg: fmt.Sprintf("Several players are called %s: say which one, with %s.", excerpt(w, excerptRunes), joinOr(cmds)), actions: acts}
}

// gameIDWord is a game id as "stats NAME ID" takes it.
var gameIDWord = regexp.MustCompile(`^g[0-9]{1,12}$`)

// statsCandidate is a player "stats" may name, with the first game of
// theirs the sender sees (their handle among namesakes).
type statsCandidate struct {
	p    *PlayerRecord
	game string
}

// statsCandidates returns the players w names whom the sender sees (the
// sender themselves, or a player with a game the sender sees); with
// game set, only those who played it.
func (s *session) statsCandidates(w, game string) ([]statsCandidate, error) {
	var keys []string
	if t, a, ok := strings.Cut(w, ":"); ok && isTransportName(t) && a != "" {
		keys = []string{Identity{Transport: t, Address: a}.Key()}
	} else {
		for _, e := range s.r.transportsByPreference(s.msg.From.Transport) {
			if e.info.ParseAddress == nil {
				continue
			}
			if addr, ok := e.info.ParseAddress(w); ok {
				keys = append(keys, Identity{Transport: e.info.Name, Address: addr}.Key())
			}
		}
		var named []string
		if err := s.view(func(tx Tx) error {
			var err error
			named, err = tx.PlayersNamed(w)
			return err
		}); err != nil {
			return nil, err
		}
		keys = append(keys, named...)
	}
	v := ViewerOf(s.sender.Key)
	var found []statsCandidate
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		var c statsCandidate
		err := s.view(func(tx Tx) error {
			p, err := tx.Player(k)
			if err != nil {
				return err
			}
			games, err := visibleGames(tx, k, v, maxStatsGames)
			if err != nil {
				return err
			}
			c = statsCandidate{p: p}
			for _, g := range games {
				if game == "" || g.ID == game {
					c.game = g.ID
					break
				}
			}
			return nil
		})
		switch {
		case errors.Is(err, ErrNotFound):
			continue
		case err != nil:
			return nil, err
		}
		if c.game == "" && (game != "" || !v.Self(k)) {
			continue // nothing of theirs the sender sees: unknown to them
		}
		found = append(found, c)
	}
	return found, nil
}

// transportOfKey names a player's transport ("email", "discord").
func transportOfKey(key string) string {
	t, _, _ := strings.Cut(key, ":")
	return t
}

func (s *session) cmdStats(c *Command) error {
	p := s.sender
	if len(c.Args) > 0 {
		var err error
		if p, err = s.statsPlayer(strings.Join(c.Args, " ")); err != nil {
			return err
		}
	}
	self := p.Key == s.sender.Key
	st, err := s.r.PlayerStatsFor(s.ctx, p.Key, ViewerOf(s.sender.Key))
	switch {
	case errors.Is(err, ErrNotFound) && self:
		st, err = s.r.statsOf(p, nil, ViewerOf(s.sender.Key)), nil // a new player, not stored yet
	case errors.Is(err, ErrNotFound):
		return refuse("the referee knows no player %q: name them as you would challenge them (a name, an address or a mention)", excerpt(strings.Join(c.Args, " "), excerptRunes))
	}
	if err != nil {
		return err
	}
	d := s.tell(s.sender.Key, "")
	for _, line := range statsText(st, self) {
		d.say("%s", line)
	}
	if len(st.Summary.Recent) > 0 {
		d.block(statsWho(st, self, "Your latest games", "'s latest games")+":", recentText(st.Summary.Recent))
	}
	return nil
}

// statsWho writes "You..." to the player, "NAME..." about another.
func statsWho(st PlayerStats, self bool, you, other string) string {
	if self {
		return you
	}
	return st.Name + other
}

// statsText writes a player's stats as sentences.
func statsText(st PlayerStats, self bool) []string {
	var out []string
	if st.Games == 0 {
		out = append(out, statsWho(st, self, "You have", " has")+" finished no game yet, so there is nothing to count and no rating.")
		return append(out, ratingRule)
	}
	out = append(out, fmt.Sprintf("%s: %s finished, %s.", statsWho(st, self, "Your record", "'s record"), plural(st.Games, "game", "games"), st.Summary.All))
	var rs []string
	for _, pool := range standing.Pools() {
		e, ok := st.Ratings[pool]
		if !ok {
			continue
		}
		r := fmt.Sprintf("%s %d (deviation %d, %s", standing.PoolTitle(pool), standing.Round(e.Rating), standing.Round(e.Deviation), plural(e.Games, "rated game", "rated games"))
		if e.Provisional() {
			r += ", provisional"
		}
		rs = append(rs, r+")")
	}
	if len(rs) == 0 {
		out = append(out, "No rating yet. "+ratingRule)
	} else {
		out = append(out, "Rating: "+strings.Join(rs, "; ")+".")
	}
	out = append(out, fmt.Sprintf("As white: %s. As black: %s.", st.Summary.White, st.Summary.Black))
	var sizes []string
	for _, n := range st.Summary.Sizes() {
		sizes = append(sizes, fmt.Sprintf("%dx%d: %s", n, n, st.Summary.BySize[n]))
	}
	out = append(out, "By size: "+strings.Join(sizes, "; ")+".")
	out = append(out, fmt.Sprintf("Won %s. Lost %s.", standing.Endings(st.Summary.WonBy), standing.Endings(st.Summary.LostBy)))
	return out
}

// ratingRule says where ratings come from.
const ratingRule = "Every finished game is rated (Glicko-2) unless it was started with rated=no or private=yes, or ended before each player had moved twice; the k-th rated game between the same two players within 30 days counts 1/k. Ratings are kept apart for 3x3 and 4x4, 5x5, 6x6, and 7x7 and 8x8."

// recentText writes the latest games, one a line.
func recentText(games []standing.Game) string {
	var lines []string
	for _, g := range games {
		out := map[standing.Outcome]string{standing.Win: "won", standing.Loss: "lost", standing.Draw: "drew"}[g.Outcome]
		how := ", by " + g.Reason
		switch g.Reason {
		case "flats", "time":
			how = ", on " + g.Reason
		}
		if g.Outcome == standing.Draw {
			how = ""
		}
		colour := "black"
		if g.White {
			colour = "white"
		}
		rated := ""
		if !g.Rated {
			rated = ", unrated"
		}
		lines = append(lines, fmt.Sprintf("%s %s: %s against %s as %s%s (%dx%d, %s%s)", g.ID, g.Ended.UTC().Format("2006-01-02"), out, g.Opponent, colour, how, g.Size, g.Size, g.PTN, rated))
	}
	return strings.Join(lines, "\n")
}

// leaderboardPool reads the pool "leaderboard" names: a size ("6",
// "6x6") or "small"/"large"; "" when the argument names none.
func leaderboardPool(arg string) string {
	a := strings.ToLower(strings.TrimSpace(arg))
	for _, p := range standing.Pools() {
		if a == p {
			return p
		}
	}
	if n, m, ok := strings.Cut(a, "x"); ok && n == m {
		a = n
	}
	if n, err := strconv.Atoi(a); err == nil && n >= tak.MinSize && n <= tak.MaxSize {
		return standing.Pool(n)
	}
	return ""
}

func (s *session) cmdLeaderboard(c *Command) error {
	pool := ""
	if len(c.Args) > 1 {
		return refuse("\"leaderboard\" takes one board size, e.g. \"leaderboard 6x6\"")
	}
	if len(c.Args) == 1 {
		if pool = leaderboardPool(c.Args[0]); pool == "" {
			return refuse("%q is not a board size: say \"leaderboard 5x5\" (or 3 to 8, small for 3x3 and 4x4, large for 7x7 and 8x8)", excerpt(c.Args[0], 20))
		}
	} else {
		pool = s.favouritePool()
	}
	community := s.msg.Community
	list, err := s.r.leaderboard(s.ctx, pool, community, s.sender.Key, 0)
	if err != nil {
		return err
	}
	least := s.r.opts.LeaderboardMinGames
	title := standing.PoolTitle(pool)
	where := ""
	if community != "" {
		where = " of this server"
	}
	rule := fmt.Sprintf("players with at least %s against %s, and a deviation of at most %d", plural(least, "rated game", "rated games"),
		plural(min(least, leaderboardOpponents), "opponent", "different opponents"), standing.Round(s.r.opts.LeaderboardMaxDeviation))
	d := s.tell(s.sender.Key, "")
	if len(list) == 0 {
		d.say("The %s leaderboard%s is empty: it lists %s, and nobody%s has those yet.", title, where, rule, map[bool]string{true: " here", false: ""}[community != ""])
	} else {
		shown := list
		if len(shown) > maxLeaderboard {
			shown = shown[:maxLeaderboard]
		}
		d.block(fmt.Sprintf("The %s leaderboard%s (%s):", title, where, rule), leaderboardText(shown, s.sender.Key))
	}
	mine := -1
	for i, l := range list {
		if l.Key == s.sender.Key {
			mine = i
		}
	}
	e := s.sender.Ratings[pool].Now(s.now)
	rating, _, rated := ratingFor(s.sender, standing.SizeOf(pool))
	switch {
	case mine >= 0:
		d.say("You are number %d of %d, at %d (deviation %d).", mine+1, len(list), standing.Round(list[mine].Rating), standing.Round(list[mine].Deviation))
	case rated && e.Games < least:
		d.say("You have %s (your rating is %d); after %d more you are on the leaderboard.", plural(e.Games, "rated "+title+" game", "rated "+title+" games"), standing.Round(rating), least-e.Games)
	case rated && community == "":
		d.say("You are not on the leaderboard yet: your rating is %d, deviation %d, from %s.", standing.Round(rating), standing.Round(e.Deviation), plural(e.Games, "rated "+title+" game", "rated "+title+" games"))
	case community != "" && rated:
		d.say("You are not on this server's leaderboard: it lists the players who played or wrote here. Send \"leaderboard\" in a direct message for everyone's.")
	}
	if community != "" && !rated {
		d.say("Send \"leaderboard\" in a direct message for everyone's.")
	}
	return nil
}

// favouritePool is the pool the sender played most rated games in, else
// 5x5 (the default size of "new").
func (s *session) favouritePool() string {
	best, n := standing.Pool(5), 0
	for _, p := range standing.Pools() {
		if e, ok := s.sender.Ratings[p]; ok && e.Games > n {
			best, n = p, e.Games
		}
	}
	return best
}

// leaderboardText writes the lines of a leaderboard as a table; the
// reader is "you" in it.
func leaderboardText(list []Standing, reader string) string {
	list = append([]Standing(nil), list...)
	width := len("player")
	for i, l := range list {
		if l.Key == reader {
			list[i].Name = "you"
		}
		width = max(width, len([]rune(list[i].Name)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%4s  %-*s  %6s  %9s  %5s\n", "#", width, "player", "rating", "deviation", "games")
	for i, l := range list {
		fmt.Fprintf(&b, "%4d  %-*s  %6d  %9d  %5d\n", i+1, width, l.Name, standing.Round(l.Rating), standing.Round(l.Deviation), l.Games)
	}
	return strings.TrimRight(b.String(), "\n")
}
