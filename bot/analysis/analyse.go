package analysis

import (
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Turn is what [Analyse] and the review setting need of the message being
// evaluated; package bot's session implements it.
type Turn interface {
	// Now is when the referee evaluates; Sender is the sender's record,
	// MarkPlayer has it written at commit; Unverified reports whether
	// the transport cannot vouch for the sender.
	Now() time.Time
	Sender() *record.Player
	MarkPlayer(p *record.Player)
	Unverified() bool
	// Quotas are the referee's limits.
	Quotas() consent.Quotas
	// TargetAnalyse loads the game command c would analyse (asking which
	// when it cannot tell); Game loads a game; Position and History are
	// a loaded game's position and history.
	TargetAnalyse(c *command.Command) (*record.Game, error)
	Game(id string) (*record.Game, error)
	Position(id string) *tak.Position
	History(id string) *tak.Game
	// GamesOf are a player's game ids; PeekGame reads a game unloaded.
	GamesOf(key string) ([]string, error)
	PeekGame(id string) (*record.Game, error)
	// Analysing reports whether the referee has an engine to analyse with.
	Analysing() bool
	// AnalysedHere reports whether this message already asked for the
	// analysis of game's position after turn; RequestAnalysis asks for it
	// (of loaded game g as PTN), in the reply to the sender.
	AnalysedHere(game string, turn int) bool
	RequestAnalysis(g *record.Game, ptn string, turn int)
	// ChosenHint explains why a command went to g, chosen with "game ID".
	ChosenHint(g *record.Game) string
	// Refused refuses the command with o's words; Tell adds o's words to
	// the reply to player to about game; DefaultGame is the message's game.
	Refused(o words.Outcome) error
	Tell(to, game string, o words.Outcome)
	DefaultGame() string
}

// Analyse runs "analyse [N]": takbot's evaluation and best line, only
// where that is fair: in a game against takbot, and in a finished game.
func Analyse(t Turn, c *command.Command) error {
	g, err := t.TargetAnalyse(c)
	if err != nil {
		return err
	}
	o := words.AnalyseRefusal{ID: g.ID, Opponent: opponent(g, t.Sender().Key), Status: string(g.Status), Hint: t.ChosenHint(g)}
	switch {
	case g.Status == record.Active && !g.AgainstEngine():
		o.Reason = words.AnalyseNotAgainstTakbot
	case g.Status == record.Challenged:
		o.Reason = words.AnalyseNotStarted
	case g.Status != record.Active && g.Status != record.Over:
		o.Reason = words.AnalyseNeverPlayed
	case !t.Analysing():
		o.Reason = words.AnalyseNoEngine
	default:
		return analyse(t, c, g)
	}
	return t.Refused(o)
}

// analyse analyses the position of game g that c names, once the game
// may be analysed.
func analyse(t Turn, c *command.Command, g *record.Game) error {
	tg, pos := t.History(g.ID), t.Position(g.ID)
	first, last := tg.Start().Ply(), pos.Ply()
	turn := last
	if g.Status == record.Over && tg.Len() > 0 && pos.Result().Over() {
		turn = last - 1 // the game ended on the board: the position before the last move
	}
	if len(c.Args) > 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
		if err != nil || n < first || n > last {
			return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseWhichPosition, First: first, Last: last, Turn: turn})
		}
		turn = n
	}
	if tg.PositionAfter(turn - first).Result().Over() {
		return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseOverAfter, Turn: turn, First: first})
	}
	if g.AgainstEngine() && g.Start != "" {
		if err := fairSetUp(t, g, tg.PositionAfter(turn-first)); err != nil {
			return err
		}
	}
	if t.AnalysedHere(g.ID, turn) {
		return nil // asked before in this message: analysed once
	}
	if err := count(t, g.ID, turn, last); err != nil {
		return err
	}
	text, err := present.PTN(g, tg)
	if err != nil {
		return err
	}
	t.RequestAnalysis(g, text, turn)
	return nil
}

// opponent names the opponent of the player key in g (white's opponent
// when key does not play).
func opponent(g *record.Game, key string) string {
	c, _ := g.ColorOf(key)
	return g.Names[1-int(c)]
}

// count counts an analysis of game's position after turn (the game plies
// long) against the sender's hourly quota, or refuses it with the time the
// quota frees. A position analysed for them within the hour, the game
// unchanged since, is not counted again. The count is kept in the
// player's record (the slice replaced, never changed in place: cached
// copies share it).
func count(t Turn, game string, turn, plies int) error {
	p, now := t.Sender(), t.Now()
	hourAgo := now.Add(-time.Hour)
	recent := make([]record.AnalysisMark, 0, len(p.Analyses)+1)
	for _, m := range p.Analyses {
		if m.At.After(hourAgo) && !m.At.After(now) {
			recent = append(recent, m)
		}
	}
	for _, m := range recent {
		if m.Game == game && m.Turn == turn && m.Plies == plies {
			return nil // analysed for them within the hour: the result is kept
		}
	}
	limit := t.Quotas().AnalysesPerHour
	if len(recent) >= limit {
		return t.Refused(words.AnalyseRefusal{Reason: words.AnalysesUsed, Count: len(recent), Until: recent[len(recent)-limit].At.Add(time.Hour)})
	}
	if p.Created.Equal(now) && t.Unverified() {
		return nil // not recorded as a player (run): nothing of theirs to analyse anyway
	}
	p.Analyses = append(recent, record.AnalysisMark{At: now, Game: game, Turn: turn, Plies: plies})
	t.MarkPlayer(p)
	return nil
}

// fairSetUp refuses the analysis of position q of game g against takbot,
// which did not start from the empty board, when q could come from one of
// the sender's live games against another player of the same board size:
// a player must not set up their game's position against takbot to have
// it analysed.
func fairSetUp(t Turn, g *record.Game, q *tak.Position) error {
	key := t.Sender().Key
	ids, err := t.GamesOf(key)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id == g.ID {
			continue
		}
		live, err := t.PeekGame(id)
		if err != nil {
			return err
		}
		if live.Status != record.Active || live.AgainstEngine() || live.Config.Size != g.Config.Size {
			continue
		}
		if _, err := t.Game(id); err != nil {
			return err
		}
		if Reachable(q, t.History(id)) {
			return t.Refused(words.AnalyseRefusal{Reason: words.AnalyseSetUpFromLive, ID: g.ID, Other: id, Opponent: opponent(live, key), Hint: t.ChosenHint(g)})
		}
	}
	return nil
}

// Reachable reports whether position q could be one of game g's: one it
// passed through, or one that may follow its position now.
//
// The rule, cheap and sound: pieces never leave the board in Tak (a ply
// places one or moves some), so a position reachable from a live game's
// position P has at least P's stones and at least P's capstones of each
// colour on the board. Q is reachable when it has at least as many of
// each as the live game's position now (it may lie ahead of it), or has
// the board and side to move of any position the live game passed
// through (it lies behind it).
func Reachable(q *tak.Position, g *tak.Game) bool {
	if q.Size() != g.Position().Size() {
		return false
	}
	if atLeast(pieceCounts(q), pieceCounts(g.Position())) {
		return true
	}
	for i := 0; i <= g.Len(); i++ {
		if p := g.PositionAfter(i); p.ToMove() == q.ToMove() && p.SameBoard(q) {
			return true
		}
	}
	return false
}

// pieceCounts counts each colour's stones (flats and walls) and
// capstones on the board.
func pieceCounts(p *tak.Position) [2][2]int {
	var out [2][2]int
	for _, sq := range p.Squares() {
		for _, pc := range p.Stack(sq) {
			k := 0
			if pc.Kind() == tak.Cap {
				k = 1
			}
			out[pc.Color()][k]++
		}
	}
	return out
}

// atLeast reports whether a has at least b's pieces of every colour and
// kind.
func atLeast(a, b [2][2]int) bool {
	for c := range 2 {
		for k := range 2 {
			if a[c][k] < b[c][k] {
				return false
			}
		}
	}
	return true
}

// SetReview runs "set review on|off".
func SetReview(t Turn, value string) error {
	p := t.Sender()
	switch value {
	case "on", "yes":
		p.NoReview = false
	case "off", "no":
		p.NoReview = true
	default:
		return t.Refused(words.ReviewRefused{Arg: command.Excerpt(value, 20)})
	}
	t.MarkPlayer(p)
	t.Tell(p.Key, t.DefaultGame(), words.ReviewSet{Off: p.NoReview})
	return nil
}

// ShowReview says the review setting in "settings", in the reply to the
// player to about game.
func ShowReview(t Turn, to, game string) {
	t.Tell(to, game, words.ReviewShown{Off: t.Sender().NoReview})
}
