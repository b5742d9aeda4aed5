package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/bot/pick"
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
		parts, images, err := r.analyses.get(actx, req, func() ([]Part, []Attachment, error) { return r.opts.Analyst.Analyse(actx, req) })
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

// cmdAnalyse is "analyse [N]": takbot's evaluation and best line, only
// where that is fair: in a game against takbot, and in a finished game.
func (s *session) cmdAnalyse(c *Command) error {
	gs, err := s.target(c, pick.Analyse)
	if err != nil {
		return err
	}
	g := gs.rec
	switch {
	case g.Status == Active && !g.AgainstEngine():
		return refuse("analysis is for games against takbot and finished games: game %s between you and %s is still in progress%s",
			g.ID, g.Names[1-colorIndex(g, s.sender.Key)], s.chosenHint(g))
	case g.Status == Challenged:
		return refuse("game %s has not started yet: there is nothing to analyse%s", g.ID, s.chosenHint(g))
	case g.Status != Active && g.Status != Over:
		return refuse("game %s was never played (it is %s): there is nothing to analyse%s", g.ID, g.Status, s.chosenHint(g))
	case !s.r.analysing():
		return refuse("this takbot has no engine to analyse with")
	}
	first, last := gs.tg.Start().Ply(), gs.pos().Ply()
	turn := last
	if g.Status == Over && gs.tg.Len() > 0 && gs.pos().Result().Over() {
		turn = last - 1 // the game ended on the board: the position before the last move
	}
	if len(c.Args) > 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(c.Args[0], "#"))
		if err != nil || n < first || n > last {
			return refuse("say which position to analyse by its turn, from %d to %d, e.g. \"analyse %d\"", first, last, turn)
		}
		turn = n
	}
	if gs.tg.PositionAfter(turn - first).Result().Over() {
		return refuse("the game is over after turn %d: there is nothing left to analyse there; try \"analyse %d\"", turn, max(first, turn-1))
	}
	if g.AgainstEngine() && g.Start != "" {
		if err := s.fairSetUp(gs, turn-first); err != nil {
			return err
		}
	}
	if s.analysedHere(g.ID, turn) {
		return nil // asked before in this message: analysed once
	}
	if err := s.countAnalysis(g.ID, turn, last); err != nil {
		return err
	}
	text, err := present.PTN(gs.rec, gs.tg)
	if err != nil {
		return err
	}
	d := s.tell(s.sender.Key, g.ID)
	d.parts = append(d.parts, analysisPart(s.analysisRequest(g, AnalyseLine, text, turn)))
	return nil
}

// colorIndex is the index of a player's colour in g (0 if not a player).
func colorIndex(g *GameRecord, key string) int {
	c, _ := g.ColorOf(key)
	return int(c)
}

// analysisRequest fills in what every request carries: the reader's look.
func (s *session) analysisRequest(g *GameRecord, kind, ptn string, turn int) AnalysisRequest {
	req := AnalysisRequest{Kind: kind, Game: g.ID, PTN: ptn, Turn: turn, Base: strings.TrimSuffix(present.FileName(g), ".ptn"),
		Orientation: s.orient(s.sender.Key)}
	if p, err := s.player(s.sender.Key); err == nil {
		req.Theme, req.Width = s.r.themeOf(p), p.Width
	}
	return req
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

// setReview is "set review on|off".
func (s *session) setReview(value string) error {
	p := s.sender
	switch value {
	case "on", "yes":
		p.NoReview = false
	case "off", "no":
		p.NoReview = true
	default:
		return refuse("review must be on or off, not %q", excerpt(value, 20))
	}
	s.markPlayer(p)
	if p.NoReview {
		s.tell(p.Key, s.defaultGame()).say("You will no longer get takbot's review when a game of yours ends.")
	} else {
		s.tell(p.Key, s.defaultGame()).say("When a game of yours ends, its last message will carry takbot's review.")
	}
	return nil
}

// showReview says the review setting in "settings".
func (s *session) showReview(d *draft) {
	if s.sender.NoReview {
		d.say("Review of your finished games: off. To get one, send \"set review on\".")
		return
	}
	d.say("Review of your finished games: on (in the last message of a game). To stop it, send \"set review off\".")
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
