package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/tak"
)

// Open challenges ("seeks"). "new anyone [options]" writes a game in the
// Challenged status whose seat for the opponent is empty (its
// GameRecord.Seek set): the seeker's open challenges count against the
// same limit as their challenges, it expires after challenge_days like a
// challenge, and "cancel" withdraws it. Anyone else takes the seat with
// "accept ID" (or a lobby's Accept button). The first to accept plays:
// the game is read and written under its lock in one transaction, so a
// second acceptor finds it taken and is told so.
//
// Finding them: the open seeks are indexed in the referee's own space of
// the state store (refereeSpace, "seek/ID"), written in the transaction
// that opens or closes one, so "seeks" reads the index, not every game.
// Transports with a lobby (TransportInfo.Lobby) get a post of each seek,
// with its Accept action, and a reply about the same game when it is
// taken, withdrawn or expires.
//
// A rating range ("rating=1400-1700") admits the players whose rating on
// the board's size (ratingFor) is within it; an unrated player counts as
// community.UnratedRating, the rating every player starts with.

// refereeSpace is the referee's own key space in the state store, beside
// the transports' (a transport's name has no '~').
const refereeSpace = "~referee"

// seekPrefix keys the index of open seeks in refereeSpace: "seek/g12".
const seekPrefix = "seek/"

// anyoneWord, after "new", opens a seek.
const anyoneWord = "anyone"

// maxSeeksListed bounds the seeks "seeks" lists.
const maxSeeksListed = 20

// seekRanged reports whether the seek has a rating range.
func seekRanged(sk *SeekRecord) bool { return sk != nil && !seekRange(sk).Any() }

// seekRange is the seek's rating range.
func seekRange(sk *SeekRecord) community.Range { return community.Range{Low: sk.Low, High: sk.High} }

// openSeek reports whether g is an open challenge still waiting.
func openSeek(g *GameRecord) bool {
	return g.Seek != nil && g.Status == Challenged && g.Players[g.Challenger.Opponent()] == ""
}

// isAnyone reports whether the word after "new" asks for an open challenge.
func isAnyone(w string) bool { return strings.EqualFold(strings.TrimSpace(w), anyoneWord) }

// pickColor is the colour the sender of "new" plays.
func (s *session) pickColor(opts newOptionValues) tak.Color {
	switch opts.color {
	case "black":
		return tak.Black
	case "random":
		if s.r.randInt(2) == 1 {
			return tak.Black
		}
	}
	return tak.White
}

// cmdNewSeek opens a seek: "new anyone [options]".
func (s *session) cmdNewSeek(c *Command) error {
	opts, err := parseNewOptions(c.Args[1:], s.r.opts.DefaultDays)
	if err != nil {
		return err
	}
	if opts.level != 0 {
		return refuse("level sets takbot's strength, so it is for games against takbot only: \"new takbot level=%d\"", opts.level)
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	if err := s.checkOwnChallenges(); err != nil {
		return err
	}
	mine := s.pickColor(opts)
	g, err := s.challengeFrom(opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Seek = &SeekRecord{Low: opts.ratingLow, High: opts.ratingHigh}
	g.Names[mine.Opponent()] = anyoneWord
	gs, err := s.addGame(g)
	if err != nil {
		return err
	}
	id := g.ID
	expires := fmtTime(s.r.challengeExpiry(g))
	// Only the seeker hears of it until someone accepts (no game thread
	// on Discord for a game that may never begin).
	d := s.tell(s.sender.Key, id)
	d.say("Open challenge %s posted: %s. You play %s. %s may accept it with \"accept %s\" until %s, when it expires; send \"cancel\" to withdraw it.",
		id, describeConfig(g), mine, capitalize(seekWho(g.Seek)), id, expires)
	s.offerActions(gs, s.sender.Key)
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby == "" {
			continue
		}
		d := s.event(Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key(), id)
		d.say("%s is looking for an opponent: open challenge %s, %s. The one who accepts plays %s; %s may accept until %s.",
			s.seekerLabel(g), id, describeConfig(g), mine.Opponent(), seekWho(g.Seek), expires)
		d.act(Action{Label: "Accept", Command: "accept " + id, Game: id})
	}
	return nil
}

// seekWho says who may accept a seek: "anyone", "a player rated 1400 to 1700".
func seekWho(sk *SeekRecord) string {
	if !seekRanged(sk) {
		return anyoneWord
	}
	return fmt.Sprintf("a player rated %d to %d (unrated players count as %d)", sk.Low, sk.High, community.UnratedRating)
}

// seekerLabel names the seeker with their rating on the game's size:
// "Alice (1512)", "Alice (unrated)". Never an address (PublicName).
func (s *session) seekerLabel(g *GameRecord) string {
	name := PublicName(g.Names[g.Challenger])
	p, err := s.player(g.Players[g.Challenger])
	if err != nil {
		return name
	}
	if r, _, rated := ratingFor(p, g.Config.Size); rated {
		return fmt.Sprintf("%s (%d)", name, int(r+0.5))
	}
	return name + " (unrated)"
}

// lobbyNotice tells the lobbies what became of seek g.
func (s *session) lobbyNotice(g *GameRecord, text string) {
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby != "" {
			s.event(Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key(), g.ID).say("%s", text)
		}
	}
}

// seekArg is the game "accept" names: its argument, else the message's
// game when that is a seek the sender is not in (a lobby's button).
func (s *session) seekArg(c *Command) (string, error) {
	if len(c.Args) > 1 {
		return "", refuse("\"accept\" takes at most one game id, e.g. \"accept g12\"")
	}
	if len(c.Args) == 1 {
		return normalID(c.Args[0]), nil
	}
	for _, id := range []string{s.current, s.msg.Game} {
		if id == "" {
			continue
		}
		if g, err := s.peekGame(id); err == nil && g.Seek != nil {
			if _, in := g.ColorOf(s.sender.Key); !in {
				return id, nil
			}
		}
	}
	return "", nil
}

// normalID reads a game id as a player writes it ("g3", "G3", "3").
func normalID(w string) string {
	id := strings.ToLower(strings.TrimRight(w, ".,!?:"))
	if !strings.HasPrefix(id, "g") {
		id = "g" + id
	}
	return id
}

// cmdAccept answers a challenge or proposal, or takes an open challenge:
// "accept g12".
func (s *session) cmdAccept(c *Command) error {
	id, err := s.seekArg(c)
	if err != nil || id == "" {
		if err != nil {
			return err
		}
		return s.answer(c, true)
	}
	g, err := s.peekGame(id)
	if err != nil {
		return refuse("there is no game %s; send \"seeks\" for the open challenges", excerpt(id, 12))
	}
	if openSeek(g) && g.Players[g.Challenger] == s.sender.Key {
		return refuse("%s is your own open challenge: someone else must accept it (send \"cancel\" to withdraw it)", id)
	}
	if _, in := g.ColorOf(s.sender.Key); in {
		s.current = id // "accept g3": the challenge or proposal of g3
		return s.answer(c, true)
	}
	if g.Seek == nil {
		return refuse("game %s is not an open challenge, and you do not play in it; send \"seeks\" for the open challenges", id)
	}
	return s.takeSeek(id)
}

// takeSeek seats the sender in open challenge id and starts the game,
// under the game's lock.
func (s *session) takeSeek(id string) error {
	gs, err := s.game(id)
	if err != nil {
		return err
	}
	g := gs.rec
	seat := g.Challenger.Opponent()
	switch {
	case g.Status == Challenged && g.Players[seat] == "" && !s.now.Before(s.r.challengeExpiry(g)):
		return refuse("the open challenge %s has expired; send \"seeks\" for the open challenges, or \"new anyone\" to post yours", id)
	case g.Status == Challenged && g.Players[seat] == "":
	case g.Status == Cancelled:
		return refuse("%s withdrew the open challenge %s; send \"seeks\" for the open challenges", g.Names[g.Challenger], id)
	case g.Status == Expired:
		return refuse("the open challenge %s has expired; send \"seeks\" for the open challenges, or \"new anyone\" to post yours", id)
	default:
		return refuse("someone else accepted the open challenge %s first; send \"seeks\" for the open challenges, or \"new anyone\" to post yours", id)
	}
	if g.Players[g.Challenger] == s.sender.Key {
		return refuse("%s is your own open challenge: someone else must accept it (send \"cancel\" to withdraw it)", id)
	}
	if sk := g.Seek; seekRanged(sk) {
		r, _, rated := ratingFor(s.sender, g.Config.Size)
		if n, ok := seekRange(sk).Admits(r, rated); !ok {
			how := fmt.Sprintf("your rating on %dx%d is %d", g.Config.Size, g.Config.Size, n)
			if !rated {
				how = fmt.Sprintf("you are unrated on %dx%d, which counts as %d", g.Config.Size, g.Config.Size, n)
			}
			return refuse("the open challenge %s is for players rated %d to %d, and %s", id, sk.Low, sk.High, how)
		}
	}
	g.Players[seat], g.Names[seat] = s.sender.Key, s.sender.Name
	gs.dirty = true
	s.touch(id)
	s.current = id
	if err := s.startGame(gs); err != nil {
		return err
	}
	if Public.SeesGame(g) {
		s.lobbyNotice(g, fmt.Sprintf("%s accepted the open challenge %s of %s: the game has begun.", PublicName(s.sender.Name), id, PublicName(g.Names[g.Challenger])))
	} else {
		// A private game's players are its own business: the lobby
		// learns only that the challenge is taken.
		s.lobbyNotice(g, fmt.Sprintf("The open challenge %s of %s was accepted.", id, PublicName(g.Names[g.Challenger])))
	}
	return nil
}

// seekExpired ends a seek nobody took in time (a clock event).
func (s *session) seekExpired(gs *gameState) {
	g := gs.rec
	g.Status = Expired
	gs.dirty = true
	s.tell(g.Players[g.Challenger], g.ID).say("Your open challenge %s expired: nobody accepted it within %s. Send \"new anyone\" to post another.",
		g.ID, plural(s.r.opts.ChallengeDays, "day", "days"))
	s.lobbyNotice(g, fmt.Sprintf("The open challenge %s of %s expired: nobody accepted it.", g.ID, PublicName(g.Names[g.Challenger])))
}

// seekWithdrawn tells the seeker and the lobbies that the seeker withdrew
// open challenge g.
func (s *session) seekWithdrawn(g *GameRecord) {
	s.tell(s.sender.Key, g.ID).say("You withdrew your open challenge %s.", g.ID)
	s.lobbyNotice(g, fmt.Sprintf("%s withdrew the open challenge %s.", PublicName(s.sender.Name), g.ID))
}

// seekIndex writes the open-seek index of the games a commit writes.
func seekIndex(games []*GameRecord) func(Tx) error {
	return func(tx Tx) error {
		for _, g := range games {
			if g.Seek == nil {
				continue
			}
			var err error
			if openSeek(g) {
				err = tx.PutState(refereeSpace, seekPrefix+g.ID, []byte{'1'})
			} else {
				err = tx.DeleteState(refereeSpace, seekPrefix+g.ID)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
}

// cmdSeeks lists the open challenges the sender could accept.
func (s *session) cmdSeeks(c *Command) error {
	var ids []string
	if err := s.view(func(tx Tx) error {
		return tx.ScanState(refereeSpace, seekPrefix, func(k string, _ []byte) error {
			ids = append(ids, strings.TrimPrefix(k, seekPrefix))
			return nil
		})
	}); err != nil {
		return err
	}
	sort.Slice(ids, func(i, j int) bool { return gameLess(ids[j], ids[i]) }) // newest first
	d := s.tell(s.sender.Key, "")
	var lines []string
	var acts []Action
	more := 0
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil || !openSeek(g) || !s.now.Before(s.r.challengeExpiry(g)) {
			continue // closed or damaged meanwhile: the index is rewritten with the game
		}
		if len(lines) == maxSeeksListed {
			more++
			continue
		}
		line := fmt.Sprintf("%s: %s, %dx%d, komi %s, %s per move; you would play %s", g.ID, s.seekerLabel(g),
			g.Config.Size, g.Config.Size, g.Config.Komi, plural(g.Days, "day", "days"), g.Challenger.Opponent())
		if seekRanged(g.Seek) {
			line += fmt.Sprintf("; for players rated %d to %d", g.Seek.Low, g.Seek.High)
		}
		if g.Players[g.Challenger] == s.sender.Key {
			line += " (yours)"
		} else {
			acts = append(acts, Action{Label: "Accept " + g.ID, Command: "accept " + g.ID, Game: g.ID, Moment: MomentOf(g)})
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		d.say("There are no open challenges now. Send \"new anyone\" (with your options, e.g. \"new anyone size=6\") to post one.")
		return nil
	}
	caption := "Open challenges, newest first; send \"accept ID\" to take one (the first to accept plays):"
	if more > 0 {
		caption = fmt.Sprintf("The %d newest open challenges of %d; send \"accept ID\" to take one (the first to accept plays):", len(lines), len(lines)+more)
	}
	d.block(caption, strings.Join(lines, "\n"))
	if len(acts) > 5 {
		acts = acts[:5]
	}
	d.act(acts...)
	return nil
}
