package bot

import (
	"context"
	"time"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/versus"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// "analyse" and the end-of-game review live in package bot/analysis, games
// against takbot in bot/versus; these forwards keep the names adapters and
// tests use.
type (
	AnalysisRequest = analysis.Request // what a reply asks the engine to analyse
	Analyst         = analysis.Analyst // analyses games at delivery
)

// The kinds of analysis.
const AnalyseLine, AnalyseReview = analysis.Line, analysis.Review

// newDesk is the referee's analysis desk: its Analyst, the send timeout,
// and the game's lock to keep a review with its game.
func (r *Referee) newDesk() *analysis.Desk {
	return &analysis.Desk{Analyst: r.opts.Analyst, Timeout: r.opts.Delivery.SendTimeout, Logger: r.opts.Logger, Game: r.Game, Keep: r.keepReview}
}

// keepReview stores a finished game's review with it, under the game's
// lock, when the game still has the moves the review is of. The game's
// Updated, the time it ended (leaderboards, the web's lists), stays.
func (r *Referee) keepReview(ctx context.Context, id string, rv *record.Review) error {
	ls := &lockSet{r: r}
	ls.lock(r.tickStripes(ctx, id))
	defer ls.unlock()
	gs, err := r.newSession(ctx, ls, Message{}, "").game(id)
	if err != nil || gs.rec.Status != Over || analysis.Key(gs.rec) != rv.Of {
		return err
	}
	gs.rec.Review = rv
	gs.rec.Version++
	if err := r.store.Update(ctx, func(tx Tx) error { return tx.PutGame(gs.rec) }); err != nil {
		return err
	}
	r.cache.putGame(gs.rec, gs.tg)
	return nil
}

// The seam of bot/analysis (analysis.Turn) and bot/versus (versus.Turn):
// one forwarder each.

// Now is the message's time.
func (s *session) Now() time.Time { return s.now }

// Sender is the sender's record.
func (s *session) Sender() *record.Player { return s.sender }

// Unverified is whether the sender's address is forgeable.
func (s *session) Unverified() bool { return s.msg.Unverified }

// AnalysesPerHour is a player's hourly quota of analyses.
func (s *session) AnalysesPerHour() int { return s.r.opts.Quotas.AnalysesPerHour }

// Analysing is whether the referee has an engine to analyse with.
func (s *session) Analysing() bool { return s.r.opts.Analyst != nil }

// Player is a player's record.
func (s *session) Player(key string) (*record.Player, error) { return s.player(key) }

// MarkPlayer records that a player's record changed.
func (s *session) MarkPlayer(p *record.Player) { s.markPlayer(p) }

// GamesOf are a player's games.
func (s *session) GamesOf(key string) ([]string, error) { return s.gamesOf(key) }

// PeekGame reads a game without its lock.
func (s *session) PeekGame(id string) (*record.Game, error) { return s.peekGame(id) }

// Game loads a game under its lock.
func (s *session) Game(id string) (*record.Game, *tak.Game, error) { return split(s.game(id)) }

// AnalyseTarget chooses the game "analyse" addresses.
func (s *session) AnalyseTarget(c *Command) (*record.Game, *tak.Game, error) {
	return split(s.target(c, pickAnalyse))
}

func split(gs *gameState, err error) (*record.Game, *tak.Game, error) {
	if err != nil {
		return nil, nil, err
	}
	return gs.rec, gs.tg, nil
}

// ChosenHint is the hint that g was chosen for the sender.
func (s *session) ChosenHint(g *record.Game) string { return s.chosenHint(g) }

// Refuse refuses the command.
func (s *session) Refuse(format string, args ...any) error { return refuse(format, args...) }

// Orient is a reader's notation.
func (s *session) Orient(key string) notation.Orientation { return s.orient(key) }

// ThemeOf is a player's theme.
func (s *session) ThemeOf(p *record.Player) render.Theme { return s.r.themeOf(p) }

// Parts are the parts drafted so far to a reader about a game.
func (s *session) Parts(to, game string) []record.Part {
	var out []record.Part
	for _, d := range s.drafts {
		if d.to == to && d.game == game {
			out = append(out, d.parts...)
		}
	}
	return out
}

// AddPart adds a part to the reply to a reader about a game.
func (s *session) AddPart(to, game string, p record.Part) {
	d := s.tell(to, game)
	d.parts = append(d.parts, p)
}

// TellLines adds lines of prose to the reply to a reader about a game.
func (s *session) TellLines(to, game string, lines ...string) {
	d := s.tell(to, game)
	for _, l := range lines {
		d.line(l)
	}
}

// DefaultGame is the game the message is about, if any.
func (s *session) DefaultGame() string { return s.defaultGame() }

// RandInt is a random number in [0, n).
func (s *session) RandInt(n int) int { return s.r.randInt(n) }

// EnginePlays reports whether the engine's transport runs here.
func (s *session) EnginePlays() bool {
	e := s.r.transport(EngineTransport)
	return e != nil && e.t != nil
}

// NewChallenge reads the options of "new" into a challenge by the sender
// as White, not yet added (none with rating=, which versus refuses).
func (s *session) NewChallenge(args []string) (*record.Game, versus.Options, error) {
	opts, err := parseNewOptions(args, s.r.opts.DefaultDays)
	if err != nil {
		return nil, versus.Options{}, err
	}
	vo := versus.Options{Level: opts.level, Color: opts.color, RatingLow: opts.ratingLow, RatingHigh: opts.ratingHigh}
	if vo.RatingHigh > 0 {
		return nil, vo, nil // refused by the caller, first
	}
	cfg, err := opts.config()
	if err != nil {
		return nil, vo, err
	}
	g, err := s.challengeFrom(opts, cfg, tak.White)
	return g, vo, err
}

// AddGame gives a new game its id and adds it.
func (s *session) AddGame(g *record.Game) error {
	_, err := s.addGame(g)
	return err
}

// StartGame starts a game.
func (s *session) StartGame(id string) error {
	gs, err := s.game(id)
	if err != nil {
		return err
	}
	return s.startGame(gs)
}

// EventLines adds lines to the event to a reader about a game.
func (s *session) EventLines(to, game string, lines ...string) {
	d := s.event(to, game)
	for _, l := range lines {
		d.line(l)
	}
}
