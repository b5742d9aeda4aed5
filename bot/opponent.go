package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
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

// AnalysisRequest is what a reply asks the engine to analyse, stored in
// an Analysis part (as JSON in its Text) and carried out at delivery by
// the referee's Analyst (Options.Analyst).
type AnalysisRequest struct {
	// Kind is AnalyseLine (the best line from one position) or
	// AnalyseReview (the whole game, for its end).
	Kind string
	Game string
	// PTN is the whole game as PTN, as "history" shows it.
	PTN string
	// Turn, for a line, is the position analysed: the one after turn Turn.
	Turn int
	// Base names the files of a review ("g3-Alice-vs-takbot").
	Base string
	// The reader's look, for the pictures, and notation, for the moves.
	Theme       render.Theme         `json:",omitempty"`
	Width       int                  `json:",omitempty"`
	Orientation notation.Orientation `json:",omitempty"`
	Pictures    bool                 `json:",omitempty"` // the reader's transport shows pictures
}

// The kinds of analysis.
const (
	AnalyseLine   = "line"
	AnalyseReview = "review"
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

// analysisPart is the reply part that asks for an analysis.
func analysisPart(req AnalysisRequest) Part {
	b, _ := json.Marshal(req) // plain data: never fails
	return Part{Kind: Analysis, Text: string(b), Caption: req.Kind}
}

// analysing reports whether the referee can analyse.
func (r *Referee) analysing() bool { return r.opts.Analyst != nil }

// expandAnalyses replaces each Analysis part of a reply with the
// analysis, at delivery. An analysis that fails is replaced with a line
// saying so: the rest of the reply (a game's result) goes out anyway.
func (r *Referee) expandAnalyses(ctx context.Context, e *transportEntry, rp *Reply) {
	has := false
	for _, p := range rp.Parts {
		has = has || p.Kind == Analysis
	}
	if !has {
		return
	}
	var out []Part
	for _, p := range rp.Parts {
		if p.Kind != Analysis {
			out = append(out, p)
			continue
		}
		var req AnalysisRequest
		if err := json.Unmarshal([]byte(p.Text), &req); err != nil {
			r.logger().Warn("delivery: an analysis request that cannot be read", "reply", rp.ID, "err", err)
			continue
		}
		if r.opts.Analyst == nil {
			out = append(out, Part{Kind: Prose, Text: "This takbot has no engine to analyse with, so there is no analysis."})
			continue
		}
		req.Pictures = e.info.Limits.Pictures
		actx, cancel := context.WithTimeout(ctx, r.opts.Delivery.SendTimeout)
		parts, images, err := r.analyses.Get(actx, req, func() ([]Part, []Attachment, error) { return r.opts.Analyst.Analyse(actx, req) })
		cancel()
		if err != nil {
			r.logger().Warn("delivery: an analysis failed", "reply", rp.ID, "game", rp.Game, "err", err)
			what := "analysis"
			if req.Kind == AnalyseReview {
				what = "review of the game"
			}
			why := "the engine failed"
			if errors.Is(err, context.DeadlineExceeded) {
				why = "it took too long"
			}
			out = append(out, Part{Kind: Prose, Text: fmt.Sprintf("takbot could not finish its %s this time (%s).", what, why)})
			continue
		}
		for _, q := range parts {
			if q.Kind == Image && !e.info.Limits.Pictures {
				continue
			}
			out = append(out, q)
		}
		if e.info.Limits.Pictures {
			rp.Images = append(rp.Images, images...)
		}
	}
	rp.Parts = out
}

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
	d.parts = append(d.parts, analysisPart(req))
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
