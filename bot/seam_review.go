package bot

import (
	"context"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/record"
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
	r.cache.PutGame(gs.rec, gs.tg)
	return nil
}

// The seam of bot/analysis (analysis.Turn) and bot/versus (versus.Turn)
// beyond the methods other seams share (seam_account.go,
// seam_challenge.go): one forwarder each.

// AnalysesPerHour is a player's hourly quota of analyses.
func (s *session) AnalysesPerHour() int { return s.r.opts.Quotas.AnalysesPerHour }

// Analysing is whether the referee has an engine to analyse with.
func (s *session) Analysing() bool { return s.r.opts.Analyst != nil }

// History loads a game under its lock and returns its replayed history.
func (s *session) History(id string) (*tak.Game, error) {
	gs, err := s.game(id)
	if err != nil {
		return nil, err
	}
	return gs.tg, nil
}

// AnalyseTarget chooses the game "analyse" addresses.
func (s *session) AnalyseTarget(c *Command) (*record.Game, *tak.Game, error) {
	gs, err := s.target(c, pick.Analyse)
	if err != nil {
		return nil, nil, err
	}
	return gs.rec, gs.tg, nil
}

// Refuse refuses the command.
func (s *session) Refuse(format string, args ...any) error { return refuse(format, args...) }

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

// EnginePlays reports whether the engine's transport runs here.
func (s *session) EnginePlays() bool {
	e := s.r.transport(EngineTransport)
	return e != nil && e.t != nil
}
