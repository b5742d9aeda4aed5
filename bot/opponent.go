package bot

import (
	"context"
	"strings"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/present"
)

// The bot as an opponent. The engine plays as a player of its own, on a
// transport of its own named EngineTransport (package opponent): the
// referee delivers the replies addressed to it through the outbox like
// any other, and the engine answers through Handle as that player. "new
// takbot" starts a game against it at once, with a GameRecord.Level; such
// games are unrated (a rating system skips every game whose Level is not
// zero, see GameRecord.AgainstEngine).

// The engine player.
const (
	// DefaultLevel is the engine's level when "new takbot" names none.
	DefaultLevel = 5
	// MaxLevel is the strongest level.
	MaxLevel = 10
	// MaxEngineGames is how many games against takbot one player may
	// have in progress at once.
	MaxEngineGames = 10
)

// EngineInfo describes the engine's transport: its player is named
// "takbot", reads and writes PTN, and its replies carry nothing but text.
func EngineInfo() TransportInfo {
	return TransportInfo{Name: EngineTransport, Title: "takbot",
		ParseAddress: func(s string) (string, bool) {
			if strings.EqualFold(strings.TrimSpace(s), EngineAddress) {
				return EngineAddress, true
			}
			return "", false
		},
		DisplayName: func(string) string { return EngineAddress },
		PTNFirst:    true}
}

// engineOpponent reports whether the word after "new" names takbot, and
// refuses when the engine is not enabled here.
func (s *session) engineOpponent(word string) (bool, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w != EngineAddress && w != EngineIdentity().Key() {
		return false, nil
	}
	if e := s.r.transport(EngineTransport); e == nil || e.t == nil {
		if w == EngineAddress {
			return false, nil // perhaps a player called takbot
		}
		return true, refuse("this takbot does not play games itself: its engine is not enabled here")
	}
	return true, nil
}

// activeEngineGames counts the sender's games in progress against takbot.
func (s *session) activeEngineGames() (int, error) {
	n := 0
	err := s.view(func(tx Tx) error {
		ids, err := tx.GamesOf(s.sender.Key)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			if g.Status == Active && g.AgainstEngine() {
				n++
			}
		}
		return nil
	})
	return n, err
}

// rateLimit is the hourly limit of messages of msg's sender: none for the
// engine, which answers in every game against it.
func (r *Referee) rateLimit(msg Message) int {
	if msg.From.Transport == EngineTransport {
		return 0
	}
	return r.opts.Quotas.MessagesPerHour
}

// ---- analysis ----

// AnalysisRequest is what a reply asks the engine to analyse, carried out
// at delivery by the referee's Analyst: [analysis.Request].
type AnalysisRequest = analysis.Request

// The kinds of analysis.
const (
	AnalyseLine   = analysis.Line
	AnalyseReview = analysis.Review
)

// Analyst analyses games for "analyse" and the end-of-game review, at
// delivery time (package opponent does it with the engine). It returns
// the parts that stand in the reply for the request (prose, blocks, files,
// and Image parts whose Picture names only a file of images) and those
// images, already encoded (PNG or GIF by their names). It may take
// seconds; ctx bounds it.
type Analyst interface {
	Analyse(ctx context.Context, req AnalysisRequest) ([]Part, []Attachment, error)
}

// analysing reports whether the referee can analyse.
func (r *Referee) analysing() bool { return r.opts.Analyst != nil }

// addReview adds the end-of-game review to the replies of the message
// that ended a game (not to later ones about it, a dispute's ruling), for
// a reader who wants it (PlayerRecord.NoReview unset): the engine's
// evaluation of every position, the PTN annotated with it, a graph and a
// replay (see Analyst). A game between two players that ended before
// each had moved twice gets none (GameRecord.PlayedEnough): it is an abort, or an
// unrated loss on time, with nothing to review.
func (s *session) addReview(gs *gameState, d *draft, ptn string) {
	if !gs.ended || !gs.rec.PlayedEnough() && !gs.rec.AgainstEngine() || !s.r.analysing() || strings.HasPrefix(d.to, EngineTransport+":") {
		return
	}
	p, err := s.player(d.to)
	if err != nil || p.NoReview {
		return
	}
	for _, q := range d.parts {
		if q.Kind == Analysis {
			return
		}
	}
	req := AnalysisRequest{Kind: AnalyseReview, Game: gs.rec.ID, PTN: ptn, Base: strings.TrimSuffix(present.FileName(gs.rec), ".ptn"),
		Orientation: s.orient(d.to), Theme: s.r.themeOf(p), Width: p.Width}
	d.say("takbot's review of the game follows (\"set review off\" stops reviews).")
	d.parts = append(d.parts, analysis.Part(req))
}

// GamesOf returns the ids of a player's games, for adapters (the engine
// resumes the games where it is to move after a restart).
func (r *Referee) GamesOf(ctx context.Context, id Identity) ([]string, error) {
	var ids []string
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		ids, err = tx.GamesOf(id.Key())
		return err
	})
	return ids, err
}
