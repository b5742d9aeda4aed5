package challenge

import (
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Open challenges ("seeks"). "new anyone [options]" writes a game in the
// Challenged status whose seat for the opponent is empty (its
// record.Game.Seek set): the seeker's open challenges count against the
// same limit as their challenges, it expires after challenge_days like a
// challenge, and "cancel" withdraws it. Anyone else takes the seat with
// "accept ID" (or a lobby's Accept button). The first to accept plays:
// the game is read and written under its lock in one transaction, so a
// second acceptor finds it taken and is told so.
//
// Finding them: the open seeks are indexed in the referee's own space of
// the state store (community.RefereeSpace, "seek/ID"), written in the
// transaction that opens or closes one (SeekIndex), so "seeks" reads the
// index, not every game. Transports with a lobby get a post of each seek,
// with its Accept action, and a reply about the same game when it is
// taken, withdrawn or expires.
//
// A rating range ("rating=1400-1700") admits the players whose rating on
// the board's size is within it; an unrated player counts as
// community.UnratedRating, the rating every player starts with.

// seekPrefix keys the index of open seeks in community.RefereeSpace:
// "seek/g12".
const seekPrefix = "seek/"

// anyoneWord, after "new", opens a seek.
const anyoneWord = "anyone"

// seekRanged reports whether the seek has a rating range.
func seekRanged(sk *record.Seek) bool { return sk != nil && !seekRange(sk).Any() }

// seekRange is the seek's rating range.
func seekRange(sk *record.Seek) community.Range { return community.Range{Low: sk.Low, High: sk.High} }

// openSeek reports whether g is an open challenge still waiting.
func openSeek(g *record.Game) bool {
	return g.Seek != nil && g.Status == record.Challenged && g.Players[g.Challenger.Opponent()] == ""
}

// isAnyone reports whether the word after "new" asks for an open challenge.
func isAnyone(w string) bool { return strings.EqualFold(strings.TrimSpace(w), anyoneWord) }

// ratingFor is a player's rating on a board size, and whether they have
// played a rated game there (else the rating every player starts with).
func ratingFor(p *record.Player, size int) (rating float64, rated bool) {
	e, ok := p.Ratings[standing.Pool(size)]
	if !ok || e.Games == 0 {
		return standing.New().Rating, false
	}
	return e.Rating, true
}

// Seek opens a seek: "new anyone [options]".
func Seek(t Turn, c *command.Command) error {
	opts, err := command.ParseGameOptions(c.Args[1:], t.DefaultDays())
	if err != nil {
		return err
	}
	if opts.Level != 0 {
		return t.Refusal(nil, words.Refusal{Reason: words.LevelForTakbot, Count: opts.Level})
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	if err := t.CheckOwnChallenges(); err != nil {
		return err
	}
	mine := pickColor(t, opts)
	g, err := Challenge(t, opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Seek = &record.Seek{Low: opts.RatingLow, High: opts.RatingHigh}
	g.Names[mine.Opponent()] = anyoneWord
	if err := t.AddGame(g); err != nil {
		return err
	}
	id := g.ID
	posted := words.SeekPosted{Game: wordsGame(g), ByColor: mine, Settings: wordsSettings(g), Who: seekWho(g.Seek), Expires: t.ChallengeExpiry(g)}
	// Only the seeker hears of it until someone accepts (no game thread
	// on Discord for a game that may never begin).
	me := t.Sender().Key
	t.Reply(g, me, posted)
	t.OfferActions(g, me)
	posted.Seeker = seekerLabel(t, g)
	for _, lobby := range lobbies(t) {
		t.Lobby(lobby, id, posted, record.Action{Label: "Accept", Command: "accept " + id, Game: id})
	}
	return news.Seek(t, g, posted.Seeker)
}

// lobbies are the keys of the running transports' lobbies.
func lobbies(t Turn) []string {
	var out []string
	for _, e := range running(t.Transports("")) {
		if e.Lobby != "" {
			out = append(out, e.Lobby)
		}
	}
	return out
}

// seekWho says who may accept a seek, for words.
func seekWho(sk *record.Seek) words.SeekWho {
	return words.SeekWho{Ranged: seekRanged(sk), Low: sk.Low, High: sk.High, UnratedAs: community.UnratedRating}
}

// seekerLabel names the seeker with their rating on the game's size:
// "Alice (1512)", "Alice (unrated)". Never an address (PublicName).
func seekerLabel(t Turn, g *record.Game) string {
	name := t.PublicName(g.Names[g.Challenger])
	p, err := t.Player(g.Players[g.Challenger])
	if err != nil {
		return name
	}
	r, rated := ratingFor(p, g.Config.Size)
	return words.RatedName(name, int(r+0.5), rated)
}

// lobbyNotice tells the lobbies what became of seek g.
func lobbyNotice(t Turn, g *record.Game, o words.Outcome) {
	for _, lobby := range lobbies(t) {
		t.Lobby(lobby, g.ID, o)
	}
}

// seekArg is the game "accept" names: its argument, else the message's
// game when that is a seek the sender is not in (a lobby's button).
func seekArg(t Turn, c *command.Command) (string, error) {
	if len(c.Args) > 1 {
		return "", t.Refusal(nil, words.Refusal{Reason: words.AcceptArgs})
	}
	if len(c.Args) == 1 {
		return normalID(c.Args[0]), nil
	}
	for _, id := range []string{t.Current(), t.MessageGame()} {
		if id == "" {
			continue
		}
		if g, err := t.PeekGame(id); err == nil && g.Seek != nil {
			if _, in := g.ColorOf(t.Sender().Key); !in {
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

// takeSeek seats the sender in open challenge id and starts the game,
// under the game's lock.
func takeSeek(t Turn, id string) error {
	g, err := t.Game(id)
	if err != nil {
		return err
	}
	seat := g.Challenger.Opponent()
	if err := takeable(t, g); err != nil {
		return err
	}
	me := t.Sender()
	g.Players[seat], g.Names[seat] = me.Key, me.Name
	t.MarkGame(g)
	t.Touch(id)
	t.SetCurrent(id)
	if err := t.StartGame(g); err != nil {
		return err
	}
	lobbyNotice(t, g, words.SeekTaken{ID: id, By: t.PublicName(me.Name), Seeker: t.PublicName(g.Names[g.Challenger]), PrivateGame: g.Private})
	return nil
}

// takeable refuses to seat the sender in open challenge g unless it is
// open, not theirs, and their rating is in its range.
func takeable(t Turn, g *record.Game) error {
	r := words.Refusal{Game: wordsGame(g), Reason: closed(t, g)}
	if r.Reason == 0 && g.Players[g.Challenger] == t.Sender().Key {
		r.Reason = words.OwnOpenChallenge
	}
	if r.Reason == 0 {
		r.Reason, r.Count, r.Unrated = outOfRange(t.Sender(), g)
		r.Low, r.High, r.Size = g.Seek.Low, g.Seek.High, g.Config.Size
	}
	if r.Reason == 0 {
		return nil
	}
	if r.Reason == words.SeekWithdrawnBy {
		r.ToMove = g.Challenger
	}
	return t.Refusal(g, r)
}

// closed is why open challenge g can no longer be taken (0: it can).
func closed(t Turn, g *record.Game) words.Reason {
	waiting := g.Status == record.Challenged && g.Players[g.Challenger.Opponent()] == ""
	switch {
	case waiting && !t.Now().Before(t.ChallengeExpiry(g)):
		return words.SeekGone
	case waiting:
		return 0
	case g.Status == record.Cancelled:
		return words.SeekWithdrawnBy
	case g.Status == record.Expired:
		return words.SeekGone
	}
	return words.SeekTakenFirst
}

// outOfRange is words.OutOfRange when player p's rating is outside seek
// g's range, with the rating that counted and whether p is unrated; 0
// when p may take it.
func outOfRange(p *record.Player, g *record.Game) (words.Reason, int, bool) {
	if !seekRanged(g.Seek) {
		return 0, 0, false
	}
	rating, rated := ratingFor(p, g.Config.Size)
	if n, ok := seekRange(g.Seek).Admits(rating, rated); !ok {
		return words.OutOfRange, n, !rated
	}
	return 0, 0, false
}

// SeekExpired ends a seek nobody took in time (a clock event).
func SeekExpired(t Turn, g *record.Game, days int) {
	g.Status = record.Expired
	t.MarkGame(g)
	expired := words.SeekExpired{ID: g.ID, Seeker: t.PublicName(g.Names[g.Challenger]), Days: days}
	t.Reply(g, g.Players[g.Challenger], expired)
	lobbyNotice(t, g, expired)
}

// seekWithdrawn tells the seeker and the lobbies that the seeker withdrew
// open challenge g.
func seekWithdrawn(t Turn, g *record.Game) {
	withdrawn := words.SeekWithdrawn{ID: g.ID, Seeker: t.PublicName(t.Sender().Name)}
	t.Reply(g, t.Sender().Key, withdrawn)
	lobbyNotice(t, g, withdrawn)
}

// SeekIndex writes the open-seek index of the games a commit writes.
func SeekIndex(games []*record.Game) func(record.Tx) error {
	return func(tx record.Tx) error {
		for _, g := range games {
			if g.Seek == nil {
				continue
			}
			var err error
			if openSeek(g) {
				err = tx.PutState(community.RefereeSpace, seekPrefix+g.ID, []byte{'1'})
			} else {
				err = tx.DeleteState(community.RefereeSpace, seekPrefix+g.ID)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
}

// maxSeeksListed bounds the seeks "seeks" lists that the reader may
// accept; maxOutsideListed those outside the reader's rating.
const (
	maxSeeksListed   = 20
	maxOutsideListed = 5
)

// Seeks lists the open challenges the sender could accept, newest first,
// and apart those whose rating range leaves the sender out: "seeks". A
// seek's seeker is named as a public view may (PublicName), even in a
// private game's seek (bot/visibility.go).
func Seeks(t Turn, c *command.Command) error {
	var ids []string
	if err := t.View(func(tx record.Tx) error {
		return tx.ScanState(community.RefereeSpace, seekPrefix, func(k string, _ []byte) error {
			ids = append(ids, strings.TrimPrefix(k, seekPrefix))
			return nil
		})
	}); err != nil {
		return err
	}
	sort.Slice(ids, func(i, j int) bool { return gameLess(ids[j], ids[i]) }) // newest first
	me := t.Sender()
	var list words.SeekList
	var acts []record.Action
	for _, id := range ids {
		g, err := t.PeekGame(id)
		if err != nil || !openSeek(g) || !t.Now().Before(t.ChallengeExpiry(g)) {
			continue // closed or damaged meanwhile: the index is rewritten with the game
		}
		e := listed(t, g, me)
		switch {
		case e.Outside && len(list.Outside) == maxOutsideListed:
			list.MoreOutside++
		case e.Outside:
			list.Outside = append(list.Outside, e)
		case len(list.Open) == maxSeeksListed:
			list.MoreOpen++
		default:
			list.Open = append(list.Open, e)
			if !e.Own {
				acts = append(acts, record.Action{Label: "Accept " + g.ID, Command: "accept " + g.ID, Game: g.ID})
			}
		}
	}
	if len(list.Open) == 0 {
		t.Tell(me.Key, "", words.NoSeeks{Outside: len(list.Outside) > 0})
	} else {
		t.TellBlock(me.Key, "", list.OpenCaption(), words.SeekLines(list.Open))
	}
	if len(list.Outside) > 0 {
		t.TellBlock(me.Key, "", list.OutsideCaption(), words.SeekLines(list.Outside))
	}
	if len(list.Open) > 0 {
		t.TellActions(me.Key, "", acts[:min(len(acts), 5)]...)
	}
	return nil
}

// listed is open challenge g as "seeks" lists it to player p.
func listed(t Turn, g *record.Game, p *record.Player) words.SeekListed {
	e := words.SeekListed{ID: g.ID, Seeker: seekerLabel(t, g), Size: g.Config.Size, Komi: g.Config.Komi, Days: g.Days,
		You: g.Challenger.Opponent(), Ranged: seekRanged(g.Seek), Low: g.Seek.Low, High: g.Seek.High, Own: g.Players[g.Challenger] == p.Key}
	if reason, n, unrated := outOfRange(p, g); reason != 0 && !e.Own {
		e.Outside, e.Counted, e.Unrated = true, n, unrated
	}
	return e
}

// gameLess orders game ids by number: g2 before g10.
func gameLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}
