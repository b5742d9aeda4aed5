package event

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/tourney"
	"github.com/takbymail/takbot/words"
)

// start runs "event start NAME": the organiser starts the event (launch),
// before its start time or after a start missed for want of players.
func start(t Turn, nm string) error {
	tr, err := organised(t, nm)
	if err != nil {
		return err
	}
	if tr.Status != record.TourneyOpen {
		return t.Refused(words.EventRefusal{Reason: words.EventNotOpen, Event: tr.Name, Status: string(tr.Status)})
	}
	f := formatOf(tr)
	if len(tr.Entrants) < 2 || f == tourney.Swiss && len(tr.Entrants) < 3 {
		return t.Refused(words.EventRefusal{Reason: words.EventTooFew, Event: tr.Name, Count: len(tr.Entrants)})
	}
	return launch(t, tr)
}

// launch starts an open event with enough entrants, by its organiser's
// command or at its start time (the sender is then nobody): the entrants
// are seeded by rating, the schedule (round-robin) or round 1 (Swiss) is
// paired and its games begin.
func launch(t Turn, tr *record.Tourney) error {
	f := formatOf(tr)
	size := boardSize(tr.Options)
	for i := range tr.Entrants {
		e := &tr.Entrants[i]
		p, err := t.Player(e.Key)
		if err != nil {
			return err
		}
		e.Rating, e.Provisional = ratingOf(p, size)
		if p.Name != "" {
			e.Name = p.Name
		}
	}
	// Seeds: by rating, the earlier entrant first on equal ratings.
	slices.SortStableFunc(tr.Entrants, func(a, b record.Entrant) int { return cmp.Compare(b.Rating, a.Rating) })
	if f != tourney.Swiss {
		ids := make([]tourney.PlayerID, len(tr.Entrants))
		for i, e := range tr.Entrants {
			ids[i] = tourney.PlayerID(e.Key)
		}
		sched, err := tourney.RoundRobinSchedule(ids, f == tourney.DoubleRoundRobin)
		if err != nil {
			return err
		}
		for _, r := range sched {
			tr.Schedule = append(tr.Schedule, boardsOf(r))
		}
		tr.Rounds = len(sched)
	}
	tr.Status = record.TourneyRunning
	tr.Log(t.Now(), senderKey(t), "started", fmt.Sprintf("%d players", len(tr.Entrants)))
	news := words.EventNews{Kind: words.EventStarted, Event: tr.Name, Format: formatWords(tr), Rounds: tr.Rounds, Settings: settings(tr), Count: len(tr.Entrants)}
	for _, e := range tr.Entrants {
		tell(t, e.Key, "", news)
	}
	if tr.Entrant(tr.Organiser) == nil {
		tell(t, tr.Organiser, "", news)
	}
	if err := advance(t, tr); err != nil {
		return err
	}
	t.PutTourney(tr)
	return nil
}

// tell tells key the news: an answer to the sender, an event to others.
func tell(t Turn, key, game string, o Outcome) {
	if key == senderKey(t) {
		t.Tell(key, game, o)
		return
	}
	t.Notify(key, game, o)
}

// withdraw runs "event withdraw NAME PLAYER": from the current round on,
// the player is not paired and their unfinished games are lost by
// forfeit; their game in progress ends so.
func withdraw(t Turn, nm, who string) error {
	tr, err := organised(t, nm)
	if err != nil {
		return err
	}
	e := findEntrant(tr, who)
	switch {
	case e == nil:
		return t.Refused(words.EventRefusal{Reason: words.EventNotIn, Event: tr.Name, Arg: who})
	case tr.Status == record.TourneyOpen:
		i := slices.IndexFunc(tr.Entrants, func(x record.Entrant) bool { return x.Key == e.Key })
		tr.Entrants = slices.Delete(tr.Entrants, i, i+1)
		tr.Log(t.Now(), senderKey(t), "withdrawn", e.Key)
		t.PutTourney(tr)
		t.Tell(senderKey(t), "", words.EventNews{Kind: words.EventWithdrawn, Event: tr.Name, Player: e.Name, Round: 1})
		return nil
	case tr.Status != record.TourneyRunning:
		return t.Refused(words.EventRefusal{Reason: words.EventNotRunning, Event: tr.Name, Status: string(tr.Status)})
	case e.WithdrawnFrom != 0:
		return t.Refused(words.EventRefusal{Reason: words.EventWithdrawnAlready, Event: tr.Name, Arg: e.Name})
	}
	from := tr.Round
	cur := &tr.Schedule[tr.Round-1]
	var game string
	for i := range cur.Boards {
		b := &cur.Boards[i]
		if b.Black == "" || b.White != e.Key && b.Black != e.Key {
			continue
		}
		if b.Result != "" {
			from++ // their game of this round stands
			break
		}
		game = b.Game
	}
	e.WithdrawnFrom = from
	key := e.Key
	tr.Log(t.Now(), senderKey(t), "withdrawn", fmt.Sprintf("%s from round %d", key, from))
	news := words.EventNews{Kind: words.EventWithdrawn, Event: tr.Name, Player: e.Name, Round: from}
	if game != "" {
		if err := t.ForfeitGame(game, key); err != nil {
			return err
		}
	}
	fillForfeits(tr, t.Now())
	t.Tell(senderKey(t), "", news)
	if key != senderKey(t) {
		t.Notify(key, game, news)
	}
	if err := advance(t, tr); err != nil {
		return err
	}
	t.PutTourney(tr)
	return nil
}

// findEntrant finds an entrant by name (without case) or player key.
func findEntrant(tr *record.Tourney, who string) *record.Entrant {
	for i := range tr.Entrants {
		if e := &tr.Entrants[i]; strings.EqualFold(e.Name, who) || e.Key == who {
			return e
		}
	}
	return nil
}

// fillForfeits writes the results of the begun rounds' pending boards of
// withdrawn players (tourney.Effective): forfeits.
func fillForfeits(tr *record.Tourney, now time.Time) {
	byID := map[tourney.PlayerID]tourney.Player{}
	for _, p := range players(tr) {
		byID[p.ID] = p
	}
	for k := range tr.Schedule[:tr.Round] {
		r := &tr.Schedule[k]
		for i := range r.Boards {
			b := &r.Boards[i]
			if b.Black == "" || b.Result != "" {
				continue
			}
			p := tourney.Pairing{White: tourney.PlayerID(b.White), Black: tourney.PlayerID(b.Black)}
			if res := tourney.Effective(p, r.Number, byID); res != tourney.Pending {
				b.Result = res.String()
				tr.Log(now, "", "result", fmt.Sprintf("round %d %s-%s %s (forfeit)", r.Number, b.White, b.Black, b.Result))
			}
		}
	}
}

// advance begins rounds while the current one is finished: the next
// round of the schedule, or the next Swiss pairing; after the last, the
// event is over.
func advance(t Turn, tr *record.Tourney) error {
	for tr.Status == record.TourneyRunning {
		if tr.Round > 0 && !tourney.Finished(rounds(tr, tr.Round)[tr.Round-1], players(tr)) {
			return nil
		}
		if tr.Round == tr.Rounds {
			return finish(t, tr)
		}
		if formatOf(tr) == tourney.Swiss {
			if active(tr, tr.Round+1) < 2 {
				return finish(t, tr) // withdrawals left nobody to pair
			}
			r, _, err := tourney.PairSwiss(players(tr), rounds(tr, tr.Round))
			if err != nil {
				return fmt.Errorf("event %s: pair round %d: %w", tr.Name, tr.Round+1, err)
			}
			tr.Schedule = append(tr.Schedule, boardsOf(r))
		}
		tr.Round++
		if err := begin(t, tr); err != nil {
			return err
		}
		fillForfeits(tr, t.Now())
	}
	return nil
}

// active counts the entrants who play in round n.
func active(tr *record.Tourney, n int) int {
	count := 0
	for _, p := range players(tr) {
		if p.Active(n) {
			count++
		}
	}
	return count
}

// begin creates the games of the current round and tells each player
// their pairing; a board of a withdrawn player has no game.
func begin(t Turn, tr *record.Tourney) error {
	r := &tr.Schedule[tr.Round-1]
	tr.Log(t.Now(), "", "paired", fmt.Sprintf("round %d", r.Number))
	for i := range r.Boards {
		b := &r.Boards[i]
		if b.Black == "" {
			tell(t, b.White, "", words.EventNews{Kind: words.EventBye, Event: tr.Name, Round: r.Number})
			continue
		}
		w, bl := tr.Entrant(b.White), tr.Entrant(b.Black)
		if w == nil || bl == nil || w.WithdrawnFrom != 0 && w.WithdrawnFrom <= r.Number || bl.WithdrawnFrom != 0 && bl.WithdrawnFrom <= r.Number {
			continue // a forfeit: fillForfeits scores it
		}
		g, err := newGame(t, tr, b.White, b.Black, r.Number)
		if err != nil {
			return fmt.Errorf("event %s: round %d: %w", tr.Name, r.Number, err)
		}
		id, err := t.StartEventGame(g)
		if err != nil {
			return fmt.Errorf("event %s: round %d: %w", tr.Name, r.Number, err)
		}
		b.Game = id
		var due time.Time // white's first move's, shown in white's zone
		if g, err := t.PeekGame(id); err == nil {
			due = g.Deadline
		}
		tell(t, b.White, id, words.EventNews{Kind: words.EventPaired, Event: tr.Name, Round: r.Number, Opponent: name(tr, b.Black), Color: tak.White, Game: id, Due: due})
		tell(t, b.Black, id, words.EventNews{Kind: words.EventPaired, Event: tr.Name, Round: r.Number, Opponent: name(tr, b.White), Color: tak.Black, Game: id})
	}
	return nil
}

// newGame makes the game of a board of round n, white against black, from
// the event's options as "new" reads them: a challenge, which
// Turn.StartEventGame starts. With no players it only checks the options.
func newGame(t Turn, tr *record.Tourney, white, black string, n int) (*record.Game, error) {
	o, err := command.ParseGameOptions(tr.Options, t.DefaultDays())
	if err != nil {
		return nil, err
	}
	cfg, err := o.Config()
	if err != nil || white == "" {
		return nil, err
	}
	g := &record.Game{Status: record.Challenged, Challenger: tak.White, Config: cfg, Scoring: record.Scoring{Rules: o.Scoring},
		Style: record.Style(o.Style), Days: o.Days, Created: t.Now(), Unrated: o.Unrated, Private: o.Private,
		Event: &record.GameEvent{Name: tr.Name, Round: n}}
	if g.Setup, err = o.StartTPS(cfg); err != nil {
		return nil, err
	}
	g.Start = g.Setup
	for c, key := range [2]string{white, black} {
		p, err := t.Player(key)
		if err != nil {
			return nil, err
		}
		g.Players[c], g.Names[c] = key, p.Name
	}
	return g, nil
}

// finish closes an event whose last round is over and tells its players.
func finish(t Turn, tr *record.Tourney) error {
	st, err := tourney.Standings(formatOf(tr), players(tr), rounds(tr, tr.Round))
	if err != nil {
		return err
	}
	tr.Status = record.TourneyOver
	news := words.EventNews{Kind: words.EventOver, Event: tr.Name}
	for _, s := range st {
		if s.Rank == 1 {
			news.Winners = append(news.Winners, name(tr, string(s.Player.ID)))
			news.Points = s.Points
		}
	}
	tr.Log(t.Now(), "", "over", strings.Join(news.Winners, ", "))
	for _, e := range tr.Entrants {
		tell(t, e.Key, "", news)
	}
	return nil
}

// Settle records the results of the event games this session ended and
// pairs the rounds they finish. The referee calls it after every message
// and clock event; it does nothing when no event game ended. A game
// played again after its result (a loss on time withdrawn because the
// move came in time) has its result taken back while its round is being
// played; once the next round is paired, the first result stands.
func Settle(t Turn) error {
	byEvent := map[string][]*record.Game{}
	var keys []string
	for _, g := range t.EventGames() {
		k := record.TourneyKey(g.Event.Name)
		if _, ok := byEvent[k]; !ok {
			keys = append(keys, k)
		}
		byEvent[k] = append(byEvent[k], g)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := settleOne(t, k, byEvent[k]); err != nil {
			return err
		}
	}
	return nil
}

// settleOne records the ended games of one event.
func settleOne(t Turn, key string, games []*record.Game) error {
	tr, err := t.Tourney(key)
	if err != nil || tr.Status != record.TourneyRunning {
		return nil // a cancelled or missing event: the games stand alone
	}
	var changes []func()
	for _, g := range games {
		b := boardOf(tr, g)
		reprieved := b != nil && b.Result != "" && g.Status == record.Active && results[b.Result].Played()
		if reprieved && g.Event.Round == tr.Round {
			changes = append(changes, func() {
				b.Result = ""
				tr.Log(t.Now(), "", "result withdrawn", fmt.Sprintf("round %d %s", g.Event.Round, g.ID))
			})
			continue
		}
		if reprieved && !b.Kept {
			changes = append(changes, func() { keep(t, tr, b, g) })
			continue
		}
		if b != nil && b.Result == "" && g.Status != record.Active && g.Status != record.Challenged {
			res := resultOf(g)
			changes = append(changes, func() {
				b.Result = res.String()
				tr.Log(t.Now(), "", "result", fmt.Sprintf("round %d %s %s", g.Event.Round, g.ID, b.Result))
			})
		}
	}
	if len(changes) == 0 {
		return nil
	}
	if err := t.Locked(LockKey(key)); err != nil {
		return err
	}
	for _, ch := range changes {
		ch()
	}
	if err := advance(t, tr); err != nil {
		return err
	}
	t.PutTourney(tr)
	return nil
}

// keep records that the result of board b stands though its game g was
// reprieved (a loss on time taken back) after the next round was paired:
// the rounds since were paired from it. The history says so, and the
// organiser and the game's players are told; the game goes on, outside
// the event.
func keep(t Turn, tr *record.Tourney, b *record.Board, g *record.Game) {
	b.Kept = true
	tr.Log(t.Now(), "", "result kept", fmt.Sprintf("round %d %s %s: reprieved after round %d was paired", g.Event.Round, g.ID, b.Result, g.Event.Round+1))
	news := words.EventNews{Kind: words.EventResultKept, Event: tr.Name, Round: g.Event.Round, Game: g.ID, Result: b.Result}
	told := map[string]bool{}
	for _, k := range []string{tr.Organiser, g.Players[0], g.Players[1]} {
		if !told[k] {
			told[k] = true
			tell(t, k, g.ID, news)
		}
	}
}

// boardOf finds the board game g is played for.
func boardOf(tr *record.Tourney, g *record.Game) *record.Board {
	n := g.Event.Round
	if n < 1 || n > len(tr.Schedule) {
		return nil
	}
	r := &tr.Schedule[n-1]
	for i := range r.Boards {
		if r.Boards[i].Game == g.ID {
			return &r.Boards[i]
		}
	}
	return nil
}

// KeepsEarlyEnd reports whether game g is an event's, whose resignation
// or agreed draw before each player moved twice stands as its result (a
// loss, a draw), as FIDE scores any game played, where another game is
// aborted; such a game is not rated (g.Unrated is set), so that an event
// is no way round the rule against farming a rating.
func KeepsEarlyEnd(g *record.Game) bool {
	if g.Event == nil {
		return false
	}
	if !g.PlayedEnough() {
		g.Unrated = true
	}
	return true
}

// resultOf is the result of an ended event game: a win (on the board or
// on time), a draw; a game ended without a result (no event game is
// aborted since "abort" is refused in them; a record from before) is a
// double forfeit.
func resultOf(g *record.Game) tourney.Result {
	switch {
	case g.Result == nil:
		return tourney.DoubleForfeit
	case g.Result.Draw:
		return tourney.Draw
	case g.Result.Winner == tak.White:
		return tourney.WhiteWins
	}
	return tourney.BlackWins
}

// Standings runs "standings NAME": points, tie-breaks and crosstable.
func Standings(t Turn, c *command.Command) error {
	if len(c.Args) != 1 {
		return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: "\"standings NAME\""})
	}
	tr, err := t.Tourney(record.TourneyKey(c.Args[0]))
	if errors.Is(err, record.ErrNotFound) || err == nil && !visible(tr, senderKey(t)) {
		// An answer, not a refusal: the question was asked and answered.
		t.Tell(senderKey(t), "", words.EventRefusal{Reason: words.EventUnknown, Event: c.Args[0]})
		return nil
	}
	if err != nil {
		return err
	}
	o, err := StandingsOf(tr, t.PublicName)
	if err != nil {
		return err
	}
	for i, b := range o.Playing { // when each game's move is due, in the reader's zone
		if g, err := t.PeekGame(b.Game); err == nil && b.Game != "" && b.Result == "" && g.Status == record.Active {
			o.Playing[i].Due = g.Deadline
		}
	}
	t.Tell(senderKey(t), "", o)
	return nil
}

// StandingsOf is an event's standings and crosstable, as words shows them
// (and the web page), each entrant's name as shown writes it (the web
// hides names that look like addresses).
func StandingsOf(tr *record.Tourney, shown func(name string) string) (words.EventStandings, error) {
	f := formatOf(tr)
	o := words.EventStandings{Event: tr.Name, Format: formatWords(tr), Status: string(tr.Status), Round: tr.Round, Rounds: tr.Rounds}
	if len(tr.Entrants) == 0 {
		return o, nil
	}
	ps, rs := players(tr), rounds(tr, tr.Round)
	ct, err := tourney.NewCrosstable(f, ps, rs)
	if err != nil {
		return o, fmt.Errorf("event %s: %w", tr.Name, err)
	}
	if f == tourney.Swiss {
		o.TieBreaks = []string{"Buch-1", "Buch", "SB", "wins"}
	} else {
		o.TieBreaks = []string{"SB", "wins"}
	}
	for _, s := range ct.Standings {
		row := words.EventRow{Rank: s.Rank, Name: shown(name(tr, string(s.Player.ID))), Points: s.Points, Withdrawn: s.Player.WithdrawnFrom != 0}
		if f == tourney.Swiss {
			row.TieBreaks = []float64{s.BuchholzCut1, s.Buchholz, s.SonnebornBerger, float64(s.Wins)}
		} else {
			row.TieBreaks = []float64{s.SonnebornBerger, float64(s.Wins)}
		}
		o.Rows = append(o.Rows, row)
	}
	if tr.Round > 0 {
		o.Crosstable = ct.Text(func(id tourney.PlayerID) string { return shown(name(tr, string(id))) })
	}
	if tr.Status == record.TourneyRunning {
		for _, b := range tr.Schedule[tr.Round-1].Boards {
			bd := words.EventBoard{White: shown(name(tr, b.White)), Game: b.Game, Result: b.Result}
			if b.Black != "" {
				bd.Black = shown(name(tr, b.Black))
			}
			o.Playing = append(o.Playing, bd)
		}
	}
	return o, nil
}
