package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
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
// the board's size (ranking.RatingFor) is within it; an unrated player counts as
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
		return s.refusal(nil, words.Refusal{Reason: words.LevelForTakbot, Count: opts.level})
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
	posted := words.SeekPosted{Game: wordsGame(g), ByColor: mine, Settings: wordsSettings(g), Who: seekWho(g.Seek), Expires: s.r.challengeExpiry(g)}
	// Only the seeker hears of it until someone accepts (no game thread
	// on Discord for a game that may never begin).
	s.reply(g, s.sender.Key, posted)
	s.offerActions(gs, s.sender.Key)
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby == "" {
			continue
		}
		posted.Seeker = s.seekerLabel(g)
		d := s.event(Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key(), id)
		d.line(posted.Words(words.Reader{})) // a lobby plays no game
		d.act(Action{Label: "Accept", Command: "accept " + id, Game: id})
	}
	return nil
}

// seekWho says who may accept a seek, for words.
func seekWho(sk *SeekRecord) words.SeekWho {
	return words.SeekWho{Ranged: seekRanged(sk), Low: sk.Low, High: sk.High, UnratedAs: community.UnratedRating}
}

// seekerLabel names the seeker with their rating on the game's size:
// "Alice (1512)", "Alice (unrated)". Never an address (PublicName).
func (s *session) seekerLabel(g *GameRecord) string {
	name := PublicName(g.Names[g.Challenger])
	p, err := s.player(g.Players[g.Challenger])
	if err != nil {
		return name
	}
	if r, _, rated := ranking.RatingFor(p, g.Config.Size); rated {
		return fmt.Sprintf("%s (%d)", name, int(r+0.5))
	}
	return name + " (unrated)"
}

// lobbyNotice tells the lobbies what became of seek g. A lobby plays no
// game: it reads as words.Reader{}.
func (s *session) lobbyNotice(g *GameRecord, o outcome) {
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby != "" {
			s.event(Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key(), g.ID).line(o.Words(words.Reader{}))
		}
	}
}

// seekArg is the game "accept" names: its argument, else the message's
// game when that is a seek the sender is not in (a lobby's button).
func (s *session) seekArg(c *Command) (string, error) {
	if len(c.Args) > 1 {
		return "", s.refusal(nil, words.Refusal{Reason: words.AcceptArgs})
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
		return s.refusal(nil, words.Refusal{Reason: words.NoSuchGame, Arg: excerpt(id, 12)})
	}
	if openSeek(g) && g.Players[g.Challenger] == s.sender.Key {
		return s.refusal(nil, words.Refusal{Reason: words.OwnOpenChallenge, Game: words.Game{ID: id}})
	}
	if _, in := g.ColorOf(s.sender.Key); in {
		s.current = id // "accept g3": the challenge or proposal of g3
		return s.answer(c, true)
	}
	if g.Seek == nil {
		return s.refusal(nil, words.Refusal{Reason: words.NotASeek, Game: words.Game{ID: id}})
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
	if err := s.takeable(g); err != nil {
		return err
	}
	g.Players[seat], g.Names[seat] = s.sender.Key, s.sender.Name
	gs.dirty = true
	s.touch(id)
	s.current = id
	if err := s.startGame(gs); err != nil {
		return err
	}
	s.lobbyNotice(g, words.SeekTaken{ID: id, By: PublicName(s.sender.Name), Seeker: PublicName(g.Names[g.Challenger]), PrivateGame: !Public.SeesGame(g)})
	return nil
}

// takeable refuses to seat the sender in open challenge g unless it is
// open, not theirs, and their rating is in its range.
func (s *session) takeable(g *GameRecord) error {
	seat := g.Challenger.Opponent()
	r := words.Refusal{Game: wordsGame(g)}
	switch {
	case g.Status == Challenged && g.Players[seat] == "" && !s.now.Before(s.r.challengeExpiry(g)):
		r.Reason = words.SeekGone
	case g.Status == Challenged && g.Players[seat] == "":
	case g.Status == Cancelled:
		r.Reason, r.ToMove = words.SeekWithdrawnBy, g.Challenger
	case g.Status == Expired:
		r.Reason = words.SeekGone
	default:
		r.Reason = words.SeekTakenFirst
	}
	if r.Reason == 0 && g.Players[g.Challenger] == s.sender.Key {
		r.Reason = words.OwnOpenChallenge
	}
	if sk := g.Seek; r.Reason == 0 && seekRanged(sk) {
		rating, _, rated := ranking.RatingFor(s.sender, g.Config.Size)
		if n, ok := seekRange(sk).Admits(rating, rated); !ok {
			r.Reason, r.Low, r.High, r.Size, r.Count, r.Unrated = words.OutOfRange, sk.Low, sk.High, g.Config.Size, n, !rated
		}
	}
	if r.Reason == 0 {
		return nil
	}
	return s.refusal(g, r)
}

// seekExpired ends a seek nobody took in time (a clock event).
func (s *session) seekExpired(gs *gameState) {
	g := gs.rec
	g.Status = Expired
	gs.dirty = true
	expired := words.SeekExpired{ID: g.ID, Seeker: PublicName(g.Names[g.Challenger]), Days: s.r.opts.ChallengeDays}
	s.reply(g, g.Players[g.Challenger], expired)
	s.lobbyNotice(g, expired)
}

// seekWithdrawn tells the seeker and the lobbies that the seeker withdrew
// open challenge g.
func (s *session) seekWithdrawn(g *GameRecord) {
	withdrawn := words.SeekWithdrawn{ID: g.ID, Seeker: PublicName(s.sender.Name)}
	s.reply(g, s.sender.Key, withdrawn)
	s.lobbyNotice(g, withdrawn)
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
